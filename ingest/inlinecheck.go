package ingest

import (
	"sort"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// An interchange file (PO, XLIFF, TMX) gives each translation beside
// its source, both with the inline markup rulesync wrote into them
// (po4a's Markdown syntax; in XLIFF and TMX the same syntax as native
// code in <bpt>/<ept>/<ph>). A translator's tool protects the markup,
// but a translator can still delete, repeat or break it: each unit's
// markup is compared with its source's, mark by mark (a link by its
// destination, emphasis by its delimiter, inline HTML by its tag), and
// what differs is a fault of the item (corpus.InlineFault), which gaps
// and sync report. The translation's text is kept as the translator
// wrote it, with the markup that still reads as markup. A difference
// the translation had when the file was written (a link the translator
// of the original left out) is said in the file beside the unit
// (ExportedMarkup) and is not a fault: only what changed since is.

// ExportedMarkup starts the note of a unit (a PO extracted comment "#.",
// an XLIFF <note>, a TMX <prop type="x-rulesync-markup">) that says a
// difference between the markup of the translation and the source's
// that the translation had when the file was written: "markup as
// exported: missing […](#2k)".
const ExportedMarkup = "markup as exported: "

// InlineFaults returns the differences between the inline markup of a
// translation (target) and its source's, both in Markdown syntax, for
// the unit segment ("rule:12/title"): each mark missing, duplicated or
// left as text (see corpus.InlineFault).
func InlineFaults(segment, source, target string) []corpus.InlineFault {
	return inlineFaults(segment, source, target)
}

// FaultNote writes a fault as an ExportedMarkup note says it.
func FaultNote(f corpus.InlineFault) string {
	return ExportedMarkup + f.Fault + " " + strings.Join(strings.Fields(f.Markup), " ")
}

// withoutKnown drops from faults each one a note of the unit (known,
// as FaultNote writes them) says it had when the file was written.
func withoutKnown(faults []corpus.InlineFault, known []string) []corpus.InlineFault {
	if len(known) == 0 {
		return faults
	}
	left := map[string]int{}
	for _, k := range known {
		left[strings.Join(strings.Fields(k), " ")]++
	}
	var out []corpus.InlineFault
	for _, f := range faults {
		if k := FaultNote(f); left[k] > 0 {
			left[k]--
			continue
		}
		out = append(out, f)
	}
	return out
}

// markupSyntax are the characters Markdown's inline syntax is written
// with: a text without them has no markup.
const markupSyntax = "[]*_`<>~"

// inlineFaults compares the inline markup of target with that of source
// (both in Markdown syntax) for the unit ctx.
func inlineFaults(ctx, source, target string) []corpus.InlineFault {
	if strings.TrimSpace(target) == "" || !strings.ContainsAny(source+target, markupSyntax) {
		return nil
	}
	sp, sm := MarkdownInline(source)
	tp, tm := MarkdownInline(target)
	count := func(ms []InlineMark) (map[string]int, []string) {
		n := map[string]int{}
		var order []string
		for _, m := range ms {
			k := markKey(m)
			if n[k] == 0 {
				order = append(order, k)
			}
			n[k]++
		}
		return n, order
	}
	sc, sorder := count(sm)
	tc, torder := count(tm)
	var out []corpus.InlineFault
	for _, k := range sorder {
		if tc[k] >= sc[k] {
			continue
		}
		// Once per mark, not per instance: each look scans the texts.
		fault := corpus.InlineMissing
		if leftAsText(k, sp, tp) {
			fault = corpus.InlineMalformed
		}
		for i := tc[k]; i < sc[k]; i++ {
			out = append(out, corpus.InlineFault{Segment: ctx, Fault: fault, Markup: k})
		}
	}
	for _, k := range torder {
		if sc[k] > 0 && tc[k] > sc[k] {
			out = append(out, corpus.InlineFault{Segment: ctx, Fault: corpus.InlineDuplicated, Markup: k})
		}
	}
	return pairTags(out)
}

// pairTags reports an element of inline HTML whose start and end tags
// (each a mark of its own in Markdown) have the same fault once, as
// "<q>…</q>".
//
// Each start tag takes the first end tag after it with its fault not
// taken yet. The end tags of each fault and markup are kept in order
// with a cursor: a start tag passes those before it (no later start tag
// can take them) and takes the next, so that the whole is linear in the
// faults (a unit of 300 thousand "<b>" its translation lacks).
func pairTags(faults []corpus.InlineFault) []corpus.InlineFault {
	type closer struct{ fault, markup string }
	ends := map[closer][]int{}
	for j, f := range faults {
		if strings.HasPrefix(f.Markup, "</") {
			c := closer{f.Fault, f.Markup}
			ends[c] = append(ends[c], j)
		}
	}
	next := map[closer]int{}
	var out []corpus.InlineFault
	used := make([]bool, len(faults))
	for i, f := range faults {
		if used[i] {
			continue
		}
		name, ok := strings.CutPrefix(f.Markup, "<")
		name, _, _ = strings.Cut(strings.TrimSuffix(name, ">"), " ")
		if ok && name != "" && !strings.HasPrefix(name, "/") && !strings.Contains(f.Markup, "…") {
			c := closer{f.Fault, "</" + name + ">"}
			js, at := ends[c], next[c]
			for at < len(js) && js[at] < i {
				at++
			}
			if at < len(js) {
				used[js[at]] = true
				f.Markup += "…" + faults[js[at]].Markup
				at++
			}
			next[c] = at
		}
		out = append(out, f)
	}
	return out
}

// markKey writes a mark as the source writes it around its text, the
// text elided: "[…](#2k)", "**…**", "<br>".
func markKey(m InlineMark) string {
	if m.Close == "" && m.Start == m.End {
		return m.Open
	}
	return m.Open + "…" + m.Close
}

// leftAsText reports whether the syntax of the mark k (its open or
// close, or the close without its last character) stands in the
// translation's text more often than in the source's: the mark was
// broken rather than deleted.
func leftAsText(k, sourcePlain, targetPlain string) bool {
	open, close, _ := strings.Cut(k, "…")
	pieces := []string{open, close}
	if len(close) > 1 {
		pieces = append(pieces, close[:len(close)-1])
	}
	for _, p := range pieces {
		if strings.TrimSpace(p) != "" && strings.Count(targetPlain, p) > strings.Count(sourcePlain, p) {
			return true
		}
	}
	return false
}

// inlineCode is a piece of native code of an XLIFF or TMX segment: a
// <bpt> or <ept> (paired by id), a <ph>, <it> or <x/> (alone), with the
// offset in the segment's text where its content starts and ends.
type inlineCode struct {
	elem       string
	id         string
	start, end int
}

// pairCodes checks the <bpt>/<ept> pairs of a segment's codes: each
// <bpt> with the <ept> of its id after it, none left open or closed
// twice. It returns the faults, the markup of each being the code's
// content, and the codes to drop from the text (those unpaired, whose
// content would be syntax that opens or closes nothing).
func pairCodes(ctx, text string, codes []inlineCode) ([]corpus.InlineFault, []inlineCode) {
	open := map[string]int{} // id -> index of the <bpt> not yet closed
	paired := map[int]bool{}
	for i, c := range codes {
		switch c.elem {
		case "bpt":
			if _, dup := open[c.id]; !dup {
				open[c.id] = i
			}
		case "ept":
			if j, ok := open[c.id]; ok {
				paired[i], paired[j] = true, true
				delete(open, c.id)
			}
		}
	}
	var faults []corpus.InlineFault
	var drop []inlineCode
	for i, c := range codes {
		if (c.elem == "bpt" || c.elem == "ept") && !paired[i] {
			faults = append(faults, corpus.InlineFault{Segment: ctx, Fault: corpus.InlineUnbalanced, Markup: "<" + c.elem + "> " + text[c.start:c.end]})
			drop = append(drop, c)
		}
	}
	return faults, drop
}

// dropCodes returns text without the content of the codes.
func dropCodes(text string, codes []inlineCode) string {
	if len(codes) == 0 {
		return text
	}
	sort.Slice(codes, func(i, j int) bool { return codes[i].start < codes[j].start })
	var b strings.Builder
	last := 0
	for _, c := range codes {
		if c.start < last {
			continue
		}
		b.WriteString(text[last:c.start])
		last = c.end
	}
	b.WriteString(text[last:])
	return b.String()
}
