package gaps

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

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
	als := o.Align.Pivot(translation, cands...)
	var rds []*align.Reading
	if !o.stopped() && !keyedByID(translation) && !translation.IsDraft() {
		// A translation that carries its source's ids (PO, XLIFF, TMX,
		// a draft) has nothing to place.
		rds = o.through(cands, translation)
	}
	if o.stopped() {
		// Interrupted: no answer (Best stays -1); the caller sees its
		// context's error.
		return p, o.Context.Err()
	}
	if err := p.placed(o, rds); err != nil {
		return p, err
	}
	if n == 1 {
		p.single(als[0])
		p.readAs(rds)
		return p, nil
	}
	m := newMatches(translation, cands, als)
	counted := make([]int, n)
	for i := range translation.Items {
		if v, ok := m.textVote(i); ok {
			p.add(v, p.TextVotes)
			for k, s := range v.Scores {
				p.Score[k] += s
				counted[k]++
			}
		}
	}
	for i := range translation.Items {
		if v, ok := m.numberingVote(i); ok {
			p.add(v, p.StructureVotes)
		}
	}
	for _, v := range m.absentVotes() {
		p.add(v, p.StructureVotes)
	}
	for k := range p.Score {
		if counted[k] > 0 {
			p.Score[k] /= float64(counted[k])
		}
	}
	p.decide()
	p.readAs(rds)
	return p, nil
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

