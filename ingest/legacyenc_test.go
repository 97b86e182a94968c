package ingest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/encoding/htmlindex"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// legacyEncodings are the encodings of one byte a character the tests
// write the real pages in (WHATWG names).
var legacyEncodings = []string{
	"windows-1250", "windows-1251", "windows-1252", "windows-1253", "windows-1254",
	"windows-1255", "windows-1256", "windows-1257", "windows-1258", "windows-874",
	"koi8-r", "koi8-u", "ibm866", "iso-8859-2", "iso-8859-3", "iso-8859-4",
	"iso-8859-5", "iso-8859-6", "iso-8859-7", "iso-8859-8", "iso-8859-10",
	"iso-8859-13", "iso-8859-14", "iso-8859-15", "iso-8859-16", "macintosh",
	"x-mac-cyrillic",
}

// TestLegacyEncodedPages writes every Markdown UDHR page of the real
// corpus in every encoding of one byte a character that can write it,
// and ingests the bytes without naming the encoding: each gives the
// items, titles and texts of the UTF-8 page, with a warning naming the
// encoding guessed (so that --strict fails), or an error that names
// --encoding; never other text.
func TestLegacyEncodedPages(t *testing.T) {
	dir, names := testcorpus.UDHRFiles(t)
	read, refused, tried := map[string]int{}, map[string]int{}, 0
	for _, name := range names {
		if !strings.HasSuffix(name, ".md") {
			continue
		}
		raw, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		// The UTF-8 readings, by text: the encodings that write the
		// whole page write the same text.
		wants := map[string]*corpus.Document{}
		for _, label := range legacyEncodings {
			enc, _ := htmlindex.Get(label)
			page, ok := writable(string(raw), label)
			if !ok {
				continue
			}
			for _, whole := range []bool{true, false} {
				text := page
				what := fmt.Sprintf("%s in %s", name, label)
				if !whole {
					// The page's first lines only: less evidence.
					text = firstLines(text, 12)
					what += ", first 12 lines"
				}
				b, err := enc.NewEncoder().String(text)
				if err != nil || b == text {
					continue // writes it as ASCII
				}
				want := wants[text]
				if want == nil {
					if want, err = (ingest.Options{}).Bytes(name, []byte(text)); err != nil {
						t.Fatal(err)
					}
					wants[text] = want
				}
				tried++
				d, err := ingest.Options{}.Bytes(name, []byte(b))
				if err != nil {
					if !strings.Contains(err.Error(), "--encoding") || !strings.HasPrefix(err.Error(), name+":") {
						t.Errorf("%s: error %v; want an encoding error naming the file and --encoding", what, err)
					}
					t.Logf("%s: refused: %v", what, err)
					refused[label]++
					continue
				}
				if msg := sameItems(want, d); msg != "" {
					t.Errorf("%s: read as %s: %s", what, d.Source.Encoding, msg)
					continue
				}
				if !slices.ContainsFunc(d.Warnings(), func(w string) bool { return strings.Contains(w, "read as "+d.Source.Encoding) }) {
					t.Errorf("%s: read as %s with no warning naming it; warnings %q", what, d.Source.Encoding, d.Warnings())
				}
				t.Logf("%s: read", what)
				read[label]++
			}
		}
	}
	for _, label := range legacyEncodings {
		if read[label]+refused[label] > 0 {
			t.Logf("%-14s read %2d, refused %2d", label, read[label], refused[label])
		}
	}
	if tried < 90 {
		t.Errorf("%d pages written in a legacy encoding; want at least 90", tried)
	}
	// The Latin pages of the Windows code page that is the web's
	// default are read, not refused.
	if read["windows-1252"] < 4 {
		t.Errorf("%d pages read in windows-1252; want at least the 4 of French, German, Portuguese and Spanish", read["windows-1252"])
	}
}

// firstLines is the first n lines of text.
func firstLines(text string, n int) string {
	i := 0
	for range n {
		j := strings.IndexByte(text[i:], '\n')
		if j < 0 {
			return text
		}
		i += j + 1
	}
	return text[:i]
}

