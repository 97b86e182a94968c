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

	"github.com/rulesync/rulesync/corpus"
)

// The HTML site: index.html (an overview: the translations with their
// progress bars, the changelogs with their change bars, the other
// documents with their check findings, editions by language, the
// languages, a search box), one page per document and per language, one side-by-side page and one worklist
// per translation, the changelogs. Static files, relative links, no
// script or font from elsewhere, no inline script: it works from
// file://.

// page is a page of the site: its title, the way back to the site's
// root ("" or "../"), its body, and the scripts it loads.
type page struct {
	Title, Root     string
	Body            template.HTML
	Search, Filters bool
}

// renderPage renders a page of the site (templates/page.html).
func renderPage(w io.Writer, p page) error { return siteTmpl().ExecuteTemplate(w, "page", p) }

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

// site writes the site's files through p: the style sheet and scripts,
// the pages of in.docs, the search index and the overview.
func site(p put, in siteInput) error {
	fs := files{"style.css": []byte(siteCSS), "search.js": []byte(searchJS), "site.js": []byte(siteJS)}
	title := in.ws.Title
	if title == "" {
		title = "rulesync"
	}
	for _, nd := range in.docs {
		if err := p("documents/"+nd.Name+".html", func(w io.Writer) error { return writeDocumentPage(w, nd, nil, title) }); err != nil {
			return err
		}
	}
	if err := p("search-index.js", func(w io.Writer) error { return searchIndex(w, in) }); err != nil {
		return err
	}
	if err := languagePages(fs, in, title); err != nil {
		return err
	}
	data, err := renderBody(page{Title: title, Search: true}, "overview", newOverview(in, title))
	if err != nil {
		return err
	}
	fs["index.html"] = data
	return putFiles(p, fs)
}

// searchIndex writes the search index of the site's documents, as the
// script search.js loads: its entries as a JSON array (json.Marshal's),
// made and written one at a time.
func searchIndex(w io.Writer, in siteInput) error {
	if _, err := io.WriteString(w, "window.RULESYNC_INDEX = "); err != nil {
		return err
	}
	n := 0
	add := func(e searchEntry) error {
		js, err := json.Marshal(e)
		if err != nil {
			return err
		}
		sep := ","
		if n == 0 {
			sep = "["
		}
		n++
		if _, err := io.WriteString(w, sep); err != nil {
			return err
		}
		_, err = w.Write(js)
		return err
	}
	for _, nd := range in.docs {
		for _, it := range nd.Doc.Items {
			if err := add(searchEntry{nd.Name, it.Label(), it.Title, searchText(it.Text), "documents/" + urlPath(nd.Name) + ".html" + fragment(it.ID)}); err != nil {
				return err
			}
		}
	}
	labels, ids := map[string]map[string]string{}, map[string]map[string]string{}
	for _, t := range in.sum.Translations {
		labels[t.Name], ids[t.Name] = t.Labels, t.IDs
	}
	for _, nd := range in.others {
		for _, it := range nd.Doc.Items {
			if err := add(searchEntry{nd.Name, it.Label(), it.Title, searchText(it.Text), "documents/" + urlPath(nd.Name) + ".html" + fragment(it.ID)}); err != nil {
				return err
			}
		}
	}
	for _, nd := range in.translations {
		for _, it := range nd.Doc.Items {
			// The page names the item by its id read through the source.
			id := it.ID
			if r, ok := ids[nd.Name][id]; ok {
				id = r
			}
			l := labels[nd.Name][id]
			if l == "" {
				l = it.Label()
			}
			if err := add(searchEntry{nd.Name, l, it.Title, searchText(it.Text), "translations/" + urlPath(nd.Name) + ".html" + fragment("t-"+id)}); err != nil {
				return err
			}
		}
	}
	end := "];\n"
	if n == 0 {
		end = "null;\n" // json.Marshal's nil slice
	}
	_, err := io.WriteString(w, end)
	return err
}

// overviewView is what index.html shows (templates/overview.html).
type overviewView struct {
	Title string
	Sum   *Summary
	// Templates are the source editions translations are made from:
	// the PO template of each starts a new language.
	Templates []string
	Matrix    *matrixView
	Langs     []langCount
	// SkippedDiffs and SkippedTranslations are the pairs and
	// translations of the manifest not built (Summary.Skipped), so that
	// a section whose work was all left out does not say the workspace
	// has none.
	SkippedDiffs, SkippedTranslations []Skipped
}

// newOverview makes the overview of a site.
func newOverview(in siteInput, title string) overviewView {
	v := overviewView{Title: title, Sum: in.sum, Matrix: matrix(in), Langs: langCounts(in)}
	for _, s := range in.sum.Skipped {
		switch s.Kind {
		case "changelog":
			v.SkippedDiffs = append(v.SkippedDiffs, s)
		case "translation":
			v.SkippedTranslations = append(v.SkippedTranslations, s)
		}
	}
	for _, t := range in.sum.Translations {
		if !slices.Contains(v.Templates, t.Source) {
			v.Templates = append(v.Templates, t.Source)
		}
	}
	sort.Strings(v.Templates)
	return v
}

