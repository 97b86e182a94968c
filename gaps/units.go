package gaps

import (
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
)

// State is where a source item stands in a translation.
type State string

// The states of a Unit, as translators' tools name them.
const (
	Translated State = "translated" // translated from the current text
	StaleState State = "stale"      // translated from an earlier text of the item
	New        State = "new"        // not translated
)

// Unit is one current source item with its translation, for interchange
// files and side-by-side views. Units come in the source's order.
type Unit struct {
	Source *corpus.Item
	// Target is the translation item, or nil when there is none.
	Target *corpus.Item
	State  State
	// Previous is the source item the translation was made from when the
	// source changed since (the base edition's item), else nil.
	Previous *corpus.Item
	// Redline is the source's change from Previous, for a stale unit.
	Redline []diff.Span
	// Score is the aligner's confidence in the pair; Findings are the
	// report's findings on the unit.
	Score    float64
	Findings []Finding
	// InScope is set for the units the coverage counts: the kinds of
	// item the translation covers, preambles never.
	InScope bool
}

// Units lists the report's source items (preambles included) with their
// translations: every current source item once, in order.
func (r *Report) Units() []Unit {
	if r.Source == nil || r.Alignment == nil {
		return nil
	}
	orig := r.Source
	if r.Base != nil {
		orig = r.Base
	}
	// orig -> translation, through the alignment (-1: none); by index,
	// where maps of 100k items were a tenth of a draft's time.
	trans := make([]int, len(orig.Items))
	score := make([]float64, len(orig.Items))
	for o := range trans {
		trans[o] = -1
	}
	for _, p := range r.Alignment.Pairs {
		trans[p.Source[0]] = p.Target[0]
		score[p.Source[0]] = p.Score
	}
	units := make([]Unit, len(r.Source.Items))
	for i := range r.Source.Items {
		it := &r.Source.Items[i]
		units[i] = Unit{Source: it, State: New, InScope: it.Kind != corpus.KindPreamble && (r.inScope == nil || r.inScope[it.Kind])}
	}
	// current index -> orig index (the same without a base; -1: none).
	origOf := make([]int, len(r.Source.Items))
	var changed []*diff.Change
	if r.Comparison != nil {
		for i := range origOf {
			origOf[i] = -1
		}
		for _, p := range r.Comparison.Alignment.Pairs {
			origOf[p.Target[0]] = p.Source[0]
		}
		changed = make([]*diff.Change, len(r.Source.Items))
		for k := range r.Comparison.Changes {
			ch := &r.Comparison.Changes[k]
			if ch.TextChanged || ch.TitleChanged || ch.Kind == diff.Split || ch.Kind == diff.Merged {
				for _, j := range ch.New {
					changed[j] = ch
				}
			}
		}
	} else {
		for i := range origOf {
			origOf[i] = i
		}
	}
	for i := range units {
		o := origOf[i]
		if o < 0 {
			continue
		}
		t := trans[o]
		if t < 0 {
			continue
		}
		u := &units[i]
		u.Target, u.Score, u.State = &r.Translation.Items[t], score[o], Translated
		if changed != nil && changed[i] != nil {
			ch := changed[i]
			u.State, u.Previous, u.Redline = StaleState, &orig.Items[o], ch.Spans
		}
	}
	r.findingsOn(func(i int, fs []Finding) { units[i].Findings = fs })
	return units
}
