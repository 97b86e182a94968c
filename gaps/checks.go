package gaps

import (
	"fmt"
	"iter"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/internal/langid"
)

// checker runs the checks of one report.
type checker struct {
	r       *Report
	orig    *corpus.Document // the source the translation is aligned with
	al      *align.Alignment
	gloss   *align.Glossary
	inScope map[corpus.Kind]bool
	curID   map[string]string // base id -> current id, with a base
	cites   *bool             // whether the translation cites anything (citing)

	// Buffers the checks of one pair after another reuse (their
	// allocations, each made again for every pair, were a sixth of the
	// bytes the checks allocate at 100,000 items, and the collector a
	// fifth of their time).
	words []string        // sharedWords: the words of a source text
	set   map[string]bool // sharedWords: a set of them
	lcs   []int           // substituted: the table of common subsequences
	skip  []string        // tellingSkip: the numbers a pair's numbers leave out
	// numbers: each side's title and text joined (joinScratch), where
	// a new string for each pair was a sixth of what the checks
	// allocate at 100,000 items.
	joinS, joinT []byte
}

// joinScratch is corpus.JoinFolded(fa, fb), written in *buf where it is
// a new string: it holds until the next call with the same buffer, and
// nothing made of it may be kept past that (numbers keeps only copies:
// the messages and evidence it writes).
func joinScratch(buf *[]byte, fa, fb string) string {
	if fa == "" || fb == "" {
		return corpus.JoinFolded(fa, fb)
	}
	*buf = append(append(append((*buf)[:0], fa...), ' '), fb...)
	return unsafe.String(unsafe.SliceData(*buf), len(*buf))
}

// scope decides which source items the translation is meant to cover:
// the kinds of item it has (a page of addendum examples does not cover
// the rules), each item's kind its source item's where it is paired
// (sourceKinds). A catalogue (PO, XLIFF, TMX) states its scope by its
// units: the kinds of the source items its units name, translated or
// not (Report.unitKinds), so that one written for a partial translation
// covers what it has units for, as msgfmt counts it, and one whose
// units of some items were deleted still covers their kind (they are
// missing). A translation of generic items, or of none of a kind,
// covers every kind. Preambles are never counted.
func (c *checker) scope() {
	c.inScope = map[corpus.Kind]bool{}
	loose := false
	for k := range c.r.unitKinds {
		c.inScope[k] = true
	}
	for _, it := range c.r.Translation.Items {
		switch it.Kind {
		case corpus.KindPreamble:
		case corpus.KindItem:
			loose = true
		default:
			c.inScope[it.Kind] = true
		}
	}
	if c.inScope[corpus.KindItem] {
		loose = true
	}
	if loose || len(c.inScope) == 0 {
		for _, it := range c.orig.Items {
			c.inScope[it.Kind] = true
		}
	}
	delete(c.inScope, corpus.KindPreamble)
	var out []string
	for _, it := range c.r.Source.Items {
		if !c.inScope[it.Kind] && it.Kind != corpus.KindPreamble && !slices.Contains(out, string(it.Kind)) {
			out = append(out, string(it.Kind))
		}
	}
	if len(out) > 0 {
		var in []string
		for k := range c.inScope {
			in = append(in, string(k))
		}
		slices.Sort(in)
		c.r.add(Finding{Check: Scope, Severity: Info, Message: fmt.Sprintf("the translation covers only %s items; the source's %s items are not checked", strings.Join(in, ", "), strings.Join(out, ", "))})
	}
}

