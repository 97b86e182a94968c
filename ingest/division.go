package ingest

import (
	"cmp"
	"strings"
	"unicode"
)

// Divisions where the layout gives headings no level (DOCX paragraphs set
// apart by type, PDF lines set larger: block.level 0). A heading there
// runs to the next heading, and what a level would say is read from the
// headings' text and repetition instead.

// runInHeadings makes headings of the paragraphs that start with a run
// set in bold, as short as a title (titleLike), where the numbering does
// not go on across them: "Recommended Procedures and Illustration
// Addendum: See the longform version ..." after a short form's last rule
// ends the rules as a heading on a line of its own would, and is called
// by its bold run (headingName). It reads only the structure, and the
// first reading of the numbering (in0: which labels one chain over all
// of them takes). The numbering has begun before the paragraph, and
// either no label follows it (it ends there), or the first label after
// it starts a numbering again: a first label (1, A, RP-1) that follows
// none before the paragraph, of the kind of the numbering's labels
// before it (digits after digits: a part "A:" of the item before is no
// new numbering), which the first reading takes or which is printed as
// those labels are ("1." after "1.", "2.", "3.", the first reading
// having taken only one of the two runs). A bold run inside the
// numbering is the start of an item's text or its title ("Cards speak",
// "Example:" between two entries), and so is one whose first word is a
// word the document's labels print before their number ("Example" of
// "Example 2:"): a part without its number. It returns whether it made
// any heading (the caller reads the divisions' kinds again).
func runInHeadings(bs []block, cands []candidate, in0 []bool) bool {
	var words map[string]bool // the first words of the labels' prefixes, folded
	made := false
	lastIn0, lastAny := -1, -1 // the last label before block i: of the first reading, and any
	next := 0                  // the first candidate at or after block i
	for i := range bs {
		for next < len(cands) && cands[next].block < i {
			if in0[next] {
				lastIn0 = next
			}
			lastAny = next
			next++
		}
		b := &bs[i]
		if b.kind != blockPara || b.chrome != "" || b.ordinal > 0 || b.boldRunes() == 0 || lastAny < 0 {
			continue
		}
		if next < len(cands) && cands[next].block == i {
			continue // it prints a label
		}
		run := headingName(*b)
		if !titleLike(run) {
			continue
		}
		if next == len(cands) && lastIn0 < 0 {
			continue
		}
		if next < len(cands) {
			ref := lastIn0
			if ref < 0 {
				ref = lastAny
			}
			c, r := cands[next], cands[ref]
			if !allFirst(c.lab.comps) || follows(cands[lastAny].lab.comps, c.lab.comps, chainHoles) ||
				c.lab.comps[0].kind != r.lab.comps[0].kind || !in0[next] && c.form(bs) != r.form(bs) {
				continue
			}
		}
		if words == nil {
			words = map[string]bool{}
			for _, c := range cands {
				if w := kindWords(c.lab.prefix); len(w) > 0 {
					words[w[0]] = true
				}
			}
		}
		if w := kindWords(run); len(w) == 0 || words[w[0]] {
			continue
		}
		b.kind, b.level = blockHeading, 0
		made = true
	}
	return made
}

// headingName is what a heading is called: its text, or the bold run of a
// paragraph that starts with one, without the colon or full stop after it.
func headingName(b block) string {
	e := boldEnd(b)
	if e == 0 || e >= len(strings.TrimRightFunc(b.text, unicode.IsSpace)) {
		return strings.TrimSpace(b.text)
	}
	return strings.TrimRight(strings.TrimSpace(b.text[:e]), ":：.")
}

// runningTitles marks as page furniture the headings without a level
// whose text recurs as another such heading: the organisation's name and
// the version line a publication repeats at the head of each of its parts
// ("POKER TOURNAMENT DIRECTORS ASSN.", "Version 1.0, October, 2024") name
// no division. The document's first heading, its title, stays.
func runningTitles(bs []block) {
	count := map[string]int{}
	first := -1
	for i, b := range bs {
		if b.kind == blockHeading && b.level == 0 && b.chrome == "" {
			count[strings.TrimSpace(b.text)]++
			if first < 0 {
				first = i
			}
		}
	}
	for i := range bs {
		b := &bs[i]
		if b.kind == blockHeading && b.level == 0 && b.chrome == "" && i != first && count[strings.TrimSpace(b.text)] > 1 {
			b.chrome = "running title"
		}
	}
}

