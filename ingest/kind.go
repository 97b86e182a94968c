package ingest

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/lexicon"
)

// kindName is one name of a kind, folded and split into words.
type kindName struct {
	kind  corpus.Kind
	words []string
}

// divisionNames are the lexicon's names of kinds (lexicon.Kinds), in its
// order: kind by kind as first listed, each kind's names in file order.
var divisionNames = sync.OnceValue(func() []kindName {
	var order []corpus.Kind
	byKind := map[corpus.Kind][]kindName{}
	for _, e := range lexicon.Entries(lexicon.Kinds) {
		kind := corpus.Kind(e.Key)
		if corpus.ID(kind, "1") == "item:1" {
			panic(fmt.Sprintf("lexicon kinds, line %d: %q is no kind with ids of its own", e.Line, e.Key))
		}
		if _, ok := byKind[kind]; !ok {
			order = append(order, kind)
		}
		for _, n := range e.Words {
			byKind[kind] = append(byKind[kind], kindName{kind, kindWords(n)})
		}
	}
	var out []kindName
	for _, k := range order {
		out = append(out, byKind[k]...)
	}
	return out
})

// kindWords splits a name into its folded words: runs of letters and
// digits in scripts that space words, and single characters in those that
// do not (so that "推奨手順一覧" holds the name "推奨手順"). Names and
// headings are split alike (kindWordsAt).
func kindWords(s string) []string {
	w, _ := kindWordsAt(s)
	return w
}

// unspaced reports whether r is of a script written without spaces
// between words.
func unspaced(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar)
}

// namedKind returns the kind a division heading or a label prefix names
// ("Recommended Procedures", "推奨手順一覧を開く", "RP"): the first kind of
// the lexicon's kinds one of whose names is a run of the text's words, and "" when
// none is. A heading longer than a title names none: a sentence that
// mentions the procedures is no division of them.
func namedKind(s string) corpus.Kind {
	k, _ := namedKindSpan(s)
	return k
}

// namedKindSpan is namedKind, with the longest of the kind's names that
// s holds, as s prints it: "Illustration Addendum" of "Illustration
// Addendum 2024 Rules". A division is called by that name, which stays
// when the year or the words around it change from edition to edition.
func namedKindSpan(s string) (corpus.Kind, string) {
	if s == "" || runeLen(s) > maxTitleRunes {
		return "", ""
	}
	words, at := kindWordsAt(s)
	var kind corpus.Kind
	span := ""
	best := 0
	for _, n := range divisionNames() {
		if kind != "" && n.kind != kind {
			continue
		}
		i := runIndex(words, n.words)
		if i < 0 || len(n.words) <= best {
			continue
		}
		kind, best = n.kind, len(n.words)
		span = strings.TrimSpace(s[at[i][0]:at[i+len(n.words)-1][1]])
	}
	return kind, span
}

// kindWordsAt is kindWords with the byte range in s of each word. A
// word of small ASCII letters and digits is s's own bytes, not a copy
// (at 100,000 generated items a side, the read-back of sync's draft made
// a string of each word of each line it named no kind in).
func kindWordsAt(s string) ([]string, [][2]int) {
	var out []string
	var at [][2]int
	var w strings.Builder
	start := -1
	own := true // the word so far is s[start:], byte for byte; else it is w
	flush := func(end int) {
		if start >= 0 {
			if own {
				out = append(out, s[start:end])
			} else {
				out = append(out, w.String())
			}
			at = append(at, [2]int{start, end})
			w.Reset()
		}
		start, own = -1, true
	}
	// copied makes the word w from here on: its bytes so far, up to i.
	copied := func(i int) {
		if own && start >= 0 {
			w.WriteString(s[start:i])
		}
		own = false
	}
	for i, r0 := range s {
		// An ASCII letter or digit folds to itself and lowers to its
		// small letter, and a space folds to nothing: the path below,
		// without its strings (640 of the 1,470 allocations of reading
		// the kinds' names).
		switch {
		case 'a' <= r0 && r0 <= 'z' || '0' <= r0 && r0 <= '9':
			if start < 0 {
				start = i
			}
			if !own {
				w.WriteByte(byte(r0))
			}
			continue
		case 'A' <= r0 && r0 <= 'Z':
			copied(i)
			if start < 0 {
				start = i
			}
			w.WriteByte(byte(r0) + 'a' - 'A')
			continue
		case r0 == ' ':
			flush(i)
			continue
		}
		end := i + utf8.RuneLen(r0)
		f := strings.ToLower(corpus.Fold(string(r0)))
		if f == "" {
			flush(i) // white space, which Fold trims
		}
		for _, r := range f {
			switch {
			case unspaced(r):
				flush(i)
				out = append(out, string(r))
				at = append(at, [2]int{i, end})
			case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.M, r):
				copied(i)
				if start < 0 {
					start = i
				}
				w.WriteRune(r)
			default:
				flush(i)
			}
		}
	}
	flush(len(s))
	return out, at
}

