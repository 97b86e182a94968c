// Package reports renders rulesync's results for people and tools:
// changelogs (Markdown, HTML, text), translators' worklists (Markdown,
// HTML, text), files for translation tools (PO, XLIFF, TMX, TBX), and
// the workspace build that writes all of them with a static HTML site.
package reports

import (
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
)

// ChangelogOptions selects what a changelog shows. The zero value shows
// every change. The summary table always counts every change.
type ChangelogOptions struct {
	// Only keeps the changes of one severity (diff.Substantive or
	// diff.Editorial); "" keeps both.
	Only diff.Severity
	// SkipFrontMatter leaves out the changes of the front matter: the
	// unnumbered items outside any section (title page, preamble); the
	// numbered items of a rulebook without sections are its rules.
	SkipFrontMatter bool
	// OldName and NewName name the sources compared (a workspace's
	// source names, the command's file names); the title gives them when
	// the editions are one (the PDF and the DOCX of tda-2024).
	OldName, NewName string
	// Title, when set, is the changelog's title in place of the one
	// made of the editions' names.
	Title string
}

// Markdown writes the changelog of c with the default options.
func Markdown(w io.Writer, c *diff.Comparison) error { return ChangelogOptions{}.Markdown(w, c) }

// HTML writes the changelog of c as one self-contained page with the
// default options.
func HTML(w io.Writer, c *diff.Comparison) error { return ChangelogOptions{}.HTML(w, c) }

// Text writes the changelog of c for a terminal with the default
// options; color sets ANSI colours beside the word-diff markers.
func Text(w io.Writer, c *diff.Comparison, color bool) error {
	return ChangelogOptions{}.Text(w, c, color)
}

// frontMatter is the section name of the unnumbered items outside any
// section (a title page, a preamble); noSection that of the numbered
// items of a document without sections, which are its rules, not front
// matter.
const (
	frontMatter = "Front matter"
	noSection   = "Rules"
)

// entry is a change with the items it concerns, ready to print.
type entry struct {
	ch       *diff.Change
	old, new *corpus.Item
	section  string
}

// item is the entry's item in the new edition, or in the old one for a
// removed item.
func (e entry) item() *corpus.Item {
	if e.new != nil {
		return e.new
	}
	return e.old
}

// anchor is the entry's id in an HTML changelog: its item's id in the
// edition that has it.
func (e entry) anchor() string {
	if e.new != nil {
		return "c-" + e.new.ID
	}
	return "c-was-" + e.old.ID
}

// label names an item as the changelog does, by its printed number and
// title: "Rule 12: Title", "RP-5: Title", "Addendum 40-A: Title",
// "Regulation 1e2", "Preamble".
func label(it *corpus.Item) string {
	if it == nil {
		return ""
	}
	return it.LabelTitle()
}

// headline is what an entry's first line says after its label: the
// change's summary, in the words of the rule; the reason for an added
// or removed item where the entry quotes its whole text below (in
// Markdown and HTML), so as not to quote it twice.
func headline(e entry, quotesText bool) string {
	if quotesText && (e.ch.Kind == diff.Added || e.ch.Kind == diff.Removed) || e.ch.Summary == "" {
		return e.ch.Reason
	}
	return e.ch.Summary
}

// why is the reason for an entry's severity when its headline does not
// say it already: "negation added: “not”", "" otherwise.
func why(e entry, quotesText bool) string {
	h := headline(e, quotesText)
	if r := e.ch.Reason; r != h && e.ch.Kind != diff.Added && e.ch.Kind != diff.Removed {
		if (e.ch.Kind == diff.Split || e.ch.Kind == diff.Merged) && strings.HasPrefix(h, r) {
			return "" // the summary of a split or merge opens with it
		}
		return r
	}
	return ""
}

