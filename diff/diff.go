// Package diff says what changed between two editions of a rulebook, item
// by item, with redlines and how much each change matters.
package diff

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/sched"
)

// Kind is what happened to an item between two editions.
type Kind string

// The kinds of change. An item can be renumbered, moved and modified at
// once: Kind names the main one and the flags of Change say the rest.
const (
	Added      Kind = "added"
	Removed    Kind = "removed"
	Renumbered Kind = "renumbered" // only its number changed
	Moved      Kind = "moved"      // only its section or its place changed
	Retitled   Kind = "retitled"   // its title changed, its text did not
	Modified   Kind = "modified"   // its text changed
	Split      Kind = "split"      // one old item became two
	Merged     Kind = "merged"     // two old items became one
)

// Change is one changed item. Old and New are indexes into the old and
// new documents' Items (empty for an added or removed item; two for a
// split or merge). Unchanged items are not Changes.
type Change struct {
	Kind     Kind
	Severity Severity
	Old, New []int
	// Renumbered and Moved are set whenever the number, or the section
	// or the place among the other items (see outOfOrder), changed,
	// whatever the Kind.
	Renumbered, Moved         bool
	TitleChanged, TextChanged bool
	// Rule names the test that decided the severity ("numbers", "refs",
	// "parts", "negation", "modal", "sentences", "wording", "title",
	// "equivalence", "typography", "added", "section", "order", ...), and
	// Reason says what it saw.
	Rule, Reason string
	// Summary says what changed in the words of the rule: the clauses
	// added, deleted or replaced and the numbers that changed, quoted
	// from the redline ("“for 30 seconds” became “for 60 seconds”"); the text
	// of an added or removed item; Reason when no edit is more than
	// typography or an equivalence, or the item has no text.
	Summary string
	// Redline holds the edits of the old text into the new one (runes of
	// the old text); Spans the same as kept, deleted and inserted text.
	Redline    []Edit
	Spans      []Span
	TitleSpans []Span
	// Score is the aligner's confidence in the identity of the items.
	Score float64

	oldText string // the old text the redline edits (joined for a merge)
}

// Move is a sentence that left one item and appears in another.
type Move struct {
	Text         string
	OldID, NewID string // where it was (old edition) and where it is (new)
}

// StaleRef is a cross-reference of the new edition that still cites an
// item by its old number.
type StaleRef struct {
	In     string // id of the citing item in the new edition
	Cites  string // the reference as it stands ("rule:23")
	Now    string // the id the cited item has in the new edition
	NowIs  string // what the new edition has under the old number, if anything
	Reason string
}

// Comparison is the result of comparing two editions.
type Comparison struct {
	Old, New  *corpus.Document
	Changes   []Change // in the new edition's order, removed items where they were
	Moves     []Move
	StaleRefs []StaleRef
	// Scope notes the kinds of item only one edition has; their items
	// are not among the Changes.
	Scope []ScopeNote
	// Caution is set where the two editions read as different languages
	// (LanguageMismatch, naming the documents): a translation compared as
	// an edition, every item of which reads as changed. The changelogs
	// print it.
	Caution string
	// Alignment is the pairing of old and new items the comparison rests
	// on. Its pairs carry no evidence of their texts (align.Options.Terse:
	// the comparison reads none).
	Alignment *align.Alignment
}

// Options configures a comparison. The zero value aligns with the default
// align.Options and judges severity with DefaultEquivalences.
type Options struct {
	Align align.Options
	// Equivalences are the editorial equivalences; nil means
	// DefaultEquivalences. Add to those with append.
	Equivalences []Equivalence
	// Context, when not nil, stops a comparison early once it is done
	// (an interrupted command), and is the alignment's when Align has
	// none: the Comparison returned is then incomplete, and the caller,
	// seeing Context.Err(), must not use it.
	Context context.Context
}