// divisionName returns the kind whose division a heading's text names,
// and the name as printed (namedKindSpan), or "", "": a name of two
// letters ("RP") names a kind as a label's word ("RP-4") only, since as a
// heading's word it is as often an abbreviation of something else ("RP
// Rules" of a role-play server). Whether the heading is the document's
// title, which names no division, is the caller's to say.
func divisionName(s string) (corpus.Kind, string) {
	k, span := namedKindSpan(s)
	if span == "" || len(kindWords(span)) == 1 && runeLen(span) <= 2 {
		return "", ""
	}
	return k, span
}

// runIndex returns where run starts as a run of consecutive words of ws,
// or -1.
func runIndex(ws, run []string) int {
	if len(run) == 0 {
		return -1
	}
	for i := 0; i+len(run) <= len(ws); i++ {
		ok := true
		for j, w := range run {
			if ws[i+j] != w {
				ok = false
				break
			}
		}
		if ok {
			return i
		}
	}
	return -1
}

// numberedKind reports whether the recognizer numbers items of kind k:
// rules and the kinds the lexicon names.
func numberedKind(k corpus.Kind) bool {
	return k == corpus.KindRule || k == corpus.KindRP || k == corpus.KindAddendum || k == corpus.KindDefinition
}

// divisionKinds returns, for each block, the kind the headings in force
// before it name (namedKind of the innermost heading above it that names
// one), or "" where none does. A heading's own title names the kind of
// the blocks under it, not its own; the document's title (titleHeading)
// names none: "Poker Rules and Recommended Procedures" is the whole book,
// not a division of it. The kind labels items for display only: which
// labels form a numbering of their own is decided by structure alone
// (divisionHeads, restartedDivisions).
func divisionKinds(bs []block) []corpus.Kind {
	type head struct {
		level int
		kind  corpus.Kind
	}
	title := titleHeading(bs)
	var heads []head
	kinds := make([]corpus.Kind, len(bs))
	for i, b := range bs {
		for j := len(heads) - 1; j >= 0; j-- {
			if heads[j].kind != "" {
				kinds[i] = heads[j].kind
				break
			}
		}
		if b.kind != blockHeading || b.chrome != "" {
			continue
		}
		for len(heads) > 0 && heads[len(heads)-1].level >= b.level {
			heads = heads[:len(heads)-1]
		}
		h := head{level: b.level}
		if i != title {
			h.kind, _ = divisionName(headingName(b))
		}
		heads = append(heads, h)
	}
	return kinds
}

// divisionHeads returns, for each block, the innermost heading in force
// before it that prints no number (labelled says which blocks start
// with a label), the document's title and page furniture aside, or -1:
// the heading a numbering that starts again under it would be a
// division of. A heading that prints a number is an item of a
// numbering, or a line the numbering leaves out ("2024 Recommended
// Procedures"); the labels under it are its children or go on in the
// division of the labels before them. Its words are never looked at.
func divisionHeads(bs []block, labelled []bool) []int {
	type head struct{ level, at int }
	title := titleHeading(bs)
	var heads []head
	from := make([]int, len(bs))
	for i, b := range bs {
		from[i] = -1
		for j := len(heads) - 1; j >= 0; j-- {
			if heads[j].at >= 0 {
				from[i] = heads[j].at
				break
			}
		}
		if b.kind != blockHeading || b.chrome != "" {
			continue
		}
		for len(heads) > 0 && heads[len(heads)-1].level >= b.level {
			heads = heads[:len(heads)-1]
		}
		h := head{level: b.level, at: i}
		if i == title || labelled[i] {
			h.at = -1
		}
		heads = append(heads, h)
	}
	return from
}

