package ingest_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/encoding/japanese"

	"github.com/rulesync/rulesync/ingest"
)

const jaPage = `<html><head>%s<title>ポーカーTDAルール 2031</title></head><body>
<nav>ホーム</nav>
<h2>ルール第1項 フロアの決定</h2><p>公平性が最優先である。</p>
<h2>ルール第2項 プレイヤーの責任</h2><p>プレイヤーは座席を確認する。</p>
<h2>ルール第3項 公式用語</h2><p>ベット、レイズ、コールを使う。</p>
</body></html>`

// TestFetch serves pages from a local server: provenance, redirects,
// the User-Agent, and character sets from the meta tag and the header.
func TestFetch(t *testing.T) {
	sjis, _ := japanese.ShiftJIS.NewEncoder().String(fmt.Sprintf(jaPage, `<meta charset="Shift_JIS">`))
	euc, _ := japanese.EUCJP.NewEncoder().String(fmt.Sprintf(jaPage, ""))
	plain, _ := japanese.ShiftJIS.NewEncoder().String(fmt.Sprintf(jaPage, ""))
	var agent string
	mux := http.NewServeMux()
	mux.HandleFunc("/old", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/rules-sjis", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/rules-sjis", func(w http.ResponseWriter, r *http.Request) {
		agent = r.Header.Get("User-Agent")
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(sjis))
	})
	mux.HandleFunc("/rules-unlabelled", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(plain))
	})
	mux.HandleFunc("/rules-utf16-lie", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-16")
		w.Write([]byte(fmt.Sprintf(jaPage, "")))
	})
	mux.HandleFunc("/rules-euc", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=EUC-JP")
		w.Write([]byte(euc))
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	at := time.Date(2031, 5, 6, 7, 8, 9, 0, time.UTC)
	opt := ingest.Options{Now: func() time.Time { return at }, AllowPrivate: true}

	d, err := opt.URL(context.Background(), srv.URL+"/old")
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(sjis))
	src := d.Source
	if src.URL != srv.URL+"/old" || src.FinalURL != srv.URL+"/rules-sjis" || src.Status != 200 || src.SHA256 != hex.EncodeToString(sum[:]) || src.Ingested != "2031-05-06T07:08:09Z" || src.Format != "html" || src.Path != "" {
		t.Errorf("provenance %+v", src)
	}
	if src.Encoding != "shift_jis" || d.Lang != "ja" || len(d.Items) != 3 || d.Items[0].ID != "rule:1" || d.Items[0].Title != "フロアの決定" {
		t.Errorf("Shift_JIS page: encoding %q lang %q items %v", src.Encoding, d.Lang, ids(d))
	}
	if !strings.HasPrefix(agent, "rulesync/") {
		t.Errorf("User-Agent %q does not name rulesync", agent)
	}
	d, err = opt.URL(context.Background(), srv.URL+"/rules-euc")
	if err != nil {
		t.Fatal(err)
	}
	if d.Source.Encoding != "euc-jp" || len(d.Items) != 3 || d.Items[2].Title != "公式用語" {
		t.Errorf("EUC-JP page: encoding %q items %v", d.Source.Encoding, ids(d))
	}
	// No charset in the header or the page: detected from the bytes.
	d, err = opt.URL(context.Background(), srv.URL+"/rules-unlabelled")
	if err != nil {
		t.Fatal(err)
	}
	if d.Source.Encoding != "shift_jis" || len(d.Items) != 3 || d.Items[1].Title != "プレイヤーの責任" {
		t.Errorf("unlabelled Shift_JIS page: encoding %q items %v", d.Source.Encoding, ids(d))
	}
	// A header that declares UTF-16 for a UTF-8 body without a byte-order
	// mark is wrong: the encoding is detected, and a note says so.
	d, err = opt.URL(context.Background(), srv.URL+"/rules-utf16-lie")
	if err != nil {
		t.Fatal(err)
	}
	if d.Source.Encoding != "utf-8" || d.Lang != "ja" || len(d.Items) != 3 || d.Items[0].Title != "フロアの決定" {
		t.Errorf("UTF-8 page declared UTF-16: encoding %q lang %q items %v", d.Source.Encoding, d.Lang, ids(d))
	}
	if notes := strings.Join(d.Notes, "\n"); !strings.Contains(notes, "charset=utf-16") {
		t.Errorf("notes %q: want one on the charset the server declared", notes)
	}
}