// pairs checks each aligned pair: mismatch, truncation, numbers,
// references, parts and untranslated text.
func (c *checker) pairs() {
	for _, p := range c.al.Pairs {
		s, t := &c.orig.Items[p.Source[0]], &c.r.Translation.Items[p.Target[0]]
		if !c.inScope[s.Kind] || s.Kind == corpus.KindPreamble {
			continue
		}
		base := Finding{SourceID: c.current(s.ID), TargetID: t.ID}
		for _, e := range p.Evidence {
			if e.Signal == "mismatch" && !e.Agrees {
				f := base
				f.Check, f.Severity, f.Message = Mismatch, Error, "the text does not match its place: "+e.Detail
				c.r.add(f)
			}
		}
		cut := t.Has(corpus.FlagTruncated)
		if cut {
			f := base
			f.Check, f.Severity, f.Message = Truncated, Info, "the translation shows a cut preview of this item"
			c.r.add(f)
		} else if sn := shownLen(s.Text, keyedByID(c.orig)); c.al.Ratio > 0 && sn >= 80 {
			expect := c.al.Ratio * float64(sn)
			if got := float64(shownLen(t.Text, keyedByID(c.r.Translation))); got < 0.4*expect {
				f := base
				f.Check, f.Severity = Truncated, Warning
				f.Message = fmt.Sprintf("the translation is much shorter than the source predicts (%d characters for about %.0f)", int(got), expect)
				c.r.add(f)
			}
		}
		// Each text in comparison form once for the pair's checks (the
		// signals they call fold what they are given again, and a folded
		// text is its own comparison form: a scan, no copy).
		txt := pairText{sTitle: corpus.Fold(s.Title), sText: corpus.Fold(s.Text), tText: corpus.Fold(t.Text)}
		c.numbers(base, s, t, cut, &txt)
		c.refs(base, s, t, cut)
		c.parts(base, s, t, cut, &txt)
		if !t.Has(corpus.FlagUntranslated) {
			// A marked item is reported as such (marked).
			c.untranslated(base, s, t, &txt)
		}
	}
}

// pairText is a pair's texts in comparison form (corpus.Fold), made
// once for its checks.
type pairText struct {
	sTitle, sText string // the source item's title and text
	tText         string // the translation item's text
}

// current maps an id of the aligned original to the current source's id:
// when the original is the base edition, the id its item has now, or the
// base id for an item the current edition removed.
func (c *checker) current(id string) string {
	if now, ok := c.curID[id]; ok {
		return now
	}
	return id
}

// parts compares the labelled parts of a pair.
func (c *checker) parts(base Finding, s, t *corpus.Item, cut bool, txt *pairText) {
	sl, tl := labels(s.Parts), labels(t.Parts)
	// Parts are compared only where both sides label them alike: letters
	// with letters, example numbers with example numbers.
	if len(sl) == 0 || len(tl) == 0 && cut || len(tl) > 0 && style(sl) != style(tl) {
		return
	}
	count := func(xs []string) map[string]int {
		m := map[string]int{}
		for _, x := range xs {
			m[x]++
		}
		return m
	}
	sc, tc := count(sl), count(tl)
	var extra, lacking []string
	sf := txt.sText
	for _, l := range tl {
		// "1-A:" printed inside the source's example 1 is the same
		// sub-example, whether or not it was made a part of its own.
		if tc[l] > sc[l] && !slices.Contains(extra, l) && !strings.Contains(sf, l+":") && !strings.Contains(sf, l+".") {
			extra = append(extra, l)
		}
	}
	for _, l := range sl {
		if sc[l] > tc[l] && !slices.Contains(lacking, l) {
			lacking = append(lacking, l)
		}
	}
	ev := []string{"source parts: " + strings.Join(sl, ", "), "translation parts: " + strings.Join(tl, ", ")}
	switch {
	case len(extra) > 0:
		f := base
		f.Check, f.Severity, f.Evidence = Parts, Error, ev
		f.Message = "parts the source does not have (or has fewer times): " + strings.Join(extra, ", ")
		c.r.add(f)
	case len(lacking) > 0 && !cut && len(tl) > 0:
		f := base
		f.Check, f.Severity, f.Evidence = Parts, Warning, ev
		f.Message = "parts missing from the translation: " + strings.Join(lacking, ", ")
		c.r.add(f)
	case len(lacking) == 0 && !slices.Equal(sl, without(tl, sc)):
		f := base
		f.Check, f.Severity, f.Evidence = Parts, Warning, ev
		f.Message = "parts out of order"
		c.r.add(f)
	}
}

