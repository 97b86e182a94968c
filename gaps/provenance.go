package gaps

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/sched"
)

// Provenance says which source edition a translation was made from, and
// on what evidence.
type Provenance struct {
	Translation *corpus.Document
	// Candidates are the candidate editions in the order of the dates
	// they state (those that state none last, in the order given); every
	// index below is into this order.
	Candidates []*corpus.Document
	// Best is the edition the translation follows, or -1 when no
	// evidence tells the candidates apart or the leaders tie.
	Best int
	// Tied are the candidates that share the least cost when they are
	// more than one: the answer is "ambiguous between" them.
	Tied []int
	// Votes counts, per candidate, the evidence that follows it: the
	// items whose text follows its text (TextVotes) and the items and ids
	// whose numbering follows its numbering (StructureVotes).
	Votes, TextVotes, StructureVotes []int
	// Behind counts, per candidate, the evidence that follows another
	// text than its own of which an older candidate has it (an item not
	// updated since; or an id it numbers and the translation lacks), and
	// Ahead the evidence that follows text only newer candidates have.
	// Cost is Behind + 2*Ahead: a translation keeps old text where a
	// translator did not update it, but cannot have text that was not
	// written yet. The candidate of least cost is Best.
	Behind, Ahead, Cost []int
	// RunnerUp is the candidate of least cost after the leader (-1 with
	// one candidate). Decided is the number of items and ids that tell
	// the leader from the runner-up (they follow one and not the other);
	// Margin is the runner-up's cost less the leader's.
	RunnerUp, Decided, Margin int
	// Score is each candidate's mean pair score over the items whose
	// text votes, for the record.
	Score []float64
	// Evidence lists what voted, in the translation's order, ids the
	// translation lacks last.
	Evidence []Vote
	// Stated is the version the translation states, if any ("1.7"), for
	// comparison.
	Stated string
	// Placed and Placeable are, per candidate, the translation read
	// through it (align.Options.Through): how many of the candidate's
	// items it should cover have a counterpart, of how many
	// (align.Covered).
	Placed, Placeable []int

	// reads are those readings, for Gaps to take (Options.Read), nil
	// once it has.
	reads []*align.Reading
}

// Vote is one piece of provenance evidence and the candidates it speaks
// for.
type Vote struct {
	// TargetID is the translation item; for an id the translation lacks,
	// empty, and ID names it.
	TargetID string
	ID       string
	// By is what voted: "text" (the item's text matches these
	// candidates' text for it best), "numbering" (these candidates number
	// its counterpart as the translation numbers it), "absent" (these
	// candidates lack an id the translation lacks too).
	By         string
	Candidates []int
	// Scores are the candidates' pair scores, for a text vote.
	Scores []float64
	// SourceID is the id the item (TargetID) has read through the
	// answer (the first candidate tied for it when there is none),
	// IDSource how the reading found it (label, aligned, projected) and
	// Confidence how sure; empty for an item the reading left unpaired.
	SourceID, IDSource string
	Confidence         float64
}

// UnplaceableError is a translation that could not be put on any
// candidate: read through each, fewer than half of the candidate's
// items have a counterpart, or the pairs share no more than chance (a
// text of another document), as gaps and sync judge a translation
// (align.Coverage.Err). Err is the reading's error for the
// candidate that placed the largest share, Candidate names it (by path
// or URL).
type UnplaceableError struct {
	Candidate string
	Err       error
}

func (e *UnplaceableError) Error() string {
	return "read through " + e.Candidate + ", " + e.Err.Error()
}

// DuplicateEditionError is two candidates that state the same edition
// name: an answer naming it would not say which of them it is.
type DuplicateEditionError struct {
	Edition       string
	First, Second string // the inputs, by path or URL
}

func (e *DuplicateEditionError) Error() string {
	return fmt.Sprintf("%s and %s both state edition %q: name them apart (ingest each with --edition) to tell which one a translation follows", e.First, e.Second, e.Edition)
}

