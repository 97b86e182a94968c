// Package reports renders rulesync's results for people and tools:
// changelogs in Markdown, HTML and text.
package reports

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
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

// label names an item as the changelog does: "Rule 12: Title",
// "RP-5: Title", "Addendum 40-A: Title", "Regulation 1e2".
func label(it *corpus.Item) string {
	if it == nil {
		return ""
	}
	name := map[corpus.Kind]string{corpus.KindRule: "Rule ", corpus.KindRP: "RP-", corpus.KindAddendum: "Addendum ",
		corpus.KindRegulation: "Regulation ", corpus.KindGuideline: "Guideline ", corpus.KindSection: "", corpus.KindPreamble: "Preamble"}[it.Kind]
	s := name + it.Number
	if it.Number == "" && it.Kind != corpus.KindPreamble {
		s = it.ID
	}
	if it.Title != "" {
		if s != "" {
			s += ": "
		}
		s += it.Title
	}
	return s
}

// numbering says "12 -> 13" for a renumbered item, "12" otherwise.
func numbering(e entry) string {
	switch {
	case e.old == nil:
		return "new " + e.new.ID
	case e.new == nil:
		return "was " + e.old.ID
	case e.old.ID != e.new.ID:
		return e.old.ID + " -> " + e.new.ID
	}
	return e.new.ID
}

// grouped returns the entries of one severity by section, in the new
// edition's order of sections.
func grouped(c *diff.Comparison, sev diff.Severity) ([]string, map[string][]entry) {
	var order []string
	by := map[string][]entry{}
	for i := range c.Changes {
		ch := &c.Changes[i]
		if ch.Severity != sev {
			continue
		}
		e := entry{ch: ch, old: c.OldItem(ch), new: c.NewItem(ch)}
		switch {
		case e.new != nil:
			e.section = e.new.Section
		case e.old != nil:
			e.section = e.old.Section
		}
		if e.section == "" {
			e.section = "Front matter"
		}
		if _, ok := by[e.section]; !ok {
			order = append(order, e.section)
		}
		by[e.section] = append(by[e.section], e)
	}
	return order, by
}

// summary counts the changes by kind.
func summary(c *diff.Comparison) string {
	counts := map[diff.Kind]int{}
	for _, ch := range c.Changes {
		counts[ch.Kind]++
	}
	var parts []string
	for _, k := range []diff.Kind{diff.Added, diff.Removed, diff.Modified, diff.Retitled, diff.Renumbered, diff.Moved, diff.Split, diff.Merged} {
		if counts[k] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[k], k))
		}
	}
	if len(parts) == 0 {
		return "no changes"
	}
	return fmt.Sprintf("%d changes (%d substantive, %d editorial): %s", len(c.Changes), c.Count(diff.Substantive), c.Count(diff.Editorial), strings.Join(parts, ", "))
}

func edition(d *corpus.Document) string {
	s := d.Edition
	if d.Version != "" {
		s += " version " + d.Version
	}
	if d.Date != "" {
		s += " (" + d.Date + ")"
	}
	return s
}

