package reports

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/rulesync/rulesync/corpus"
)

// The HTML site: index.html (an overview: the translations with their
// progress bars, the changelogs with their change bars, the other
// documents with their check findings, editions by language, the
// languages, a search box), one page per document and per language, one side-by-side page and one worklist
// per translation, the changelogs. Static files, relative links, no
// script or font from elsewhere, no inline script: it works from
// file://.

// pageTmpl is the frame of every page of the site, parsed on first use
// (not at every start of rulesync).
var pageTmpl = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="` + siteCSP + `">
<title>{{.Title}}</title>
<link rel="stylesheet" href="{{.Root}}style.css">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header><nav aria-label="Site"><a href="{{.Root}}index.html">Overview</a><a href="{{.Root}}index.html#translations">Translations</a><a href="{{.Root}}index.html#changelogs">Changelogs</a><a href="{{.Root}}index.html#documents">Documents</a><a href="{{.Root}}index.html#languages">Languages</a></nav></header>
<main id="main">
{{.Body}}
</main>
{{if .Search}}<script src="{{.Root}}search-index.js"></script>
<script src="{{.Root}}search.js"></script>{{end}}{{if .Filters}}<script src="{{.Root}}site.js"></script>{{end}}
</body>
</html>
`))
})

// page is a page of the site: its title, the way back to the site's
// root ("" or "../"), its body, and the scripts it loads.
type page struct {
	Title, Root     string
	Body            template.HTML
	Search, Filters bool
}

// siteCSP is the site pages' Content-Security-Policy: their script and
// style sheet are files of the site ('self', which takes file:// pages'
// own files too), nothing else loads, no inline script or style runs.
const siteCSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'"

func renderPage(w io.Writer, p page) error { return pageTmpl().Execute(w, p) }

// renderBytes renders a page into bytes.
func renderBytes(p page) ([]byte, error) {
	var b bytes.Buffer
	err := renderPage(&b, p)
	return b.Bytes(), err
}

// namedDoc is a document of the site by its source name.
type namedDoc struct {
	Name string
	Doc  *corpus.Document
}

// siteInput is what the site stage of a build makes the site of.
type siteInput struct {
	ws  *Workspace
	sum *Summary
	// docs are the documents whose pages the site stage writes (the
	// sources of the changelogs and translations).
	docs []namedDoc
	// translations and others are documents whose items the search box
	// finds on pages other tasks wrote: the translations' side-by-side
	// pages, the other documents' pages. A build passes them when the
	// workspace is small enough for one search index.
	translations, others []namedDoc
}

// searchEntry is an item in the search index.
type searchEntry struct {
	D string `json:"d"` // the document's name
	L string `json:"l"` // the item's printed label
	T string `json:"t"` // its title
	X string `json:"x"` // its text
	U string `json:"u"` // its page and anchor
}

// searchRunes is how much of an item's text the search index holds: the
// whole of any item the real corpus has (the longest is some 3,000
// runes), with line breaks as spaces.
const searchRunes = 4000

// searchText is the text of an item as the search index holds it.
func searchText(text string) string {
	x := []rune(strings.ReplaceAll(text, "\n", " "))
	return string(x[:min(len(x), searchRunes)])
}

// site adds the site's files to out: the style sheet and scripts, the
// pages of in.docs, the search index and the overview.
func site(out files, in siteInput) error {
	out["style.css"] = []byte(siteCSS)
	out["search.js"] = []byte(searchJS)
	out["site.js"] = []byte(siteJS)
	title := in.ws.Title
	if title == "" {
		title = "rulesync"
	}
	var index []searchEntry
	for _, nd := range in.docs {
		data, err := documentPage(nd, nil, title)
		if err != nil {
			return err
		}
		out["documents/"+nd.Name+".html"] = data
		for _, it := range nd.Doc.Items {
			index = append(index, searchEntry{nd.Name, it.Label(), it.Title, searchText(it.Text), "documents/" + urlPath(nd.Name) + ".html" + fragment(it.ID)})
		}
	}
	labels := map[string]map[string]string{}
	for _, t := range in.sum.Translations {
		labels[t.Name] = t.Labels
	}
	for _, nd := range in.others {
		for _, it := range nd.Doc.Items {
			index = append(index, searchEntry{nd.Name, it.Label(), it.Title, searchText(it.Text), "documents/" + urlPath(nd.Name) + ".html" + fragment(it.ID)})
		}
	}
	for _, nd := range in.translations {
		for _, it := range nd.Doc.Items {
			l := labels[nd.Name][it.ID]
			if l == "" {
				l = it.Label()
			}
			index = append(index, searchEntry{nd.Name, l, it.Title, searchText(it.Text), "translations/" + urlPath(nd.Name) + ".html" + fragment("t-"+it.ID)})
		}
	}
	js, err := json.Marshal(index)
	if err != nil {
		return err
	}
	out["search-index.js"] = append(append([]byte("window.RULESYNC_INDEX = "), js...), ";\n"...)
	if err := languagePages(out, in, title); err != nil {
		return err
	}
	data, err := renderBytes(page{Title: title, Body: template.HTML(overview(in, title)), Search: true})
	if err != nil {
		return err
	}
	out["index.html"] = data
	return nil
}

// overview is the body of index.html.
func overview(in siteInput, title string) string {
	sum := in.sum
	var b strings.Builder
	fmt.Fprintf(&b, "<h1>%s</h1>\n", esc(title))
	if len(sum.Failed) > 0 {
		b.WriteString("<section aria-labelledby=\"failed\"><h2 id=\"failed\">Sources that could not be read</h2><ul>\n")
		for _, f := range sum.Failed {
			fmt.Fprintf(&b, "<li><strong>%s</strong>: %s</li>\n", esc(f.Name), esc(f.Err.Error()))
		}
		b.WriteString("</ul></section>\n")
	}
	if len(sum.Unplaced) > 0 {
		b.WriteString("<section aria-labelledby=\"unplaced\"><h2 id=\"unplaced\">Translations that could not be put on their source</h2><ul>\n")
		for _, f := range sum.Unplaced {
			fmt.Fprintf(&b, "<li><strong>%s</strong>: %s</li>\n", esc(f.Name), esc(f.Err.Error()))
		}
		b.WriteString("</ul></section>\n")
	}
	b.WriteString("<section id=\"search\" aria-labelledby=\"search-h\"><h2 id=\"search-h\">Search</h2>\n<label for=\"q\">Search item titles and texts</label>\n<input id=\"q\" type=\"search\" autocomplete=\"off\" placeholder=\"e.g. substantial action\">\n<p id=\"status\" role=\"status\" aria-live=\"polite\"></p>\n<ol id=\"results\"></ol></section>\n")

	b.WriteString("<section aria-labelledby=\"translations\"><h2 id=\"translations\">Translations</h2>\n")
	if len(sum.Translations) == 0 {
		b.WriteString("<p>No translations in this workspace.</p>\n")
	} else {
		b.WriteString("<table>\n<caption>Each translation against its source: its segments translated and current, stale, fuzzy and untranslated</caption>\n<thead><tr><th scope=\"col\">Translation</th><th scope=\"col\">Progress</th><th scope=\"col\">Worklist and files</th></tr></thead><tbody>\n")
		for _, t := range sum.Translations {
			based := ""
			if t.Base != "" {
				based = ", made from " + esc(t.Base)
			}
			fmt.Fprintf(&b, "<tr id=\"tr-%s\"><th scope=\"row\"><a href=\"translations/%s.html\">%s</a><div class=\"meta\">against %s%s</div></th><td>%s</td><td class=\"files\">%s</td></tr>\n",
				esc(t.Name), esc(urlPath(t.Name)), esc(t.Name), esc(t.Source), based, progressBar(t.Name, t), translationFiles(t.Name, t.Draft, ""))
		}
		b.WriteString("</tbody></table>\n")
	}
	b.WriteString("<p><a href=\"interchange/glossary.tbx\">Glossary (TBX)</a></p>\n")
	// A template per source edition translations are made from: a new
	// language starts from it.
	var pots []string
	for _, t := range sum.Translations {
		if !slices.Contains(pots, t.Source) {
			pots = append(pots, t.Source)
		}
	}
	if len(pots) > 0 {
		sort.Strings(pots)
		b.WriteString("<p>To start a new language (msginit, or a PO editor), the template of each source edition:")
		for i, p := range pots {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, " <a href=\"interchange/%s.pot\">%s</a>", esc(urlPath(p)), esc(p))
		}
		b.WriteString("</p>\n")
	}
	b.WriteString("</section>\n")

	b.WriteString("<section aria-labelledby=\"changelogs\"><h2 id=\"changelogs\">Changelogs</h2>\n")
	if len(sum.Changelogs) == 0 {
		b.WriteString("<p>No edition pairs in this workspace.</p>\n")
	} else {
		b.WriteString("<table>\n<caption>Each pair of editions: the changes, substantive, editorial, added and removed</caption>\n<thead><tr><th scope=\"col\">Editions</th><th scope=\"col\">Changes</th><th scope=\"col\">Files</th></tr></thead><tbody>\n")
		for _, c := range sum.Changelogs {
			scope := ""
			for _, n := range c.Scope {
				scope += "<p class=\"scope\">" + esc(n) + "</p>"
			}
			fmt.Fprintf(&b, "<tr id=\"cl-%s\"><th scope=\"row\"><a href=\"changelog/%s.html\">%s → %s</a><div class=\"meta\">%s</div></th><td>%s%s</td><td class=\"files\"><a href=\"changelog/%s.md\">Markdown</a><a href=\"changelog/%s.json\">JSON</a></td></tr>\n",
				esc(c.Name), esc(urlPath(c.Name)), esc(c.OldName), esc(c.NewName), esc(pairEditions(c)), changeBar(c), scope, esc(urlPath(c.Name)), esc(urlPath(c.Name)))
		}
		b.WriteString("</tbody></table>\n")
	}
	b.WriteString("</section>\n")

	if len(sum.Histories) > 0 {
		b.WriteString(historiesSection(sum.Histories))
	}
	b.WriteString("<section aria-labelledby=\"documents\"><h2 id=\"documents\">Documents</h2>\n")
	if len(sum.Checks) > 0 {
		b.WriteString("<table>\n<caption>Documents that are neither an edition compared nor a translation: the checks that need no source</caption>\n<thead><tr><th scope=\"col\">Document</th><th scope=\"col\">Language</th><th scope=\"col\">Items</th><th scope=\"col\">Check findings</th></tr></thead><tbody>\n")
		for _, c := range sum.Checks {
			fmt.Fprintf(&b, "<tr><th scope=\"row\"><a href=\"documents/%s.html\">%s</a><div class=\"meta\">%s</div></th><td>%s</td><td class=\"n\">%d</td><td>%s</td></tr>\n",
				esc(urlPath(c.Name)), esc(c.Name), esc(c.Title), esc(c.Lang), c.Items, esc(c.counts()))
		}
		b.WriteString("</tbody></table>\n")
	}
	b.WriteString(matrix(in))
	b.WriteString("</section>\n")
	b.WriteString(languagesSection(in))
	return b.String()
}

// pairEditions says which editions a changelog compares.
func pairEditions(c ChangelogSummary) string {
	if c.Old == c.New {
		return "both " + c.Old
	}
	return c.Old + " → " + c.New
}

// translationFiles links a translation's worklist, its files for
// translation tools and its sync draft (draft, a path in the output; ""
// for none), from a page at root.
func translationFiles(name, draft, root string) string {
	n := esc(urlPath(name))
	links := fmt.Sprintf("<a href=\"%sgaps/%s.html\">Worklist</a><a href=\"%sgaps/%s.md\">Worklist (Markdown)</a><a href=\"%sinterchange/%s.po\">PO</a><a href=\"%sinterchange/%s.xlf\">XLIFF</a><a href=\"%sinterchange/%s.tmx\">TMX</a>",
		root, n, root, n, root, n, root, n, root, n)
	if draft != "" {
		links += fmt.Sprintf("<a href=\"%s%s\">Sync draft</a>", root, esc(urlPath(draft)))
	}
	return links
}

// matrix is the table of the compared and translated documents by
// edition and language.
func matrix(in siteInput) string {
	editions, langs := map[string]bool{}, map[string]bool{}
	cell := map[string][]string{}
	trBy := map[string]bool{}
	for _, t := range in.sum.Translations {
		trBy[t.Name] = true
	}
	hasPage := map[string]bool{}
	for _, d := range in.docs {
		hasPage[d.Name] = true
	}
	standalone := map[string]bool{}
	for _, c := range in.sum.Checks {
		standalone[c.Name] = true
	}
	for _, d := range in.sum.Documents {
		if standalone[d.Name] {
			continue
		}
		editions[d.Edition], langs[d.Lang] = true, true
		c := fmt.Sprintf("%s (%d items)", esc(d.Name), d.Items)
		switch {
		case hasPage[d.Name]:
			c = fmt.Sprintf("<a href=\"documents/%s.html\">%s</a> (%d items)", esc(urlPath(d.Name)), esc(d.Name), d.Items)
		case trBy[d.Name]:
			c = fmt.Sprintf("<a href=\"translations/%s.html\">%s</a> (%d items)", esc(urlPath(d.Name)), esc(d.Name), d.Items)
		}
		k := d.Edition + "\x00" + d.Lang
		cell[k] = append(cell[k], c)
	}
	if len(editions) == 0 {
		return ""
	}
	el, ll := sortedSet(editions), sortedSet(langs)
	var b strings.Builder
	b.WriteString("<table>\n<caption>The editions compared and translated, by edition (rows) and language (columns)</caption>\n<thead><tr><th scope=\"col\">Edition</th>")
	for _, l := range ll {
		fmt.Fprintf(&b, "<th scope=\"col\">%s</th>", esc(l))
	}
	b.WriteString("</tr></thead><tbody>\n")
	for _, e := range el {
		fmt.Fprintf(&b, "<tr><th scope=\"row\">%s</th>", esc(e))
		for _, l := range ll {
			fmt.Fprintf(&b, "<td>%s</td>", strings.Join(cell[e+"\x00"+l], "<br>"))
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody></table>\n")
	return b.String()
}

func sortedSet(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// barPart is a part of a bar: a class (its colour), what it counts and
// how many.
type barPart struct {
	kind, label string
	n           int
}

// bar draws counts as a stacked bar (inline SVG, its colours from the
// style sheet) with a legend that gives each count in words: the numbers
// are in the page's text, not only in the picture. name says what the
// bar counts ("coverage", "changes").
func bar(name, title string, segs []barPart) string {
	total := 0
	var words []string
	for _, s := range segs {
		total += s.n
		words = append(words, fmt.Sprintf("%d %s", s.n, s.label))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "<div class=\"barbox\" data-bar=\"%s\" data-total=\"%d\">", name, total)
	fmt.Fprintf(&b, "<svg class=\"bar\" viewBox=\"0 0 1000 10\" preserveAspectRatio=\"none\" role=\"img\" aria-label=\"%s: %s\">", esc(title), esc(strings.Join(words, ", ")))
	x := 0
	for i, s := range segs {
		if s.n == 0 || total == 0 {
			continue
		}
		w := 1000 * s.n / total
		if i == len(segs)-1 || x+w > 1000 {
			w = 1000 - x
		}
		fmt.Fprintf(&b, "<rect class=\"k-%s\" x=\"%d\" y=\"0\" width=\"%d\" height=\"10\"><title>%d %s</title></rect>", s.kind, x, w, s.n, esc(s.label))
		x += w
	}
	b.WriteString("</svg><ul class=\"legend\">")
	for _, s := range segs {
		fmt.Fprintf(&b, "<li data-kind=\"%s\" data-n=\"%d\"><span class=\"swatch k-%s\" aria-hidden=\"true\"></span>%d %s</li>", s.kind, s.n, s.kind, s.n, esc(s.label))
	}
	b.WriteString("</ul></div>")
	return b.String()
}

// progressBar is a translation's bar: its segments translated and
// current, stale, fuzzy and untranslated (gaps.Progress), the figures in
// words and its findings.
func progressBar(name string, t TranslationSummary) string {
	p := t.Progress
	return bar("progress", "Progress of "+name, []barPart{
		{"translated", "translated and current", p.Translated},
		{"stale", "stale", p.Stale},
		{"fuzzy", "fuzzy", p.Fuzzy},
		{"untranslated", "untranslated", p.Untranslated},
	}) + fmt.Sprintf("<p class=\"meta\">%s; %s.</p>", esc(p.String()), esc(findingWords(t)))
}

// findingWords counts a translation's findings in words.
func findingWords(t TranslationSummary) string {
	return fmt.Sprintf("%d findings, %d of them errors", t.Findings, t.Errors)
}

// changeBar is an edition pair's bar: its changes substantive and
// editorial (items kept), added and removed. The bar and the words
// under it count the same changes, from one count (changeCount), the
// changelog's summary line: the substantive changes of kept items are
// "changed", and with the added and removed items make the substantive
// count.
func changeBar(c ChangelogSummary) string {
	n := c.count()
	return bar("changes", "Changes from "+c.OldName+" to "+c.NewName, []barPart{
		{"substantive", "substantive, changed", n.changed()},
		{"editorial", "editorial", n.editorial},
		{"added", "substantive, added", n.added},
		{"removed", "substantive, removed", n.removed},
	}) + fmt.Sprintf("<p class=\"meta\">%s.</p>", esc(changeWords(c)))
}

// changeWords counts an edition pair's changes in words, as its
// changelog's summary line does.
func changeWords(c ChangelogSummary) string {
	s := c.count().words()
	return strings.ToUpper(s[:1]) + s[1:]
}