// untranslated finds source-language text left in a translation: the
// whole item in the source's language, or a sentence or a run of one
// script of five words or more that the source item states word for
// word (an English clause in a Japanese text). Which language a text is
// in is read by internal/langid, the detector ingest uses, asked only
// "the source's language or the translation's?"; the words must also be
// the source's, so that a text in a third language (a generated cipher,
// a quotation) is not taken for the source's.
func (c *checker) untranslated(base Finding, s, t *corpus.Item, txt *pairText) {
	sl, tl := c.orig.Lang, c.r.Translation.Lang
	if baseLang(sl) == baseLang(tl) || !langid.Known(sl) || !langid.Known(tl) || corpus.Len(t.Text) < 20 {
		return
	}
	flag := func(msg string) {
		f := base
		f.Check, f.Severity, f.Message = Untranslated, Warning, msg
		c.r.add(f)
	}
	// The source's text in comparison form, made where a test reads it.
	var src string
	source := func() string {
		if src == "" {
			src = strings.ToLower(corpus.JoinFolded(txt.sTitle, txt.sText))
		}
		return src
	}
	tf := txt.tText
	if corpus.Len(t.Text) >= 60 && c.sharedWords(strings.ToLower(tf), source()) >= 0.6 {
		if r := langid.Among(t.Text, sl, tl); baseLang(r.Lang) == baseLang(sl) && r.Confidence >= 0.9 {
			flag(fmt.Sprintf("the item reads as %s, the source's language (confidence %.2f)", sl, r.Confidence))
			return
		}
	}
	for _, seg := range segments(tf) {
		if !fieldsAtLeast(seg, 5) || !strings.Contains(source(), strings.ToLower(seg)) {
			continue
		}
		if r := langid.Among(seg, sl, tl); baseLang(r.Lang) == baseLang(sl) && r.Confidence >= 0.9 {
			flag("source text left untranslated: “" + seg + "”")
			return
		}
	}
}

// sharedWords is the share of the words of t that s has too. A
// translation's text has few words where its script writes no spaces:
// those are looked for in s's words one by one, and a set of s's words
// is built only when that would take longer (it was most of the
// untranslated check at 100,000 items). The words of s are cut into the
// checker's buffer.
func (c *checker) sharedWords(t, s string) float64 {
	nt := 0
	for range words(t) {
		nt++
	}
	if nt == 0 {
		return 0
	}
	sw := c.words[:0]
	for w := range words(s) {
		sw = append(sw, w)
	}
	clear(sw[len(sw):cap(sw)]) // no texts of another pair held
	c.words = sw
	has := func(w string) bool { return slices.Contains(sw, w) }
	if nt*len(sw) > 1024 {
		// One set for every pair but a long one's (a map keeps its
		// room: cleared, a large one would cost its size each time).
		set := c.set
		if set == nil || len(sw) > 1024 {
			set = make(map[string]bool, len(sw))
			if len(sw) <= 1024 {
				c.set = set
			}
		}
		clear(set)
		for _, w := range sw {
			set[w] = true
		}
		has = func(w string) bool { return set[w] }
	}
	shared := 0
	for w := range words(t) {
		if has(w) {
			shared++
		}
	}
	return float64(shared) / float64(nt)
}

// words yields the words of s as strings.FieldsFunc(s, notWord) gives
// them, without a slice of them.
func words(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		start := -1
		for i := 0; i < len(s); {
			// ASCII without the decoding and the tables: its letters
			// and digits are the ones unicode.IsLetter and IsDigit say.
			n, not := 1, false
			if c := s[i]; c < utf8.RuneSelf {
				not = !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9')
			} else {
				var r rune
				r, n = utf8.DecodeRuneInString(s[i:])
				not = notWord(r)
			}
			if not {
				if start >= 0 && !yield(s[start:i]) {
					return
				}
				start = -1
			} else if start < 0 {
				start = i
			}
			i += n
		}
		if start >= 0 {
			yield(s[start:])
		}
	}
}

// fieldsAtLeast reports whether len(strings.Fields(s)) >= n, without
// the slice of fields.
func fieldsAtLeast(s string, n int) bool {
	k, in := 0, false
	for _, r := range s {
		if unicode.IsSpace(r) {
			in = false
		} else if !in {
			in = true
			if k++; k >= n {
				return true
			}
		}
	}
	return k >= n
}

