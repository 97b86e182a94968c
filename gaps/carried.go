package gaps

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/lazyre"
)

// Sync carries a translation to the place the alignment gives it; what
// the translation says of itself there is checked, and a disagreement
// marks the entry for review rather than carrying it in silence: the
// translation prints the same number for several items (which of them
// is this one's is a guess), or another number than the item it is
// carried to had in the edition translated, or its length, against the
// source's, is far from the translation's usual measure, or short and
// scored low by the aligner, or far out below the lengths of the
// translation's other texts by their own spread, or the aligner is not
// confident of the pair, or its text reads like the next item of its
// numbering, left without a text of its own (checkPlaces).

// lengthOutlier is how many times the translation's usual length ratio
// (the median over the carried entries) a carried text may be, or its
// inverse, before it is reviewed; minRatioRunes the length both texts
// need to count (short texts vary too much); minRatioEntries the carried
// entries needed for a median.
const (
	lengthOutlier   = 4.0
	minRatioRunes   = 20
	minRatioEntries = 5
)

// A carried text that is short for its source and that the aligner
// scores low as well is reviewed, where either alone says little: a
// translation condenses, and a short text shares little with its
// source. shortRatio is the share of the translation's usual length
// ratio below which a text is short, shortScore the aligner's score
// below which it is low. Measured on the carried entries with a
// length ratio of 55 real translations synced to their sources (the
// dev, wca and seeds pairs and the 39 UDHR Markdown pages): of 3,128
// not reviewed already, 6 are under 0.45 of the usual ratio (the
// lowest 1% is under 0.61) and 235 score under 0.75 (5% under 0.72,
// the median 0.8); both are six: FIDE's Russian B.2.3, which holds the
// text of B.2.2, and 8.3, which lacks its second sentence, and
// translations condensed to a third or so of their sources (the Debian
// Constitution's Korean 4.1(2) and 4.1(4), FIDE's Armenian 4.3 and
// 11.2.3.2). At 0.5, three more (Korean 3.2(2), Armenian 9.2.2 and
// A4.2). A text cut to two fifths of its length, in the same
// translations, scores 0.70 to 0.72 where its number vouches for it.
const (
	shortRatio = 0.45
	shortScore = 0.75
)

// A carried text short for its source may also be short for the
// translation's own measure: its length ratio far out below the ratios
// of the translation's other texts, by their own spread. farOut is
// Tukey's "far out" (the ratio's logarithm under the first quartile by
// three interquartile ranges), taken over the carried texts that differ
// from their source's (a text the translation left in the source's
// language is no measure of it: the Debian Constitution's Korean keeps
// 115 of its 134 texts so, and their ratio of 1 left its spread none).
// Measured on the 3,122 carried texts of 55 real translations not
// reviewed already: none is far out below (the lowest, UDHR dz article
// 18 at 0.67 of the usual ratio, is 2.6 ranges under its quartile; at
// 2 ranges 8 would be, at 1.5, the inner fence, 29); above, 10 are (a
// translation explains where it expands), so only a short text is
// reviewed. Every tenth text cut to a quarter, three tenths or two
// fifths of its length in the same translations: of the 637 long enough
// for a ratio, 67 were carried unmarked by the other checks, 25 of them
// are far out (TestSyncFarOutShort).
const farOut = 3.0

// printedListed is how many of the items that print one number a review
// note names, the others counted ("and 12 more").
const printedListed = 8

