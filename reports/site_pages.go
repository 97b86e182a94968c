package reports

import (
	"html/template"
	"io"
	"iter"
	"slices"
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/history"
	"github.com/rulesync/rulesync/ingest"
)

// The site's pages other than the overview: a document, a translation
// side by side with its source, a translator's worklist, a changelog.

// inDoc gives the address of a cited item on a page that shows d's
// items in rows with their ids (prefix "" on a document page, where the
// rows are the items): "" when d has no such item.
func inDoc(d *corpus.Document, prefix string) func(ref string) string {
	return func(ref string) string {
		id := corpus.RefItem(ref)
		if d.Item(id) == nil {
			return ""
		}
		return fragment(prefix + id)
	}
}

// documentView is a document's page (templates/document.html).
type documentView struct {
	Name, Title string
	Doc         *corpus.Document
	Check       *checkView
	// Rows are the items' rows, made as the page is written: each
	// item's text with its citations linked is held only while its row
	// is.
	Rows iter.Seq[itemRow]
	// Warnings are what ingest warned of in the document's structure
	// (ingest.Report), without the "warning: " mark.
	Warnings []string
}

// checkView is the check findings of a document neither compared nor
// translated: the summary, and the findings, the most serious first.
type checkView struct {
	Summary string
	Lines   []findingLine
	// More is how many findings on items Lines leaves out (past
	// checkLines): each is shown in its item's row.
	More int
}

// checkLines is the most findings a document page lists above its
// items, the most serious first: a check that finds something in every
// item of a long document would list the document again.
const checkLines = 1000

// findingLine is a finding on a document page: on an item (ID and
// Label set) or on the whole document.
type findingLine struct {
	*gaps.Finding
	ID, Label string
}

// itemRow is an item's row on a document page: its text with its
// citations linked, and its findings.
type itemRow struct {
	ID, Label, Title string
	Text             template.HTML
	Findings         []*gaps.Finding // the report's, not copies
}

// writeDocumentPage writes the page of a document to w: its items by printed number,
// title and text, citations linked to the items cited. With a check
// report (a document that is neither compared nor translated), the
// page gives the findings too: those on the whole document first, the
// others in the rows of their items.
func writeDocumentPage(w io.Writer, nd namedDoc, r *gaps.Report, site string) error {
	d := nd.Doc
	v := documentView{Name: nd.Name, Title: docTitle(d), Doc: d}
	_, warnings := ingest.Report(d)
	for _, wn := range warnings {
		v.Warnings = append(v.Warnings, strings.TrimPrefix(wn, ingest.WarningNote))
	}
	byItem := map[string][]*gaps.Finding{}
	if r != nil {
		var lines []findingLine
		for i := range r.Findings {
			f := &r.Findings[i]
			if f.TargetID == "" {
				lines = append(lines, findingLine{Finding: f})
			} else {
				byItem[f.TargetID] = append(byItem[f.TargetID], f)
			}
		}
		for _, it := range d.Items {
			for _, f := range byItem[it.ID] {
				lines = append(lines, findingLine{f, it.ID, it.Label()})
			}
		}
		// The most serious first; within a severity, the document's
		// own findings, then the items' in order.
		slices.SortStableFunc(lines, func(a, b findingLine) int { return b.Severity.Rank() - a.Severity.Rank() })
		v.Check = &checkView{Summary: gapsSummary(r), Lines: lines}
		if len(lines) > checkLines {
			// The document's own findings are on no row: all kept.
			kept := lines[:0]
			for _, l := range lines {
				if l.ID == "" || len(kept) < checkLines {
					kept = append(kept, l)
				} else {
					v.Check.More++
				}
			}
			v.Check.Lines = slices.Clip(kept)
		}
	}
	cite := inDoc(d, "")
	v.Rows = func(yield func(itemRow) bool) {
		for _, it := range d.Items {
			if !yield(itemRow{it.ID, it.Label(), it.Title, template.HTML(linkedText(it.Text, it.Refs, cite)), byItem[it.ID]}) {
				return
			}
		}
	}
	return writeBody(w, page{Title: nd.Name + " · " + site, Root: "../"}, "document", v)
}

// docTitle is a document's title, or its edition when it states none.
func docTitle(d *corpus.Document) string {
	if d.Title != "" {
		return d.Title
	}
	return d.Edition
}

// unitCounts are a translation's source items in scope by state: what
// its coverage bar shows. Each item counts once: missing, else stale,
// else translated with an error finding, else translated.
type unitCounts struct {
	inScope, translated, withErrors, stale, missing int
}

// countUnits counts the units in scope by state.
func countUnits(units []gaps.Unit) unitCounts {
	var c unitCounts
	for _, u := range units {
		if !u.InScope {
			continue
		}
		c.inScope++
		switch {
		case u.State == gaps.New:
			c.missing++
		case u.State == gaps.StaleState:
			c.stale++
		case worst(u.Findings) == gaps.Error:
			c.withErrors++
		default:
			c.translated++
		}
	}
	return c
}

