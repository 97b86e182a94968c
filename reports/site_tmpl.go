package reports

import (
	"bytes"
	"embed"
	"html/template"
	"io"
	"strings"
	"sync"
)

// The site's pages are html/template templates in templates/*.html,
// embedded: the templates escape every value they print, by its place
// in the page (text, attribute, URL). Go code makes the values (the
// views below) and only the marked-up texts (an item's text with its
// citations linked, a redline, a changelog's body) reach a template as
// template.HTML, each escaped where it is made.

//go:embed templates/*.html
var templateFiles embed.FS

// siteTmpl holds every template of the site, by the name it defines,
// parsed on first use (not at every start of rulesync).
var siteTmpl = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("site").Funcs(template.FuncMap{
		"url":          urlPath,
		"frag":         fragURL,
		"anchor":       anchorURL,
		"join":         strings.Join,
		"nOf":          nOf,
		"lang":         newLangView,
		"files":        newFilesView,
		"progress":     newProgressView,
		"changes":      newChangeView,
		"pairEditions": pairEditions,
		"counts":       CheckSummary.counts,
	}).ParseFS(templateFiles, "templates/*.html"))
})

// execute renders the template name with data.
func execute(name string, data any) (template.HTML, error) {
	var b bytes.Buffer
	if err := siteTmpl().ExecuteTemplate(&b, name, data); err != nil {
		return "", err
	}
	// The templates' output is HTML escaped by html/template.
	return template.HTML(b.String()), nil
}

// bodyMark stands for a page's body while the page around it is
// rendered: a comment html/template leaves as it is in Body (a
// template.HTML) and escapes in every other value.
const bodyMark = "<!--rulesync:body-->"

// renderBody renders the body template name with data as a page. The
// body is rendered into the page's own buffer, between the page's
// parts before and after it: a document's page of a million items is
// held once, not as the body, its copy and the page.
func renderBody(p page, name string, data any) ([]byte, error) {
	p.Body = bodyMark
	frame, err := renderBytes(p)
	if err != nil {
		return nil, err
	}
	at := bytes.Index(frame, []byte(bodyMark))
	if at < 0 || bytes.Index(frame[at+len(bodyMark):], []byte(bodyMark)) >= 0 {
		panic("reports: the page template must print its body once")
	}
	var body chunks
	if err := siteTmpl().ExecuteTemplate(&body, name, data); err != nil {
		return nil, err
	}
	return body.join(frame[:at], frame[at+len(bodyMark):]), nil
}

// writeBody writes the body template name with data as a page to w,
// the body streamed between the page's parts before and after it.
func writeBody(w io.Writer, p page, name string, data any) error {
	p.Body = bodyMark
	frame, err := renderBytes(p)
	if err != nil {
		return err
	}
	at := bytes.Index(frame, []byte(bodyMark))
	if at < 0 || bytes.Index(frame[at+len(bodyMark):], []byte(bodyMark)) >= 0 {
		panic("reports: the page template must print its body once")
	}
	if _, err := w.Write(frame[:at]); err != nil {
		return err
	}
	if err := siteTmpl().ExecuteTemplate(w, name, data); err != nil {
		return err
	}
	_, err = w.Write(frame[at+len(bodyMark):])
	return err
}

// chunks is an io.Writer that keeps what is written in chunks of at
// least chunkSize bytes: a page of hundreds of megabytes is held once,
// and once more while it is joined, never in the copies a doubling
// buffer makes as it grows.
type chunks struct {
	bufs [][]byte
	n    int
}

// chunkSize is the least size of a chunk.
const chunkSize = 1 << 20

func (c *chunks) Write(p []byte) (int, error) {
	c.n += len(p)
	if k := len(c.bufs) - 1; k >= 0 && cap(c.bufs[k])-len(c.bufs[k]) >= len(p) {
		c.bufs[k] = append(c.bufs[k], p...)
		return len(p), nil
	}
	c.bufs = append(c.bufs, append(make([]byte, 0, max(chunkSize, len(p))), p...))
	return len(p), nil
}

// join is head, what was written and tail in one slice of their size.
func (c *chunks) join(head, tail []byte) []byte {
	out := make([]byte, 0, len(head)+c.n+len(tail))
	out = append(out, head...)
	for k, b := range c.bufs {
		out = append(out, b...)
		c.bufs[k] = nil
	}
	return append(out, tail...)
}

// langView is a link to a language's page from a page at Root.
type langView struct{ Root, File, Words string }

func newLangView(tag, root string) langView {
	return langView{root, langFile(tag), langWords(tag)}
}

// filesView is a translation's links to its worklist and files, from a
// page at Root: Name and Draft are URL paths.
type filesView struct{ Root, Name, Draft string }

func newFilesView(name, draft, root string) filesView {
	v := filesView{Root: root, Name: urlPath(name)}
	if draft != "" {
		v.Draft = urlPath(draft)
	}
	return v
}

// fragURL is the address of an anchor on the same page as a
// template.URL: html/template would take the "#id:…" of an id with a
// colon for a scheme and refuse it, and the fragment is escaped by
// urlPath already.
func fragURL(id string) template.URL { return template.URL(fragment(id)) }

// anchorURL is the address of the anchor id on the same page, as
// fragURL: the anchors a changelog makes of its headings (slug) are
// letters, digits and hyphens.
func anchorURL(id string) template.URL { return template.URL("#" + id) }