// checkCarried adds the review reasons of the carried entries; origOf
// gives the index in the edition translated (the base, else the source)
// of each entry.
func (d *Draft) checkCarried(origOf func(i int) (int, bool)) {
	orig := d.Source
	if d.Base != nil {
		orig = d.Base
	}
	// The number the translation prints for an item (for a reading
	// through the source, which carries the source's numbers, that of
	// its own item where it is known).
	// An item the alignment made (a heading the translation held only
	// as its rules' Section) prints none.
	made := map[*corpus.Item]bool{}
	if al := d.Report.Alignment; al != nil && al.Target == d.Translation {
		for j := range d.Translation.Items {
			if al.Made(j) {
				made[&d.Translation.Items[j]] = true
			}
		}
	}
	number := func(t *corpus.Item) string {
		if made[t] {
			return ""
		}
		if n, ok := d.Report.printed[t.ID]; ok {
			return n
		}
		return t.Number
	}
	// kind, numbering and number -> translation ids. Two numberings
	// (a list 1 to 5 and, under another heading, a list that starts again
	// at 1) print the same numbers for different items, rightly: the
	// same number twice in one numbering is what wants a look.
	// The items' ids in the translation's own reading, whose numbering
	// is what it prints.
	own := make(map[*corpus.Item]string, len(d.Translation.Items))
	for j := range d.Translation.Items {
		own[&d.Translation.Items[j]] = d.Report.ownID(j)
	}
	printed := map[string][]int{} // -> translation item indices
	key := func(t *corpus.Item, n string) string {
		return string(t.Kind) + "\x00" + numbering(own[t]) + "\x00" + normNumber(n)
	}
	// A file keyed by id (PO, XLIFF, TMX) prints no numbers: its items'
	// are read from their ids, the source's.
	keyed := keyedByID(d.Translation)
	for j := range d.Translation.Items {
		t := &d.Translation.Items[j]
		if n := number(t); n != "" && !keyed {
			k := key(t, n)
			printed[k] = append(printed[k], j)
		}
	}
	low := map[int]float64{}
	for _, p := range d.Report.Alignment.Pairs {
		if p.Low {
			low[p.Source[0]] = p.Score
		}
	}
	d.checkSubNumbers(orig, origOf, number)
	d.checkPlaces(orig, origOf, number)
	median, fence := d.ratioMeasure()
	// The items that print one number, named once for all of them, the
	// first printedListed of them (a message that named every one, for
	// every one, grew with the square of the document).
	listed := map[string]string{}
	for i := range d.Entries {
		e := &d.Entries[i]
		if e.Target == nil || e.State == New {
			continue
		}
		t := e.Target
		n := number(t)
		if k := key(t, n); n != "" && len(printed[k]) > 1 {
			js := printed[k]
			names, ok := listed[k]
			if !ok {
				names = listIDs(d.printedNames(js, own), printedListed)
				listed[k] = names
			}
			of := e.Source.Number
			if of == "" {
				of = e.Source.ID // an item that prints no number
			}
			e.Review = append(e.Review, fmt.Sprintf("the translation prints %s for %d items (%s): check that this is the text of %s", n, len(js), names, of))
		}
		o, ok := origOf(i)
		if ok && !keyed && n != "" && orig.Items[o].Number != "" && normNumber(n) != normNumber(orig.Items[o].Number) && t.Kind == orig.Items[o].Kind {
			e.Review = append(e.Review, fmt.Sprintf("the translation prints %s where %s has %s", n, orig.Name(), orig.Items[o].Number))
		}
		s, isLow := low[o]
		isLow = isLow && ok
		if r, ok := entryRatio(e, d); ok && median > 0 {
			switch {
			case r > median*lengthOutlier || r < median/lengthOutlier:
				e.Review = append(e.Review, fmt.Sprintf("the translation is %.1f times the length its other texts have for their source's", r/median))
			case r < median*shortRatio && e.Score < shortScore && !isLow && !t.Has(corpus.FlagTruncated):
				// (A cut preview is short by its nature: reasonCut.)
				e.Review = append(e.Review, fmt.Sprintf("the translation is %.2f times the length its other texts have for their source's, and the aligner scores the pair %.2f", r/median, e.Score))
			case r < fence && !isLow && !t.Has(corpus.FlagTruncated):
				e.Review = append(e.Review, fmt.Sprintf("the translation is %.2f times the length its other texts have for their source's, far out below their spread (under %.2f)", r/median, fence/median))
			}
		}
		if isLow {
			e.Review = append(e.Review, fmt.Sprintf("the aligner is not confident of this pair (score %.2f)", s))
		}
	}
}

// disagreeing are the checks whose findings say that a translation's
// text disagrees with its source item's: numbers it lacks, changes or
// adds, citations of other items, parts, a text much shorter than its
// source predicts, a text that matches another item better.
var disagreeing = []string{Numbers, Refs, Parts, Truncated, Mismatch}