// restartedDivisions finds the divisions of a numbering from its labels
// and the headings alone (from: divisionHeads), whatever the headings
// say. in0 and prev0 are a first reading of the numbering, one chain
// over all the labels (chainPrev): which labels it takes, and the label
// each follows in it. The labels under a heading that
// prints no number are a division of their own (lab.div, the heading's
// index + 1) where the first of them succeeds no label numbered before
// the heading, by that reading or as a division's (rules 1-4, then 1, 2,
// 3 under "Glossary" or under "Xyzzyq"; "Rule 10:" entries after rule
// 71; "RP-1" after rule 71). Where it succeeds one (rules 1-3, a heading,
// then 4, 5; procedures 1-3 between rules 2 and 3, then rule 3), the
// labels go on in that label's division, and the heading is marked
// through: it divides nothing. Where nothing is numbered before the
// heading, the numbering starts there: the document's (div 0), and where
// it stands right under the heading (not a list inside the heading's
// text) its labels are numbered as the first reading's are. A label
// under no such heading is in the division of the label the first
// reading has it follow (rules 13, 14 after appendix A.1-A.9, under
// numbered headings: the appendix's), else of the latest label. A label
// of the document's numbering keeps only the kind its own word names
// ("RP-4"); the kind a heading names is its division's.
func restartedDivisions(bs []block, cands []candidate, from []int, in0 []bool, prev0 []int) {
	last := map[int]label{} // division -> its last label so far
	var order []int         // the divisions, by their last label, latest last
	// succeeded is the division whose last label l succeeds, latest
	// first, or -1. A child may print another word than its parent
	// ("Appendix C", then C.1), a sibling not ("Rule 10" after 71).
	succeeded := func(l label) int {
		for k := len(order) - 1; k >= 0; k-- {
			p := last[order[k]]
			if follows(p.comps, l.comps, chainHoles) && (len(l.comps) > len(p.comps) || p.prefix == l.prefix && p.counter == l.counter) {
				return order[k]
			}
		}
		return -1
	}
	decided := map[int]int{}
	track := map[int]printedForm{} // headings whose list starts the document's numbering, and its form
	spanned := spannedLabels(in0, prev0)
	var goesOn []bool // made at the first label runStart asks about
	var before label  // runBefore's copy of a division's last label
	for j := range cands {
		c := &cands[j]
		h := from[c.block]
		div, ok := decided[h]
		switch {
		case (h < 0 || ok) && !spanned[j] && runStart(c.lab, runBefore(cands, j, last, order, &before)) && succeeded(c.lab) < 0 && continued(cands, j, &goesOn):
			// A numbering that starts again with no heading between,
			// printing a word or letters the one before it does not
			// ("RP-1" after rules 1-3, "Addendum 1:" after a list), and
			// that the numbering before it does not go on after: a
			// division of its own, opened by its first label's block,
			// where it goes on (continued): a division's numbering is
			// two labels or more (chainSchemes), and one label a division
			// would make a document of such labels a division each,
			// whose count every label is then compared with.
			div = c.block + 1
		case h >= 0 && ok:
		case h >= 0:
			switch d := succeeded(c.lab); {
			case len(order) == 0:
				div = 0 // the numbering starts here
				// A list right under the heading is its numbering (its
				// labels of the first one's form); one inside its text
				// (after a paragraph) is tracked only where the first
				// reading takes it.
				if atHead(bs, h, c.block) {
					track[h] = c.form(bs)
				}
			case d >= 0:
				div = d
				bs[h].through = true
			default:
				div = h + 1
			}
			decided[h] = div
		case len(order) == 0:
			div = 0
		case in0[j] && prev0[j] >= 0:
			div = cands[prev0[j]].lab.div
		default:
			// Under no heading that could divide, outside the first
			// reading: the division it goes on, else the latest.
			if div = succeeded(c.lab); div < 0 {
				div = order[len(order)-1]
			}
		}
		c.lab.div = div
		if div == 0 {
			c.lab.kind = namedKind(c.lab.prefix)
		}
		if !in0[j] {
			// Outside the first reading, a label counts where it goes on
			// its division's run (not "1.e4" of a game's notation among
			// an appendix's C.13.6 and D.1), and in the document's
			// numbering only in the list that starts it.
			if f, ok := track[h]; div == 0 && (!ok || c.form(bs) != f) {
				continue
			}
			if p, ok := last[div]; ok && !follows(p.comps, c.lab.comps, chainHoles) {
				continue
			}
		}
		last[div] = c.lab
		if k := slices.Index(order, div); k >= 0 {
			order = slices.Delete(order, k, k+1)
		}
		order = append(order, div)
	}
}

// runStart reports whether l starts a numbering apart from the one whose
// last label is prev (nil: there is none): a first label (1, A, I) that
// prints a word or letters before its number which prev does not print.
// A bare restart ("1." after "3.") is as often a list inside the item
// before it, and the chain decides it.
func runStart(l label, prev *label) bool {
	return prev != nil && l.prefix != "" && allFirst(l.comps) && (l.prefix != prev.prefix || l.joined != prev.joined)
}

// continued reports whether the numbering cands[j] would start goes on:
// the next label that prints its word the same way succeeds it ("RP-2"
// after "RP-1"). One label alone is a word and a number in a line of
// text ("対 1" at the start of a hard-wrapped line), not a numbering
// that starts again. goesOn holds the answers for every label, made in
// one pass from the end at the first call.
func continued(cands []candidate, j int, goesOn *[]bool) bool {
	if *goesOn == nil {
		type form struct {
			prefix string
			joined bool
		}
		next := map[form]int{}
		out := make([]bool, len(cands))
		for k := len(cands) - 1; k >= 0; k-- {
			l := &cands[k].lab
			if l.prefix == "" {
				continue
			}
			f := form{l.prefix, l.joined}
			if n, ok := next[f]; ok {
				out[k] = follows(l.comps, cands[n].lab.comps, chainHoles)
			}
			next[f] = k
		}
		*goesOn = out
	}
	return (*goesOn)[j]
}

// runBefore is the last label of the numbering before cands[j]
// (restartedDivisions: last and order, the divisions so far): the latest
// division's, or, where none is yet (the first reading took none of the
// labels before), the label right before j where it ends a run of two
// or more that succeed one another (rules 1-3 that the first reading
// left for the longer run of RP-1 to RP-4 after them).
// A label taken from last is copied into *held, whose address it
// returns: a copy of its own for each label was a label allocated for
// each (152 MB for a page of a million numbered paragraphs).
func runBefore(cands []candidate, j int, last map[int]label, order []int, held *label) *label {
	if len(order) > 0 {
		*held = last[order[len(order)-1]]
		return held
	}
	if j >= 2 && follows(cands[j-2].lab.comps, cands[j-1].lab.comps, 0) {
		return &cands[j-1].lab
	}
	return nil
}

// spannedLabels says, for each label, whether a step of the first
// reading of the numbering (in0, prev0: chainPrev) goes over it, from a
// label before it to one after it: the numbering goes on after it, and
// the label is in the text of an item, not the start of a numbering.
func spannedLabels(in0 []bool, prev0 []int) []bool {
	open := make([]int, len(in0)+1) // steps opened minus closed, by label
	for k, p := range prev0 {
		if in0[k] && p >= 0 && k-p > 1 {
			open[p+1]++
			open[k]--
		}
	}
	out := make([]bool, len(in0))
	n := 0
	for j := range out {
		n += open[j]
		out[j] = n > 0
	}
	return out
}

// atHead reports whether block i is the first text under heading h:
// nothing but page furniture between them.
func atHead(bs []block, h, i int) bool {
	for k := h + 1; k < i; k++ {
		if bs[k].chrome == "" {
			return false
		}
	}
	return true
}

// numberedSections makes sections of the numbered items that are the
// heads of a numbering: a numbered item with numbered items under it
// (the numbered items after it, whose numbers extend its own: an
// unnumbered heading between is no item of its numbering) and no text
// of its own. (Before the parts: an item without text has none.) It
// must print a title, or be a heading among numbered headings of its
// level that mostly print one (headed: each item's heading level + 1,
// 0 for none; levels: by level, the numbered headings and those
// titled): a heading that prints its number alone ("## 第B条" among
// "## 第A条：スピード競技", ...) is the section it is with its title,
// whatever title the translator left out. Headings that all print
// their numbers alone ("## Article 11" over its numbered paragraphs)
// and list items that print only a number are items of their own.
func numberedSections(items []corpus.Item, headed []int8, levels map[int]*[2]int) {
	next := ""
	for i := len(items) - 1; i >= 0; i-- {
		it := &items[i]
		num := it.Number
		titled := it.Title != ""
		if h := headed[i]; !titled && h > 0 {
			n := levels[int(h)-1]
			titled = n[1]*2 > n[0]
		}
		if numberedKind(it.Kind) && num != "" && strings.HasPrefix(next, num) && len(next) > len(num) && it.Text == "" && titled {
			it.Kind, it.ID = corpus.KindSection, sectionID(it.ID)
		}
		if num != "" {
			next = num
		}
	}
}

// numberedHeading records that the item just added is a numbered
// heading of level, titled or not (numberedSections).
func (b *builder) numberedHeading(level int, titled bool) {
	lv := max(0, min(level, 126))
	b.headed[len(b.headed)-1] = int8(lv + 1)
	if b.levels == nil {
		b.levels = map[int]*[2]int{}
	}
	n := b.levels[lv]
	if n == nil {
		n = &[2]int{}
		b.levels[lv] = n
	}
	n[0]++
	if titled {
		n[1]++
	}
}
