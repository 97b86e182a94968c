package ingest

import (
	"strings"
)

// Ungluing: labels a conversion ran into the text of the line before,
// split off as items of their own where the numbering shows they are
// items and not citations.

// unglue finds the labels a conversion glued into the middle of the line
// before ("... may put the disc into play: 9.B.6.d.1. at the spot"):
// where the numbering has a hole between two items, a label inside the
// first one's text that succeeds it directly and is succeeded directly by
// the second fills the hole, and its text is split off as an item. A
// label anywhere else in a text is a citation and stays text.
//
// It returns bs and starts themselves where it splits no block, copies
// otherwise.
func unglue(bs []block, starts startLabels, st *structure) ([]block, startLabels) {
	var order []int
	for i, l := range starts {
		if l != nil {
			order = append(order, i)
		}
	}
	// The blocks are copied from the first split on (out, outStarts);
	// most documents have none, and then bs and starts are the result.
	var out []block
	var outStarts startLabels
	next := 0 // index in order of the next start after the current block
	var prev label
	seen := false // a start came: prev is its label
	filled := map[string]bool{}
	for i, b := range bs {
		lab := starts.at(i)
		if lab != nil {
			prev, seen = *lab, true
			next++
		}
		if !seen || next >= len(order) || follows(prev.comps, starts[order[next]].comps, 0) {
			if out != nil {
				out, outStarts = append(out, b), append(outStarts, lab)
			}
			continue
		}
		following := *starts[order[next]]
		at, glued, ok := gluedLabel(b.text, prev, following)
		if !ok || (i == order[next-1] && at <= prev.end) {
			if out != nil {
				out, outStarts = append(out, b), append(outStarts, lab)
			}
			continue
		}
		if out == nil {
			out = append(make([]block, 0, len(bs)+len(bs)/8), bs[:i]...)
			outStarts = append(make(startLabels, 0, cap(out)), starts[:i]...)
		}
		head, tail := b, b
		head.text = strings.TrimSpace(b.text[:at])
		tail.text = b.text[at:]
		tail.kind, tail.level, tail.lead, tail.bold = blockPara, 0, false, false
		if tail.anchor() != "" {
			tail.edit().anchor = ""
		}
		out, outStarts = append(out, head), append(outStarts, fitted(lab, head.text))
		g := glued // its own variable, made only here: &glued would be made at every block
		out, outStarts = append(out, tail), append(outStarts, &g)
		filled[prev.printed+" -> "+following.printed] = true
	}
	// The holes the glued labels filled are holes no more.
	holes := st.holes[:0]
	for _, h := range st.holes {
		if !filled[h] {
			holes = append(holes, h)
		}
	}
	st.holes = holes
	if out == nil {
		return bs, starts
	}
	return out, outStarts
}

// gluedLabel finds in text, after a space, a label of two or more
// components with its punctuation that succeeds prev and that next
// succeeds; at is its byte offset.
func gluedLabel(text string, prev, next label) (at int, lab label, ok bool) {
	for i := 1; i < len(text); i++ {
		if i = afterSpace(text, i); i < 0 {
			break
		}
		l, ok := inlineLabel(text, i)
		if !ok || len(l.comps) < 2 {
			continue
		}
		if follows(prev.comps, l.comps, 0) && follows(l.comps, next.comps, 0) {
			return i, l, true
		}
	}
	return 0, label{}, false
}

// unglueLists splits off the sub-items a conversion ran into their
// parent's line ("9.C.5. ... the latest of: 9.C.5.a. eighty seconds ...;
// or 9.C.5.b. thirty seconds ..."): inside a numbered block, a run of two
// or more labels that are its label's first child and that child's
// successive siblings, each printed in full with its punctuation after a
// space, with the next numbered block succeeding the last of them. A
// single label, a label that is not a child, or one in parentheses is a
// citation and stays text; so is a run whose labels are numbered
// elsewhere. It returns bs and starts themselves where it splits no
// block, copies otherwise.
func unglueLists(bs []block, starts startLabels) ([]block, startLabels) {
	order := make([]int, 0, starts.count())
	for i, l := range starts {
		if l != nil {
			order = append(order, i)
		}
	}
	// The keys of the labels, made where a block first holds a label
	// that may be split off (most documents hold none: a map of a
	// million keys for nothing).
	var keys map[string]bool
	numbered := func(key string) bool {
		if keys == nil {
			keys = make(map[string]bool, len(order))
			for _, i := range order {
				keys[starts[i].key()] = true
			}
		}
		return keys[key]
	}
	// The blocks are copied from the first split on, as in unglue.
	var out []block
	var outStarts startLabels
	for n, i := range order {
		var next []comp
		if n+1 < len(order) {
			next = starts[order[n+1]].comps
		}
		lab, b := starts[i], bs[i]
		run := childRun(b.text, *lab, next, numbered)
		switch {
		case out == nil && len(run) == 0:
			continue
		case out == nil:
			out = append(make([]block, 0, len(bs)+len(bs)/8), bs[:i]...)
			outStarts = append(make(startLabels, 0, cap(out)), starts[:i]...)
		default:
			from := order[n-1] + 1
			out = append(out, bs[from:i]...)
			outStarts = append(outStarts, starts[from:i]...) // nil: no starts between
		}
		outStarts = append(outStarts, lab)
		if len(run) == 0 {
			out = append(out, b)
			continue
		}
		head := b
		head.text = strings.TrimSpace(b.text[:run[0].at])
		out = append(out, head)
		outStarts[len(outStarts)-1] = fitted(lab, head.text)
		for k, g := range run {
			end := len(b.text)
			if k+1 < len(run) {
				end = run[k+1].at
			}
			tail := b
			tail.text = strings.TrimSpace(b.text[g.at:end])
			tail.kind, tail.level, tail.lead, tail.bold = blockPara, 0, false, false
			if tail.anchor() != "" {
				tail.edit().anchor = ""
			}
			outStarts = append(outStarts, fitted(&run[k].lab, tail.text))
			out = append(out, tail)
		}
	}
	if out == nil {
		return bs, starts
	}
	out = append(out, bs[order[len(order)-1]+1:]...)
	return out, outStarts
}

