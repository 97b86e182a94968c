package align

import (
	"fmt"
	"slices"
	"strings"
)

// Stated is what two documents state alike whatever their languages:
// the numbers, references and acronyms of all their items, each
// counted once a side, by the weights the alignment gives them (a
// number weighs 10 to 14, an acronym 6 to 8). A translation keeps the
// numbers and names of its source: most of what either states, the
// other states too (on the dev translations and their variants, 39%
// to 100% of the weight), wherever its items were placed. It may add
// front matter of its own (a title page, the resolution that adopted
// it: up to 199 where its source states nothing, the UDHR in
// Sinhala), never drop every number and name of its source. A text of
// another document states its own (at most 29% shared with the
// sources of the corpus, mostly small numbers), or none where its
// source states many. Pairs of items are not needed: the measure holds
// however the items were placed (a block alignment, which reads
// lengths, spreads any text over any source).
type Stated struct {
	// Source and Target are the weights of the tokens each side states;
	// Shared is twice the weight of those both state.
	Source, Target, Shared float64
	// SourceTokens, TargetTokens and SharedTokens count them.
	SourceTokens, TargetTokens, SharedTokens int
	// Unshared are up to statedNamed of the heaviest tokens of the side
	// that states more that the other does not state.
	Unshared []string
}

// What Stated judges by, measured on every pair of the corpus (see the
// type): a side states something from statedSome on (one number);
// where both do, and state statedDropped together (about eight numbers
// and names: fewer say too little), they share under statedShare of the
// weight only when they translate different documents (the translations: 0.39 and up;
// other documents: 0.29 at most). Where one side states nothing, the
// other's weight decides: statedDropped where the translation states
// nothing (the source states 148 and more in the cross pairs, 0 in the
// real ones), statedAdded where the source states nothing (a
// translation's own front matter, up to 199; another document's, 255
// and more).
const (
	statedSome    = 10
	statedShare   = 1.0 / 3
	statedDropped = 100
	statedAdded   = 225
	statedNamed   = 5
)

// stated measures what the items whose weighed tokens are fs (source)
// and ft (target) state (see Stated), by the token weights w and names:
// numbers, references and acronyms are written alike in any language
// (digits of every script read as ASCII), and within one language they
// are the tokens two editions share and two documents do not.
func stated(fs, ft []features, w []float32, names []string) Stated {
	keep := func(c class) bool { return c == cNumber || c == cRef || c == cAcronym }
	// on[id]: 1 where the source states the token, 2 the target, 3 both.
	on := make([]uint8, len(w))
	mark := func(f []features, bit uint8) {
		for i := range f {
			for _, t := range f[i].toks {
				if keep(t.c()) {
					on[t.id()] |= bit
				}
			}
		}
	}
	mark(fs, 1)
	mark(ft, 2)
	var out Stated
	for id, b := range on {
		switch b {
		case 1:
			out.Source += float64(w[id])
			out.SourceTokens++
		case 2:
			out.Target += float64(w[id])
			out.TargetTokens++
		case 3:
			out.Source += float64(w[id])
			out.Target += float64(w[id])
			out.Shared += 2 * float64(w[id])
			out.SourceTokens++
			out.TargetTokens++
			out.SharedTokens++
		}
	}
	more := uint8(1)
	if out.Target > out.Source {
		more = 2
	}
	var ids []int32
	for id, b := range on {
		if b == more {
			ids = append(ids, int32(id))
		}
	}
	slices.SortFunc(ids, func(x, y int32) int {
		if w[x] != w[y] {
			if w[x] > w[y] {
				return -1
			}
			return 1
		}
		return strings.Compare(names[x], names[y])
	})
	for _, id := range ids[:min(statedNamed, len(ids))] {
		out.Unshared = append(out.Unshared, names[id])
	}
	return out
}

// Foreign reports whether the two documents state too little alike to
// be a translation and its source, with the reason: both state
// numbers and names and share under statedShare of their weight, or
// one states none while the other states more than a translation drops
// or adds (see Stated).
func (s Stated) Foreign() (string, bool) {
	named, unshared := "", ""
	if len(s.Unshared) > 0 {
		named = " (" + strings.Join(s.Unshared, ", ") + ")"
		unshared = "; not shared: " + strings.Join(s.Unshared, ", ")
	}
	switch {
	case s.Source >= statedSome && s.Target >= statedSome:
		if s.Source+s.Target >= statedDropped && s.Shared < statedShare*(s.Source+s.Target) {
			return fmt.Sprintf("of the numbers, references and acronyms they state (%d in the source, %d in the translation), they share %d, %.0f%% of their weight, under a third%s",
				s.SourceTokens, s.TargetTokens, s.SharedTokens, 100*s.Shared/(s.Source+s.Target), unshared), true
		}
	case s.Target < statedSome:
		if s.Source >= statedDropped {
			return fmt.Sprintf("the source states %d numbers, references and acronyms%s, the translation %d", s.SourceTokens, named, s.TargetTokens), true
		}
	case s.Target >= statedAdded:
		return fmt.Sprintf("the translation states %d numbers, references and acronyms%s, the source %d", s.TargetTokens, named, s.SourceTokens), true
	}
	return "", false
}

// NotTranslationError is the error of a target that does not read as a
// translation of its source (Coverage.Err): Reason says why, by what
// the two state alike (Stated) or what their pairs share (Affinity).
type NotTranslationError struct {
	Reason string
}

func (e *NotTranslationError) Error() string {
	return "the translation does not read as a translation of its source: " + e.Reason
}
