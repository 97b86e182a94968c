package align

import (
	"math"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// A Doubt is a run of source items that a projection placed, each one,
// on texts it is not confident of (low pairs in a row) and whose texts
// are together far shorter than the items at the documents' length
// ratio: a translation that lacks one of them, whose neighbours' texts
// the block alignment stretched over its place. From and To are the
// indexes of its first and last source items; the item before the low
// pairs is in it (the place the next item's text is carried to where
// the one before the shift was left out).
type Doubt struct {
	From, To int
	// Z is the shortfall of the run's texts, as a z-score of the length
	// model (negative: shorter than the items at the ratio).
	Z float64
}

// doubtZ is the z-score under which the texts of a run of low pairs
// are too short for their items: 1.5 standard deviations of the length
// model (Gale & Church's variance, lengthVariance), a one-sided
// probability of about 7% that a whole translation's run is that short.
const doubtZ = -1.5

// doubtScore is the score under which a projected pair counts among
// the unsure ones of a Doubt, beside the pairs marked low: a text
// shifted by one place often fits its neighbour's item about as well
// by length, and is scored between the two.
const doubtScore = 0.75

// doubts finds the Doubts of al, a projection's alignment of src with
// the reading d: each run of consecutive source items (other than
// preambles) whose pairs are low or score under doubtScore, with the placed item before it, where
// the run's texts are shorter than its items at al.Ratio by more than
// doubtZ. Every pair of a Doubt is marked low, so that its text is
// reviewed (the first item's too, which holds a neighbour's text where
// the item the shift starts at was left out).
func doubts(src, d *corpus.Document, al *Alignment) []Doubt {
	if al.Ratio <= 0 {
		return nil
	}
	pairOf := make([]int, len(src.Items)) // the pair of each source item, + 1
	for k := range al.Pairs {
		if p := &al.Pairs[k]; len(p.Source) == 1 && len(p.Target) == 1 {
			pairOf[p.Source[0]] = k + 1
		}
	}
	low := func(i int) bool {
		return pairOf[i] > 0 && (al.Pairs[pairOf[i]-1].Low || al.Pairs[pairOf[i]-1].Score < doubtScore) && src.Items[i].Kind != corpus.KindPreamble
	}
	size := func(it *corpus.Item) float64 {
		return float64(utf8.RuneCountInString(it.Title) + utf8.RuneCountInString(it.Text))
	}
	var out []Doubt
	for i := 0; i < len(src.Items); i++ {
		if !low(i) {
			continue
		}
		end := i
		for end+1 < len(src.Items) && low(end+1) {
			end++
		}
		from := i
		if i > 0 && pairOf[i-1] > 0 && src.Items[i-1].Kind != corpus.KindPreamble {
			from = i - 1
		}
		var ls, lt float64
		for k := from; k <= end; k++ {
			ls += size(&src.Items[k])
			if pairOf[k] > 0 {
				lt += size(&d.Items[al.Pairs[pairOf[k]-1].Target[0]])
			}
		}
		if ls > 0 {
			if z := (lt/al.Ratio - ls) / math.Sqrt(lengthVariance*ls); z < doubtZ {
				out = append(out, Doubt{From: from, To: end, Z: z})
				for k := from; k <= end; k++ {
					if pairOf[k] > 0 {
						al.Pairs[pairOf[k]-1].Low = true
					}
				}
			}
		}
		i = end
	}
	return out
}
