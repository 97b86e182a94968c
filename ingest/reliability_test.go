package ingest_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
)

// TestExplainsNoNegative: the note that compares two readings of a text
// never counts a negative number of items (a reading that explains
// nothing says so), on a text whose numbering restarts again and again.
func TestExplainsNoNegative(t *testing.T) {
	text := strings.Repeat("1. a\n2. b\n", 6)
	d, err := ingest.Options{}.Bytes("r.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	neg := regexp.MustCompile(`explains -|'s -\d|: -\d+ items`)
	for _, n := range d.Notes {
		if neg.MatchString(n) {
			t.Errorf("note counts negative items: %q", n)
		}
	}
}

// TestExtensionContentDisagree: a file named .docx that is not a ZIP,
// or .pdf that is not a PDF, is an error naming the disagreement; --from
// decides, and another name promises nothing.
func TestExtensionContentDisagree(t *testing.T) {
	for _, c := range []struct{ name, data, want string }{
		{"x.docx", "PK not a zip", "named .docx, but its content is not a ZIP archive (DOCX)"},
		{"x.DOCX", "1. one rule\n2. two rules\n", "named .docx"},
		{"x.pdf", "1. one rule\n2. two rules\n", "named .pdf, but its content is not a PDF (it reads as text)"},
		{"x.pdf", "<html><body><p>1. one</p></body></html>", "(it reads as html)"},
	} {
		_, err := ingest.Options{}.Bytes(c.name, []byte(c.data))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), c.name+": ") {
			t.Errorf("%s %q: error %v, want %q", c.name, c.data, err, c.want)
		}
	}
	for _, c := range []struct{ name, from string }{{"x.txt", ""}, {"x.pdf", "numbered"}, {"https://example.org/x.pdf", ""}} {
		if _, err := (ingest.Options{Format: c.from}).Bytes(c.name, []byte("1. one rule\n2. two rules\n3. three\n")); err != nil {
			t.Errorf("%s --from %q: %v", c.name, c.from, err)
		}
	}
}

// TestFetchRefusesPrivate: without AllowPrivate a fetch connects to no
// loopback address, whether the URL names it or a name resolves to it
// (localhost); with it, the same fetch works.
func TestFetchRefusesPrivate(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/moved" {
			http.Redirect(w, r, "/rules.txt", http.StatusFound)
			return
		}
		w.Write([]byte("1. one rule\n2. two rules\n3. three rules\n"))
	}))
	defer srv.Close()
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(srv.URL, "http://"))
	for _, u := range []string{srv.URL + "/rules.txt", "http://localhost:" + port + "/rules.txt", srv.URL + "/moved"} {
		_, err := ingest.Options{}.URL(context.Background(), u)
		if !errors.Is(err, ingest.ErrPrivateAddress) || !strings.Contains(err.Error(), "loopback address") {
			t.Errorf("%s: %v, want ErrPrivateAddress", u, err)
		}
		if _, err := (ingest.Options{AllowPrivate: true}).URL(context.Background(), u); err != nil {
			t.Errorf("%s with AllowPrivate: %v", u, err)
		}
	}
}
