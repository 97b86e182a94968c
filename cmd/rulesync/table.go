package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/reports"
)

// writeTable prints a document's header and one row per item: id, number,
// title, flags and the start of the text, in columns padded by display
// width so that Japanese and Chinese text lines up; color sets the
// header row in bold.
func writeTable(w io.Writer, d *corpus.Document, color bool) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s  %s  %q", d.Name(), d.Lang, d.Title)
	if d.Version != "" {
		fmt.Fprintf(bw, "  version %s", d.Version)
	}
	if d.Date != "" {
		fmt.Fprintf(bw, "  %s", d.Date)
	}
	fmt.Fprintf(bw, "  (%s, %d items", d.Source.Format, len(d.Items))
	for _, k := range []corpus.Kind{corpus.KindRule, corpus.KindRP, corpus.KindAddendum, corpus.KindRegulation, corpus.KindGuideline, corpus.KindDefinition, corpus.KindSection, corpus.KindPreamble} {
		if n := d.Count(k); n > 0 {
			fmt.Fprintf(bw, ", %d %s", n, k)
		}
	}
	fmt.Fprintln(bw, ")")
	rows := [][]string{{"ID", "NUMBER", "TITLE", "FLAGS", "TEXT"}}
	for _, it := range d.Items {
		var flags []string
		for _, f := range it.Flags {
			flags = append(flags, string(f))
		}
		rows = append(rows, []string{it.ID, it.Number, clip(it.Title, 40), strings.Join(flags, ","), clip(it.Text, 50)})
	}
	columns(bw, rows, color)
	return bw.Flush()
}

// bold is the ANSI escape for bold text, and its end.
const bold, plain = "\x1b[1m", "\x1b[0m"

// columns prints rows in columns padded by display width, the first row
// (the header) in bold when color is set.
func columns(bw *bufio.Writer, rows [][]string, color bool) {
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], corpus.Width(c))
		}
	}
	for k, r := range rows {
		var line strings.Builder
		for i, c := range r {
			line.WriteString(c)
			if i < len(r)-1 {
				line.WriteString(strings.Repeat(" ", widths[i]-corpus.Width(c)+2))
			}
		}
		l := strings.TrimRight(line.String(), " ")
		if k == 0 && color {
			l = bold + l + plain
		}
		fmt.Fprintln(bw, l)
	}
}

// writeAlignment prints an alignment: one row per pair (source id and
// title, target id and title, score, evidence), low-confidence pairs
// marked "?", then the items left unmatched on each side; color sets
// the header row in bold.
func writeAlignment(w io.Writer, al *align.Alignment, color bool) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s %s -> %s %s: %d pairs, %d low confidence, %d source and %d target items unmatched\n",
		al.Source.Name(), al.Source.Lang, al.Target.Name(), al.Target.Lang, len(al.Pairs), countLow(al), len(al.UnmatchedSource), len(al.UnmatchedTarget))
	rows := [][]string{{"SOURCE", "TITLE", "TARGET", "TITLE", "SCORE", "ID BY", "EVIDENCE"}}
	numbered := al.Numbered()
	for _, p := range al.Pairs {
		s, t := &al.Source.Items[p.Source[0]], &al.Target.Items[p.Target[0]]
		sid, tid := s.ID, t.ID
		if len(p.Source) > 1 {
			sid += "+" + al.Source.Items[p.Source[1]].ID
		}
		if len(p.Target) > 1 {
			tid += "+" + al.Target.Items[p.Target[1]].ID
		}
		if n := numbered.Items[p.Target[0]].ID; n != t.ID {
			tid += "=" + n // the source's number, which the target lacks
		}
		if own := al.OwnID(p.Target[0]); own != "" && own != t.ID {
			tid = own + "=" + tid // read through the source: its own id, then the source's
		}
		by := t.IDSource
		if by == "" {
			by = "-"
		}
		score := fmt.Sprintf("%.2f", p.Score)
		if p.Low {
			score += "?"
		}
		var ev []string
		for _, e := range p.Evidence {
			ev = append(ev, e.String())
		}
		rows = append(rows, []string{sid, clip(s.Title, 30), tid, clip(orText(t), 30), score, by, clip(strings.Join(ev, "; "), 90)})
	}
	columns(bw, rows, color)
	for _, side := range []struct {
		name string
		d    *corpus.Document
		idx  []int
	}{{"source", al.Source, al.UnmatchedSource}, {"target", al.Target, al.UnmatchedTarget}} {
		if len(side.idx) == 0 {
			continue
		}
		fmt.Fprintf(bw, "\nunmatched %s items (%d):\n", side.name, len(side.idx))
		for _, i := range side.idx {
			it := &side.d.Items[i]
			fmt.Fprintf(bw, "  %s  %s\n", it.ID, clip(orText(it), 60))
		}
	}
	return bw.Flush()
}

// writePivot prints an N-way alignment: one row per pivot item with its
// partner in each target; color sets the header row in bold.
func writePivot(w io.Writer, als []*align.Alignment, color bool) error {
	bw := bufio.NewWriter(w)
	head := []string{"SOURCE", "TITLE"}
	for _, al := range als {
		head = append(head, al.Target.Lang+" "+al.Target.Name())
	}
	rows := [][]string{head}
	for _, r := range align.Rows(als) {
		it := &als[0].Source.Items[r.Source]
		row := []string{it.ID, clip(it.Title, 30)}
		for k, ts := range r.Targets {
			cell := "-"
			if len(ts) > 0 {
				cell = als[k].Target.Items[ts[0]].ID
				if len(ts) > 1 {
					cell += "+" + als[k].Target.Items[ts[1]].ID
				}
				cell += fmt.Sprintf(" %.2f", r.Scores[k])
			}
			row = append(row, cell)
		}
		rows = append(rows, row)
	}
	columns(bw, rows, color)
	return bw.Flush()
}