// disagreement is the reason to review entry e that finding f gives
// ("numbers: numbers of the source missing from the translation: 60"),
// or "" when f says nothing against e's text: f must be a warning or an
// error of a disagreeing check, on one of e's translation items (a cut
// preview, an info, is reviewed as such: reasonCut).
func disagreement(e *Entry, f *Finding) string {
	if f.Severity.Rank() < Warning.Rank() || !slices.Contains(disagreeing, f.Check) {
		return ""
	}
	for _, t := range e.Targets {
		if f.TargetID == t.ID {
			return f.Check + ": " + f.Message
		}
	}
	return ""
}

// checkFindings adds to the reasons to review each carried entry (the
// translation's text, unmarked, under a source that did not change) the
// report's findings against its text (disagreement): a warning's text
// carried unmarked would read as current in the draft, and sync's count
// of what to review would leave it out. A stale entry is marked as such
// already.
func (d *Draft) checkFindings() {
	for i := range d.Entries {
		e := &d.Entries[i]
		if e.State != Translated || e.Target == nil {
			continue
		}
		for k := range e.Findings {
			if w := disagreement(e, &e.Findings[k]); w != "" && !slices.Contains(e.Review, w) {
				e.Review = append(e.Review, w)
			}
		}
	}
}

// numbering is the numbering an item's id places it in: the heading a
// numbering that started again is qualified by ("_2_" of "rule:_2_1",
// "3_" of "rule:3_1"; see corpus.QualifiedID), "" for the document's
// first numbering.
func numbering(id string) string {
	_, rest, _ := strings.Cut(id, ":")
	if i := strings.LastIndexByte(rest, '_'); i >= 0 {
		return rest[:i+1]
	}
	return ""
}

// normNumber is a printed number as compared: its comparison form, with
// a separator between a letter and a digit left out ("A.2", "A-2" and
// "A2" print one number; "1.1" and "11" do not).
func normNumber(n string) string {
	n = strings.ToLower(corpus.Fold(n))
	rs := []rune(n)
	out := rs[:0:0]
	for i, r := range rs {
		if (r == '.' || r == '-' || r == ' ') && i > 0 && i+1 < len(rs) {
			a, b := rs[i-1], rs[i+1]
			if unicode.IsLetter(a) && unicode.IsDigit(b) || unicode.IsDigit(a) && unicode.IsLetter(b) {
				continue
			}
		}
		out = append(out, r)
	}
	return string(out)
}

// entryRatio is the length of an entry's translation over that of the
// source text it translates (the earlier text, for a stale entry; none
// when that is not known), in runes, when both are long enough to say
// something.
func entryRatio(e *Entry, d *Draft) (float64, bool) {
	from := e.Source
	switch {
	case e.Previous != nil:
		from = e.Previous
	case e.State == StaleState:
		return 0, false // made from a text no longer at hand
	}
	src := shownLen(from.Text, keyedByID(d.Source))
	tr := shownLen(d.Text(e), keyedByID(d.Translation))
	if src < minRatioRunes || tr < minRatioRunes {
		return 0, false
	}
	return float64(tr) / float64(src), true
}

// inlineCodeRe matches what of Markdown's inline syntax a reader does
// not see: a link's destination and title, a tag of inline HTML. A text
// read from PO or XLIFF keeps it (the links travel in the msgstr).
var inlineCodeRe = lazyre.New(`\]\([^()\s]*(?:\s+"[^"]*")?\)|</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?>`)

// shownText is s as a reader sees it, for its length: without link
// destinations and tags.
func shownText(s string) string {
	if !strings.ContainsAny(s, "]<") {
		return s
	}
	return inlineCodeRe.ReplaceAllString(s, "")
}

// ratioMeasure is the median length ratio of the carried entries, 0
// when too few have one, and the ratio under which a text is far out
// below the others (farOut), 0 when too few differ from their source's.
func (d *Draft) ratioMeasure() (median, fence float64) {
	var rs, own []float64
	for i := range d.Entries {
		e := &d.Entries[i]
		if e.Target == nil || e.State == New {
			continue
		}
		if r, ok := entryRatio(e, d); ok {
			rs = append(rs, r)
			if !copied(e, d) {
				own = append(own, math.Log(r))
			}
		}
	}
	if len(rs) < minRatioEntries {
		return 0, 0
	}
	slices.Sort(rs)
	median = rs[len(rs)/2]
	if len(own) >= minRatioEntries {
		slices.Sort(own)
		q1, q3 := own[len(own)/4], own[len(own)*3/4]
		fence = math.Exp(q1 - farOut*(q3-q1))
	}
	return median, fence
}