// numbering says what the entry is and, for a renumbered item, its old
// number: "modified", "modified; was Rule 12", "added", "removed".
func numbering(e entry) string {
	s := string(e.ch.Kind)
	if e.old != nil && e.new != nil && e.old.Label() != e.new.Label() && e.ch.Kind != diff.Split && e.ch.Kind != diff.Merged {
		s += "; was " + e.old.Label()
	}
	return s
}

// changelog is a comparison as a changelog shows it: the entries the
// options keep, grouped by severity and section.
type changelog struct {
	c       *diff.Comparison
	opt     ChangelogOptions
	groups  []severityGroup
	skipped int // changes the options left out
}

// severityGroup is the entries of one severity, by section in the new
// edition's order.
type severityGroup struct {
	sev      diff.Severity
	sections []sectionGroup
}

type sectionGroup struct {
	name    string
	entries []entry
}

// title is the heading of a severity's part of a changelog.
func (g severityGroup) title() string {
	if g.sev == diff.Substantive {
		return "Substantive changes"
	}
	return "Editorial changes"
}

func (g severityGroup) count() int {
	n := 0
	for _, s := range g.sections {
		n += len(s.entries)
	}
	return n
}

// newChangelog groups the changes of c that opt keeps.
func newChangelog(c *diff.Comparison, opt ChangelogOptions) *changelog {
	l := &changelog{c: c, opt: opt}
	for _, sev := range []diff.Severity{diff.Substantive, diff.Editorial} {
		g := severityGroup{sev: sev}
		at := map[string]int{}
		for i := range c.Changes {
			ch := &c.Changes[i]
			if ch.Severity != sev {
				continue
			}
			e := entry{ch: ch, old: c.OldItem(ch), new: c.NewItem(ch)}
			it := e.item()
			e.section = it.Section
			if e.section == "" {
				e.section = frontMatter
				if it.Number != "" && it.Kind != corpus.KindPreamble {
					e.section = noSection
				}
			}
			if opt.Only != "" && opt.Only != sev || opt.SkipFrontMatter && e.section == frontMatter {
				l.skipped++
				continue
			}
			k, ok := at[e.section]
			if !ok {
				k = len(g.sections)
				at[e.section] = k
				g.sections = append(g.sections, sectionGroup{name: e.section})
			}
			g.sections[k].entries = append(g.sections[k].entries, e)
		}
		if len(g.sections) > 0 {
			l.groups = append(l.groups, g)
		}
	}
	return l
}

// summary counts the changes of c as its change bar does (changeCount).
func summary(c *diff.Comparison) string { return countChanges(c).words() }

// changeCount is what a changelog counts: its changes, substantive and
// editorial, and of the substantive ones those that added or removed an
// item. A changelog's summary line and its change bar on the site both
// read it, so that they say the same numbers.
type changeCount struct {
	total, substantive, editorial, added, removed int
}

// countChanges counts the changes of c.
func countChanges(c *diff.Comparison) changeCount {
	n := changeCount{total: len(c.Changes)}
	for _, ch := range c.Changes {
		switch {
		case ch.Severity == diff.Substantive:
			n.substantive++
		default:
			n.editorial++
		}
		switch ch.Kind {
		case diff.Added:
			n.added++
		case diff.Removed:
			n.removed++
		}
	}
	return n
}

// changed is how many substantive changes kept their item.
func (n changeCount) changed() int { return n.substantive - n.added - n.removed }

// words counts in words: "34 changes (11 substantive, 23 editorial)",
// "139 changes (120 substantive: 58 changed, 29 added, 33 removed; 19
// editorial)".
func (n changeCount) words() string {
	switch {
	case n.total == 0:
		return "no changes"
	case n.added+n.removed == 0:
		return fmt.Sprintf("%s (%d substantive, %d editorial)", count(n.total, "change"), n.substantive, n.editorial)
	}
	return fmt.Sprintf("%s (%d substantive: %d changed, %d added, %d removed; %d editorial)", count(n.total, "change"), n.substantive, n.changed(), n.added, n.removed, n.editorial)
}