// writable is the page text as the encoding label can write it: each
// character it cannot write made "?" (a typographic hyphen in a Latin
// code page, a polytonic letter in a Greek one), and ok where these are
// at most 1 in 50 of the characters beyond ASCII.
func writable(text, label string) (string, bool) {
	enc, _ := htmlindex.Get(label)
	e := enc.NewEncoder()
	var out strings.Builder
	beyond, lost := 0, 0
	can := map[rune]bool{} // whether e writes a rune, asked once a rune
	for _, r := range text {
		if r < 0x80 {
			out.WriteRune(r)
			continue
		}
		beyond++
		ok, seen := can[r]
		if !seen {
			_, err := e.String(string(r))
			ok = err == nil
			can[r] = ok
		}
		if !ok {
			lost++
			out.WriteByte('?')
			continue
		}
		out.WriteRune(r)
	}
	return out.String(), beyond > 0 && lost*50 <= beyond
}

// sameItems compares the items of two readings of one page: "" when
// their ids, titles and texts are the same.
func sameItems(want, got *corpus.Document) string {
	if len(want.Items) != len(got.Items) {
		return fmt.Sprintf("%d items, want %d", len(got.Items), len(want.Items))
	}
	for i, w := range want.Items {
		g := got.Items[i]
		if g.ID != w.ID || g.Title != w.Title || g.Text != w.Text {
			return fmt.Sprintf("item %d is %s %q %q, want %s %q %q", i, g.ID, clipped(g.Title), clipped(g.Text), w.ID, clipped(w.Title), clipped(w.Text))
		}
	}
	if got.Title != want.Title || got.Lang != want.Lang {
		return fmt.Sprintf("title %q (%s), want %q (%s)", got.Title, got.Lang, want.Title, want.Lang)
	}
	return ""
}

func clipped(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "..."
	}
	return s
}

// TestMultiByteHint encodes the udhr pages of Korean and Chinese in the
// East Asian encodings of two bytes a character that detection does not
// choose (EUC-KR, GB18030, Big5): each is refused, exit 2, and the
// error names the encoding that reads it, not one-byte encodings that
// cannot hold the text; read with that encoding, the page gives its
// UTF-8 reading's items.
func TestMultiByteHint(t *testing.T) {
	for _, c := range []struct{ page, enc string }{
		{"udhr/udhr-1948-ko.md", "euc-kr"},
		{"udhr/udhr-1948-zh.md", "gb18030"},
		{"udhr/udhr-1948-zh.md", "big5"},
	} {
		data, err := os.ReadFile(testcorpus.Path(t, c.page))
		if err != nil {
			t.Fatal(err)
		}
		enc, err := htmlindex.Get(c.enc)
		if err != nil {
			t.Fatal(err)
		}
		// Characters the encoding lacks are left out, as iconv -c does.
		var kept strings.Builder
		for _, r := range string(data) {
			if _, err := enc.NewEncoder().String(string(r)); err == nil {
				kept.WriteRune(r)
			}
		}
		encoded, err := enc.NewEncoder().String(kept.String())
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(c.page) + "." + c.enc
		_, err = ingest.Options{}.Bytes(name, []byte(encoded))
		if err == nil || !strings.Contains(err.Error(), c.enc) || strings.Contains(err.Error(), "likeliest") {
			t.Errorf("%s: error %v, want one naming %s", name, err, c.enc)
		}
		d, err := ingest.Options{Encoding: c.enc}.Bytes(name, []byte(encoded))
		if err != nil {
			t.Fatalf("%s with --encoding: %v", name, err)
		}
		want, err := ingest.Options{}.Bytes(c.page, []byte(kept.String()))
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Items) != len(want.Items) || len(d.Items) < 30 {
			t.Errorf("%s with --encoding: %d items, want %d", name, len(d.Items), len(want.Items))
		}
	}
}
