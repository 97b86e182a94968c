package langid

import (
	"math"
	"slices"
	"unicode/utf8"
)

// fitSample is how much of a text Fit reads to choose the language:
// enough to tell, at a cost that does not grow with the text.
const fitSample = 1 << 16

// unseenLogProb is the log-probability Fit gives a trigram a model lacks
// (and lacks its first two runes and its first rune too): below any a
// model holds, so that letters no language puts together fit none.
var unseenLogProb = math.Log(1e-9)

// Fit compares two readings a and b of the same bytes (decodings in two
// encodings) by their words where they differ, partA and partB: it
// returns, for each, the mean log-probability of the distinct trigrams
// of its part that are not trigrams of the other's (a trigram the model
// lacks counting as unseenLogProb), and their number. The model is that
// of the language of Languages, written in the script of most letters
// of a or b, that either reading (its first 64 KB) fits best: the
// language the text is in, which a wrong reading puts letters together
// as it does not. A fit is -Inf where its part has no such trigram, or
// where no language of Languages writes the script.
func Fit(a, b, partA, partB string) (fitA, fitB float64, nA, nB int) {
	ga, gb := textTrigrams(splitWords(partA)), textTrigrams(splitWords(partB))
	ga, gb = except(ga, gb), except(gb, ga)
	fitA, fitB = math.Inf(-1), math.Inf(-1)
	var m *model
	best := math.Inf(-1)
	t := languages()
	for _, text := range []string{sample(a), sample(b)} {
		s := Clean(text)
		grams := textTrigrams(splitWords(s))
		script, _ := dominantScript(s)
		if len(grams) == 0 || script == "" {
			continue
		}
		for _, tag := range Languages {
			l := language(tag)
			if l < 0 || !writes(l, script) {
				continue
			}
			if f := meanLogProb(t.models[l](), grams); f > best {
				best, m = f, t.models[l]()
			}
		}
	}
	if m == nil {
		return fitA, fitB, len(ga), len(gb)
	}
	if len(ga) > 0 {
		fitA = meanLogProb(m, ga)
	}
	if len(gb) > 0 {
		fitB = meanLogProb(m, gb)
	}
	return fitA, fitB, len(ga), len(gb)
}

// except is grams without those of other.
func except(grams, other []uint64) []uint64 {
	out := slices.Clone(grams)
	return slices.DeleteFunc(out, func(g uint64) bool { return slices.Contains(other, g) })
}

// sample is text cut to its first fitSample bytes, at a rune's start.
func sample(text string) string {
	if len(text) <= fitSample {
		return text
	}
	cut := fitSample
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	return text[:cut]
}

// meanLogProb is the mean log-probability m gives grams, one it lacks
// counting as unseenLogProb.
func meanLogProb(m *model, grams []uint64) float64 {
	sum := 0.0
	for _, g := range grams {
		lp, ok := logProb(m, g)
		if !ok {
			lp = unseenLogProb
		}
		sum += lp
	}
	return sum / float64(len(grams))
}