// titlePage finds the headings without a level that stand before the
// last heading above the first numbered item, which are text of the
// preamble: a title page ("POKER TOURNAMENT DIRECTORS ASSN.", "2024
// Rules Version 1.0", "Longform Version Includes: ...") holds no division
// of the rules, and its first line is the document's title. It returns
// the number of blocks of the title page, the blocks before that
// heading, where they hold text; 0 where there is none. (The caller
// makes its headings paragraphs: it may have to copy the blocks first.)
func titlePage(bs []block, starts startLabels) int {
	first := len(bs)
	for i, l := range starts {
		if l != nil {
			first = i
			break
		}
	}
	h := -1
	for i := first - 1; i >= 0; i-- {
		if bs[i].kind == blockHeading && bs[i].chrome == "" {
			if bs[i].level != 0 {
				return 0
			}
			h = i
			break
		}
	}
	for i := 0; i < h; i++ {
		if bs[i].chrome == "" {
			return h
		}
	}
	return 0
}

// chainKeyed is chainSchemes, with the entries of a division keyed to
// the document's items (keyedEntries) taken as items, and the other labels
// of that division left out of the chain: they number the entries' parts
// ("Example 1", "Step 2").
func chainKeyed(cands []candidate, bs []block, st *structure) []bool {
	entries, aside := keyedEntries(cands)
	in, _ := chainApart(cands, aside, func(cs []candidate) ([]bool, []int) {
		return chainSchemes(cs, bs, st), nil
	})
	for j, ok := range entries {
		in[j] = in[j] || ok
	}
	return in
}

// keyedEntries finds the entries of a division (lab.div) whose labels
// are keyed to the numbers of the document's other items rather than
// numbered in succession: an illustration addendum of "Rule 10:", "Rule
// 11-D:", "Rule 16:" entries, each for the rule (and part) it
// illustrates. The entries are labels of one printed form in the
// division, the first label of the division among them, in strictly
// increasing order, three or more, with a step that skips more numbers
// than a numbering's hole (else the chain numbers them), and each the
// number (or number and part) of a label of another division. entries
// marks them; aside marks every label of such a division, which the
// chain is not to number.
func keyedEntries(cands []candidate) (entries, aside []bool) {
	members := map[int][]int{} // the candidates of each division, in order
	total := map[string]int{}  // how many labels print each key
	var divs []int
	for j, c := range cands {
		total[c.lab.key()]++
		if d := c.lab.div; d != 0 {
			if members[d] == nil {
				divs = append(divs, d)
			}
			members[d] = append(members[d], j)
		}
	}
	for _, k := range divs {
		// A key is another division's when more labels print it than
		// this division holds: each division costs its own size.
		own := map[string]int{}
		for _, j := range members[k] {
			own[cands[j].lab.key()]++
		}
		others := func(key string) bool { return total[key] > own[key] }
		var group []int
		form := ""
		for _, j := range members[k] {
			if group == nil {
				form = cands[j].lab.form()
			}
			if cands[j].lab.form() == form {
				group = append(group, j)
			}
		}
		if !keyed(cands, group, others) {
			continue
		}
		if entries == nil {
			entries, aside = make([]bool, len(cands)), make([]bool, len(cands))
		}
		for _, j := range group {
			entries[j] = true
		}
		for _, j := range members[k] {
			aside[j] = true
		}
	}
	return entries, aside
}

// keyed reports whether the labels of group are keyed entries: three or
// more, strictly increasing, not a succession, each the key (or the key
// and a part letter) of a label elsewhere (others).
func keyed(cands []candidate, group []int, others func(key string) bool) bool {
	if len(group) < 3 {
		return false
	}
	succession := true
	for n, j := range group {
		cs := cands[j].lab.comps
		if !others(joinComps(cs)) && !(len(cs) > 1 && others(joinComps(cs[:len(cs)-1]))) {
			return false
		}
		if n == 0 {
			continue
		}
		prev := cands[group[n-1]].lab.comps
		if compareComps(prev, cs) >= 0 {
			return false
		}
		succession = succession && follows(prev, cs, chainHoles)
	}
	return !succession
}

// compareComps orders labels by their components' values: 10 < 11 <
// 11-D < 16.
func compareComps(a, b []comp) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if c := cmp.Compare(a[i].n, b[i].n); c != 0 {
			return c
		}
	}
	return cmp.Compare(len(a), len(b))
}
