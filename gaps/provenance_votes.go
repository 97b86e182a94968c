package gaps

import (
	"hash/fnv"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
)

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

// idName is what follows the colon of an id ("1a" of "rule:1a"): the
// numbering's part of it, which the kind a reading gave the item does
// not change (a translation's heading "sec:B" numbers the source's
// "rule:B").
func idName(id string) string {
	_, name, _ := strings.Cut(id, ":")
	return name
}

// numberingVote is item i's vote by its printed number: for the
// candidates whose counterpart has the translation item's id (its
// name: idName), where other candidates give the counterpart another
// id (a renumbering).
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
		if idName(m.cands[k].Items[x.items[0]].ID) == idName(it.ID) {
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
// do not, which the translation lacks (no numbered item of it has the
// id's name, whatever its kind): for the candidates that lack them too.
// (An id the translation has is its item's to vote on.)
func (m *matches) absentVotes() []Vote {
	// A translation that prints few numbers (a reader page's cards) says
	// nothing by lacking an id.
	if fewNumbers(m.tr) {
		return nil
	}
	has := map[string]bool{}
	for i := range m.tr.Items {
		if m.tr.Items[i].Number != "" {
			has[idName(m.tr.Items[i].ID)] = true
		}
	}
	in := map[string][]bool{}
	var ids []string
	for k, d := range m.cands {
		for j := range d.Items {
			it := &d.Items[j]
			if it.Number == "" || has[idName(it.ID)] || it.Kind == corpus.KindPreamble {
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
