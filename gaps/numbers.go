package gaps

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/numerals"
)

// numbers compares the amounts, blinds, times and counts of a pair, read
// by each language's conventions. A number only the translation states is
// an error; one only the source states is a warning, unless the
// translation's preview is cut before it. A number either side may write
// as a word (up to ten: "five", "cinq", "五") is no finding where the
// other side states it not, but one the other side gives another number
// in place of is ("5 attempts" as "6 回"). Numbers that are names or
// labels by their form ("3x3x3", "A1a", "(2)") are not compared
// (unnamed).
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
	st, tt = unnamed(st), unnamed(tt)
	c.skip = tellingSkip(c.skip[:0], s, t)
	skip := c.skip
	// The numbers each side states (stated, read again by the ranges
	// below), then the durations each compares (comparedTimes).
	stated := align.Numbers(joinScratch(&c.joinS, unnamed(txt.sTitle), st), sl)
	tStated := align.Numbers(joinScratch(&c.joinT, unnamed(corpus.Fold(t.Title)), tt), tl)
	sTimes, sr := align.TimesAndRanges(st, sl)
	tTimes, tr := align.TimesAndRanges(tt, tl)
	sAll := append(telling(stated, skip), comparedTimes(sTimes, tStated, tTimes)...)
	tAll := append(telling(tStated, skip), comparedTimes(tTimes, stated, sTimes)...)
	sn, tn, changed, extra, lacking := c.compareNumbers(sAll, tAll, sTimes, tTimes, cut)
	bad := badRanges(sr, tr, stated)
	if len(changed) == 0 && len(extra) == 0 && len(bad) == 0 && (len(lacking) == 0 || cut) {
		return
	}
	c.numberFindings(base, numberFacts{
		sn: sn, tn: tn, changed: changed, extra: extra, lacking: lacking, badRanges: bad,
		sr: sr, tr: tr, sw: printedTimes(sTimes), tw: printedTimes(tTimes),
	}, cut)
}

// compareNumbers compares the numbers of a pair's two sides, sAll and
// tAll (durations in seconds among them, of the durations sTimes and
// tTimes), in two passes. The first leaves out the numbers a side may
// write in words (wordable), but a duration of more than ten seconds
// that both state, and pairs the numbers the translation gives in place
// of the source's (1300 where the source says 1500: one finding, not
// two; substituted), the rest being extra (only the translation's) or
// lacking (only the source's). The second pairs all the numbers so and
// keeps the pairs of two wordable numbers ("5 attempts" as "6 回") and
// those of a wordable number of the source with an extra one ("2 fees"
// as "20"): a number of the translation in place of a word of the
// source ("one card" as "1 枚") or of a number its cut preview does not
// show is none. sn and tn are the numbers compared and shown: the first
// pass's, and the wordable numbers paired, in order.
func (c *checker) compareNumbers(sAll, tAll []string, sTimes, tTimes []align.Time, cut bool) (sn, tn []string, changed [][2]string, extra, lacking []string) {
	sWord := func(n string) bool { return wordable(n, sTimes) }
	tWord := func(n string) bool { return wordable(n, tTimes) }
	unsaid := func(word func(string) bool, other []string) func(string) bool {
		return func(n string) bool {
			sec, isTime := strings.CutSuffix(n, "s")
			v, _ := strconv.Atoi(sec)
			return word(n) && (!isTime || v <= 10 || !slices.Contains(other, n))
		}
	}
	sn = slices.DeleteFunc(slices.Clone(sAll), unsaid(sWord, tAll))
	tn = slices.DeleteFunc(slices.Clone(tAll), unsaid(tWord, sAll))
	for _, n := range tn {
		if !slices.Contains(sn, n) {
			extra = append(extra, n)
		}
	}
	for _, n := range sn {
		if !slices.Contains(tn, n) {
			lacking = append(lacking, n)
		}
	}
	changed = c.substituted(sn, tn)
	drop := func(pairs [][2]string) {
		for _, p := range pairs {
			extra = slices.DeleteFunc(extra, func(n string) bool { return n == p[1] })
			lacking = slices.DeleteFunc(lacking, func(n string) bool { return n == p[0] })
		}
	}
	drop(changed)
	var words []string // the wordable numbers paired
	var more [][2]string
	if !cut {
		for _, p := range c.substituted(sAll, tAll) {
			if ws, wt := sWord(p[0]), tWord(p[1]); ws && (wt || slices.Contains(extra, p[1])) {
				more = append(more, p)
				words = append(words, p[0], p[1])
			}
		}
	}
	drop(more)
	changed = append(changed, more...)
	if len(words) > 0 {
		keep := func(big []string) func(string) bool {
			return func(n string) bool { return !slices.Contains(big, n) && !slices.Contains(words, n) }
		}
		sn = slices.DeleteFunc(slices.Clone(sAll), keep(sn))
		tn = slices.DeleteFunc(slices.Clone(tAll), keep(tn))
	}
	return sn, tn, changed, extra, lacking
}

