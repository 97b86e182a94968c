package reports

import (
	"fmt"
	"html/template"
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/history"
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

// findingsHTML writes findings as the pages show them: check, severity,
// message.
func findingsHTML(fs []gaps.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "<p class=\"finding %s\"><strong>%s</strong> (%s): %s</p>", esc(string(f.Severity)), esc(f.Check), esc(string(f.Severity)), esc(f.Message))
	}
	return b.String()
}

// documentPage is the page of a document: its items by printed number,
// title and text, citations linked to the items cited. With a check
// report (a document that is neither compared nor translated), the
// page gives the findings too: those on the whole document first, the
// others in the rows of their items.
func documentPage(nd namedDoc, r *gaps.Report, site string) ([]byte, error) {
	d := nd.Doc
	var b strings.Builder
	fmt.Fprintf(&b, "<h1>%s</h1>\n<p>%s: %s, %s, %d items, read as %s.</p>\n", esc(nd.Name), esc(docTitle(d)), esc(d.Edition), langLink(d.Lang, "../"), len(d.Items), esc(d.Source.Format))
	byItem := map[string][]gaps.Finding{}
	if r != nil {
		var whole []gaps.Finding
		for _, f := range r.Findings {
			if f.TargetID == "" {
				whole = append(whole, f)
			} else {
				byItem[f.TargetID] = append(byItem[f.TargetID], f)
			}
		}
		fmt.Fprintf(&b, "<section aria-labelledby=\"check\"><h2 id=\"check\">Check findings</h2>\n<p>%s.</p>\n", esc(gapsSummary(r)))
		if len(r.Findings) > 0 {
			// The most serious first; within a severity, the document's
			// own findings, then the items' in order.
			var lines []string
			var ranks []int
			for _, f := range whole {
				lines = append(lines, fmt.Sprintf("<li class=\"finding %s\"><strong>%s</strong> (%s): %s</li>\n", esc(string(f.Severity)), esc(f.Check), esc(string(f.Severity)), esc(f.Message)))
				ranks = append(ranks, f.Severity.Rank())
			}
			for _, it := range d.Items {
				for _, f := range byItem[it.ID] {
					lines = append(lines, fmt.Sprintf("<li class=\"finding %s\"><a href=\"%s\">%s</a>: <strong>%s</strong> (%s): %s</li>\n", esc(string(f.Severity)), esc(fragment(it.ID)), esc(it.Label()), esc(f.Check), esc(string(f.Severity)), esc(f.Message)))
					ranks = append(ranks, f.Severity.Rank())
				}
			}
			b.WriteString("<ul>\n")
			for rank := 3; rank >= 0; rank-- {
				for i, l := range lines {
					if ranks[i] == rank {
						b.WriteString(l)
					}
				}
			}
			b.WriteString("</ul>\n")
		}
		b.WriteString("</section>\n<h2>Items</h2>\n")
	}
	fmt.Fprintf(&b, "<table>\n<caption>Items of %s</caption>\n<thead><tr><th scope=\"col\">Number</th><th scope=\"col\">Title and text</th></tr></thead><tbody>\n", esc(nd.Name))
	cite := inDoc(d, "")
	for _, it := range d.Items {
		fmt.Fprintf(&b, "<tr id=\"%s\"><th scope=\"row\" class=\"num\">%s</th><td lang=\"%s\"><strong>%s</strong><div class=\"text\">%s</div>%s</td></tr>\n",
			esc(it.ID), esc(it.Label()), esc(d.Lang), esc(it.Title), linkedText(it.Text, it.Refs, cite), findingsHTML(byItem[it.ID]))
	}
	b.WriteString("</tbody></table>\n")
	return renderBytes(page{Title: nd.Name + " · " + site, Root: "../", Body: template.HTML(b.String())})
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

// sidePage writes the side-by-side view of a translation: its coverage
// bar, links to its worklist and files, filters (all, with findings,
// stale, missing) and each source item beside its translation, numbered
// as printed (an unnumbered translation item by its source's number),
// the findings inline, the source's redline for a stale item.
func sidePage(t Translation, r *gaps.Report, s *TranslationSummary) ([]byte, error) {
	units := r.Units()
	n := targetNames(r)
	var b strings.Builder
	fmt.Fprintf(&b, "<h1>%s against %s</h1>\n<p>Translation into %s of a rulebook in %s.</p>\n", esc(t.Name), esc(t.Source), langLink(r.Translation.Lang, "../"), langLink(r.Source.Lang, "../"))
	if r.Base != nil {
		fmt.Fprintf(&b, "<p>Translated from %s; the source is now %s. Stale items show the source's changes since.</p>\n", esc(docName(r.Base)), esc(docName(r.Source)))
	}
	b.WriteString(progressBar(t.Name, *s))
	fmt.Fprintf(&b, "<p>%s.</p>\n<p class=\"files\">%s</p>\n", esc(gapsSummary(r)), translationFiles(t.Name, s.Draft, "../"))
	withFindings, stale, missing := 0, 0, 0
	for _, u := range units {
		if len(u.Findings) > 0 {
			withFindings++
		}
		switch unitState(u) {
		case "stale":
			stale++
		case "missing":
			missing++
		}
	}
	fmt.Fprintf(&b, "<form id=\"filters\"><fieldset><legend>Show</legend>"+
		"<label for=\"show-all\"><input type=\"radio\" name=\"show\" id=\"show-all\" value=\"all\" checked> all items (%d)</label>"+
		"<label for=\"show-findings\"><input type=\"radio\" name=\"show\" id=\"show-findings\" value=\"findings\"> with findings (%d)</label>"+
		"<label for=\"show-stale\"><input type=\"radio\" name=\"show\" id=\"show-stale\" value=\"stale\"> stale (%d)</label>"+
		"<label for=\"show-missing\"><input type=\"radio\" name=\"show\" id=\"show-missing\" value=\"missing\"> missing (%d)</label>"+
		"</fieldset></form>\n<p id=\"filter-status\" role=\"status\" aria-live=\"polite\"></p>\n", len(units), withFindings, stale, missing)
	b.WriteString("<table class=\"side\">\n<caption>Source and translation, item by item</caption>\n<thead><tr><th scope=\"col\">Source</th><th scope=\"col\">Translation</th></tr></thead><tbody>\n")
	citeSource := inDoc(r.Source, "")
	for _, u := range units {
		state := unitState(u)
		fmt.Fprintf(&b, "<tr id=\"%s\" data-state=\"%s\" data-findings=\"%d\"><td lang=\"%s\"><span class=\"num\">%s</span> <strong>%s</strong>",
			esc(u.Source.ID), state, len(u.Findings), esc(r.Source.Lang), esc(u.Source.Label()), esc(titleUnlessLabel(u.Source)))
		if u.State == gaps.StaleState && len(u.Redline) > 0 {
			fmt.Fprintf(&b, "<div class=\"text\">%s</div>", htmlRedline(u.Redline, u.Source.Refs, citeSource))
		} else {
			fmt.Fprintf(&b, "<div class=\"text\">%s</div>", linkedText(u.Source.Text, u.Source.Refs, citeSource))
		}
		b.WriteString("</td>")
		if u.Target != nil {
			fmt.Fprintf(&b, "<td id=\"t-%s\" lang=\"%s\"><span class=\"num\">%s</span> <strong>%s</strong><div class=\"text\">%s</div>",
				esc(u.Target.ID), esc(r.Translation.Lang), esc(n[u.Target.ID]), esc(titleUnlessLabel(u.Target)), linkedText(u.Target.Text, u.Target.Refs, citeSource))
		} else {
			b.WriteString("<td><em>not translated</em>")
		}
		b.WriteString(findingsHTML(u.Findings))
		b.WriteString("</td></tr>\n")
	}
	b.WriteString("</tbody></table>\n")
	var extra []gaps.Finding
	for _, f := range r.Findings {
		if f.SourceID == "" {
			extra = append(extra, f)
		}
	}
	if len(extra) > 0 {
		b.WriteString("<h2>Other findings</h2><ul>\n")
		for _, f := range extra {
			where := ""
			if it := r.Translation.Item(f.TargetID); it != nil {
				where = " " + n.label(it)
			}
			fmt.Fprintf(&b, "<li class=\"finding %s\"><strong>%s</strong>%s: %s</li>\n", esc(string(f.Severity)), esc(f.Check), esc(where), esc(f.Message))
		}
		b.WriteString("</ul>\n")
	}
	return renderBytes(page{Title: t.Name + " · translation", Root: "../", Body: template.HTML(b.String()), Filters: true})
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

// worklistPage is a translator's worklist as a page of the site: what to
// translate (with the source's text), what to update (with the source's
// change and the translation as it stands), what to check. h, when not
// nil, is the source's history from the translation's base: an item to
// update shows each edition's change, and the evidence lines that say
// the same in words are left out.
func worklistPage(t Translation, r *gaps.Report, s TranslationSummary, h *history.History) ([]byte, error) {
	n := targetNames(r)
	var b strings.Builder
	fmt.Fprintf(&b, "<h1>Worklist: %s against %s</h1>\n%s<p>%s.</p>\n", esc(t.Name), esc(t.Source), progressBar(t.Name, s), esc(gapsSummary(r)))
	if r.Base != nil {
		fmt.Fprintf(&b, "<p>Translated from %s; the source is now %s.</p>\n", esc(docName(r.Base)), esc(docName(r.Source)))
	}
	nm := esc(urlPath(t.Name))
	fmt.Fprintf(&b, "<p class=\"files\"><a href=\"../translations/%s.html\">Side by side</a><a href=\"%s.md\">Markdown</a><a href=\"%s.json\">JSON</a><a href=\"../interchange/%s.po\">PO</a><a href=\"../interchange/%s.xlf\">XLIFF</a><a href=\"../interchange/%s.tmx\">TMX</a></p>\n", nm, nm, nm, nm, nm, nm)
	items := worklist(r)
	if len(items) == 0 {
		b.WriteString("<p>Nothing to do.</p>\n")
	}
	part := workKind(-1)
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
		if it.kind != part {
			if part >= 0 {
				b.WriteString("</section>\n")
			}
			part = it.kind
			fmt.Fprintf(&b, "<section aria-labelledby=\"w%d\"><h2 id=\"w%d\">%s (%d)</h2>\n", part, part, workParts[part], count[part])
		}
		if it.kind != workDocument {
			id := ""
			if it.source != nil {
				id = it.source.ID
			} else if it.target != nil {
				id = "t-" + it.target.ID
			}
			fmt.Fprintf(&b, "<h3 id=\"w-%s\">%s</h3>\n", esc(id), esc(n.title(it)))
		}
		b.WriteString("<ul>\n")
		shown := map[string]bool{} // evidence the series part shows
		series := ""
		if h != nil && it.kind == workUpdate && it.source != nil {
			if series = seriesHTML(h, it.source.ID); series != "" {
				lines, _ := seriesLines(h, it.source.ID)
				for _, l := range lines {
					shown[l] = true
				}
			}
		}
		for _, f := range it.findings {
			fmt.Fprintf(&b, "<li class=\"finding %s\"><strong>%s</strong> (%s): %s", esc(string(f.Severity)), esc(f.Check), esc(string(f.Severity)), esc(f.Message))
			for _, e := range f.Evidence {
				if f.Check == gaps.Stale && shown[e] {
					continue
				}
				fmt.Fprintf(&b, "<br><span class=\"meta\">%s</span>", esc(e))
			}
			b.WriteString("</li>\n")
		}
		b.WriteString("</ul>\n")
		switch {
		case it.kind == workTranslate && it.source != nil:
			fmt.Fprintf(&b, "<p>Source text:</p>\n<blockquote lang=\"%s\" class=\"text\">%s</blockquote>\n", esc(r.Source.Lang), linkedText(it.source.Text, it.source.Refs, cite))
		case it.kind == workUpdate:
			b.WriteString(series)
			if len(it.redline) > 0 {
				all := ""
				if series != "" {
					all = ", all editions at once"
				}
				fmt.Fprintf(&b, "<p>The source's change%s:</p>\n<blockquote lang=\"%s\" class=\"text\">%s</blockquote>\n", all, esc(r.Source.Lang), htmlRedline(it.redline, nil, nil))
			}
			if it.target != nil {
				fmt.Fprintf(&b, "<p>The translation now:</p>\n<blockquote lang=\"%s\" class=\"text\">%s</blockquote>\n", esc(r.Translation.Lang), esc(it.target.Text))
			}
		}
	}
	if part >= 0 {
		b.WriteString("</section>\n")
	}
	return renderBytes(page{Title: t.Name + " · worklist", Root: "../", Body: template.HTML(b.String())})
}

// changelogPage is a changelog as a page of the site: the way back to
// the overview, the summary table and the change bar, the contents, the
// entries linked to the items on the editions' document pages, and
// citations linked to the new edition's items.
func changelogPage(pair Pair, c *diff.Comparison, s *ChangelogSummary) ([]byte, error) {
	oldName, newName := pair.Old, pair.New
	var b strings.Builder
	p := &printer{w: &b}
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
	l.htmlBody(p, changelogLinks{
		title:   ChangelogOptions{OldName: oldName, NewName: newName, Title: pair.Title}.changelogTitle(c),
		oldItem: docPage(oldName, c.Old),
		newItem: newItem,
		cite:    func(ref string) string { return newItem(corpus.RefItem(ref)) },
		bar:     changeBar(*s),
	})
	fmt.Fprintf(&b, "<p class=\"files\"><a href=\"../index.html#changelogs\">All changelogs</a><a href=\"%s.md\">Markdown</a><a href=\"%s.json\">JSON</a></p>\n", esc(urlPath(s.Name)), esc(urlPath(s.Name)))
	if p.err != nil {
		return nil, p.err
	}
	return renderBytes(page{Title: s.Name + " · changelog", Root: "../", Body: template.HTML(b.String())})
}