// Provenance tells which of the candidate source editions the translation
// was made from, from content alone, and says on what evidence.
//
// It aligns the translation with each candidate. An item of the
// translation votes only where the candidates' texts for it differ: the
// candidates are grouped by the text of the item's counterpart (or its
// lack of one), and the item votes for the group whose text it matches
// best, when every candidate of that group scores better than every
// candidate of the others by at least minTextMargin. Candidates that
// share a text never vote against each other, however their alignments
// score it. Structure votes too: an item's printed number votes for the
// candidates that number its counterpart alike where others number it
// otherwise (a renumbering), and an id some candidates have and the
// translation lacks votes for the candidates that lack it too. The
// candidate with the most votes is the answer, with the margin over the
// runner-up and the number of votes that tell the two apart; when they
// tie, the answer is "ambiguous between" them.
//
// With a single candidate, every item paired with it confidently votes
// for it: the answer is then whether the translation follows it at all.
// Two candidates that state the same edition name are an error.
func (o Options) Provenance(translation *corpus.Document, candidates ...*corpus.Document) (*Provenance, error) {
	if keyedByID(translation) {
		translation = unitsTranslated(translation) // its translations vote
	}
	cands := append([]*corpus.Document(nil), candidates...)
	sort.SliceStable(cands, func(a, b int) bool {
		da, db := cands[a].Date, cands[b].Date
		return da != "" && (db == "" || da < db)
	})
	seen := map[string]int{}
	for k, d := range cands {
		if j, dup := seen[d.Edition]; dup {
			return nil, &DuplicateEditionError{d.Edition, inputName(cands[j], j), inputName(d, k)}
		}
		seen[d.Edition] = k
	}
	n := len(cands)
	p := &Provenance{Translation: translation, Candidates: cands, Best: -1, RunnerUp: -1,
		Votes: make([]int, n), TextVotes: make([]int, n), StructureVotes: make([]int, n),
		Behind: make([]int, n), Ahead: make([]int, n), Cost: make([]int, n), Score: make([]float64, n), Stated: translation.Version}
	if n == 0 {
		return p, nil
	}
	o = o.withContext()
	var rds []*align.Reading
	if !o.stopped() && !keyedByID(translation) && !translation.IsDraft() {
		// A translation that carries its source's ids (PO, XLIFF, TMX,
		// a draft) has nothing to place.
		rds = o.through(cands, translation)
		p.reads = slices.Clone(rds)
	}
	if o.stopped() {
		// Interrupted: no answer (Best stays -1); the caller sees its
		// context's error.
		return p, o.Context.Err()
	}
	if err := p.placed(o, rds); err != nil {
		return p, err
	}
	// A translation whose numbers were lost (bullets, paragraphs, table
	// rows: one item per article, or per line) has items that are not
	// its source's: aligned as they stand, few pair and none votes. Where
	// it prints numbers on fewer than half its items, or the reading
	// through the candidate that places the most of it had to project
	// that candidate's items onto its lines and made more than twice as
	// many items of them (the numbers a paragraph happens to start with
	// are not a numbering), it votes as read through that candidate (its items are then the source's, with their ids),
	// by text alone: the ids and numbers the reading gave are that
	// candidate's, not the translation's, and say nothing of which
	// edition it follows (nor are the items aligned by them).
	voter, through := translation, -1
	if len(rds) > 0 {
		if k := p.mostPlaced(); fewNumbers(translation) || rds[k].Projected && 2*len(translation.Items) < len(rds[k].Doc.Items) {
			voter, through = unnumbered(rds[k].Doc), k
		}
	}
	als := o.Align.Pivot(voter, cands...)
	if o.stopped() {
		return p, o.Context.Err()
	}
	if n == 1 {
		p.single(voter, als[0])
		p.readVotes(rds, through)
		return p, nil
	}
	m := newMatches(voter, cands, als)
	counted := make([]int, n)
	for i := range voter.Items {
		if v, ok := m.textVote(i); ok {
			p.add(v, p.TextVotes)
			for k, s := range v.Scores {
				p.Score[k] += s
				counted[k]++
			}
		}
	}
	if through < 0 {
		for i := range voter.Items {
			if v, ok := m.numberingVote(i); ok {
				p.add(v, p.StructureVotes)
			}
		}
		for _, v := range m.absentVotes() {
			p.add(v, p.StructureVotes)
		}
	}
	for k := range p.Score {
		if counted[k] > 0 {
			p.Score[k] /= float64(counted[k])
		}
	}
	p.decide()
	p.readVotes(rds, through)
	return p, nil
}

// unnumbered is a copy of a reading without the numbers it gave its
// items: they are the candidate's, and would pair the items with any
// candidate that prints them, whatever their text says. The ids stay, to
// name the items.
func unnumbered(d *corpus.Document) *corpus.Document {
	c := *d
	c.Items = slices.Clone(d.Items)
	for i := range c.Items {
		c.Items[i].Number = ""
	}
	return &c
}

// fewNumbers reports whether d prints a number on fewer than half its
// items: a translation whose numbers were lost, or a reader page's cards.
func fewNumbers(d *corpus.Document) bool {
	numbered := 0
	for i := range d.Items {
		if d.Items[i].Number != "" {
			numbered++
		}
	}
	return numbered*2 < len(d.Items)
}