// TestFetchConditional: a page fetched before is asked for again with its
// validators; a server that answers 304 gives a not-modified page, and
// one that changed the page gives the new bytes.
func TestFetchConditional(t *testing.T) {
	body := fmt.Sprintf(jaPage, `<meta charset="utf-8">`)
	version := "v1"
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, r.Header.Get("If-None-Match")+"|"+r.Header.Get("If-Modified-Since"))
		etag := `"` + version + `"`
		if r.Header.Get("If-None-Match") == etag {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("ETag", etag)
		w.Header().Set("Last-Modified", "Tue, 06 May 2031 07:08:09 GMT")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(strings.Replace(body, "2031", version, 1)))
	}))
	defer srv.Close()
	opt := ingest.Options{AllowPrivate: true}
	first, err := opt.Fetch(context.Background(), srv.URL, nil)
	if err != nil || first.NotModified || first.ETag != `"v1"` || first.Charset != "utf-8" {
		t.Fatalf("first fetch: %+v, %v", first, err)
	}
	again, err := opt.Fetch(context.Background(), srv.URL, first)
	if err != nil || !again.NotModified || len(again.Data) != 0 {
		t.Fatalf("unchanged page: %+v, %v; want not modified", again, err)
	}
	if _, err := opt.FromPage(again); err == nil {
		t.Error("FromPage read a page that has no body")
	}
	version = "v2"
	changed, err := opt.Fetch(context.Background(), srv.URL, first)
	if err != nil || changed.NotModified || !strings.Contains(string(changed.Data), "v2") {
		t.Fatalf("changed page: %+v, %v", changed, err)
	}
	if d, err := opt.FromPage(changed); err != nil || d.Source.URL != srv.URL || d.Source.Status != 200 {
		t.Errorf("FromPage: %v, %+v", err, d)
	}
	want := []string{"|", `"v1"|Tue, 06 May 2031 07:08:09 GMT`, `"v1"|Tue, 06 May 2031 07:08:09 GMT`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("conditional headers sent %q, want %q", got, want)
	}
}

// TestFetchErrors checks the failures a fetch guards against: a missing
// page, a redirect loop, a 50 MB page, and a server that never answers.
func TestFetchErrors(t *testing.T) {
	block := make(chan struct{})
	defer close(block)
	mux := http.NewServeMux()
	mux.HandleFunc("/gone", func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) })
	mux.HandleFunc("/loop", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/loop", http.StatusFound) })
	mux.HandleFunc("/huge", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<html><body>"))
		chunk := []byte(strings.Repeat("<p>12: a rule that goes on and on.</p>\n", 1000))
		for n := 0; n < 50<<20; n += len(chunk) {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	})
	mux.HandleFunc("/announced", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", fmt.Sprint(50<<20))
		w.Write([]byte("<html>"))
	})
	mux.HandleFunc("/silent", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-block:
		case <-r.Context().Done():
		}
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	for _, c := range []struct {
		path string
		opt  ingest.Options
		want string
	}{
		{"/gone", ingest.Options{AllowPrivate: true}, "HTTP status 404"},
		{"/loop", ingest.Options{AllowPrivate: true}, "redirects"},
		{"/huge", ingest.Options{AllowPrivate: true}, "input too large"},
		{"/announced", ingest.Options{AllowPrivate: true}, "input too large"},
		{"/silent", ingest.Options{Timeout: 200 * time.Millisecond, AllowPrivate: true}, "no answer within 200ms"},
	} {
		_, err := c.opt.URL(context.Background(), srv.URL+c.path)
		var ie *ingest.Error
		if !errors.As(err, &ie) || ie.Input != srv.URL+c.path || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one naming the URL and saying %q", c.path, err, c.want)
		}
	}
}

// TestFetchCredentials: a user name and password in the URL are sent to
// the server but never shown in an error or kept in the provenance.
func TestFetchCredentials(t *testing.T) {
	body := fmt.Sprintf(jaPage, `<meta charset="utf-8">`)
	mux := http.NewServeMux()
	mux.HandleFunc("/rules", func(w http.ResponseWriter, r *http.Request) {
		if u, p, ok := r.BasicAuth(); !ok || u != "alice" || p != "s3cret" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(body))
	})
	mux.HandleFunc("/moved", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/rules", http.StatusFound)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL, "http://")
	secret := func(s string) bool { return strings.Contains(s, "s3cret") || strings.Contains(s, "alice") }

	d, err := ingest.Options{AllowPrivate: true}.URL(context.Background(), "http://alice:s3cret@"+host+"/rules")
	if err != nil {
		t.Fatal(err)
	}
	if secret(d.Source.URL) || secret(d.Source.FinalURL) || d.Source.URL != "http://***@"+host+"/rules" {
		t.Errorf("provenance keeps the credentials: %+v", d.Source)
	}
	p, err := ingest.Options{AllowPrivate: true}.Fetch(context.Background(), "http://alice:s3cret@"+host+"/moved", nil)
	if err != nil || secret(p.URL) || secret(p.FinalURL) {
		t.Errorf("fetched page %q -> %q, %v: want no credentials", p.URL, p.FinalURL, err)
	}
	for _, u := range []string{
		"http://alice:wrong" + "@" + host + "/rules?s3cret",
		"http://alice:s3cret@" + host + "/gone",
		"http://alice:s3cret@ho st/rules",
		"http://alice:s3cret@127.0.0.1:1/rules",
		"https://alice:s3cret@" + host + "/rules",
	} {
		_, err := ingest.Options{Timeout: 2 * time.Second, AllowPrivate: true}.URL(context.Background(), u)
		if err == nil {
			t.Errorf("%s: no error", u)
			continue
		}
		if msg := err.Error(); strings.Contains(msg, "alice") || strings.Contains(msg, "s3cret@") || strings.Contains(msg, ":wrong") {
			t.Errorf("error shows the credentials: %s", msg)
		}
	}
}