// worst is the most serious severity of findings, or "".
func worst(fs []gaps.Finding) gaps.Severity {
	var w gaps.Severity
	for _, f := range fs {
		if f.Severity.Rank() > w.Rank() {
			w = f.Severity
		}
	}
	return w
}

// sideView is a translation's side-by-side page
// (templates/translation.html).
type sideView struct {
	Name, Source, Base, Now, Summary  string
	Report                            *gaps.Report
	Progress                          progressView
	Files                             filesView
	All, WithFindings, Stale, Missing int
	// Rows are the units' rows, made as the page is written.
	Rows  iter.Seq[sideRow]
	Other []otherFinding
}

// sideRow is a source item beside its translation (Target, nil for
// none), numbered as printed, with its findings.
type sideRow struct {
	ID, State, Label, Title string
	Text                    template.HTML
	Target                  *itemRow
	Findings                []gaps.Finding
}

// otherFinding is a finding on no source item, with the translation
// item it is on (" 3", or "").
type otherFinding struct {
	gaps.Finding
	Where string
}

// sidePage writes the side-by-side view of a translation: its coverage
// bar, links to its worklist and files, filters (all, with findings,
// stale, missing) and each source item beside its translation, numbered
// as printed (an unnumbered translation item by its source's number),
// the findings inline, the source's redline for a stale item.
func sidePage(w io.Writer, t Translation, r *gaps.Report, s *TranslationSummary) error {
	units := r.Units()
	n := targetNames(r)
	v := sideView{Name: t.Name, Source: t.Source, Summary: gapsSummary(r), Report: r,
		Progress: newProgressView(t.Name, *s), Files: newFilesView(t.Name, s.Draft, "../"), All: len(units)}
	if r.Base != nil {
		v.Base, v.Now = docName(r.Base), docName(r.Source)
	}
	citeSource := inDoc(r.Source, "")
	for _, u := range units {
		if len(u.Findings) > 0 {
			v.WithFindings++
		}
		switch unitState(u) {
		case "stale":
			v.Stale++
		case "missing":
			v.Missing++
		}
	}
	v.Rows = func(yield func(sideRow) bool) {
		for _, u := range units {
			row := sideRow{ID: u.Source.ID, State: unitState(u), Label: u.Source.Label(), Title: titleUnlessLabel(u.Source), Findings: u.Findings}
			if u.State == gaps.StaleState && len(u.Redline) > 0 {
				row.Text = template.HTML(htmlRedline(u.Redline, u.Source.Refs, citeSource))
			} else {
				row.Text = template.HTML(linkedText(u.Source.Text, u.Source.Refs, citeSource))
			}
			if u.Target != nil {
				row.Target = &itemRow{ID: u.Target.ID, Label: n[u.Target.ID], Title: titleUnlessLabel(u.Target), Text: template.HTML(linkedText(u.Target.Text, u.Target.Refs, citeSource))}
			}
			if !yield(row) {
				return
			}
		}
	}
	for _, f := range r.Findings {
		if f.SourceID == "" {
			where := ""
			if it := r.Translation.Item(f.TargetID); it != nil {
				where = " " + n.label(it)
			}
			v.Other = append(v.Other, otherFinding{f, where})
		}
	}
	return writeBody(w, page{Title: t.Name + " · translation", Root: "../", Filters: true}, "side", v)
}

// unitState is a unit's state as the side-by-side page's filters read
// it: "translated", "stale", "missing" (in the translation's scope) or
// "out" (an untranslated item outside it, a preamble).
func unitState(u gaps.Unit) string {
	switch {
	case u.State == gaps.StaleState && u.InScope:
		return "stale"
	case u.State == gaps.New && u.InScope:
		return "missing"
	case u.State == gaps.New:
		return "out"
	}
	return "translated"
}

// titleUnlessLabel is an item's title, or "" when its label is its
// title already (an unnumbered item).
func titleUnlessLabel(it *corpus.Item) string {
	if it.Number == "" && it.Label() == it.Title {
		return ""
	}
	return it.Title
}

// worklistView is a translator's worklist as a page of the site
// (templates/worklist.html).
type worklistView struct {
	Name, Source, Base, Now, Summary string
	// URL is the translation's name as a URL path.
	URL                    string
	SourceLang, TargetLang string
	Progress               progressView
	Parts                  []workPart
}

// workPart is a part of a worklist: the items that ask one kind of work.
type workPart struct {
	Kind    int
	Title   string
	Count   int
	Entries []workEntry
}

// workEntry is an item of a worklist with what it asks: the source's
// text to translate (Translate), the source's changes to carry over
// (Series, Redline) and the translation as it stands (Update).
type workEntry struct {
	// Head is set on an item (not the whole document): its anchor and
	// heading.
	Head        bool
	ID, Heading string
	Findings    []gaps.Finding
	Translate   bool
	SourceText  template.HTML
	Series      *seriesView
	Redline     *workRedline
	Update      bool
	Now         string
}