// mostPlaced is the candidate that the translation read through places
// the largest share of (the first of those tied).
func (p *Provenance) mostPlaced() int {
	best, share := 0, -1.0
	for k := range p.Placed {
		s := 1.0
		if p.Placeable[k] > 0 {
			s = float64(p.Placed[k]) / float64(p.Placeable[k])
		}
		if s > share {
			best, share = k, s
		}
	}
	return best
}

// readVotes gives each vote the id its item reads as: through the
// answer (readAs), or, where the votes were cast on the reading through
// candidate through, that reading's, each vote then naming its item by
// the translation's own id where it has one (an item the projection
// made has none, and keeps the reading's).
func (p *Provenance) readVotes(rds []*align.Reading, through int) {
	if through < 0 {
		p.readAs(rds)
		return
	}
	rd := rds[through]
	at := make(map[string]int, len(rd.Doc.Items))
	for j := range rd.Doc.Items {
		at[rd.Doc.Items[j].ID] = j
	}
	for i := range p.Evidence {
		v := &p.Evidence[i]
		j, ok := at[v.TargetID]
		if v.TargetID == "" || !ok {
			continue
		}
		it := &rd.Doc.Items[j]
		v.SourceID, v.IDSource, v.Confidence = it.ID, it.IDSource, it.Confidence
		if own := rd.Alignment.OwnID(j); own != "" {
			v.TargetID = own
		}
	}
}

// take is the reading p made of translation through orig (Options.Read):
// nil where p is nil, is of another translation, did not read it
// through orig, or was taken from. p lets go of every reading, so that
// those through the other candidates are not held through the checks.
func (p *Provenance) take(orig, translation *corpus.Document) *align.Reading {
	if p == nil || p.Translation != translation {
		return nil
	}
	reads := p.reads
	p.reads = nil
	for k, c := range p.Candidates {
		if c == orig && k < len(reads) {
			return reads[k]
		}
	}
	return nil
}

// through reads the translation through each candidate, concurrently.
func (o Options) through(cands []*corpus.Document, translation *corpus.Document) []*align.Reading {
	out := make([]*align.Reading, len(cands))
	sched.Each(len(cands), len(cands), func(k int) { out[k] = o.Align.Through(cands[k], translation) })
	return out
}

// placed sets Placed and Placeable from the translation's readings
// through each candidate; the error of a translation that could not be
// put on any of them, as gaps and sync judge one source (align.Coverage.Err):
// fewer than half of the candidate's items placed, or pairs that share
// no more than chance (align.Affinity.Unrelated: a text of another
// document, which a block alignment, reading lengths, spreads over any
// source). The error is an UnplaceableError naming the candidate that
// placed the largest share; nil where one candidate takes the
// translation. Affinity, which reads the items' tokens again, is
// measured only on the candidates that place half their items, in the
// order of the share placed, until one is related.
func (p *Provenance) placed(o Options, rds []*align.Reading) error {
	p.Placed, p.Placeable = make([]int, len(rds)), make([]int, len(rds))
	covs := make([]align.Coverage, len(rds))
	for k, rd := range rds {
		covs[k] = align.Covered(rd.Alignment)
		p.Placed[k], p.Placeable[k] = covs[k].Placed, covs[k].Placeable
	}
	order := make([]int, len(rds))
	for k := range order {
		order[k] = k
	}
	// The largest share placed first (a candidate with nothing to place
	// counts as all placed, as Coverage.Err takes it).
	share := func(k int) float64 {
		if p.Placeable[k] == 0 {
			return 1
		}
		return float64(p.Placed[k]) / float64(p.Placeable[k])
	}
	sort.SliceStable(order, func(a, b int) bool { return share(order[a]) > share(order[b]) })
	for _, k := range order {
		if covs[k].Err() != nil {
			break // the rest place fewer still
		}
		covs[k].Affinity = o.Align.Affinity(rds[k].Alignment)
		if covs[k].Err() == nil {
			return nil
		}
	}
	if len(order) == 0 {
		return nil
	}
	best := order[0]
	return &UnplaceableError{Candidate: inputName(p.Candidates[best], best), Err: covs[best].Err()}
}

// readAs gives each vote on a translation item the id the item has
// read through the answer (the first candidate tied for it, or the
// first candidate), and how the reading found it.
func (p *Provenance) readAs(rds []*align.Reading) {
	k := p.Best
	if k < 0 && len(p.Tied) > 0 {
		k = p.Tied[0]
	}
	k = max(k, 0)
	if k >= len(rds) {
		return
	}
	rd := rds[k]
	byOwn := map[string]*corpus.Item{}
	for j := range rd.Doc.Items {
		if own := rd.Alignment.OwnID(j); own != "" && rd.Doc.Items[j].IDSource != "" {
			byOwn[own] = &rd.Doc.Items[j]
		}
	}
	for i := range p.Evidence {
		v := &p.Evidence[i]
		if it := byOwn[v.TargetID]; v.TargetID != "" && it != nil {
			v.SourceID, v.IDSource, v.Confidence = it.ID, it.IDSource, it.Confidence
		}
	}
}

