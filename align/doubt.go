package align

import (
	"math"
	"slices"
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

// doubtRuns is the number of unsure runs up to which doubtZ holds as
// it is (see doubts).
const doubtRuns = 5

// doubtBack is the most placed items before a run of unsure pairs a
// Doubt takes in.
const doubtBack = 3

// shortfall is the z-score of target texts of lt runes for source items
// of ls at the ratio r (negative where shorter), 0 for no source text.
func shortfall(ls, lt, r float64) float64 {
	if ls <= 0 {
		return 0
	}
	return (lt/r - ls) / math.Sqrt(lengthVariance*ls)
}

// doubtScore is the score under which a projected pair counts among
// the unsure ones of a Doubt, beside the pairs marked low: a text
// shifted by one place often fits its neighbour's item about as well
// by length, and is scored between the two.
const doubtScore = 0.75

// doubts finds the Doubts of al, a projection's alignment of src with
// the reading d: each run of consecutive source items (other than
// preambles) whose pairs are low, score under doubtScore or place no
// text at all, with up to doubtBack placed items before it of its kind
// (a shift moves texts along the items of one kind), where the texts
// are shorter than their items at al.Ratio by more than doubtZ. Every pair of a Doubt is marked low, so that its text is
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
	size := func(it *corpus.Item) float64 {
		return float64(utf8.RuneCountInString(it.Title) + utf8.RuneCountInString(it.Text))
	}
	low := func(i int) bool {
		if pairOf[i] == 0 || src.Items[i].Kind == corpus.KindPreamble {
			return false
		}
		p := &al.Pairs[pairOf[i]-1]
		// (A place given no text at all, a label the projection left
		// empty, is as unsure as a low pair.)
		return p.Low || p.Score < doubtScore || size(&d.Items[p.Target[0]]) == 0 && size(&src.Items[i]) > 0
	}
	sigma := lengthSpread(src, d, al, pairOf, size)
	var out []Doubt
	for i := 0; i < len(src.Items); i++ {
		if !low(i) {
			continue
		}
		end := i
		for end+1 < len(src.Items) && low(end+1) {
			end++
		}
		// The run with up to doubtBack placed items of its kind before
		// it (the texts a shift carried one place early, from the item
		// left out on), at the start whose texts fall shortest.
		var ls, lt float64
		for k := i; k <= end; k++ {
			ls += size(&src.Items[k])
			lt += size(&d.Items[al.Pairs[pairOf[k]-1].Target[0]])
		}
		best := Doubt{From: i, To: end, Z: shortfall(ls, lt, al.Ratio)}
		for from := i - 1; from >= 0 && from >= i-doubtBack && pairOf[from] > 0 && src.Items[from].Kind == src.Items[i].Kind; from-- {
			ls += size(&src.Items[from])
			lt += size(&d.Items[al.Pairs[pairOf[from]-1].Target[0]])
			if z := shortfall(ls, lt, al.Ratio); z < best.Z || from == i-1 {
				best.From, best.Z = from, z
			}
		}
		out = append(out, best)
		i = end
	}
	// Each run is a test: among many, some fall short by chance (a
	// rulebook of hundreds of short items has tens of unsure runs). The
	// threshold is doubtZ's where there are doubtRuns runs or fewer,
	// and where more, the z-score whose probability is as much smaller
	// (a Bonferroni correction): about as many false doubts in any
	// document.
	limit := doubtZ
	if len(out) > doubtRuns {
		p := 0.5 * math.Erfc(-doubtZ/math.Sqrt2) * doubtRuns / float64(len(out))
		limit = math.Sqrt2 * math.Erfinv(2*p-1)
	}
	kept := out[:0]
	for _, b := range out {
		if b.Z < limit*sigma {
			kept = append(kept, b)
			for k := b.From; k <= b.To; k++ {
				al.Pairs[pairOf[k]-1].Low = true
			}
		}
	}
	if len(kept) == 0 {
		return nil
	}
	return kept
}

// lengthSpread is the spread of the length model's z-scores (shortfall) over
// the pairs of al that score doubtScore or more, one item a side: their
// median absolute value over that of a standard normal (0.6745), at
// least 1. A document pair whose items' lengths vary more than Gale &
// Church's variance says (short labels beside long texts, lines a
// translator joined) holds its runs to its own spread, as its ratio is
// its own.
func lengthSpread(src, d *corpus.Document, al *Alignment, pairOf []int, size func(*corpus.Item) float64) float64 {
	var zs []float64
	for i, k := range pairOf {
		if k == 0 || src.Items[i].Kind == corpus.KindPreamble {
			continue
		}
		p := &al.Pairs[k-1]
		if p.Low || p.Score < doubtScore {
			continue
		}
		if ls := size(&src.Items[i]); ls > 0 {
			zs = append(zs, math.Abs(shortfall(ls, size(&d.Items[p.Target[0]]), al.Ratio)))
		}
	}
	if len(zs) == 0 {
		return 1
	}
	slices.Sort(zs)
	return max(1, zs[len(zs)/2]/0.6745)
}