// workRedline is the source's change to an item, All saying when it
// counts all editions at once.
type workRedline struct {
	All  string
	Text template.HTML
}

// worklistPage is a translator's worklist as a page of the site: what to
// translate (with the source's text), what to update (with the source's
// change and the translation as it stands), what to check. h, when not
// nil, is the source's history from the translation's base: an item to
// update shows each edition's change, and the evidence lines that say
// the same in words are left out.
func worklistPage(w io.Writer, t Translation, r *gaps.Report, s TranslationSummary, h *history.History) error {
	// The summary's labels are the report's (targetNames), made once:
	// each making copies the translation's items (Numbered).
	n := names(s.Labels)
	if n == nil {
		n = targetNames(r)
	}
	v := worklistView{Name: t.Name, Source: t.Source, Summary: gapsSummary(r), URL: urlPath(t.Name),
		SourceLang: r.Source.Lang, TargetLang: r.Translation.Lang, Progress: newProgressView(t.Name, s)}
	if r.Base != nil {
		v.Base, v.Now = docName(r.Base), docName(r.Source)
	}
	items := worklist(r)
	count := map[workKind]int{}
	for _, it := range items {
		count[it.kind]++
	}
	cite := func(ref string) string {
		if r.Source.Item(corpus.RefItem(ref)) == nil {
			return ""
		}
		return "../translations/" + urlPath(t.Name) + ".html" + fragment(corpus.RefItem(ref))
	}
	for _, it := range items {
		if len(v.Parts) == 0 || v.Parts[len(v.Parts)-1].Kind != int(it.kind) {
			v.Parts = append(v.Parts, workPart{Kind: int(it.kind), Title: workParts[it.kind], Count: count[it.kind]})
		}
		part := &v.Parts[len(v.Parts)-1]
		e := workEntry{Head: it.kind != workDocument}
		if e.Head {
			if it.source != nil {
				e.ID = it.source.ID
			} else if it.target != nil {
				e.ID = "t-" + it.target.ID
			}
			e.Heading = n.title(it)
		}
		shown := map[string]bool{} // evidence the series part shows
		if h != nil && it.kind == workUpdate && it.source != nil {
			if e.Series = newSeriesView(h, it.source.ID); e.Series != nil {
				lines, _ := seriesLines(h, it.source.ID)
				for _, l := range lines {
					shown[l] = true
				}
			}
		}
		for _, f := range it.findings {
			if f.Check == gaps.Stale {
				f.Evidence = slices.DeleteFunc(slices.Clone(f.Evidence), func(e string) bool { return shown[e] })
			}
			e.Findings = append(e.Findings, f)
		}
		switch {
		case it.kind == workTranslate && it.source != nil:
			e.Translate, e.SourceText = true, template.HTML(linkedText(it.source.Text, it.source.Refs, cite))
		case it.kind == workUpdate:
			if len(it.redline) > 0 {
				e.Redline = &workRedline{Text: template.HTML(htmlRedline(it.redline, nil, nil))}
				if e.Series != nil {
					e.Redline.All = ", all editions at once"
				}
			}
			if it.target != nil {
				e.Update, e.Now = true, it.target.Text
			}
		}
		part.Entries = append(part.Entries, e)
	}
	return writeBody(w, page{Title: t.Name + " · worklist", Root: "../"}, "worklist", v)
}

// changelogView is a changelog's page (templates/changelog.html): its
// body as the changelog renders it, and its name as a URL path.
type changelogView struct {
	Body changelogBody
	URL  string
}

// changelogPage is a changelog as a page of the site: the way back to
// the overview, the summary table and the change bar, the contents, the
// entries linked to the items on the editions' document pages, and
// citations linked to the new edition's items.
func changelogPage(pair Pair, c *diff.Comparison, s *ChangelogSummary) ([]byte, error) {
	oldName, newName := pair.Old, pair.New
	bar, err := execute("changes", newChangeView(*s))
	if err != nil {
		return nil, err
	}
	l := newChangelog(c, ChangelogOptions{})
	docPage := func(name string, d *corpus.Document) func(string) string {
		return func(id string) string {
			if d.Item(id) == nil {
				return ""
			}
			return "../documents/" + urlPath(name) + ".html" + fragment(id)
		}
	}
	newItem := docPage(newName, c.New)
	body := l.htmlBody(changelogLinks{
		title:   ChangelogOptions{OldName: oldName, NewName: newName, Title: pair.Title}.changelogTitle(c),
		oldItem: docPage(oldName, c.Old),
		newItem: newItem,
		cite:    func(ref string) string { return newItem(corpus.RefItem(ref)) },
		bar:     bar,
	})
	return renderBody(page{Title: s.Name + " · changelog", Root: "../"}, "changelog", changelogView{body, urlPath(s.Name)})
}
