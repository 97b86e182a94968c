package ingest_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
)

// TestFetchCredentialsRedacted: a password in a URL is sent, but never echoed in
// an error nor kept in the provenance (it shows as ***).
func TestFetchCredentialsRedacted(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/rules.html", func(w http.ResponseWriter, r *http.Request) {
		if u, p, ok := r.BasicAuth(); !ok || u != "alice" || p != "s3cret" {
			http.Error(w, "who are you", http.StatusUnauthorized)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte("<h2>Rule 1: Seats</h2><p>Seats are drawn.</p><h2>Rule 2: Clock</h2><p>A clock may be called.</p>"))
	})
	mux.HandleFunc("/moved", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/rules.html", http.StatusFound)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL, "http://")
	with := "http://alice:s3cret@" + host
	d, err := ingest.Options{AllowPrivate: true}.URL(context.Background(), with+"/moved")
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Source.URL + " " + d.Source.FinalURL; strings.Contains(got, "s3cret") || !strings.Contains(d.Source.URL, "***@") {
		t.Errorf("provenance %q keeps the password", got)
	}
	srv2 := httptest.NewServer(mux)
	closed := strings.TrimPrefix(srv2.URL, "http://")
	srv2.Close()
	for _, u := range []string{
		with + "/missing",                      // an HTTP error
		"http://alice:s3cret@" + closed + "/x", // nothing listening
		"http://alice:s3cret@" + host + ":bad/x",
		"http://alice:s3cret@[::1/x",
	} {
		_, err := ingest.Options{AllowPrivate: true}.URL(context.Background(), u)
		if err == nil || strings.Contains(err.Error(), "s3cret") {
			t.Errorf("%s: error %v echoes the password", u, err)
		}
	}
}