// inputName names a document by where it was read from.
func inputName(d *corpus.Document, k int) string {
	switch {
	case d.Source.Path != "":
		return d.Source.Path
	case d.Source.URL != "":
		return d.Source.URL
	}
	return fmt.Sprintf("candidate %d", k+1)
}

// single is the provenance with one candidate: the confident pairs of
// the voter (the translation, or its reading) with it.
func (p *Provenance) single(voter *corpus.Document, al *align.Alignment) {
	for _, pr := range al.Pairs {
		if pr.Low {
			continue
		}
		for _, i := range pr.Source {
			p.add(Vote{TargetID: voter.Items[i].ID, By: "text", Candidates: []int{0}, Scores: []float64{pr.Score}}, p.TextVotes)
			p.Score[0] += pr.Score
		}
	}
	if p.Votes[0] > 0 {
		p.Score[0] /= float64(p.Votes[0])
		p.Best = 0
	}
}

// add records a vote and counts it for its candidates in votes and in
// the totals.
func (p *Provenance) add(v Vote, votes []int) {
	for _, k := range v.Candidates {
		votes[k]++
		p.Votes[k]++
	}
	p.Evidence = append(p.Evidence, v)
}

// decide weighs the evidence against each candidate (see Cost) and names
// the leader, the runner-up, the margin between them and the votes that
// tell them apart, or the candidates tied for the lead.
func (p *Provenance) decide() {
	for _, v := range p.Evidence {
		oldest := v.Candidates[0] // candidates are in date order
		for k := range p.Candidates {
			switch {
			case contains(v.Candidates, k):
			case v.By == "absent" || oldest < k:
				p.Behind[k]++
			default:
				p.Ahead[k]++
			}
		}
	}
	order := make([]int, len(p.Candidates))
	for k := range order {
		order[k] = k
		p.Cost[k] = p.Behind[k] + 2*p.Ahead[k]
	}
	sort.SliceStable(order, func(a, b int) bool { return p.Cost[order[a]] < p.Cost[order[b]] })
	lead, next := order[0], order[1]
	p.RunnerUp = next
	p.Margin = p.Cost[next] - p.Cost[lead]
	for _, v := range p.Evidence {
		if contains(v.Candidates, lead) != contains(v.Candidates, next) {
			p.Decided++
		}
	}
	for _, k := range order {
		if p.Cost[k] == p.Cost[lead] {
			p.Tied = append(p.Tied, k)
		}
	}
	if len(p.Tied) == 1 {
		p.Best, p.Tied = lead, nil
		return
	}
	sort.Ints(p.Tied)
}

func contains(ks []int, k int) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

// Answer says in one line which edition the translation follows and on
// what evidence, or that the candidates tie.
func (p *Provenance) Answer() string {
	name := func(k int) string { return p.Candidates[k].Name() }
	switch {
	case len(p.Candidates) == 0:
		return "has no candidate edition"
	case len(p.Candidates) == 1 && p.Best == 0:
		return fmt.Sprintf("follows %s: %d of %d items pair with it confidently", name(0), p.Votes[0], len(p.Translation.Items))
	case len(p.Candidates) == 1:
		return fmt.Sprintf("does not follow %s: no item pairs with it confidently", name(0))
	case len(p.Tied) > 1:
		var names []string
		for _, k := range p.Tied {
			names = append(names, name(k))
		}
		what := "no item or id tells them apart"
		if p.Decided > 0 {
			what = fmt.Sprintf("the %s that tell them apart weigh alike", count(p.Decided, "item or id", "items and ids"))
		}
		return fmt.Sprintf("is ambiguous between %s: %s", joinAnd(names), what)
	}
	b := p.Best
	s := fmt.Sprintf("follows %s, by a margin of %d over %s (%s them apart); %s it (%d by text, %d by structure)",
		name(b), p.Margin, name(p.RunnerUp), count(p.Decided, "item or id tells", "items and ids tell"), count(p.Votes[b], "follows", "follow"), p.TextVotes[b], p.StructureVotes[b])
	if p.Behind[b] > 0 {
		s += ", " + count(p.Behind[b], "follows older text or lacks its id", "follow older text or lack its ids")
	}
	if p.Ahead[b] > 0 {
		s += ", " + count(p.Ahead[b], "follows newer text", "follow newer text")
	}
	return s
}

// count writes n with the singular or plural words.
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// joinAnd joins names as "A and B", "A, B and C".
func joinAnd(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
