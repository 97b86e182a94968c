package reports

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/gaps"
)

// TestSitePagesEscaped: a document's edition, language, titles and
// texts made to break out of an element or an attribute stay text on
// every page the site makes of them: no element, no attribute and no
// script comes of them.
func TestSitePagesEscaped(t *testing.T) {
	src, tr := hostileDocs()
	src.Title = `</title><script>alert(1)</script>`
	src.Items[0].Title = `"><svg onload=alert(1)>`
	tr.Items = tr.Items[1:] // the first item to translate, on the worklist
	r := gaps.Options{}.Gaps(src, tr, nil)
	s := TranslationSummary{Name: "ja", Source: "en", Progress: r.Progress()}
	tl := Translation{Name: "ja", Source: "en"}
	pages := map[string]func() ([]byte, error){
		"document": func() ([]byte, error) { return documentPage(namedDoc{"en", src}, gaps.Options{}.Check(src), src.Title) },
		"side":     func() ([]byte, error) { var b bytes.Buffer; err := sidePage(&b, tl, r, &s); return b.Bytes(), err },
		"worklist": func() ([]byte, error) {
			var b bytes.Buffer
			err := worklistPage(&b, tl, r, s, nil)
			return b.Bytes(), err
		},
	}
	out := files{}
	sum := &Summary{Translations: []TranslationSummary{s}, Documents: []DocSummary{{Name: "en", Edition: src.Edition, Lang: src.Lang, Items: 2}, {Name: "ja", Edition: tr.Edition, Lang: tr.Lang, Items: 2}}}
	if err := site(func(name string, write func(io.Writer) error) error {
		var b bytes.Buffer
		err := write(&b)
		out[name] = b.Bytes()
		return err
	}, siteInput{ws: &Workspace{Title: src.Title}, sum: sum, docs: []namedDoc{{"en", src}}}); err != nil {
		t.Fatal(err)
	}
	for name, data := range out {
		if strings.HasSuffix(name, ".html") {
			pages[name] = func() ([]byte, error) { return data, nil }
		}
	}
	if len(pages) < 6 {
		t.Fatalf("%d pages, want the three and the site's", len(pages))
	}
	for name, page := range pages {
		data, err := page()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		p := string(data)
		for _, bad := range []string{"<img", "<svg onload", "<script>alert", `"X: y`, `e2" `} {
			if strings.Contains(p, bad) {
				i := strings.Index(p, bad)
				t.Errorf("%s: %q is not escaped: …%s…", name, bad, p[max(0, i-80):min(len(p), i+80)])
			}
		}
		if !strings.Contains(p, "&lt;img src=x onerror=alert(1)&gt;") && !strings.Contains(p, "&lt;/title&gt;&lt;script&gt;") && !strings.Contains(p, "&#34;&gt;&lt;svg onload=alert(1)&gt;") {
			t.Errorf("%s shows none of the edition, the title and the item's title", name)
		}
		if n := strings.Count(p, "<script"); n > 2 {
			t.Errorf("%s has %d scripts, the site's own are at most 2", name, n)
		}
	}
}

// TestSiteTextDirection: every element of a page that holds a document's
// text in its language lets the browser set its direction from that text
// (dir="auto"), so Arabic or Hebrew reads right to left beside English,
// with no list of right-to-left languages to keep.
func TestSiteTextDirection(t *testing.T) {
	src, tr := hostileDocs()
	tr.Items = tr.Items[1:]
	r := gaps.Options{}.Gaps(src, tr, nil)
	s := TranslationSummary{Name: "ja", Source: "en", Progress: r.Progress()}
	tl := Translation{Name: "ja", Source: "en"}
	for name, page := range map[string]func() ([]byte, error){
		"document": func() ([]byte, error) { return documentPage(namedDoc{"en", src}, gaps.Options{}.Check(src), src.Title) },
		"side":     func() ([]byte, error) { var b bytes.Buffer; err := sidePage(&b, tl, r, &s); return b.Bytes(), err },
		"worklist": func() ([]byte, error) {
			var b bytes.Buffer
			err := worklistPage(&b, tl, r, s, nil)
			return b.Bytes(), err
		},
	} {
		data, err := page()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		p := string(data)
		texts := 0
		for _, tag := range strings.Split(p, "<")[1:] {
			tag, _, _ = strings.Cut(tag, ">")
			if strings.HasPrefix(tag, "html ") || !strings.Contains(tag, ` lang="`) {
				continue
			}
			texts++
			if !strings.Contains(tag, ` dir="auto"`) {
				t.Errorf("%s: <%s> holds text in its language without dir=\"auto\"", name, tag)
			}
		}
		if texts == 0 {
			t.Errorf("%s: no element holds a document's text", name)
		}
	}
}