// Compare aligns the two editions (align.Options.Align: identity by
// numbers where the texts agree, by content elsewhere) and reports every
// item that was added, removed, renumbered, moved to another section,
// retitled, modified, split or merged, with a redline and a severity; the
// sentences that moved between items; and references of the new edition
// that still use an old number. A kind of item only one edition has (a
// short form without the procedures of the longform) is a note in Scope,
// and its items are not changes.
func (o Options) Compare(old, new *corpus.Document) *Comparison {
	eqs := defaultPrepared()
	if o.Equivalences != nil {
		eqs = prepare(o.Equivalences)
	}
	if o.Align.Context == nil {
		o.Align.Context = o.Context
	}
	o.Align.Terse = true
	al := o.Align.Align(old, new)
	c := &Comparison{Old: old, New: new, Alignment: al}
	var done <-chan struct{}
	if o.Context != nil {
		done = o.Context.Done()
	}
	if stopped(done) {
		return c
	}
	relabel(old, new, al)
	splits(old, new, al)
	var ok bool
	c.Changes, ok = comparePairs(old, new, al, eqs, renamedSections(old, new, al), done)
	if !ok {
		return c
	}
	c.Changes = reorder(old, new, al, c.Changes)
	for _, i := range al.UnmatchedSource {
		const why = "no counterpart in the new edition"
		c.Changes = append(c.Changes, Change{Kind: Removed, Severity: Substantive, Old: []int{i}, Rule: "removed", Reason: why, Summary: itemSummary(&old.Items[i], why)})
	}
	for _, j := range al.UnmatchedTarget {
		const why = "new in this edition"
		c.Changes = append(c.Changes, Change{Kind: Added, Severity: Substantive, New: []int{j}, Rule: "added", Reason: why, Summary: itemSummary(&new.Items[j], why)})
	}
	if stopped(done) {
		return c
	}
	notes, outOld, outNew := scope(old, new)
	c.Scope = notes
	c.Caution = LanguageMismatch(old.Lang, new.Lang, old.Name(), new.Name())
	c.dropOutOfScope(outOld, outNew)
	after := c.removedPlaces(al)
	sort.SliceStable(c.Changes, func(i, j int) bool {
		return c.position(&c.Changes[i], after) < c.position(&c.Changes[j], after)
	})
	c.Moves = c.moves(al)

	c.StaleRefs = c.staleRefs(al)
	return c
}

// pairBlock is how many pairs a worker of comparePairs takes at a time:
// enough that handing them out costs nothing beside comparing them, few
// enough that the workers end together (a changed pair costs a hundred
// times an unchanged one).
const pairBlock = 16

// comparePairs describes what happened to each pair of the alignment
// (compare), the changes in the order of the pairs. The pairs are
// independent, so GOMAXPROCS workers compare them, each taking the next
// block of pairs; each change lands in its pair's place, and the order,
// hence the output, is that of comparing them one by one. ok is false
// when done closed first (the changes are then incomplete).
func comparePairs(old, new *corpus.Document, al *align.Alignment, eqs *equivalences, renamed map[string]string, done <-chan struct{}) (changes []Change, ok bool) {
	pairs := al.Pairs
	// Room for the removed and added items too, which Compare appends.
	out := make([]Change, len(pairs), len(pairs)+len(al.UnmatchedSource)+len(al.UnmatchedTarget))
	changed := make([]bool, len(pairs))
	var next atomic.Int64 // the first pair of the next block
	var halted atomic.Bool
	work := func() {
		for !halted.Load() {
			start := int(next.Add(pairBlock)) - pairBlock
			if start >= len(pairs) {
				return
			}
			if stopped(done) {
				halted.Store(true)
				return
			}
			for k := start; k < min(start+pairBlock, len(pairs)); k++ {
				out[k], changed[k] = compare(old, new, pairs[k], eqs, renamed)
			}
		}
	}
	workers := min(runtime.GOMAXPROCS(0), (len(pairs)+pairBlock-1)/pairBlock)
	sched.Workers(workers, func(int) { work() })
	if halted.Load() {
		return nil, false
	}
	n := 0
	for k := range out {
		if changed[k] {
			out[n] = out[k]
			n++
		}
	}
	clear(out[n:]) // what the unchanged pairs' places held
	return out[:n], true
}