func notWord(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

// segments splits s at the ends of sentences and where the script of
// its letters changes (Latin to Han, ...): the pieces a translator may
// have left in the source's language. Each is trimmed of spaces and
// punctuation.
func segments(s string) []string {
	var out []string
	start, cur := 0, scriptNone
	cut := func(end int) {
		if seg := strings.Trim(s[start:end], " \t\n,.;:!?、。，．；：！？「」“”\"'()（）"); seg != "" {
			out = append(out, seg)
		}
		start = end
	}
	for i, r := range s {
		switch {
		case strings.ContainsRune(".!?;。！？；\n", r):
			cut(i)
			cur = scriptNone
		case unicode.IsLetter(r):
			if sc := scriptOf(r); sc != cur {
				if cur != scriptNone {
					cut(i)
				}
				cur = sc
			}
		}
	}
	cut(len(s))
	return out
}

// script is a writing system, coarsely: Chinese characters and kana are
// one (a Japanese sentence is not cut at each change), as are all the
// scripts not listed.
type script int

const (
	scriptNone script = iota
	scriptLatin
	scriptCyrillic
	scriptGreek
	scriptArabic
	scriptHebrew
	scriptArmenian
	scriptHangul
	scriptCJK
	scriptOther
)

var scriptTables = []struct {
	t  *unicode.RangeTable
	sc script
}{
	{unicode.Latin, scriptLatin}, {unicode.Cyrillic, scriptCyrillic}, {unicode.Greek, scriptGreek},
	{unicode.Arabic, scriptArabic}, {unicode.Hebrew, scriptHebrew}, {unicode.Armenian, scriptArmenian},
	{unicode.Hangul, scriptHangul}, {unicode.Han, scriptCJK}, {unicode.Hiragana, scriptCJK}, {unicode.Katakana, scriptCJK},
}

func scriptOf(r rune) script {
	if r < 0x80 {
		return scriptLatin
	}
	for _, st := range scriptTables {
		if unicode.Is(st.t, r) {
			return st.sc
		}
	}
	return scriptOther
}

// edition reports missing, extra and stale items from the edition diff
// of the base edition (the translation's original) and the current
// source, through the translation's alignment with the base.
func (c *checker) edition(cmp *diff.Comparison) {
	trans := map[int]int{} // base item -> translation item
	for _, p := range c.al.Pairs {
		trans[p.Source[0]] = p.Target[0]
	}
	changeOf := map[int]*diff.Change{} // base item -> its change
	for i := range cmp.Changes {
		ch := &cmp.Changes[i]
		for _, b := range ch.Old {
			changeOf[b] = ch
		}
	}
	cur := map[int]int{} // base item -> current item
	for _, p := range cmp.Alignment.Pairs {
		// Each of two merged items is kept, in the one they became.
		for _, b := range p.Source {
			cur[b] = p.Target[0]
		}
	}
	for b := range c.orig.Items {
		bi := &c.orig.Items[b]
		if !c.inScope[bi.Kind] || bi.Kind == corpus.KindPreamble {
			continue
		}
		t, translated := trans[b]
		s, kept := cur[b]
		ch := changeOf[b]
		switch {
		case !kept && translated:
			c.r.add(Finding{Check: Extra, Severity: Warning, SourceID: bi.ID, TargetID: c.r.Translation.Items[t].ID,
				Message: fmt.Sprintf("translates %s of %s, which %s removed", bi.Label(), c.orig.Name(), c.r.Source.Name())})
		case kept && !translated:
			si := &c.r.Source.Items[s]
			c.r.add(Finding{Check: Missing, Severity: Error, SourceID: si.ID, Message: "not translated: " + label(si)})
		case kept && translated && ch != nil && (ch.TextChanged || ch.TitleChanged || ch.Kind == diff.Split || ch.Kind == diff.Merged):
			si := &c.r.Source.Items[s]
			sev := Info
			if ch.Severity == diff.Substantive {
				sev = Error
			}
			f := Finding{Check: Stale, Severity: sev, SourceID: si.ID, TargetID: c.r.Translation.Items[t].ID,
				Message:  fmt.Sprintf("the source changed since %s (%s, %s): %s", c.orig.Name(), ch.Kind, ch.Severity, ch.Reason),
				Redline:  ch.Spans,
				Evidence: []string{"was " + bi.Label() + " in " + c.orig.Name()}}
			if ch.TitleChanged {
				f.Evidence = append(f.Evidence, "title: "+bi.Title+" -> "+si.Title)
			}
			c.r.add(f)
		}
	}
	// Items new in the current edition, and the parts a split gave
	// numbers of their own (the first part keeps the old item's place).
	for i := range cmp.Changes {
		ch := &cmp.Changes[i]
		news := ch.New
		switch ch.Kind {
		case diff.Added:
		case diff.Split:
			news = ch.New[1:]
		default:
			continue
		}
		for _, j := range news {
			si := &cmp.New.Items[j]
			if c.inScope[si.Kind] && si.Kind != corpus.KindPreamble {
				c.r.add(Finding{Check: Missing, Severity: Error, SourceID: si.ID, Message: fmt.Sprintf("new in %s, not translated: %s", c.r.Source.Name(), label(si))})
			}
		}
	}
	for _, j := range c.al.UnmatchedTarget {
		t := &c.r.Translation.Items[j]
		if t.Kind != corpus.KindPreamble {
			c.r.add(Finding{Check: Extra, Severity: Warning, TargetID: t.ID, Message: "no counterpart in " + c.orig.Name()})
		}
	}
	c.coverage(func(b int) bool { _, ok := trans[b]; return ok }, cmp)
}

// unmatched reports the source items without a translation and the
// translation items without a source, when there is no base edition.
func (c *checker) unmatched() {
	for _, i := range c.al.UnmatchedSource {
		s := &c.orig.Items[i]
		if c.inScope[s.Kind] && s.Kind != corpus.KindPreamble {
			c.r.add(Finding{Check: Missing, Severity: Error, SourceID: s.ID, Message: "not translated: " + label(s)})
		}
	}
	for _, j := range c.al.UnmatchedTarget {
		t := &c.r.Translation.Items[j]
		if t.Kind != corpus.KindPreamble {
			c.r.add(Finding{Check: Extra, Severity: Warning, TargetID: t.ID, Message: "no counterpart in " + c.orig.Name()})
		}
	}
	paired := map[int]bool{}
	for _, p := range c.al.Pairs {
		for _, i := range p.Source {
			paired[i] = true
		}
	}
	c.coverage(func(i int) bool { return paired[i] }, nil)
}

// coverage sets the share of in-scope current source items that are
// translated (for a base, those the base's translation carries over).
func (c *checker) coverage(translated func(int) bool, cmp *diff.Comparison) {
	total, done := 0, 0
	if cmp == nil {
		for i, it := range c.orig.Items {
			if c.inScope[it.Kind] && it.Kind != corpus.KindPreamble {
				total++
				if translated(i) {
					done++
				}
			}
		}
	} else {
		base := map[int]int{}
		for _, p := range cmp.Alignment.Pairs {
			base[p.Target[0]] = p.Source[0]
		}
		for i, it := range c.r.Source.Items {
			if c.inScope[it.Kind] && it.Kind != corpus.KindPreamble {
				total++
				if b, ok := base[i]; ok && translated(b) {
					done++
				}
			}
		}
	}
	if total > 0 {
		c.r.Coverage = 100 * float64(done) / float64(total)
	}
}

// without returns the labels of ls that the source has (in counts sc).
func without(ls []string, sc map[string]int) []string {
	var out []string
	for _, l := range ls {
		if sc[l] > 0 {
			out = append(out, l)
		}
	}
	return out
}

// style says how a list of labels counts: "letter" (A, B), "number" (1,
// 1-A, S1) or "other".
func style(ls []string) string {
	if len(ls) == 0 {
		return ""
	}
	l := ls[0]
	switch {
	case len(l) == 1 && unicode.IsLetter(rune(l[0])):
		return "letter"
	case l[0] >= '0' && l[0] <= '9' || l[0] == 'S' && len(l) > 1:
		return "number"
	}
	return "other"
}

func labels(ps []corpus.Part) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Label)
	}
	return out
}

// label names an item in a message by its printed number and title:
// "Rule 4: Verbal Bets".
func label(it *corpus.Item) string { return it.LabelTitle() }

// refLabels names references as printed: "Rule 2, Rule 71-B".
func refLabels(refs []string) string {
	out := make([]string, len(refs))
	for i, r := range refs {
		out[i] = corpus.RefLabel(r)
	}
	return strings.Join(out, ", ")
}

func baseLang(tag string) string {
	tag = strings.ToLower(tag)
	if i := strings.IndexAny(tag, "-_"); i >= 0 {
		return tag[:i]
	}
	return tag
}

// citing reports whether the translation marks references at all: one
// that cites nothing anywhere writes them as plain words, and an item of
// it that lacks a citation says nothing; in one that does, it is a
// citation dropped.
func (c *checker) citing() bool {
	if c.cites == nil {
		v := false
		for _, it := range c.r.Translation.Items {
			if len(it.Refs) > 0 {
				v = true
				break
			}
		}
		c.cites = &v
	}
	return *c.cites
}
