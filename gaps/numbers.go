package gaps

import (
	"slices"
	"strings"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
)

// numbers compares the amounts, blinds, times and counts of a pair, read
// by each language's conventions. A number only the translation states is
// an error; one only the source states is a warning, unless the
// translation's preview is cut before it.
func (c *checker) numbers(base Finding, s, t *corpus.Item, cut bool, txt *pairText) {
	sl, tl := c.orig.Lang, c.r.Translation.Lang
	// What a reader sees: a text read from a PO or XLIFF keeps its
	// links' destinations ("…/Competition%20Safety.pdf" states no 20);
	// in comparison form (the signals read the same of a text and of
	// its form).
	st, tt := txt.sText, txt.tText
	if shown := shownText(s.Text); shown != s.Text {
		st = corpus.Fold(shown)
	}
	if shown := uncut(shownText(t.Text), cut); shown != t.Text {
		tt = corpus.Fold(shown)
	}
	c.skip = tellingSkip(c.skip[:0], s, t)
	skip := c.skip
	// The numbers the source states, its times apart (stated, read
	// again by the ranges below).
	stated := align.Numbers(joinScratch(&c.joinS, txt.sTitle, st), sl)
	sn := telling(append(stated, align.Times(st)...), skip)
	tn := telling(append(align.Numbers(joinScratch(&c.joinT, corpus.Fold(t.Title), tt), tl), align.Times(tt)...), skip)
	has := func(xs []string, x string) bool { return slices.Contains(xs, x) }
	var extra, lacking []string
	for _, n := range tn {
		if !has(sn, n) {
			extra = append(extra, n)
		}
	}
	for _, n := range sn {
		if !has(tn, n) {
			lacking = append(lacking, n)
		}
	}
	// Ranges: "1000-200" where the source says "1000-2000".
	// A range whose two ends the source states one after the other, in
	// words of its own ("3.2 to 3.8"), is no new number; "1000-200"
	// where the source says "100-200, 1000-2000" still is.
	sr, tr := align.Ranges(st, sl), align.Ranges(tt, tl)
	var badRanges []string
	for _, x := range tr {
		if has(sr, x) {
			continue
		}
		a, b, _ := strings.Cut(x, "-")
		if i := slices.Index(stated, a); i < 0 || i+1 == len(stated) || stated[i+1] != b {
			badRanges = append(badRanges, x)
		}
	}
	// A number the translation gives in place of one the source gives
	// (1300 where the source says 1500) is one finding, not two.
	changed := c.substituted(sn, tn)
	for _, p := range changed {
		extra = slices.DeleteFunc(extra, func(n string) bool { return n == p[1] })
		lacking = slices.DeleteFunc(lacking, func(n string) bool { return n == p[0] })
	}
	if len(changed) == 0 && len(extra) == 0 && len(badRanges) == 0 && (len(lacking) == 0 || cut) {
		return
	}
	// The messages say the numbers as the texts print them, once each:
	// a duration by its words, not the seconds the checks compare.
	sw, tw := printedTimes(st), printedTimes(tt)
	evidence := func(s, t []string) []string {
		return []string{"source: " + strings.Join(shownNumbers(s, sw), ", "), "translation: " + strings.Join(shownNumbers(t, tw), ", ")}
	}
	if len(changed) > 0 {
		f := base
		f.Check, f.Severity = Numbers, Error
		f.Message = "the translation changes numbers of the source: " + strings.Join(shownChanges(changed, sw, tw), ", ")
		f.Evidence = evidence(sn, tn)
		c.r.add(f)
	}
	if len(extra) > 0 || len(badRanges) > 0 {
		f := base
		f.Check, f.Severity = Numbers, Error
		what := append(shownNumbers(extra, tw), badRanges...)
		f.Message = "the translation states numbers the source does not: " + strings.Join(what, ", ")
		f.Evidence = evidence(append(sn, sr...), append(tn, tr...))
		c.r.add(f)
	}
	if len(lacking) > 0 && !cut {
		f := base
		f.Check, f.Severity = Numbers, Warning
		f.Message = "numbers of the source missing from the translation: " + strings.Join(shownNumbers(lacking, sw), ", ")
		f.Evidence = evidence(sn, tn)
		c.r.add(f)
	}
}

// substituted pairs the numbers the source gives and the translation
// does not with those the translation gives in their place: in the two
// sequences, in text order, the numbers of each side between the same two
// numbers both give (a longest common subsequence, Hunt & McIlroy 1976,
// small enough here to compute in full), one for one and in order when
// both sides have as many there. Numbers either side states anywhere else
// are not paired.
// The table is one slice of the checker's, row i at i*(m+1).
func (c *checker) substituted(sn, tn []string) [][2]string {
	n, m := len(sn), len(tn)
	if n == 0 && m == 0 {
		return nil
	}
	w := m + 1
	if cap(c.lcs) < (n+1)*w {
		c.lcs = make([]int, (n+1)*w)
	}
	t := c.lcs[:(n+1)*w]
	clear(t[n*w:]) // the last row; the last column is cleared below
	at := func(i, j int) int { return t[i*w+j] }
	for i := n - 1; i >= 0; i-- {
		t[i*w+m] = 0
		for j := m - 1; j >= 0; j-- {
			if sn[i] == tn[j] {
				t[i*w+j] = at(i+1, j+1) + 1
			} else {
				t[i*w+j] = max(at(i+1, j), at(i, j+1))
			}
		}
	}
	var out [][2]string
	var gs, gt []string // the numbers of each side since the last common one
	flush := func() {
		if len(gs) == len(gt) {
			for k := range gs {
				if !slices.Contains(tn, gs[k]) && !slices.Contains(sn, gt[k]) {
					out = append(out, [2]string{gs[k], gt[k]})
				}
			}
		}
		gs, gt = gs[:0], gt[:0]
	}
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && sn[i] == tn[j]:
			flush()
			i++
			j++
		case j >= m || i < n && at(i+1, j) >= at(i, j+1):
			gs = append(gs, sn[i])
			i++
		default:
			gt = append(gt, tn[j])
			j++
		}
	}
	flush()
	return out
}