// Markdown writes a changelog a rules committee could publish: a summary,
// then the substantive changes and the editorial ones, each grouped by
// section in the order of the new edition, every entry with its old and
// new numbers, the reason for its severity and a redline (<del>, <ins>);
// then sentences that moved between rules and cross-references still
// citing old numbers.
func Markdown(w io.Writer, c *diff.Comparison) error {
	p := &printer{w: w}
	p.f("# Changes from %s to %s\n\n", mdEscape(edition(c.Old)), mdEscape(edition(c.New)))
	p.f("%s.\n", summary(c))
	for _, sev := range []diff.Severity{diff.Substantive, diff.Editorial} {
		order, by := grouped(c, sev)
		if len(order) == 0 {
			continue
		}
		title := map[diff.Severity]string{diff.Substantive: "Substantive changes", diff.Editorial: "Editorial changes"}[sev]
		p.f("\n## %s\n", title)
		for _, sec := range order {
			p.f("\n### %s\n\n", mdEscape(sec))
			for _, e := range by[sec] {
				p.mdEntry(e)
			}
		}
	}
	if len(c.Moves) > 0 {
		p.f("\n## Text moved between rules\n\n")
		for _, m := range c.Moves {
			p.f("- From %s to %s: “%s”\n", mdEscape(m.OldID), mdEscape(m.NewID), mdEscape(m.Text))
		}
	}
	if len(c.StaleRefs) > 0 {
		p.f("\n## Cross-references to check\n\n")
		for _, s := range c.StaleRefs {
			p.f("- %s\n", mdEscape(s.Reason))
		}
	}
	return p.err
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

func (p *printer) mdEntry(e entry) {
	it := e.item()
	head := mdEscape(label(it))
	if e.ch.Kind == diff.Split || e.ch.Kind == diff.Merged {
		head = fmt.Sprintf("%s (%s)", head, e.ch.Kind)
	}
	p.f("- **%s** (%s, %s): %s.\n", head, mdEscape(numbering(e)), e.ch.Kind, mdEscape(e.ch.Reason))
	if e.ch.TitleChanged && e.old != nil {
		p.f("  Title: %s\n", mdRedline(e.ch.TitleSpans))
	}
	switch {
	case e.ch.Kind == diff.Added:
		p.f("\n  > %s\n\n", mdQuote(it.Text))
	case e.ch.Kind == diff.Removed:
		p.f("\n  > <del>%s</del>\n\n", mdQuote(it.Text))
	case len(e.ch.Spans) > 0:
		p.f("\n  > %s\n\n", mdRedline(e.ch.Spans))
	}
}

// mdRedline renders spans with <del> and <ins>, paragraphs kept: a tag
// never spans a paragraph break, so that every paragraph renders alone.
func mdRedline(spans []diff.Span) string {
	var b strings.Builder
	for _, s := range spans {
		open, close := "", ""
		switch s.Op {
		case diff.Delete:
			open, close = "<del>", "</del>"
		case diff.Insert:
			open, close = "<ins>", "</ins>"
		}
		for i, para := range strings.Split(s.Text, "\n") {
			if i > 0 {
				b.WriteString("\n  >\n  > ")
			}
			if strings.TrimSpace(para) != "" {
				b.WriteString(open + mdEscape(para) + close)
			} else {
				b.WriteString(para)
			}
		}
	}
	return b.String()
}

// Text writes the changelog for a terminal: one block per change, with
// deletions and insertions in red and green when color is set, in [-...-]
// and {+...+} otherwise, as git diff --word-diff does.
func Text(w io.Writer, c *diff.Comparison, color bool) error {
	p := &printer{w: w}
	p.f("%s -> %s: %s\n", edition(c.Old), edition(c.New), summary(c))
	marks := diff.WordDiff
	if color {
		marks = diff.Markers{DelStart: "\x1b[31m", DelEnd: "\x1b[0m", InsStart: "\x1b[32m", InsEnd: "\x1b[0m"}
	}
	for i := range c.Changes {
		ch := &c.Changes[i]
		e := entry{ch: ch, old: c.OldItem(ch), new: c.NewItem(ch)}
		it := e.item()
		p.f("\n%s %s (%s, %s): %s\n", ch.Severity, label(it), numbering(e), ch.Kind, ch.Reason)
		if r := marks.Render(ch.Spans); r != "" {
			p.f("  %s\n", strings.ReplaceAll(r, "\n", "\n  "))
		}
	}
	for _, m := range c.Moves {
		p.f("\nmoved text from %s to %s: %q\n", m.OldID, m.NewID, m.Text)
	}
	for _, s := range c.StaleRefs {
		p.f("\nstale reference: %s\n", s.Reason)
	}
	return p.err
}

// HTML writes the changelog as one self-contained page: the Markdown
// changelog's structure, styles inline, no script and no external
// request.
func HTML(w io.Writer, c *diff.Comparison) error {
	p := &printer{w: w}
	title := fmt.Sprintf("Changes from %s to %s", edition(c.Old), edition(c.New))
	p.f("<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta http-equiv=\"Content-Security-Policy\" content=\"%s\">\n<title>%s</title>\n<style>\n%s</style>\n</head>\n<body>\n<main>\n<h1>%s</h1>\n<p>%s.</p>\n",
		esc(c.New.Lang), changelogCSP, esc(title), changelogCSS, esc(title), esc(summary(c)))
	for _, sev := range []diff.Severity{diff.Substantive, diff.Editorial} {
		order, by := grouped(c, sev)
		if len(order) == 0 {
			continue
		}
		name := map[diff.Severity]string{diff.Substantive: "Substantive changes", diff.Editorial: "Editorial changes"}[sev]
		p.f("<section class=\"%s\">\n<h2>%s</h2>\n", sev, name)
		for _, sec := range order {
			p.f("<h3>%s</h3>\n<ul>\n", esc(sec))
			for _, e := range by[sec] {
				it := e.item()
				p.f("<li id=\"%s\"><p><strong>%s</strong> <span class=\"meta\">(%s, %s)</span>: %s.</p>\n",
					esc(strings.ReplaceAll(numbering(e), " ", "_")), esc(label(it)), esc(numbering(e)), e.ch.Kind, esc(e.ch.Reason))
				if e.ch.TitleChanged && e.old != nil {
					p.f("<p>Title: %s</p>\n", htmlRedline(e.ch.TitleSpans))
				}
				switch {
				case e.ch.Kind == diff.Added:
					p.f("<blockquote><ins>%s</ins></blockquote>\n", htmlText(it.Text))
				case e.ch.Kind == diff.Removed:
					p.f("<blockquote><del>%s</del></blockquote>\n", htmlText(it.Text))
				case len(e.ch.Spans) > 0:
					p.f("<blockquote>%s</blockquote>\n", htmlRedline(e.ch.Spans))
				}
				p.f("</li>\n")
			}
			p.f("</ul>\n")
		}
		p.f("</section>\n")
	}
	if len(c.Moves) > 0 {
		p.f("<section><h2>Text moved between rules</h2>\n<ul>\n")
		for _, m := range c.Moves {
			p.f("<li>From %s to %s: “%s”</li>\n", esc(m.OldID), esc(m.NewID), esc(m.Text))
		}
		p.f("</ul></section>\n")
	}
	if len(c.StaleRefs) > 0 {
		p.f("<section><h2>Cross-references to check</h2>\n<ul>\n")
		refs := append([]diff.StaleRef(nil), c.StaleRefs...)
		sort.SliceStable(refs, func(i, j int) bool { return refs[i].In < refs[j].In })
		for _, s := range refs {
			p.f("<li>%s</li>\n", esc(s.Reason))
		}
		p.f("</ul></section>\n")
	}
	p.f("</main>\n</body>\n</html>\n")
	return p.err
}

// changelogCSP is the changelog page's Content-Security-Policy: its one
// inline style sheet (by its sha256), nothing else.
var changelogCSP = func() string {
	sum := sha256.Sum256([]byte("\n" + changelogCSS))
	return "default-src 'none'; style-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'; base-uri 'none'; form-action 'none'"
}()

func htmlRedline(spans []diff.Span) string {
	var b strings.Builder
	for _, s := range spans {
		t := htmlText(s.Text)
		switch s.Op {
		case diff.Delete:
			t = "<del>" + t + "</del>"
		case diff.Insert:
			t = "<ins>" + t + "</ins>"
		}
		b.WriteString(t)
	}
	return b.String()
}

const changelogCSS = `body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #fff; }
main { max-width: 50rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.6rem; } h2 { margin-top: 2rem; border-bottom: 1px solid #ccc; } h3 { margin-bottom: .3rem; }
ul { padding-left: 1.2rem; } li { margin: .8rem 0; }
.meta { color: #555; font-size: .9em; }
blockquote { margin: .3rem 0 0 0; padding: .3rem .8rem; border-left: 4px solid #ddd; background: #fafafa; }
del { background: #ffe0e0; color: #8a1010; } ins { background: #dff5df; color: #0b5a0b; text-decoration: none; border-bottom: 1px solid #0b5a0b; }
@media (prefers-color-scheme: dark) { body { background: #151515; color: #eee; } blockquote { background: #222; border-color: #444; } .meta { color: #aaa; } del { background: #4a1c1c; color: #ffb4b4; } ins { background: #1c3d1c; color: #b8f0b8; } }
`
