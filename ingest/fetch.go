package ingest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"time"

	"github.com/rulesync/rulesync/corpus"
)

// Fetch defaults, used when the Options fields are zero.
const (
	DefaultTimeout   = 30 * time.Second
	DefaultRedirects = 5
	// UserAgent names rulesync to the servers it fetches from.
	UserAgent = "rulesync/0.1 (+https://github.com/rulesync/rulesync; rulebook sync tool)"
)

// IsURL reports whether s names an http or https resource rather than a
// file.
func IsURL(s string) bool {
	return strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")
}

// URL fetches the page or file at rawURL and ingests it. The response
// body is limited to MaxBytes, the whole exchange to Timeout (default
// DefaultTimeout), and redirects to Redirects (default DefaultRedirects).
// The character set of a text response comes from its Content-Type
// header unless Options.Encoding forces one. The provenance records the
// URL asked for, the final URL, the HTTP status, the fetch time and the
// sha256 of the body. A status other than 2xx is an error.
func (o Options) URL(ctx context.Context, rawURL string) (*corpus.Document, error) {
	fail := func(err error) (*corpus.Document, error) { return nil, &Error{Input: rawURL, Err: err} }
	timeout := o.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	redirects := o.Redirects
	if redirects <= 0 {
		redirects = DefaultRedirects
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return fail(err)
	}
	req.Header.Set("User-Agent", UserAgent)
	req.Header.Set("Accept", "text/html,application/xhtml+xml,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain;q=0.9,*/*;q=0.5")
	client := o.Client
	if client == nil {
		client = http.DefaultClient
	}
	c := *client
	c.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if len(via) > redirects {
			return fmt.Errorf("more than %d redirects", redirects)
		}
		return nil
	}
	fetched := o.now()
	resp, err := c.Do(req)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return fail(fmt.Errorf("no answer within %v", timeout))
		}
		var ue interface{ Unwrap() error }
		if errors.As(err, &ue) {
			err = ue.Unwrap()
		}
		return fail(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return fail(fmt.Errorf("HTTP status %s", resp.Status))
	}
	max := o.maxBytes()
	if resp.ContentLength > max {
		return fail(fmt.Errorf("%w: the server announces %d bytes, the limit is %d", ErrTooLarge, resp.ContentLength, max))
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, max+1))
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) || ctx.Err() != nil {
			return fail(fmt.Errorf("the body did not arrive within %v", timeout))
		}
		return fail(fmt.Errorf("reading the body: %v", err))
	}
	if int64(len(data)) > max {
		return fail(fmt.Errorf("%w: more than %d bytes", ErrTooLarge, max))
	}
	if o.Encoding == "" {
		if _, params, err := mime.ParseMediaType(resp.Header.Get("Content-Type")); err == nil && params["charset"] != "" {
			o.Encoding = params["charset"]
		}
	}
	o.Now = func() time.Time { return fetched }
	d, err := o.Bytes(rawURL, data)
	if err != nil {
		return nil, err
	}
	d.Source.URL = rawURL
	d.Source.FinalURL = resp.Request.URL.String()
	d.Source.Status = resp.StatusCode
	return d, nil
}