// numberFacts is what numbers found of a pair: each side's numbers, the
// pairs changed, the numbers only the translation states and only the
// source, the translation's ranges the source has not, each side's
// ranges, and each side's durations by their words (printedTimes).
type numberFacts struct {
	sn, tn         []string
	changed        [][2]string
	extra, lacking []string
	badRanges      []string
	sr, tr         []string
	sw, tw         map[string]string
}

// numberFindings reports what numbers found. The messages say the
// numbers as the texts print them, once each: a duration by its words,
// not the seconds the checks compare.
func (c *checker) numberFindings(base Finding, x numberFacts, cut bool) {
	evidence := func(s, t []string) []string {
		return []string{"source: " + strings.Join(shownNumbers(s, x.sw), ", "), "translation: " + strings.Join(shownNumbers(t, x.tw), ", ")}
	}
	if len(x.changed) > 0 {
		f := base
		f.Check, f.Severity = Numbers, Error
		f.Message = "the translation changes numbers of the source: " + strings.Join(shownChanges(x.changed, x.sw, x.tw), ", ")
		f.Evidence = evidence(x.sn, x.tn)
		c.r.add(f)
	}
	if len(x.extra) > 0 || len(x.badRanges) > 0 {
		f := base
		f.Check, f.Severity = Numbers, Error
		what := append(shownNumbers(x.extra, x.tw), x.badRanges...)
		f.Message = "the translation states numbers the source does not: " + strings.Join(what, ", ")
		f.Evidence = evidence(append(x.sn, x.sr...), append(x.tn, x.tr...))
		c.r.add(f)
	}
	if len(x.lacking) > 0 && !cut {
		f := base
		f.Check, f.Severity = Numbers, Warning
		f.Message = "numbers of the source missing from the translation: " + strings.Join(shownNumbers(x.lacking, x.sw), ", ")
		f.Evidence = evidence(x.sn, x.tn)
		c.r.add(f)
	}
}

// comparedTimes lists the durations of own (one side's, in seconds as
// align.Times writes them) that are compared with the other side's: a
// duration whose unit the other side's words are not read as ("15
// секунд", "15초": the lexicon knows the units of some languages) is
// compared as its bare number, which both sides' numbers hold: it is
// left out where the other side states no duration, or states its
// number and no duration printed with that number.
func comparedTimes(own []align.Time, otherNums []string, other []align.Time) []string {
	var out []string
	for _, t := range own {
		switch {
		case slices.ContainsFunc(other, func(o align.Time) bool { return o.Seconds == t.Seconds }):
		case len(other) == 0:
			continue
		default:
			n := printedNumber(t.Printed)
			if n != "" && slices.Contains(otherNums, n) && !slices.ContainsFunc(other, func(o align.Time) bool { return printedNumber(o.Printed) == n }) {
				continue
			}
		}
		out = append(out, t.Seconds)
	}
	return out
}

// wordable says whether n, a number or a duration in seconds of a side
// whose durations are times, is one that side's counterpart may write
// in words: a whole number up to ten, or a duration printed with one
// ("2 seconds", "5 分") or in words up to ten seconds ("a second").
func wordable(n string, times []align.Time) bool {
	small := func(n string) bool {
		v, err := strconv.Atoi(n)
		return err == nil && v >= 0 && v <= 10
	}
	sec, isTime := strings.CutSuffix(n, "s")
	if !isTime {
		return small(n)
	}
	for _, t := range times {
		if t.Seconds == n {
			if p := printedNumber(t.Printed); p != "" {
				return small(p)
			}
			return small(sec)
		}
	}
	return small(sec)
}

