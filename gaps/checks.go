package gaps

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unsafe"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
)

// checker runs the checks of one report.
type checker struct {
	r       *Report
	orig    *corpus.Document // the source the translation is aligned with
	al      *align.Alignment
	gloss   *align.Glossary
	inScope map[corpus.Kind]bool
	curID   map[string]string // base id -> current id, with a base
	merged  map[int]int       // unplaced source item -> the translation item that holds it with a neighbour (merges)
	cites   *bool             // whether the translation cites anything (citing)
	labels  *labelCiting      // refs: citations by labels' words, made at the first pair
	// printed are each side's labels that a citation prints after any
	// word (printedLabels), made at the first item cited from.
	printed map[*corpus.Document]map[string]int
	// unchecked counts the source's citations the refs check could not
	// look for in a translation that cites nothing, in uncheckedItems
	// items (uncheckedRefs).
	unchecked, uncheckedItems int

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
		c.refs(base, s, t, cut, txt.sText)
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

// telling leaves out of nums the numbers of skip (tellingSkip: the
// items' own numbers and the numbers of the items they cite, either
// side's citations: a translation may spell a reference out).
func telling(nums []string, skip []string) []string {
	var out []string
	for _, n := range nums {
		if !slices.Contains(skip, n) {
			out = append(out, n)
		}
	}
	return out
}

// tellingSkip appends to skip the numbers telling leaves out of a
// pair's: the items' own numbers and those of the items they cite (found
// once for both sides of the pair; a pair has a few, looked for along
// the list sooner than in a map made for each pair).
func tellingSkip(skip []string, items ...*corpus.Item) []string {
	for _, it := range items {
		skip = append(skip, align.Numbers(it.Number, "en")...)
		for _, r := range it.Refs {
			if _, num, ok := strings.Cut(corpus.RefItem(r), ":"); ok {
				skip = append(skip, align.Numbers(num, "en")...)
			}
		}
	}
	return skip
}

// cutTail is how many runes at the end of a cut preview may hold a number
// cut short ("9500" shown as "950").
const cutTail = 12

// uncut returns the text of a cut preview without its last runes, where
// the cut may have split a number.
func uncut(text string, cut bool) string {
	if !cut {
		return text
	}
	rs := []rune(text)
	at := max(0, len(rs)-cutTail)
	// Keep a number that starts before the tail whole: "100-200" stays.
	for at < len(rs) && at > 0 && (unicode.IsDigit(rs[at]) || strings.ContainsRune("-.,/", rs[at]) && unicode.IsDigit(rs[at-1])) && unicode.IsDigit(rs[at-1]) {
		at++
	}
	return string(rs[:at])
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