// fitted returns lab, or where a split left text shorter than the label
// and the space after it ("RP-1 1.1. 1.2." split to "RP-1", its label
// ending after the space), a copy whose rest begins at the end of text:
// the label's end is an offset into its block's text, and a label read
// past the text's end made labelRest slice out of range.
func fitted(lab *label, text string) *label {
	if lab == nil || lab.end <= len(text) {
		return lab
	}
	l := *lab
	l.end = len(text)
	return &l
}

// gluedAt is a label found inside a block's text at byte offset at.
type gluedAt struct {
	at  int
	lab label
}

// childRun finds in text the run unglueLists splits off: parent's first
// child, then its successive siblings, every label one that numbered
// (whether a label key is one of the document's labels) says is new, and
// next (the following numbered block's label, nil at the end) succeeding
// the last. It returns nil when there is no such run of two or more.
func childRun(text string, parent label, next []comp, numbered func(key string) bool) []gluedAt {
	var run []gluedAt
	want := len(parent.comps) + 1
	for i := max(parent.end, 1); i < len(text); i++ {
		if i = afterSpace(text, i); i < 0 {
			break
		}
		if !mayStartWith(text, i, parent.comps[0]) {
			continue
		}
		l, ok := inlineLabel(text, i)
		if !ok || len(l.comps) != want || l.paren || !sameComps(l.comps[:want-1], parent.comps) || numbered(l.key()) {
			continue
		}
		last := l.comps[want-1]
		if len(run) == 0 && !last.first() {
			continue
		}
		if len(run) > 0 {
			prev := run[len(run)-1].lab.comps[want-1]
			if last.kind != prev.kind || last.n != prev.n+1 {
				continue
			}
		}
		run = append(run, gluedAt{i, l})
		i += l.end - 1
	}
	if len(run) < 2 || next != nil && !follows(run[len(run)-1].lab.comps, next, 2) {
		return nil
	}
	return run
}

// afterSpace returns the first offset from i on (i >= 1) that a space
// precedes, where alone inlineLabel may read a label, or -1 where none
// is within text: the offsets between, skipped, read none (the reading
// of a label, even one refused at its first byte, was a fiftieth of a
// Markdown ingest where gluedLabel tried every byte).
func afterSpace(text string, i int) int {
	j := strings.IndexByte(text[i-1:], ' ')
	if j < 0 || i+j >= len(text) {
		return -1
	}
	return i + j
}

// mayStartWith is false where inlineLabel(text, i) can read no label
// whose first component is c: inlineLabel reads from an ASCII digit or
// capital, and readCore's first component read from one starts with it
// (a number's normalized digits start with its first digit unless that
// is a zero; a letter or roman numeral with its first letter). So the
// byte at i is c's first, or a zero.
func mayStartWith(text string, i int, c comp) bool {
	return text[i] == c.s[0] || text[i] == '0'
}

// inlineLabel reads a label glued into a text at byte offset i: after a
// space, starting with a digit or a capital, printed with its
// punctuation and no word before it ("... play: 9.B.6.d.1. at the spot").
func inlineLabel(text string, i int) (label, bool) {
	if text[i-1] != ' ' || text[i] < '0' || text[i] > '9' && (text[i] < 'A' || text[i] > 'Z') {
		return label{}, false
	}
	// What readLabel reads there with no prefix word: text[i] is ASCII,
	// so no CJK label ("第12条") or circled number, and a prefix word is
	// all readLabel reads after readCore fails.
	l, ok := readCore(text[i:], 0)
	return l, ok && l.term != "" && l.prefix == ""
}