// count is n and the noun, plural unless n is 1: "1 change", "3 changes".
func count(n int, noun string) string {
	if n != 1 {
		noun += "s"
	}
	return fmt.Sprintf("%d %s", n, noun)
}

// filters says what the options left out, or "".
func (l *changelog) filters() string {
	var parts []string
	switch l.opt.Only {
	case diff.Substantive:
		parts = append(parts, "only the substantive changes are listed")
	case diff.Editorial:
		parts = append(parts, "only the editorial changes are listed")
	}
	if l.opt.SkipFrontMatter {
		parts = append(parts, "the front matter is left out")
	}
	if len(parts) == 0 {
		return ""
	}
	what := "changes"
	if l.skipped == 1 {
		what = "change"
	}
	return fmt.Sprintf("This changelog is shortened: %s (%d %s not listed; the summary counts them).", strings.Join(parts, " and "), l.skipped, what)
}

// kindOrder is the order of the rows of a changelog's summary table.
var kindOrder = []diff.Kind{diff.Added, diff.Removed, diff.Modified, diff.Retitled, diff.Renumbered, diff.Moved, diff.Split, diff.Merged}

// tableRow is a row of the summary table: a kind of change and how many
// changes of it are substantive and editorial.
type tableRow struct {
	kind                          string
	substantive, editorial, total int
}

// table counts the changes by kind and severity, the kinds with none
// left out, and a total row last.
func table(c *diff.Comparison) []tableRow {
	var rows []tableRow
	total := tableRow{kind: "total"}
	for _, k := range kindOrder {
		r := tableRow{kind: string(k)}
		for _, ch := range c.Changes {
			if ch.Kind != k {
				continue
			}
			if ch.Severity == diff.Substantive {
				r.substantive++
			} else {
				r.editorial++
			}
			r.total++
		}
		if r.total > 0 {
			rows = append(rows, r)
			total.substantive += r.substantive
			total.editorial += r.editorial
			total.total += r.total
		}
	}
	return append(rows, total)
}

// scopeItems lists the items of a scope note by printed number and
// title, the preambles left out.
func scopeItems(c *diff.Comparison, n diff.ScopeNote) []*corpus.Item {
	d := c.New
	if n.InOld {
		d = c.Old
	}
	var out []*corpus.Item
	for _, i := range n.Items {
		if it := &d.Items[i]; it.Kind != corpus.KindPreamble {
			out = append(out, it)
		}
	}
	return out
}

// scopeHeading is the heading of the list of a scope note's items: "Not
// in tda-2022: Recommended Procedures and Illustration Addendum".
func scopeHeading(c *diff.Comparison, n diff.ScopeNote) string {
	lacks := c.Old
	if n.InOld {
		lacks = c.New
	}
	return "Not in " + lacks.Name() + ": " + joinAnd(n.Names)
}

