package reports

import (
	"io"
	"strings"

	"github.com/rulesync/rulesync/diff"
)

// ANSI colours of a terminal changelog and report.
const (
	ansiRed, ansiGreen, ansiYellow, ansiBold, ansiReset = "\x1b[31m", "\x1b[32m", "\x1b[33m", "\x1b[1m", "\x1b[0m"
)

// Text writes the changelog for a terminal: the summary and scope notes,
// then one block per change, substantive first, with deletions and
// insertions in [-...-] and {+...+} as git diff --word-diff writes them,
// and in red and green as well when color is set (the markers stay, for
// readers who cannot tell the colours apart and for copies of the text).
func (o ChangelogOptions) Text(w io.Writer, c *diff.Comparison, color bool) error {
	l := newChangelog(c, o)
	p := &printer{w: w}
	switch {
	case o.Title != "":
		p.f("%s: %s\n", o.Title, summary(c))
	case edition(c.Old) == edition(c.New) && o.OldName != "" && o.NewName != "" && o.OldName != o.NewName:
		p.f("%s -> %s (both %s): %s\n", o.OldName, o.NewName, edition(c.New), summary(c))
	default:
		p.f("%s -> %s: %s\n", edition(c.Old), edition(c.New), summary(c))
	}
	if f := l.filters(); f != "" {
		p.f("%s\n", f)
	}
	if c.Caution != "" {
		p.f("caution: %s\n", c.Caution)
	}
	for _, n := range c.Scope {
		p.f("scope: %s\n", n.Note)
	}
	marks := diff.WordDiff
	if color {
		marks = diff.Markers{DelStart: ansiRed + "[-", DelEnd: "-]" + ansiReset, InsStart: ansiGreen + "{+", InsEnd: "+}" + ansiReset}
	}
	for _, g := range l.groups {
		for _, sec := range g.sections {
			for _, e := range sec.entries {
				sev := string(e.ch.Severity)
				if color && e.ch.Severity == diff.Substantive {
					sev = ansiBold + sev + ansiReset
				}
				p.f("\n%s %s (%s): %s\n", sev, label(e.item()), numbering(e), headline(e, false))
				if w := why(e, false); w != "" {
					p.f("  why %s: %s\n", e.ch.Severity, w)
				}
				if r := marks.Render(e.ch.Spans); r != "" {
					p.f("  %s\n", strings.ReplaceAll(r, "\n", "\n  "))
				}
			}
		}
	}
	for _, n := range c.Scope {
		p.f("\n%s:\n", scopeHeading(c, n))
		for _, it := range scopeItems(c, n) {
			p.f("  %s\n", label(it))
		}
	}
	for _, m := range c.Moves {
		p.f("\nmoved text from %s to %s: “%s”\n", moveLabel(c.Old, m.OldID), moveLabel(c.New, m.NewID), m.Text)
	}
	for _, s := range c.StaleRefs {
		p.f("\nstale reference: %s\n", s.Reason)
	}
	return p.err
}