// unnamed returns f, a text in comparison form, with the digits of the
// numbers that are names or labels by their form made spaces: a number
// between letters or joined by one letter to another number, in a word
// of letters and digits ("3x3x3", "A1a", "9f8", "F2L"), a number alone
// in brackets ("(2)", "[3]"), and one that starts the text or a line,
// or follows a space, and is closed by ")" ("2) "), or starts the text
// or a line and is followed by "." and a space ("2. "). A number with a
// unit or an ordinal's ending ("15s", "2nd", "v1.7") is none; letters of
// the scripts written without spaces ("第5条", "15초") join no word.
// f itself is returned where it has no such number.
func unnamed(f string) string {
	var b []byte
	for i := 0; i < len(f); {
		r, n := utf8.DecodeRuneInString(f[i:])
		if !isDigit(r) {
			i += n
			continue
		}
		j := digitsEnd(f, i+n)
		if nameOrLabel(f, i, j) {
			if b == nil {
				b = []byte(f)
			}
			for k := i; k < j; k++ {
				b[k] = ' '
			}
		}
		i = j
	}
	if b == nil {
		return f
	}
	return string(b)
}

// nameOrLabel says whether the digits f[i:j] are a name's or a label's
// (unnamed).
func nameOrLabel(f string, i, j int) bool {
	p, pn := utf8.DecodeLastRuneInString(f[:i])
	q, qn := utf8.DecodeRuneInString(f[j:])
	pp, _ := utf8.DecodeLastRuneInString(f[:i-pn])
	qq, _ := utf8.DecodeRuneInString(f[j+qn:])
	switch {
	case wordLetter(p) && wordLetter(q):
		return true
	case wordLetter(q) && isDigit(qq):
		return f[i:j] != f[j+qn:digitsEnd(f, j+qn)] // "9f8"; "3x3x3", "20х20" are sizes
	case wordLetter(p) && isDigit(pp):
		return f[i:j] != f[digitsStart(f, i-pn):i-pn]
	}
	if b, a := bracketsAround(f, i, j); b == '(' && a == ')' || b == '[' && a == ']' {
		return true // "(2)", "( ۱)"
	}
	lineStart := i == 0 || p == '\n'
	return lineStart && (q == ')' || (q == '.' || q == ':') && (j+qn == len(f) || unicode.IsSpace(qq)))
}

// bracketsAround returns the characters before and after f[i:j] past
// any spaces.
func bracketsAround(f string, i, j int) (before, after rune) {
	before, _ = utf8.DecodeLastRuneInString(strings.TrimRight(f[:i], " "))
	after, _ = utf8.DecodeRuneInString(strings.TrimLeft(f[j:], " "))
	return before, after
}

// digitsEnd is the end of the digits of f from byte i on.
func digitsEnd(f string, i int) int {
	for i < len(f) {
		r, n := utf8.DecodeRuneInString(f[i:])
		if !isDigit(r) {
			break
		}
		i += n
	}
	return i
}

// digitsStart is the start of the digits of f that end at byte i.
func digitsStart(f string, i int) int {
	for i > 0 {
		r, n := utf8.DecodeLastRuneInString(f[:i])
		if !isDigit(r) {
			break
		}
		i -= n
	}
	return i
}

// isDigit says whether r is a decimal digit of any script.
func isDigit(r rune) bool {
	return '0' <= r && r <= '9' || r >= utf8.RuneSelf && numerals.Digit(r) >= 0
}

// wordLetter says whether r is a letter of a script written with spaces
// between words.
func wordLetter(r rune) bool { return unicode.IsLetter(r) && !corpus.IsCJK(r) }

// badRanges lists the ranges the translation states (tr, align.Ranges)
// and the source does not (sr): "1000-200" where the source says
// "1000-2000". A range whose two ends the source states one after the
// other, in words of its own ("3.2 to 3.8"), is no new number; "1000-200"
// where the source says "100-200, 1000-2000" still is.
func badRanges(sr, tr, stated []string) []string {
	var out []string
	for _, x := range tr {
		if slices.Contains(sr, x) {
			continue
		}
		a, b, _ := strings.Cut(x, "-")
		if i := slices.Index(stated, a); i < 0 || i+1 == len(stated) || stated[i+1] != b {
			out = append(out, x)
		}
	}
	return out
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