// joinAnd joins names as a sentence does: "A", "A and B", "A, B and C".
func joinAnd(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// moveLabel names the item a moved sentence left or reached.
func moveLabel(d *corpus.Document, id string) string {
	if it := d.Item(id); it != nil {
		return it.Label()
	}
	return corpus.RefLabel(id)
}

// edition names an edition as its publisher prints it: the document's
// title, when it is one (not the heading of one of its items), and the
// line that carries its date, cut to the sentence that does when that is
// short ("WCA Regulations, May 1, 2021"; "POKER TOURNAMENT
// DIRECTORS ASSOCIATION, 2022 Rules Version 1.0, Sept 17, 2022"), else
// the date as printed. Without a printed date or title, the edition's
// name, version and date as rulesync read them.
func edition(d *corpus.Document) string {
	title := strings.TrimSpace(d.Title)
	for i := range d.Items {
		it := &d.Items[i]
		if i == 0 && it.Number == "" && it.Title == title && it.Text != "" {
			// The document's own heading, an item only because text
			// stands under it before its first division (a subtitle,
			// an adoption line): the title.
			continue
		}
		if title != "" && (it.Title == title || it.Label() == title) {
			title = "" // a heading of the text, not the document's title
		}
	}
	printed := ""
	if d.DateText != "" {
		printed = d.DateText
		if l := dateLine(d); l != "" {
			printed = l
		}
	}
	var parts []string
	if title != "" && !strings.Contains(printed, title) {
		parts = append(parts, title)
	}
	if printed != "" && !strings.Contains(title, printed) {
		parts = append(parts, printed)
	}
	if len(parts) > 0 {
		return strings.Join(parts, ", ")
	}
	s := d.Name()
	if d.Version != "" {
		s += " version " + d.Version
	}
	if d.Date != "" {
		s += " (" + d.Date + ")"
	}
	return s
}

// maxDateLine is the most words of a printed line (or sentence) that
// names an edition with its date.
const maxDateLine = 12

// dateLine is the line of the document's front (its title, its first
// items) that prints its date, or the sentence of it that does, when it
// is short enough to name the edition: "2022 Rules Version 1.0, Sept
// 17, 2022", "Version 1.7 ratified on August 14th, 2016"; "" otherwise.
func dateLine(d *corpus.Document) string {
	texts := []string{d.Title}
	for i := range d.Items {
		if i >= 5 {
			break
		}
		texts = append(texts, d.Items[i].Title, d.Items[i].Text)
	}
	for _, t := range texts {
		for _, line := range strings.Split(t, "\n") {
			if !strings.Contains(line, d.DateText) {
				continue
			}
			if words(line) <= maxDateLine {
				return strings.TrimSpace(line)
			}
			for _, sent := range sentencesOf(line) {
				if strings.Contains(sent, d.DateText) && words(sent) <= maxDateLine {
					return strings.TrimSpace(sent)
				}
			}
			return ""
		}
	}
	return ""
}

// words counts the words of s: its fields, and in a script written
// without spaces between words (Han, kana, Thai, Lao, Khmer, Myanmar) a
// word for every two letters of it, so that a sentence of Chinese is
// not one word.
func words(s string) int {
	n := 0
	for _, f := range strings.Fields(s) {
		unspaced := 0
		for _, r := range f {
			if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar) {
				unspaced++
			}
		}
		n += max(1, (unspaced+1)/2)
	}
	return n
}

// sentencesOf cuts a line after each full stop, question or exclamation
// mark that white space follows (or a CJK full stop), the marks left
// out.
func sentencesOf(line string) []string {
	var out []string
	start := 0
	rs := []rune(line)
	for i, r := range rs {
		if (r == '.' || r == '!' || r == '?') && (i+1 == len(rs) || unicode.IsSpace(rs[i+1])) || r == '。' {
			out = append(out, string(rs[start:i]))
			start = i + 1
		}
	}
	if start < len(rs) {
		out = append(out, string(rs[start:]))
	}
	return out
}

// changelogTitle is a changelog's title: the one the options set, else
// changelogTitle's.
func (o ChangelogOptions) changelogTitle(c *diff.Comparison) string {
	if o.Title != "" {
		return o.Title
	}
	return changelogTitle(c, o.OldName, o.NewName)
}

// changelogTitle is a changelog's title: the editions compared, and the
// source names when the editions are one (a PDF and a DOCX of
// tda-2024).
func changelogTitle(c *diff.Comparison, oldName, newName string) string {
	if edition(c.Old) == edition(c.New) && oldName != "" && newName != "" && oldName != newName {
		return fmt.Sprintf("Changes from %s to %s (both %s)", oldName, newName, edition(c.New))
	}
	return fmt.Sprintf("Changes from %s to %s", edition(c.Old), edition(c.New))
}

type printer struct {
	w   io.Writer
	err error
}

func (p *printer) f(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, args...)
	}
}