// copied says whether an entry's translation is the text of the source
// item it translates, as it stands: left in the source's language.
func copied(e *Entry, d *Draft) bool {
	from := e.Source
	if e.Previous != nil {
		from = e.Previous
	}
	return d.Text(e) == from.Text
}

// orphanReason says why a translation item t has no place when its id
// in the translation's own reading (own: the id its own numbering or
// place gave it, which the reading through the source may have made
// unique) names an item of the edition translated whose place another
// translation item took (a number printed twice, a line mislabelled, an
// item the translation added before it); "" otherwise. Which of the two
// texts is that item's is the aligner's guess: the entry that holds the
// other is marked for review, saying so.
func (d *Draft) orphanReason(t *corpus.Item, own string, orig *corpus.Document, ids *orphanIDs) string {
	ids.index(d, orig)
	if id, _, _ := strings.Cut(own, "#"); !ids.orig[id] { // as orig.Item finds it
		return ""
	}
	cur := own
	if c, ok := d.Renumbered[own]; ok {
		cur = c
	}
	for _, i := range ids.entries[cur] {
		e := &d.Entries[i]
		if e.Target != nil && e.Target != t && e.State != New {
			if w := fmt.Sprintf("the translation's %s names this item by its number or place and has no place: check that this text is this item's", own); !slices.Contains(e.Review, w) {
				e.Review = append(e.Review, w)
			}
			return fmt.Sprintf("its number names %s of %s, whose place holds %s (marked for review)", own, orig.Name(), e.Target.ID)
		}
	}
	return ""
}

// orphanIDs are what orphanReason looks ids up in, made for the first
// orphan that needs them (a look through the items and the entries for
// each orphan grew with the square of the items).
type orphanIDs struct {
	orig    map[string]bool  // the ids of the edition translated
	entries map[string][]int // the entries of each source id, in order
}

func (ids *orphanIDs) index(d *Draft, orig *corpus.Document) {
	if ids.orig != nil {
		return
	}
	ids.orig = make(map[string]bool, len(orig.Items))
	for i := range orig.Items {
		ids.orig[orig.Items[i].ID] = true
	}
	ids.entries = make(map[string][]int, len(d.Entries))
	for i := range d.Entries {
		id := d.Entries[i].Source.ID
		ids.entries[id] = append(ids.entries[id], i)
	}
}

// printedNames names the translation items js, which print one number,
// by their ids in the translation's own reading (own): where two have
// one id (items the source's kind gave one prefix, "1." of a list and
// a heading numbered 1), each is named by its own reading's id as it
// stands, then by its line's start.
func (d *Draft) printedNames(js []int, own map[*corpus.Item]string) []string {
	names := make([]string, len(js))
	seen := map[string]int{}
	for k, j := range js {
		names[k] = own[&d.Translation.Items[j]]
		seen[names[k]]++
	}
	if len(seen) == len(js) {
		return names
	}
	for k, j := range js {
		if seen[names[k]] < 2 {
			continue
		}
		it := &d.Translation.Items[j]
		if al := d.Report.Alignment; al != nil && al.Target == d.Translation && al.OwnID(j) != "" && al.OwnID(j) != names[k] {
			names[k] = al.OwnID(j)
			continue
		}
		if s := corpus.CleanLine(it.Title + " " + it.Text); s != "" {
			names[k] += " " + strconv.Quote(lineStart(s, 30))
		}
	}
	return names
}

// lineStart is s cut to its first n runes and "…", or s where it has
// no more.
func lineStart(s string, n int) string {
	k := 0
	for i := range s {
		if k == n {
			return s[:i] + "…"
		}
		k++
	}
	return s
}

// ownID is the id the report's translation item j has in the
// translation's own reading, where the report reads its own items
// through the source (readOwn), else its id. The id of an item that
// prints a number takes the prefix of the kind the reading gave it (the
// kind of its source item, or of the source items that print its
// number): what it prints, read with the source's kinds.
func (r *Report) ownID(j int) string {
	it := &r.Translation.Items[j]
	if r.readOwn && r.Alignment != nil {
		if own := r.Alignment.OwnID(j); own != "" {
			if it.Number != "" {
				own = corpus.WithKind(own, it.Kind)
			}
			return own
		}
	}
	return it.ID
}