// pairEditions says which editions a changelog compares.
func pairEditions(c ChangelogSummary) string {
	if c.Old == c.New {
		return "both " + c.Old
	}
	return c.Old + " → " + c.New
}

// matrixView is the table of the compared and translated documents by
// edition (Rows) and language (Langs).
type matrixView struct {
	Langs []string
	Rows  []matrixRow
}

// matrixRow is an edition's row: its documents in each language.
type matrixRow struct {
	Edition string
	Cells   [][]matrixDoc
}

// matrixDoc is a document in the matrix, with its page ("" for none).
type matrixDoc struct {
	Name, Page string
	Items      int
}

// matrix is the table of the compared and translated documents by
// edition and language; nil when there are none.
func matrix(in siteInput) *matrixView {
	editions, langs := map[string]bool{}, map[string]bool{}
	cell := map[string][]matrixDoc{}
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
		c := matrixDoc{Name: d.Name, Items: d.Items}
		switch {
		case hasPage[d.Name]:
			c.Page = "documents/" + urlPath(d.Name) + ".html"
		case trBy[d.Name]:
			c.Page = "translations/" + urlPath(d.Name) + ".html"
		}
		k := d.Edition + "\x00" + d.Lang
		cell[k] = append(cell[k], c)
	}
	if len(editions) == 0 {
		return nil
	}
	v := &matrixView{Langs: sortedSet(langs)}
	for _, e := range sortedSet(editions) {
		row := matrixRow{Edition: e}
		for _, l := range v.Langs {
			row.Cells = append(row.Cells, cell[e+"\x00"+l])
		}
		v.Rows = append(v.Rows, row)
	}
	return v
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
	Kind, Label string
	N           int
}

// barRect is a part's rectangle in a bar's SVG, 1000 wide.
type barRect struct {
	barPart
	X, W int
}

// barView is a bar (templates/parts.html "bar"): counts as a stacked
// bar with a legend that gives each count in words, so that the
// numbers are in the page's text, not only in the picture. Name says
// what the bar counts ("progress", "changes").
type barView struct {
	Name, Title, Words string
	Total              int
	Rects              []barRect
	Parts              []barPart
}

// newBar draws counts as a bar.
func newBar(name, title string, segs []barPart) barView {
	v := barView{Name: name, Title: title, Parts: segs}
	var words []string
	for _, s := range segs {
		v.Total += s.N
		words = append(words, fmt.Sprintf("%d %s", s.N, s.Label))
	}
	v.Words = strings.Join(words, ", ")
	x := 0
	for i, s := range segs {
		if s.N == 0 || v.Total == 0 {
			continue
		}
		w := 1000 * s.N / v.Total
		if i == len(segs)-1 || x+w > 1000 {
			w = 1000 - x
		}
		v.Rects = append(v.Rects, barRect{s, x, w})
		x += w
	}
	return v
}

// progressView is a translation's bar: its segments translated and
// current, stale, fuzzy and untranslated (gaps.Progress), the figures
// in words and its findings.
type progressView struct {
	Bar                barView
	Progress, Findings string
}

func newProgressView(name string, t TranslationSummary) progressView {
	p := t.Progress
	return progressView{newBar("progress", "Progress of "+name, []barPart{
		{"translated", "translated and current", p.Translated},
		{"stale", "stale", p.Stale},
		{"fuzzy", "fuzzy", p.Fuzzy},
		{"untranslated", "untranslated", p.Untranslated},
	}), p.String(), findingWords(t)}
}

// findingWords counts a translation's findings in words.
func findingWords(t TranslationSummary) string {
	return fmt.Sprintf("%d findings, %d of them errors", t.Findings, t.Errors)
}

// changeView is an edition pair's bar: its changes substantive and
// editorial (items kept), added and removed. The bar and the words
// under it count the same changes, from one count (changeCount), the
// changelog's summary line: the substantive changes of kept items are
// "changed", and with the added and removed items make the substantive
// count.
type changeView struct {
	Bar   barView
	Words string
}

func newChangeView(c ChangelogSummary) changeView {
	n := c.count()
	return changeView{newBar("changes", "Changes from "+c.OldName+" to "+c.NewName, []barPart{
		{"substantive", "substantive, changed", n.changed()},
		{"editorial", "editorial", n.editorial},
		{"added", "substantive, added", n.added},
		{"removed", "substantive, removed", n.removed},
	}), changeWords(c)}
}

// changeWords counts an edition pair's changes in words, as its
// changelog's summary line does.
func changeWords(c ChangelogSummary) string {
	s := c.count().words()
	return strings.ToUpper(s[:1]) + s[1:]
}