// single is the provenance with one candidate: its confident pairs.
func (p *Provenance) single(al *align.Alignment) {
	for _, pr := range al.Pairs {
		if pr.Low {
			continue
		}
		for _, i := range pr.Source {
			p.add(Vote{TargetID: p.Translation.Items[i].ID, By: "text", Candidates: []int{0}, Scores: []float64{pr.Score}}, p.TextVotes)
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
	name := func(k int) string { return p.Candidates[k].Edition }
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

// matches holds, per translation item and candidate, the counterpart
// the alignment found: its items, a key of its text, and the pair score.
type matches struct {
	tr    *corpus.Document
	cands []*corpus.Document
	// per[i][k] is translation item i's counterpart in candidate k.
	per [][]match
	// toks remembers the tokens of a counterpart by its key: editions
	// share most texts.
	toks map[uint64]map[string]bool
}

type match struct {
	ok    bool
	low   bool   // the aligner marked the pair low
	items []int  // indexes into the candidate's items
	key   uint64 // of the counterpart's text in comparison form
	score float64
}

func newMatches(tr *corpus.Document, cands []*corpus.Document, als []*align.Alignment) *matches {
	m := &matches{tr: tr, cands: cands, per: make([][]match, len(tr.Items)), toks: map[uint64]map[string]bool{}}
	for i := range m.per {
		m.per[i] = make([]match, len(cands))
	}
	// One key per candidate item, of its text as stored (texts that
	// differ in typography only are groups of their own, which no number
	// or term tells apart).
	keys := make([][]uint64, len(cands))
	for k, d := range cands {
		keys[k] = make([]uint64, len(d.Items))
		for j := range d.Items {
			h := fnv.New64a()
			h.Write([]byte(d.Items[j].Title))
			h.Write([]byte{0})
			h.Write([]byte(d.Items[j].Text))
			keys[k][j] = h.Sum64()
		}
	}
	for k, al := range als {
		for _, pr := range al.Pairs {
			key := keys[k][pr.Target[0]]
			for _, j := range pr.Target[1:] {
				key = key*31 + keys[k][j]
			}
			for _, i := range pr.Source {
				// An item in two pairs (the aligner pairs preambles in
				// any order) keeps its better one.
				if cur := m.per[i][k]; !cur.ok || pr.Score > cur.score {
					m.per[i][k] = match{ok: true, low: pr.Low, items: pr.Target, key: key, score: pr.Score}
				}
			}
		}
	}
	return m
}

// groups splits the candidates by a key of their counterparts of item i.
func groups[K comparable](n int, key func(k int) K) [][]int {
	at := map[K]int{}
	var out [][]int
	for k := 0; k < n; k++ {
		x := key(k)
		g, ok := at[x]
		if !ok {
			g = len(out)
			at[x] = g
			out = append(out, nil)
		}
		out[g] = append(out[g], k)
	}
	return out
}

// textVote is item i's vote by its text. The candidates are grouped by
// the text of the item's counterpart; candidates that share a text are
// one group, and no text votes between them. Between the groups, only
// what differs votes: a number, a reference or a kept English term ("GNU"
// in "Debian GNU/Linux") that one group's text states and another's does
// not speaks for the groups whose text the translation agrees with (has
// it where they have it, lacks it where they lack it; a kept term only by
// being there); in one language, every word. The item votes for the
// groups that agree most, when that is not all of them. Candidates that
// lack a counterpart lose to those that have a confident one.
func (m *matches) textVote(i int) (Vote, bool) {
	ms := m.per[i]
	type text struct {
		ok  bool
		key uint64
	}
	gs := groups(len(ms), func(k int) text { return text{ms[k].ok, ms[k].key} })
	if len(gs) < 2 {
		return Vote{}, false
	}
	scores := make([]float64, len(ms))
	var present [][]int
	var absent []int
	confident := false
	for _, g := range gs {
		if !ms[g[0]].ok {
			absent = g
			continue
		}
		present = append(present, g)
		for _, k := range g {
			scores[k] = ms[k].score
			confident = confident || !ms[k].low
		}
	}
	winners := present
	if len(present) > 1 {
		winners = m.agreeMost(i, present)
	}
	var vote []int
	switch {
	case len(absent) > 0 && confident:
		for _, g := range winners {
			vote = append(vote, g...)
		}
	case len(absent) == 0 && len(winners) < len(present):
		for _, g := range winners {
			vote = append(vote, g...)
		}
	default:
		return Vote{}, false
	}
	sort.Ints(vote)
	return Vote{TargetID: m.tr.Items[i].ID, By: "text", Candidates: vote, Scores: scores}, true
}

// agreeMost returns the groups whose counterpart text translation item i
// agrees with most on what their texts differ in (see textVote).
func (m *matches) agreeMost(i int, gs [][]int) [][]int {
	t := &m.tr.Items[i]
	toks := make([]map[string]bool, len(gs))
	all := map[string]int{}
	for g, ks := range gs {
		k := ks[0]
		key := m.per[i][k].key
		if toks[g] = m.toks[key]; toks[g] == nil {
			toks[g] = m.tokens(k, m.per[i][k].items)
			m.toks[key] = toks[g]
		}
		for x := range toks[g] {
			all[x]++
		}
	}
	tt := m.tokensOfTranslation(i)
	folded := corpus.Fold(t.Title + "\n" + t.Text)
	agree := make([]int, len(gs))
	for x, n := range all {
		if n == len(gs) {
			continue // every text states it
		}
		var has bool
		if term, ok := strings.CutPrefix(x, "term:"); ok {
			if !hasWord(folded, term) {
				continue // a term translated says nothing
			}
			has = true
		} else {
			has = tt[x]
		}
		for g := range gs {
			if toks[g][x] == has {
				agree[g]++
			}
		}
	}
	most := 0
	for _, a := range agree {
		most = max(most, a)
	}
	var out [][]int
	for g, a := range agree {
		if a == most {
			out = append(out, gs[g])
		}
	}
	return out
}

// tokens are what of candidate k's items can be compared with a
// translation: numbers ("title:" ones apart, for headings such as "(v1.7)"),
// references, and the English terms a translation may keep ("term:GNU",
// words with a capital); in one language, every word.
func (m *matches) tokens(k int, items []int) map[string]bool {
	d := m.cands[k]
	out := map[string]bool{}
	same := baseLang(d.Lang) == baseLang(m.tr.Lang)
	for _, j := range items {
		it := &d.Items[j]
		addCommon(out, it, d.Lang)
		text := corpus.Fold(it.Title + "\n" + it.Text)
		if same {
			for _, w := range strings.FieldsFunc(strings.ToLower(text), notWord) {
				out["word:"+w] = true
			}
			continue
		}
		for _, w := range strings.FieldsFunc(text, notWord) {
			switch {
			case isAcronym(w):
				out["acronym:"+w] = true
			case isKeptTerm(w):
				out["term:"+w] = true
			}
		}
	}
	return out
}

// tokensOfTranslation are the translation item's numbers and references
// (and words, in the candidates' language) as tokens gives them.
func (m *matches) tokensOfTranslation(i int) map[string]bool {
	it := &m.tr.Items[i]
	out := map[string]bool{}
	addCommon(out, it, m.tr.Lang)
	for _, w := range strings.FieldsFunc(corpus.Fold(it.Title+"\n"+it.Text), notWord) {
		if isAcronym(w) {
			out["acronym:"+w] = true
		}
	}
	if len(m.cands) > 0 && baseLang(m.cands[0].Lang) == baseLang(m.tr.Lang) {
		for _, w := range strings.FieldsFunc(strings.ToLower(corpus.Fold(it.Title+"\n"+it.Text)), notWord) {
			out["word:"+w] = true
		}
	}
	return out
}

// addCommon adds an item's numbers (read by lang's conventions) and
// references.
func addCommon(out map[string]bool, it *corpus.Item, lang string) {
	for _, n := range align.Numbers(it.Title, lang) {
		out["title:"+n] = true
	}
	for _, n := range align.Numbers(it.Text, lang) {
		out["num:"+n] = true
	}
	for _, r := range it.Refs {
		out["ref:"+r] = true
	}
}

// isKeptTerm reports whether w is a Latin-script word a translation may
// keep as it is: two letters or more, with a capital ("GNU", "Debian").
func isKeptTerm(w string) bool {
	if len(w) < 2 {
		return false
	}
	capital := false
	for _, r := range w {
		if r >= 0x80 || !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return false
		}
		capital = capital || unicode.IsUpper(r)
	}
	return capital
}

// isAcronym reports whether w is two or more Latin capitals ("GNU",
// "FTP", "WCA"): names translations keep, so that a translation lacking
// one its source states says something too.
func isAcronym(w string) bool {
	if len(w) < 2 {
		return false
	}
	for _, r := range w {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}

// hasWord reports whether s has w as a whole word.
func hasWord(s, w string) bool {
	for off := 0; ; {
		i := strings.Index(s[off:], w)
		if i < 0 {
			return false
		}
		i += off
		end := i + len(w)
		before, _ := utf8.DecodeLastRuneInString(s[:i])
		after, _ := utf8.DecodeRuneInString(s[end:])
		if (i == 0 || notWord(before)) && (end == len(s) || notWord(after)) {
			return true
		}
		off = i + 1
	}
}

// numberingVote is item i's vote by its printed number: for the
// candidates whose counterpart has the translation item's id, where
// other candidates give the counterpart another id (a renumbering).
// Candidates with no counterpart do not take part: their lack is the
// text vote's.
func (m *matches) numberingVote(i int) (Vote, bool) {
	it := &m.tr.Items[i]
	if it.Number == "" {
		return Vote{}, false
	}
	ms := m.per[i]
	var same, other []int
	for k, x := range ms {
		if !x.ok {
			continue
		}
		if m.cands[k].Items[x.items[0]].ID == it.ID {
			same = append(same, k)
		} else {
			other = append(other, k)
		}
	}
	if len(same) == 0 || len(other) == 0 {
		return Vote{}, false
	}
	return Vote{TargetID: it.ID, ID: it.ID, By: "numbering", Candidates: same}, true
}

// absentVotes are the votes of the ids some candidates number and others
// do not, which the translation lacks: for the candidates that lack them
// too. (An id the translation has is its item's to vote on.)
func (m *matches) absentVotes() []Vote {
	has := map[string]bool{}
	numbered := 0
	for i := range m.tr.Items {
		has[m.tr.Items[i].ID] = true
		if m.tr.Items[i].Number != "" {
			numbered++
		}
	}
	// A translation that prints few numbers (a reader page's cards) says
	// nothing by lacking an id.
	if numbered*2 < len(m.tr.Items) {
		return nil
	}
	in := map[string][]bool{}
	var ids []string
	for k, d := range m.cands {
		for j := range d.Items {
			it := &d.Items[j]
			if it.Number == "" || has[it.ID] || it.Kind == corpus.KindPreamble {
				continue
			}
			if in[it.ID] == nil {
				in[it.ID] = make([]bool, len(m.cands))
				ids = append(ids, it.ID)
			}
			in[it.ID][k] = true
		}
	}
	var out []Vote
	for _, id := range ids {
		var lacking []int
		for k, x := range in[id] {
			if !x {
				lacking = append(lacking, k)
			}
		}
		if len(lacking) > 0 {
			out = append(out, Vote{ID: id, By: "absent", Candidates: lacking})
		}
	}
	return out
}

// MarshalJSON writes the provenance as an object: "translation" (edition,
// language, title), "stated_version" and "stated_date", "answer" (the
// line Answer gives), "follows" (the edition, or null), "ambiguous" (the
// tied editions), "runner_up", "margin", "decided", "candidates" (in
// order of their dates: edition, date, votes, text_votes,
// structure_votes, score) and "evidence" (target_id, id, by, follows:
// the editions voted for).
func (p *Provenance) MarshalJSON() ([]byte, error) {
	name := func(k int) any {
		if k < 0 {
			return nil
		}
		return p.Candidates[k].Edition
	}
	names := func(ks []int) []string {
		out := []string{}
		for _, k := range ks {
			out = append(out, p.Candidates[k].Edition)
		}
		return out
	}
	type jc struct {
		Edition        string  `json:"edition"`
		Date           string  `json:"date"`
		Votes          int     `json:"votes"`
		TextVotes      int     `json:"text_votes"`
		StructureVotes int     `json:"structure_votes"`
		Score          float64 `json:"score"`
		Placed         int     `json:"placed"`
		Placeable      int     `json:"placeable"`
	}
	type jv struct {
		TargetID string   `json:"target_id"`
		ID       string   `json:"id"`
		By       string   `json:"by"`
		Follows  []string `json:"follows"`
		// The id the item reads as through the answer, and how.
		SourceID   string  `json:"source_id,omitempty"`
		IDSource   string  `json:"id_source,omitempty"`
		Confidence float64 `json:"confidence,omitempty"`
	}
	cs := []jc{}
	for k, d := range p.Candidates {
		c := jc{d.Edition, d.Date, p.Votes[k], p.TextVotes[k], p.StructureVotes[k], float64(int(p.Score[k]*1000+0.5)) / 1000, 0, 0}
		if k < len(p.Placed) {
			c.Placed, c.Placeable = p.Placed[k], p.Placeable[k]
		}
		cs = append(cs, c)
	}
	ev := []jv{}
	for _, v := range p.Evidence {
		ev = append(ev, jv{v.TargetID, v.ID, v.By, names(v.Candidates), v.SourceID, v.IDSource, v.Confidence})
	}
	return json.Marshal(struct {
		Translation   *corpus.Header `json:"translation"`
		StatedVersion string         `json:"stated_version"`
		StatedDate    string         `json:"stated_date"`
		Answer        string         `json:"answer"`
		Follows       any            `json:"follows"`
		Ambiguous     []string       `json:"ambiguous"`
		RunnerUp      any            `json:"runner_up"`
		Margin        int            `json:"margin"`
		Decided       int            `json:"decided"`
		Candidates    []jc           `json:"candidates"`
		Evidence      []jv           `json:"evidence"`
	}{p.Translation.Header(), p.Stated, p.Translation.Date, p.Answer(), name(p.Best), names(p.Tied), name(p.RunnerUp), p.Margin, p.Decided, cs, ev})
}