// stopped reports whether done has closed.
func stopped(done <-chan struct{}) bool {
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// position orders changes by the new edition, removed items after the new
// item that their nearest kept predecessor in the old edition became,
// in their old order (after says where: removedPlaces).
func (c *Comparison) position(ch *Change, after map[int]float64) float64 {
	if len(ch.New) > 0 {
		return float64(ch.New[0])
	}
	return after[ch.Old[0]]
}

// removedPlaces gives each old item without a counterpart its place
// among the new items: just after the new item of the nearest old item
// before it that has one (before all of them when none does), the
// removed items after one item in their old order. So a removed heading
// stays before the removed rules it headed.
func (c *Comparison) removedPlaces(al *align.Alignment) map[int]float64 {
	newOf := make(map[int]int, len(al.Pairs))
	for _, p := range al.Pairs {
		for _, i := range p.Source {
			newOf[i] = p.Target[len(p.Target)-1]
		}
	}
	out := map[int]float64{}
	n := float64(len(c.Old.Items) + 1)
	for _, i := range al.UnmatchedSource {
		base := -1.0
		k := i - 1
		for ; k >= 0; k-- {
			if j, ok := newOf[k]; ok {
				base = float64(j)
				break
			}
		}
		// Within (base, base+1), by how far the item lies past its
		// predecessor: removed items keep their old order.
		out[i] = base + 0.5 + 0.4*float64(i-k)/n
	}
	return out
}

// compare describes what happened to a pair of items; ok is false when
// nothing did. renamed maps the headings of old's sections to their
// pairs' in new, where they differ (renamedSections).
func compare(old, new *corpus.Document, p align.Pair, eqs *equivalences, renamed map[string]string) (Change, bool) {
	ch := Change{Old: p.Source, New: p.Target, Score: p.Score}
	o, n := &old.Items[p.Source[0]], &new.Items[p.Target[0]]
	switch {
	case len(p.Source) == 2:
		o = joined(old, p.Source)
		ch.Kind = Merged
	case len(p.Target) == 2:
		n = joined(new, p.Target)
		ch.Kind = Split
	}
	ch.Renumbered = o.Number != n.Number
	// A section renamed in place ("Bets & Raises" -> "Bets and Raises")
	// moves nothing.
	ch.Moved = o.Section != "" && n.Section != "" && !equivalent(o.Section, n.Section, eqs) && renamed[o.Section] != n.Section
	// Most pairs of an edition are the same text: equal strings need no
	// folding. The title of a split or merge is its first item's: the
	// later one's heading is a part of the split ("Hand Action
	// (continued)").
	ot, nt := old.Items[p.Source[0]].Title, new.Items[p.Target[0]].Title
	ch.TitleChanged = ot != nt && corpus.Fold(ot) != corpus.Fold(nt)
	var fa, fb string // the texts' comparison forms, when they differ
	if o.Text != n.Text {
		fa, fb = corpus.Fold(o.Text), corpus.Fold(n.Text)
		ch.TextChanged = fa != fb
	}
	if ch.Kind == "" && !ch.Renumbered && !ch.Moved && !ch.TitleChanged && !ch.TextChanged {
		if to, ok := renamed[o.Section]; ok && to == n.Section && ownHeading(o) && ownHeading(n) && !sameWords(o.Section, n.Section) {
			return headingChange(ch, o, n), true
		}
		if sameWords(o.Text, n.Text) && sameWords(ot, nt) {
			return ch, false
		}
		return typographyChange(ch, o, n), true
	}
	if ch.Kind == Merged && conserved(old, p.Source, n) || ch.Kind == Split && conserved(new, p.Target, o) {
		// Nothing of the text changed, only where one item ends: the
		// later item lost its number, or a part of the item took one.
		ch.Renumbered, ch.TitleChanged, ch.TextChanged = true, false, false
		ch.oldText = o.Text
		ch.Severity, ch.Rule, ch.Reason = Editorial, "renumbered", mergedReason(old, new, p)
		ch.Summary = ch.Reason
		return ch, true
	}
	var shown []Span // Redline(o.Text, n.Text), for judge to reuse
	if ch.TextChanged || ch.Kind != "" {
		if o.Kind == corpus.KindPreamble && n.Kind == corpus.KindPreamble {
			// Front matter is set line by line (a title, a version line,
			// a note): compared by words it reads as churn across the
			// breaks.
			ch.Redline, ch.Spans = LineRedline(o.Text, n.Text)
		} else {
			ch.Redline, ch.Spans = Redline(o.Text, n.Text)
			shown = ch.Spans
		}
	}
	if ch.TitleChanged {
		_, ch.TitleSpans = Redline(ot, nt)
	}
	if ch.Kind == "" {
		switch {
		case ch.TextChanged:
			ch.Kind = Modified
		case ch.TitleChanged:
			ch.Kind = Retitled
		case ch.Renumbered:
			ch.Kind = Renumbered
		default:
			ch.Kind = Moved
		}
	}
	j := judgement{Editorial, "renumbered", renumberedReason(o, n)}
	whole := false
	var own ownPair // the texts' numbers, once read
	switch {
	case ch.Kind == Split || ch.Kind == Merged:
		j = judgement{Substantive, string(ch.Kind), splitReason(old, new, p)}
	case ch.TextChanged:
		j, whole = judgeFolded(o, n, fa, fb, shown, new.Lang, eqs, &own)
	case ch.Moved && !ch.Renumbered && !ch.TitleChanged:
		j = judgement{Editorial, "section", "moved from " + quote(o.Section) + " to " + quote(n.Section)}
	}
	if ch.TitleChanged && ch.Kind != Split && ch.Kind != Merged {
		// A retitle decides alone, or when it weighs more than the text.
		if t := judgeTitle(o.Title, n.Title, eqs); !ch.TextChanged || t.severity == Substantive && j.severity == Editorial {
			j = t
		}
	}
	if whole {
		// Word for word, a text written anew is a scatter of the few
		// words that happen to recur ("a", "to"); it reads as the old
		// text out and the new one in.
		ch.Redline = []Edit{{Start: 0, End: utf8.RuneCountInString(o.Text), New: n.Text}}
		ch.Spans = []Span{{Delete, o.Text}, {Insert, n.Text}}
	}
	ch.oldText = o.Text
	ch.Severity, ch.Rule, ch.Reason = j.severity, j.rule, j.reason
	ch.Summary = summarize(o, n, &ch, new.Lang, eqs, j.reason, &own)
	return ch, true
}

// renumberedReason says how an item's label changed: "renumbered: Rule
// 8 is now Rule 9", "renumbered: Rule 8.2.5 is now unnumbered".
func renumberedReason(o, n *corpus.Item) string {
	switch {
	case o.Number != "" && n.Number == "":
		return "renumbered: " + o.Label() + " is now unnumbered"
	case o.Number == "" && n.Number != "":
		return "renumbered: " + quote(o.Label()) + " is now numbered " + n.Label()
	}
	return "renumbered: " + o.Label() + " is now " + n.Label()
}

// splitReason names the items a split made or a merge joined.
func splitReason(old, new *corpus.Document, p align.Pair) string {
	names := func(d *corpus.Document, idx []int) string {
		var ls []string
		for _, i := range idx {
			ls = append(ls, d.Items[i].Label())
		}
		return and(ls)
	}
	if len(p.Target) > 1 {
		return "split into " + names(new, p.Target)
	}
	return names(old, p.Source) + " merged into one"
}

// conserved reports whether the titles and texts of the old items idx,
// read one after another, are n's, in comparison form.
func conserved(old *corpus.Document, idx []int, n *corpus.Item) bool {
	forms := make([]string, len(idx))
	for k, i := range idx {
		forms[k] = itemForm(&old.Items[i])
	}
	return corpus.Fold(strings.Join(forms, "\n")) == itemForm(n)
}

// mergedReason says that the later items of a merge whose text is
// unchanged are now part of the first ("Rule 8.2.5 is now part of Rule
// 8.2.4b, the text unchanged"), or that the later item of such a split
// holds a part of the old item ("part of Rule 4.1 is now Rule 4.2, the
// text unchanged").
func mergedReason(old, new *corpus.Document, p align.Pair) string {
	var ls []string
	if len(p.Target) > 1 {
		// The parts under another label than the old item's: the
		// later one, or the earlier where the old label went on.
		was := old.Items[p.Source[0]].Label()
		for _, j := range p.Target {
			if l := new.Items[j].Label(); l != was {
				ls = append(ls, l)
			}
		}
		if len(ls) == 0 {
			ls = append(ls, new.Items[p.Target[1]].Label())
		}
		return "part of " + was + " is now " + and(ls) + ", the text unchanged"
	}
	for _, i := range p.Source[1:] {
		ls = append(ls, old.Items[i].Label())
	}
	return and(ls) + " " + plural(len(ls), "is", "are") + " now part of " + new.Items[p.Target[0]].Label() + ", the text unchanged"
}

// joined reads several items as one: their titles and texts joined.
func joined(d *corpus.Document, idx []int) *corpus.Item {
	it := d.Items[idx[0]]
	for _, i := range idx[1:] {
		o := &d.Items[i]
		if it.Title != "" && o.Title != "" {
			it.Title += " / " + o.Title
		} else {
			it.Title += o.Title
		}
		it.Text = strings.TrimSpace(it.Text + "\n" + o.Text)
		it.Parts = append(append([]corpus.Part(nil), it.Parts...), o.Parts...)
		it.Refs = append(append([]string(nil), it.Refs...), o.Refs...)
	}
	return &it
}

// sentenceEnd reports whether r ends a sentence: a full stop, question
// or exclamation mark, or their CJK forms.
func sentenceEnd(r rune) bool {
	return r == '.' || r == '!' || r == '?' || r == '。' || r == '！' || r == '？'
}

// splitSentences returns the sentences of s: text up to the marks that
// end a sentence, with them, as `[^.!?。！？]+[.!?。！？]+` finds them
// (TestSentences holds the two together): text after the last mark is
// none, nor are marks with no text before them.
func splitSentences(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		// Marks with no text before them start no sentence.
		for i < len(s) {
			r, size := utf8.DecodeRuneInString(s[i:])
			if !sentenceEnd(r) {
				break
			}
			i += size
		}
		j := i
		for j < len(s) {
			r, size := utf8.DecodeRuneInString(s[j:])
			if sentenceEnd(r) {
				break
			}
			j += size
		}
		k := j
		for k < len(s) {
			r, size := utf8.DecodeRuneInString(s[k:])
			if !sentenceEnd(r) {
				break
			}
			k += size
		}
		if k == j {
			break // no mark after the text: no sentence
		}
		out = append(out, s[i:k])
		i = k
	}
	return out
}

