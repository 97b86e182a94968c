package reports

import (
	"bytes"
	"html"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/gaps"
)

// hostile is an edition made to break out of a PO header string and into
// a Markdown heading's HTML.
const hostile = "e2\" <img src=x onerror=alert(1)>\n\"Plural-Forms: nplurals=1;"

func hostileDocs() (*corpus.Document, *corpus.Document) {
	doc := func(edition, lang, text string) *corpus.Document {
		return &corpus.Document{Edition: edition, Lang: lang, Items: []corpus.Item{
			{ID: "rule:1", Kind: corpus.KindRule, Number: "1", Title: "Seats", Text: text},
			{ID: "rule:2", Kind: corpus.KindRule, Number: "2", Title: "Clock", Text: "A clock may be called after 60 seconds."},
		}}
	}
	return doc(hostile, "en", "Seats are drawn at random --> then kept; A &amp; B."), doc(hostile+"-ja", "ja\n\"X: y", "席は抽選で決める。")
}

// TestPOHeaderEscaped: values in the PO header and comments stay in
// their string and their line: no header field is added, none broken.
func TestPOHeaderEscaped(t *testing.T) {
	src, tr := hostileDocs()
	var b bytes.Buffer
	if err := PO(&b, gaps.Options{}.Gaps(src, tr, nil), time.Unix(1700000000, 0)); err != nil {
		t.Fatal(err)
	}
	header, _, _ := strings.Cut(b.String(), "\n\n")
	field := regexp.MustCompile(`^"([A-Za-z-]+): ([^"\\]|\\.)*\\n"$`)
	var fields []string
	for _, l := range strings.Split(header, "\n") {
		switch {
		case strings.HasPrefix(l, "# "), l == `msgid ""`, l == `msgstr ""`:
		case field.MatchString(l):
			fields = append(fields, field.FindStringSubmatch(l)[1])
		default:
			t.Errorf("header line %q is neither a comment nor a field", l)
		}
	}
	want := "Project-Id-Version POT-Creation-Date PO-Revision-Date Last-Translator Language-Team Language MIME-Version Content-Type Content-Transfer-Encoding X-Generator X-Rulesync-Source-Edition"
	if strings.Join(fields, " ") != want {
		t.Errorf("header fields %v, want %s:\n%s", fields, want, header)
	}
}

// TestMarkdownHeadingsEscaped: an edition in a changelog's or a
// worklist's heading is text, not HTML, and stays on its line.
func TestMarkdownHeadingsEscaped(t *testing.T) {
	old, _ := hostileDocs()
	n := *old
	n.Items = append([]corpus.Item(nil), old.Items...)
	n.Items[1].Text = "A clock may be called after 90 seconds."
	var md, gm bytes.Buffer
	Markdown(&md, diff.Options{}.Compare(old, &n))
	_, tr := hostileDocs()
	GapsMarkdown(&gm, gaps.Options{}.Gaps(old, tr, nil))
	for name, out := range map[string]string{"changelog": md.String(), "worklist": gm.String()} {
		if strings.Contains(out, "<img") {
			t.Errorf("%s: raw HTML from the edition:\n%s", name, out)
		}
		first, _, _ := strings.Cut(out, "\n")
		if !strings.Contains(first, "Plural-Forms") {
			t.Errorf("%s: the heading %q does not hold the whole edition", name, first)
		}
	}
}

// TestMarkdownEscapeKeepsText: what mdEscape and mdQuote write renders,
// in a CommonMark (GFM) renderer, as the text itself: "-->" stays "-->"
// and "&amp;" stays "&amp;". Runs where cmark-gfm is installed (Debian
// package cmark-gfm); the cases without it check the raw escapes.
func TestMarkdownEscapeKeepsText(t *testing.T) {
	texts := []string{"Seats are drawn --> then kept", "A &amp; B & C", "a < b > c", "*not emphasis* and _not_ either",
		"`code` [link](http://x) ![img](y)", "# not a heading", "> not a quote", "- not a list", "1. not a list", "2) nor this",
		"+ nor this", "a | b | c", "~~not struck~~", `back\slash \*`, "&copy; &#169; &#xA9;", "<b>bold</b> <!-- comment -->",
		"ルール第71項-B：ボタン", "100% <ins>x</ins>"}
	if !strings.Contains(mdEscape("-->"), "-") || strings.Contains(mdEscape("-->"), "→") {
		t.Errorf("mdEscape(\"-->\") = %q changes the text", mdEscape("-->"))
	}
	if got := mdEscape("&amp;"); got != "&amp;amp;" {
		t.Errorf("mdEscape(\"&amp;\") = %q, want &amp;amp;", got)
	}
	cmark, err := exec.LookPath("cmark-gfm")
	if err != nil {
		t.Skip("cmark-gfm not installed (Debian package cmark-gfm; .ci/run installs it)")
	}
	tag := regexp.MustCompile(`<[^>]*>`)
	render := func(md string) string {
		cmd := exec.Command(cmark, "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter")
		cmd.Stdin = strings.NewReader(md)
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(html.UnescapeString(tag.ReplaceAllString(string(out), "")))
	}
	for _, s := range texts {
		if got := render(mdEscape(s)); got != s {
			t.Errorf("inline %q renders as %q", s, got)
		}
		if got := render("> " + mdQuote(s)); got != s {
			t.Errorf("quoted %q renders as %q", s, got)
		}
	}
}
