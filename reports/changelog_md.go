package reports

import (
	"io"
	"strconv"
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
)

// Markdown writes a changelog a rules committee could publish: a
// summary and a table of the changes by kind and severity first, a
// note on what only one edition contains, the contents, then the
// substantive changes and the editorial ones, each grouped by section in
// the order of the new edition, every entry with its printed number (and
// its old one if it changed), the reason for its severity and a redline
// (<del>, <ins>); then what only one edition contains, sentences that
// moved between rules and cross-references still citing old numbers.
func (o ChangelogOptions) Markdown(w io.Writer, c *diff.Comparison) error {
	l := newChangelog(c, o)
	p := &printer{w: w}
	p.f("# %s\n\n", mdEscape(o.changelogTitle(c)))
	p.f("%s.", summary(c))
	if f := l.filters(); f != "" {
		p.f(" %s", f)
	}
	p.f("\n")
	if len(c.Changes) > 0 {
		p.f("\n| change | substantive | editorial | total |\n| --- | ---: | ---: | ---: |\n")
		for _, r := range table(c) {
			k := r.kind
			if k == "total" {
				k = "**total**"
			}
			p.f("| %s | %d | %d | %d |\n", k, r.substantive, r.editorial, r.total)
		}
	}
	if c.Caution != "" {
		p.f("\n**Caution.** %s\n", mdEscape(c.Caution))
	}
	for _, n := range c.Scope {
		p.f("\n**Scope.** %s\n", mdEscape(n.Note))
	}
	if toc := l.mdContents(); toc != "" {
		p.f("\n## Contents\n\n%s", toc)
	}
	for _, g := range l.groups {
		p.f("\n## %s\n", g.title())
		for _, sec := range g.sections {
			p.f("\n### %s\n\n", mdEscape(sec.name))
			for _, e := range sec.entries {
				p.mdEntry(e)
			}
		}
	}
	for _, n := range c.Scope {
		p.f("\n## %s\n\n", mdEscape(scopeHeading(c, n)))
		for _, it := range scopeItems(c, n) {
			p.f("- %s\n", mdEscape(label(it)))
		}
	}
	if len(c.Moves) > 0 {
		p.f("\n## Text moved between rules\n\n")
		for _, m := range c.Moves {
			p.f("- From %s to %s: “%s”\n", mdEscape(moveLabel(c.Old, m.OldID)), mdEscape(moveLabel(c.New, m.NewID)), mdEscape(m.Text))
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

// mdContents is the list of a Markdown changelog's parts, linked by the
// anchors GitHub and most renderers give headings.
func (l *changelog) mdContents() string {
	var b strings.Builder
	// A heading that recurs takes "-1", "-2", ... as GitHub numbers them.
	used := map[string]int{}
	anchor := func(h string) string {
		a := mdAnchor(h)
		n := used[a]
		used[a]++
		if n > 0 {
			a += "-" + strconv.Itoa(n)
		}
		return a
	}
	anchor("Contents")
	for _, g := range l.groups {
		b.WriteString("- [" + g.title() + "](#" + anchor(g.title()) + ") (" + strconv.Itoa(g.count()) + ")\n")
		for _, s := range g.sections {
			b.WriteString("  - [" + mdEscape(s.name) + "](#" + anchor(s.name) + ") (" + strconv.Itoa(len(s.entries)) + ")\n")
		}
	}
	for _, n := range l.c.Scope {
		h := scopeHeading(l.c, n)
		b.WriteString("- [" + mdEscape(h) + "](#" + anchor(h) + ")\n")
	}
	if len(l.c.Moves) > 0 {
		b.WriteString("- [Text moved between rules](#text-moved-between-rules)\n")
	}
	if len(l.c.StaleRefs) > 0 {
		b.WriteString("- [Cross-references to check](#cross-references-to-check)\n")
	}
	if len(l.groups) < 2 && len(l.c.Scope) == 0 {
		return "" // one part needs no contents
	}
	return b.String()
}

func (p *printer) mdEntry(e entry) {
	it := e.item()
	p.f("- **%s** (%s): %s.\n", mdEscape(label(it)), mdEscape(numbering(e)), mdEscape(headline(e, true)))
	if w := why(e, true); w != "" {
		p.f("  Why %s: %s.\n", e.ch.Severity, mdEscape(w))
	}
	if e.ch.TitleChanged && e.old != nil {
		p.f("  Title: %s\n", mdRedline(e.ch.TitleSpans))
	}
	switch {
	case e.ch.Kind == diff.Added && it.Text != "":
		p.f("\n  > %s\n\n", mdQuote(it.Text))
	case e.ch.Kind == diff.Removed && it.Text != "":
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

// mdAnchor is the anchor GitHub gives a heading: lower case, letters,
// digits, spaces as hyphens, other punctuation dropped.
func mdAnchor(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || corpus.Slug(string(r)) != "":
			b.WriteRune(r)
		}
	}
	return b.String()
}