// movedMinWords is the length a sentence needs to be traced: short ones
// ("See Rule 2.") recur by chance.
const movedMinWords = 6

// moves finds sentences that left an item and arrived in another.
func (c *Comparison) moves(al *align.Alignment) []Move {
	// The partner of each item, -1 for none: slices rather than maps,
	// which at 100,000 pairs cost a tenth of the comparison after the
	// alignment.
	partnerNew := filled(len(c.Old.Items), -1)
	partnerOld := filled(len(c.New.Items), -1)
	for _, p := range al.Pairs {
		partnerNew[p.Source[0]] = p.Target[0]
		for _, t := range p.Target {
			partnerOld[t] = p.Source[0]
		}
	}
	// The folded texts of the items sentences are looked for in, each
	// folded once (not once per sentence).
	foldedOld, foldedNew := map[int]string{}, map[int]string{}
	folded := func(m map[int]string, d *corpus.Document, i int) string {
		f, ok := m[i]
		if !ok {
			f = corpus.Fold(d.Items[i].Text)
			m[i] = f
		}
		return f
	}
	// Only changed items can lose or gain a sentence.
	lost, gained := make([]bool, len(c.Old.Items)), make([]bool, len(c.New.Items))
	for _, ch := range c.Changes {
		if ch.TextChanged || ch.Kind == Removed || ch.Kind == Added || ch.Kind == Split || ch.Kind == Merged {
			for _, i := range ch.Old {
				lost[i] = true
			}
			for _, j := range ch.New {
				gained[j] = true
			}
		}
	}
	arrived := map[string]int{} // folded sentence -> new item
	for j := range c.New.Items {
		if c.New.Items[j].Kind == corpus.KindPreamble || !gained[j] {
			continue
		}
		for _, s := range splitSentences(c.New.Items[j].Text) {
			if hasWords(s, movedMinWords) {
				arrived[normalize(s)] = j
			}
		}
	}
	var out []Move
	for i := range c.Old.Items {
		o := &c.Old.Items[i]
		if o.Kind == corpus.KindPreamble || !lost[i] {
			continue // front matter is rewritten, not moved
		}
		pj := partnerNew[i]
		paired := pj >= 0
		for _, s := range splitSentences(o.Text) {
			if !hasWords(s, movedMinWords) {
				continue
			}
			if paired && strings.Contains(folded(foldedNew, c.New, pj), corpus.Fold(s)) {
				continue // still where it was
			}
			j, ok := arrived[normalize(s)]
			if !ok || paired && j == pj {
				continue
			}
			// The sentence must be new where it arrived.
			if oi := partnerOld[j]; oi >= 0 && strings.Contains(folded(foldedOld, c.Old, oi), corpus.Fold(s)) {
				continue
			}
			out = append(out, Move{Text: strings.TrimSpace(s), OldID: o.ID, NewID: c.New.Items[j].ID})
		}
	}
	return out
}

