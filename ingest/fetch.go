package ingest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
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

// Page is a resource fetched by URL: its bytes and what the server said
// of them. Its URLs show no user name or password ("http://***@host/").
type Page struct {
	URL      string    // the URL asked for, its password hidden
	FinalURL string    // the URL after redirects, its password hidden
	Status   int       // the HTTP status
	Fetched  time.Time // when the request was made
	Charset  string    // from the Content-Type header; "" when it names none
	// ETag and LastModified are the validators the server gave, for a
	// conditional request next time; either may be empty.
	ETag, LastModified string
	// NotModified is set when the server answered a conditional request
	// with 304 Not Modified: the page is what the request was conditional
	// on, and Data is empty.
	NotModified bool
	Data        []byte
}

// URL fetches the page or file at rawURL and ingests it (Fetch, then
// FromPage).
func (o Options) URL(ctx context.Context, rawURL string) (*corpus.Document, error) {
	if o.Context == nil {
		o.Context = ctx
	}
	p, err := o.Fetch(ctx, rawURL, nil)
	if err != nil {
		return nil, err
	}
	return o.FromPage(p)
}

// Fetch gets the page or file at rawURL, from a public address only
// unless AllowPrivate is set (ErrPrivateAddress: the check is made on
// the addresses connected to, after DNS resolution and after each
// redirect). A user name and password in it
// ("http://alice:s3cret@host/") are sent, and shown as "***" in errors
// and in the Page. The response body is limited to
// MaxBytes, the whole exchange to Timeout (default DefaultTimeout), and
// redirects to Redirects (default DefaultRedirects). A status other than
// 2xx is an error, except that when prev (a page fetched before; its Data
// is not needed) has validators, the request is conditional
// (If-None-Match, If-Modified-Since) and a 304 answer gives a Page with
// NotModified set.
func (o Options) Fetch(ctx context.Context, rawURL string, prev *Page) (*Page, error) {
	shown, userinfo := redactURL(rawURL)
	fail := func(err error) (*Page, error) {
		// Errors of the URL parser and the client quote the URL.
		if userinfo != "" && strings.Contains(err.Error(), userinfo) {
			err = &redactedError{strings.ReplaceAll(err.Error(), userinfo, "***"), err}
		}
		return nil, &Error{Input: shown, Err: err}
	}
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
		var ue *url.Error // it repeats the URL
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return fail(err)
	}
	req.Header.Set("User-Agent", UserAgent)
	req.Header.Set("Accept", "text/html,application/xhtml+xml,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain;q=0.9,*/*;q=0.5")
	if prev != nil && prev.ETag != "" {
		req.Header.Set("If-None-Match", prev.ETag)
	}
	if prev != nil && prev.LastModified != "" {
		req.Header.Set("If-Modified-Since", prev.LastModified)
	}
	client := o.Client
	switch {
	case client != nil:
	case o.AllowPrivate:
		client = http.DefaultClient
	default:
		client = publicClient()
	}
	c := *client
	c.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if len(via) > redirects {
			return fmt.Errorf("more than %d redirects", redirects)
		}
		return nil
	}
	fetched, err := o.now()
	if err != nil {
		return fail(err)
	}
	resp, err := c.Do(req)
	if err != nil {
		var pe *privateAddrError
		if errors.As(err, &pe) {
			return fail(pe)
		}
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
	if resp.StatusCode == http.StatusNotModified && prev != nil && (prev.ETag != "" || prev.LastModified != "") {
		p := *prev
		p.NotModified, p.Data, p.Fetched = true, nil, fetched
		return &p, nil
	}
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
	final, _ := redactURL(resp.Request.URL.String())
	p := &Page{URL: shown, FinalURL: final, Status: resp.StatusCode, Fetched: fetched,
		ETag: resp.Header.Get("ETag"), LastModified: resp.Header.Get("Last-Modified"), Data: data}
	if _, params, err := mime.ParseMediaType(resp.Header.Get("Content-Type")); err == nil {
		p.Charset = params["charset"]
	}
	return p, nil
}

// FromPage ingests a fetched page. The character set of a text page
// comes from its Content-Type header unless Options.Encoding forces one
// or the bytes show the header wrong (corpus.CheckCharset; a note then
// says so, and the page's meta tag or detection decides).
// The provenance records the URL asked for, the final URL, the HTTP
// status, the fetch time and the sha256 of the body. A page that was not
// modified has no body: it is an error to ingest it.
func (o Options) FromPage(p *Page) (*corpus.Document, error) {
	if p.NotModified {
		return nil, &Error{Input: p.URL, Err: errors.New("not modified since the last fetch: nothing to read")}
	}
	// A server's charset is checked against the bytes: a default that
	// does not fit the page (UTF-16 on UTF-8 gives Chinese garbage) is
	// ignored, and the encoding detected.
	var note string
	if bin := detectBinary(p.Data); o.Encoding == "" && p.Charset != "" && bin != "pdf" && bin != "docx" {
		if err := corpus.CheckCharset(p.Data, p.Charset); err != nil {
			note = fmt.Sprintf("the server declared charset=%s, but %v: the encoding was detected instead", p.Charset, err)
		} else {
			o.Encoding = p.Charset
		}
	}
	o.Now = func() time.Time { return p.Fetched }
	d, err := o.Bytes(p.URL, p.Data)
	if err != nil {
		return nil, err
	}
	if note != "" {
		d.Notes = append(d.Notes, note)
	}
	d.Source.URL = p.URL
	d.Source.FinalURL = p.FinalURL
	d.Source.Status = p.Status
	return d, nil
}

// redactURL returns raw with its user name and password, if any, shown as
// "***" ("http://alice:s3cret@host/x" -> "http://***@host/x"), and the
// user information it hid ("alice:s3cret"). It works on text, so that a
// URL too broken to parse is hidden as well.
func redactURL(raw string) (shown, userinfo string) {
	i := strings.Index(raw, "://")
	if i < 0 {
		return raw, ""
	}
	rest := raw[i+3:]
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	at := strings.LastIndex(rest[:end], "@")
	if at < 0 {
		return raw, ""
	}
	return raw[:i+3] + "***" + rest[at:], rest[:at]
}

// redactedError is an error whose message had credentials taken out.
type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }
