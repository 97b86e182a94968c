package ingest

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// spacedSuffixes reads, where the succession supports it, the suffix of
// an article inserted after another that a space sets apart from its
// number ("Article 3 bis"), as "3bis" is read: rule:3bis, not article 3
// titled "bis" (which the duplicate rename made rule:3-2, the id of a
// printed "3-2"). A heading "Chapter 1 introduction" has the same shape,
// so the grammar alone does not read it (readLabel); a candidate takes
// the suffix only where the candidates of its words around it say it is
// inserted: the one before is its number or one of its number's own
// (3, 3.2, 3bis), and the one after follows it as the next number (4)
// or is another such suffix of the same number ("Article 3 ter").
func spacedSuffixes(bs []block, cands []candidate) {
	for j := range cands {
		c := &cands[j]
		l, ok := spacedSuffix(bs[c.block].text, c.lab)
		if !ok {
			continue
		}
		prev, next := sameWords(cands, j, -1), sameWords(cands, j, 1)
		if prev < 0 || next < 0 {
			continue
		}
		n := c.lab.comps
		if pc := cands[prev].lab.comps; len(pc) < len(n) || !sameComps(pc[:len(n)], n) {
			continue
		}
		nc := cands[next].lab.comps
		_, run := spacedSuffix(bs[cands[next].block].text, cands[next].lab)
		if follows(l.comps, nc, 0) || run && len(nc) == len(n) && sameComps(nc, n) {
			c.lab = l
		}
	}
}

// sameWords is the index of the candidate nearest j in direction dir
// (-1 or 1) whose label prints the same word before its number, or
// where none does (a word misprinted: "таття 3." among "Стаття"), the
// nearest with a word; -1 where there is none.
func sameWords(cands []candidate, j, dir int) int {
	other := -1
	for k := j + dir; k >= 0 && k < len(cands); k += dir {
		if cands[k].lab.prefix == cands[j].lab.prefix {
			return k
		}
		if other < 0 && cands[k].lab.prefix != "" {
			other = k
		}
	}
	return other
}

// spacedSuffix returns l, a label read after a word at the start of s
// ("Article 3"), with the suffix of an inserted article that one space
// sets apart from its number ("Article 3 bis"): a suffix of
// insertedSuffix's shape that ends s, or that a label's punctuation
// ends ("Article 3 bis.", "कलम ३ bis :"). Where text goes on after the
// word ("Rule 3 applies to ..."), or l has punctuation of its own
// ("3. cikk"), there is none: ok is false.
func spacedSuffix(s string, l label) (label, bool) {
	cs := l.comps
	if l.prefix == "" || l.term != "" || len(cs) == 0 || cs[len(cs)-1].kind != compNum || l.end >= len(s) {
		return l, false
	}
	at := strings.LastIndex(s[:l.end], l.printed)
	if at < 0 || s[at+len(l.printed):l.end] != " " {
		return l, false
	}
	m := insertedSuffix(s, l.end)
	if m == l.end {
		return l, false
	}
	// "कलम ३ bis :": the punctuation may be set apart by a space.
	term := strings.TrimLeft(s[m:], " ")
	if r, n := utf8.DecodeRuneInString(term); n != len(term) || n > 0 && !isTermRune(r) {
		return l, false
	}
	l.comps = append(slices.Clip(cs), comp{kind: compSuffix, inserted: true, s: s[l.end:m]})
	l.printed += s[l.end:m]
	l.term, l.end, l.keyed = term, len(s), ""
	return l, true
}