// hasWords reports whether s has at least n words, as strings.Fields
// splits it (without making the slice).
func hasWords(s string, n int) bool {
	words, in := 0, false
	for _, r := range s {
		if unicode.IsSpace(r) {
			in = false
			continue
		}
		if !in {
			in = true
			if words++; words >= n {
				return true
			}
		}
	}
	return n <= 0
}

// filled returns n copies of v.
func filled(n, v int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// staleRefs finds references in the new edition that still use a number
// the item they cite has left: the old text cited rule N, the rule is now
// rule M, and the new text still cites rule N.
func (c *Comparison) staleRefs(al *align.Alignment) []StaleRef {
	// Only an item that a reference both editions make cites can be
	// cited under a stale number: the renamed ids are kept for those
	// alone (all of them were 10 MB of garbage diffing 100k generated
	// items, which cite nothing).
	cited := map[string]bool{}
	for _, p := range al.Pairs {
		o, n := &c.Old.Items[p.Source[0]], &c.New.Items[p.Target[0]]
		for _, r := range n.Refs {
			if slices.Contains(o.Refs, r) {
				cited[corpus.RefItem(r)] = true
			}
		}
	}
	if len(cited) == 0 {
		return nil
	}
	renamed := map[string]string{} // old id -> new id, where they differ
	for _, p := range al.Pairs {
		o, n := c.Old.Items[p.Source[0]].ID, c.New.Items[p.Target[0]].ID
		if o != n && cited[o] {
			renamed[o] = n
		}
	}
	var out []StaleRef
	for _, p := range al.Pairs {
		o, n := &c.Old.Items[p.Source[0]], &c.New.Items[p.Target[0]]
		for _, r := range n.Refs {
			target := corpus.RefItem(r)
			now, ok := renamed[target]
			if !ok || !slices.Contains(o.Refs, r) {
				continue
			}
			sr := StaleRef{In: n.ID, Cites: r, Now: now}
			nowLabel := corpus.RefLabel(now)
			if it := c.New.Item(now); it != nil {
				nowLabel = it.Label()
			}
			if it := c.New.Item(target); it != nil {
				sr.NowIs = it.ID + " " + it.Title
			}
			sr.Reason = fmt.Sprintf("%s still cites %s, which is %s in this edition", n.Label(), corpus.RefLabel(r), nowLabel)
			out = append(out, sr)
		}
	}
	return out
}

// Count returns how many changes have the severity.
func (c *Comparison) Count(s Severity) int {
	n := 0
	for i := range c.Changes {
		if c.Changes[i].Severity == s {
			n++
		}
	}
	return n
}

// OldItem and NewItem return the first old and new item of a change, or
// nil for an added or removed item.
func (c *Comparison) OldItem(ch *Change) *corpus.Item {
	if len(ch.Old) == 0 {
		return nil
	}
	return &c.Old.Items[ch.Old[0]]
}

// NewItem returns the first new item of a change, or nil.
func (c *Comparison) NewItem(ch *Change) *corpus.Item {
	if len(ch.New) == 0 {
		return nil
	}
	return &c.New.Items[ch.New[0]]
}
