package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// writeTable prints a document's header and one row per item: id, number,
// title, flags and the start of the text, in columns padded by display
// width so that Japanese and Chinese text lines up.
func writeTable(w io.Writer, d *corpus.Document) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s  %s  %q", d.Edition, d.Lang, d.Title)
	if d.Version != "" {
		fmt.Fprintf(bw, "  version %s", d.Version)
	}
	if d.Date != "" {
		fmt.Fprintf(bw, "  %s", d.Date)
	}
	fmt.Fprintf(bw, "  (%s, %d items", d.Source.Format, len(d.Items))
	for _, k := range []corpus.Kind{corpus.KindRule, corpus.KindRP, corpus.KindAddendum, corpus.KindRegulation, corpus.KindGuideline, corpus.KindSection, corpus.KindPreamble} {
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
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], corpus.Width(c))
		}
	}
	for _, r := range rows {
		var line strings.Builder
		for i, c := range r {
			line.WriteString(c)
			if i < len(r)-1 {
				line.WriteString(strings.Repeat(" ", widths[i]-corpus.Width(c)+2))
			}
		}
		fmt.Fprintln(bw, strings.TrimRight(line.String(), " "))
	}
	return bw.Flush()
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