func countLow(al *align.Alignment) int {
	n := 0
	for _, p := range al.Pairs {
		if p.Low {
			n++
		}
	}
	return n
}

// orText is an item's title, or the start of its text when it has none.
func orText(it *corpus.Item) string {
	if it.Title != "" {
		return it.Title
	}
	return it.Text
}

// clip returns the first line of s cut to at most n display columns, with
// "…" when it was cut.
func clip(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if corpus.Width(s) <= n {
		return s
	}
	var b strings.Builder
	w := 0
	for _, r := range s {
		rw := corpus.Width(string(r))
		if w+rw > n-1 {
			break
		}
		b.WriteRune(r)
		w += rw
	}
	return b.String() + "…"
}

// progressLine prints one step of a build on a terminal.
func progressLine(w io.Writer, e reports.Event) {
	switch {
	case !e.Done:
		fmt.Fprintf(w, "%-7s %s ...\n", e.Stage, e.Name)
	case e.Err != nil:
		fmt.Fprintf(w, "%-7s %s: FAILED: %v\n", e.Stage, e.Name, e.Err)
	case e.Cached:
		fmt.Fprintf(w, "%-7s %s: done (cached)\n", e.Stage, e.Name)
	default:
		fmt.Fprintf(w, "%-7s %s: done\n", e.Stage, e.Name)
	}
}

// writeSummary prints the tables that end a build: documents,
// changelogs (by the sources' names), translations and the documents
// checked alone; color sets the header rows in bold.
func writeSummary(w io.Writer, s *reports.Summary, out string, color bool) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "built %s: %d files", out, s.Files)
	if s.Pruned > 0 {
		fmt.Fprintf(bw, "; %d cache entries unused for a day removed", s.Pruned)
	}
	fmt.Fprint(bw, "\n\n")
	rows := [][]string{{"DOCUMENT", "EDITION", "LANG", "ITEMS", "CACHE"}}
	for _, d := range s.Documents {
		c := "read"
		if d.Cached {
			c = "cached"
		}
		rows = append(rows, []string{d.Name, d.Edition, d.Lang, fmt.Sprint(d.Items), c})
	}
	for _, f := range s.Failed {
		rows = append(rows, []string{f.Name, "-", "-", "-", "FAILED"})
	}
	columns(bw, rows, color)
	// The pairs and translations not built are in their tables, marked.
	var skippedDiffs, skippedTranslations []string
	for _, k := range s.Skipped {
		switch k.Kind {
		case "changelog":
			skippedDiffs = append(skippedDiffs, k.Name)
		case "translation":
			skippedTranslations = append(skippedTranslations, k.Name)
		}
	}
	if len(s.Changelogs)+len(skippedDiffs) > 0 {
		fmt.Fprintln(bw)
		rows = [][]string{{"CHANGELOG", "CHANGES", "SUBSTANTIVE", "EDITORIAL", "SCOPE"}}
		for _, c := range s.Changelogs {
			scope := "same"
			switch {
			case c.Caution != "":
				scope = "languages differ (see the changelog)"
			case len(c.Scope) > 0:
				scope = "differs (see the changelog)"
			}
			rows = append(rows, []string{c.OldName + " -> " + c.NewName, fmt.Sprint(c.Changes), fmt.Sprint(c.Substantive), fmt.Sprint(c.Editorial), scope})
		}
		for _, n := range skippedDiffs {
			rows = append(rows, []string{n, "-", "-", "-", "NOT BUILT"})
		}
		columns(bw, rows, color)
	}
	if len(s.Translations)+len(skippedTranslations) > 0 {
		fmt.Fprintln(bw)
		// The segments by state, as the site, the worklists and the
		// PO and XLIFF count them (gaps.Progress).
		rows = [][]string{{"TRANSLATION", "SOURCE", "SEGMENTS", "TRANSLATED", "STALE", "FUZZY", "UNTRANSLATED", "FINDINGS", "ERRORS"}}
		for _, t := range s.Translations {
			p := t.Progress
			rows = append(rows, []string{t.Name, t.Source, fmt.Sprint(p.Total()), fmt.Sprintf("%d (%.1f%%)", p.Translated, p.Percent(p.Translated)),
				fmt.Sprint(p.Stale), fmt.Sprint(p.Fuzzy), fmt.Sprint(p.Untranslated), fmt.Sprint(t.Findings), fmt.Sprint(t.Errors)})
		}
		for _, n := range skippedTranslations {
			rows = append(rows, []string{n, "-", "-", "-", "-", "-", "-", "-", "NOT BUILT"})
		}
		columns(bw, rows, color)
	}
	if len(s.Checks) > 0 {
		fmt.Fprintln(bw)
		rows = [][]string{{"CHECKED ALONE", "LANG", "ITEMS", "ERRORS", "WARNINGS", "INFO"}}
		for _, c := range s.Checks {
			rows = append(rows, []string{c.Name, c.Lang, fmt.Sprint(c.Items), fmt.Sprint(c.Errors), fmt.Sprint(c.Warnings), fmt.Sprint(c.Info)})
		}
		columns(bw, rows, color)
	}
	return bw.Flush()
}
