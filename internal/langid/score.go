package langid

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/shopspring/decimal"
)

// detector scores texts among some languages as lingua-go's low accuracy
// mode does (LanguageDetector.ComputeLanguageConfidenceValues, of which
// it computes the first value only), from the models of ngrams.bin.
type detector struct {
	rules *rules
}

// newDetector returns a detector among langs (indexes into the languages
// table, ascending).
func newDetector(langs []int) *detector {
	return &detector{rules: newRules(langs)}
}

// best returns the language lingua-go ranks first for text and its
// confidence: the rules' language with 1, else the language of the
// highest probability of the text's distinct trigrams (each trigram a model
// lacks is looked up as its first two runes, then its first one, and
// left out if the model lacks those too), with its share of the
// probabilities of all; ties go to the language first in lingua-go's
// order. The confidence is 0 when nothing tells (no letters, fewer than
// three, no trigram any model holds).
func (d *detector) best(text string) (lang int, confidence float64) {
	words, filtered, lang, confidence, done := d.prelude(text)
	if done {
		return lang, confidence
	}
	return d.score(textTrigrams(words), filtered)
}

// prelude is what best does before it scores: done with the language and
// confidence when the rules, the filter or the text's shortness decide;
// else the text's words (see splitWords) and the languages to score.
func (d *detector) prelude(text string) (words []string, filtered []int, lang int, confidence float64, done bool) {
	words = splitWords(text)
	langs := d.rules.langs
	if len(words) == 0 {
		return nil, nil, langs[0], 0, true
	}
	if l := d.rules.decide(words); l != unknown {
		if !d.rules.in[l] {
			// lingua-go names a language it was not asked about, and
			// so gives every language 0.
			return nil, nil, langs[0], 0, true
		}
		return nil, nil, l, 1, true
	}
	filtered = d.rules.filter(words)
	if len(filtered) == 1 {
		return nil, nil, filtered[0], 1, true
	}
	letters := 0
	for _, w := range words {
		letters += utf8.RuneCountInString(w)
	}
	if letters < 3 {
		return nil, nil, langs[0], 0, true
	}
	return words, filtered, 0, 0, false
}

// logProb returns the log-probability m gives the trigram g as best
// reads it (its first two runes when m lacks it, then its first one),
// and false when m lacks all three.
func logProb(m *model, g uint64) (float64, bool) {
	p := m.prob(g)
	if p == 0 {
		p = m.prob(g >> 21)
	}
	if p == 0 {
		p = m.prob(g >> 42)
	}
	if p > 0 {
		return math.Log(p), true
	}
	return 0, false
}

// score is best's scoring of the trigrams among the filtered languages.
func (d *detector) score(trigrams []uint64, filtered []int) (lang int, confidence float64) {
	t := languages()
	type scored struct {
		lang int
		sum  float64
		p    decimal.Decimal
	}
	var scores []scored
	for _, l := range filtered {
		m := t.models[l]()
		var sum neumaier
		for _, g := range trigrams {
			if lp, ok := logProb(m, g); ok {
				sum.add(lp)
			}
		}
		if sum := sum.value(); sum < 0 {
			scores = append(scores, scored{lang: l, sum: sum, p: exponent(sum)})
		}
	}
	if len(scores) == 0 {
		return d.rules.langs[0], 0
	}
	denominator := decimal.Zero
	for _, s := range scores {
		denominator = denominator.Add(s.p)
	}
	if denominator.IsZero() {
		// lingua-go's exponents of very long texts: the highest sum
		// wins outright.
		top := scores[0]
		for _, s := range scores[1:] {
			if s.sum > top.sum || s.sum == top.sum && s.lang < top.lang {
				top = s
			}
		}
		return top.lang, 1
	}
	// The first is the highest probability's language, unless another
	// earlier in lingua-go's order has the same confidence once divided
	// and rounded; only one at least half as probable can.
	top := scores[0]
	for _, s := range scores[1:] {
		if c := s.p.Cmp(top.p); c > 0 || c == 0 && s.lang < top.lang {
			top = s
		}
	}
	lang, confidence = top.lang, share(top.p, denominator)
	for _, s := range scores {
		if s.lang < lang && s.p.Add(s.p).Cmp(top.p) >= 0 {
			if c := share(s.p, denominator); c == confidence {
				lang = s.lang
			}
		}
	}
	return lang, confidence
}

// Bounds of bestLang's shortcut. A language's sum of log-probabilities
// only falls as trigrams are added (each term is at most 0), so once its
// partial sum is more than pruneMargin below the best full sum minus
// ln 2 its probability is under half the best's: it can be neither the
// first nor one of the languages best's tie rule looks at (those at
// least half as probable). pruneMargin dwarfs the rounding of the
// compensated sums (an ulp of a few thousand is 1e-12) and of exponent
// (25 places of e^(sum/1000) raised to the 1000th: relative 1e-13 or
// better above minFastSum, below which bestLang does not take the
// shortcut). A tie under best's rule needs two shares that round to the
// same float64 at 16 places, so probabilities within a few units of
// 1e-16 of the denominator, at most len(filtered) times the first's:
// bestLang scores in full when any candidate is within tieGap of it.
const (
	pruneMargin = 1e-3
	minFastSum  = -20000
	tieGap      = 1e-12
)

// bestLang returns the language best returns for text, and whether its
// confidence is above 0, without best's confidence: it stops scoring a
// language once that cannot be the first (see pruneMargin), and scores
// first, where it is a candidate, the language first, as the one most
// likely to win (-1 for none). It reads the log-probabilities from
// terms, which keeps them for the texts after. Where the shortcut could
// not be sure (a near tie, sums too low for exponent's precision), it
// returns what best computes.
func (d *detector) bestLang(text string, first int, terms *terms) (lang int, ok bool) {
	words, filtered, lang, confidence, done := d.prelude(text)
	if done {
		return lang, confidence > 0
	}
	trigrams := terms.trigrams(words)
	t := languages()
	order := filtered
	if i := slices.Index(filtered, first); i > 0 {
		order = append(append([]int{first}, filtered[:i]...), filtered[i+1:]...)
	}
	type scored struct {
		lang int
		sum  float64
	}
	var full []scored
	topSum := math.Inf(-1)
	for _, l := range order {
		m := t.models[l]()
		bound := topSum - math.Ln2 - pruneMargin
		var sum neumaier
		pruned := false
		for _, g := range trigrams {
			if lp, ok := terms.logProb(l, m, g); ok {
				sum.add(lp)
				if sum.value() < bound {
					pruned = true
					break
				}
			}
		}
		if s := sum.value(); !pruned && s < 0 {
			full = append(full, scored{l, s})
			topSum = max(topSum, s)
		}
	}
	if len(full) == 0 {
		return d.rules.langs[0], false
	}
	if topSum < minFastSum {
		lang, confidence = d.score(terms.keysOf(trigrams), filtered)
		return lang, confidence > 0
	}
	// The candidates: those at least half as probable as the best by
	// their sums, with pruneMargin to spare.
	type prob struct {
		lang int
		p    decimal.Decimal
	}
	var cands []prob
	for _, s := range full {
		if s.sum >= topSum-math.Ln2-pruneMargin {
			cands = append(cands, prob{s.lang, exponent(s.sum)})
		}
	}
	top := cands[0]
	for _, c := range cands[1:] {
		if x := c.p.Cmp(top.p); x > 0 || x == 0 && c.lang < top.lang {
			top = c
		}
	}
	gap := top.p.Mul(decimal.NewFromFloat(tieGap))
	for _, c := range cands {
		if c.lang != top.lang && top.p.Sub(c.p).Cmp(gap) <= 0 {
			lang, confidence = d.score(terms.keysOf(trigrams), filtered)
			return lang, confidence > 0
		}
	}
	return top.lang, true
}

// neumaier is a compensated sum (Neumaier's variant of Kahan's), within
// about an ulp of the exact sum whatever the order of the terms.
// lingua-go adds the log-probabilities in the order of a map, so its
// sums, and its confidences, vary in their last bits from call to call
// (by 3e-12 on a text of 1,200 letters); langid's do not.
type neumaier struct{ sum, comp float64 }

func (n *neumaier) add(x float64) {
	t := n.sum + x
	if math.Abs(n.sum) >= math.Abs(x) {
		n.comp += (n.sum - t) + x
	} else {
		n.comp += (x - t) + n.sum
	}
	n.sum = t
}

func (n *neumaier) value() float64 { return n.sum + n.comp }

// share is p / denominator as lingua-go computes it: a decimal rounded
// to 16 places, then the float64 nearest to that.
func share(p, denominator decimal.Decimal) float64 {
	f, _ := p.Div(denominator).Float64()
	return f
}

// exponent is lingua-go's computeExponent: e^sum as a decimal, through
// float64 while that does not underflow, else as (e^(sum/1000))^1000
// with the inner power computed to 25 places. The float64 goes through
// its shortest decimal form: decimal.NewFromFloat gives the same value
// but takes tens of microseconds on the subnormal numbers that texts of
// a few hundred letters give.
func exponent(sum float64) decimal.Decimal {
	if e := math.Exp(sum); e > 0 {
		return decimal.RequireFromString(strconv.FormatFloat(e, 'e', -1, 64))
	}
	e, _ := decimal.NewFromFloat(sum / 1000).ExpTaylor(25)
	return e.Pow(decimal.NewFromInt(1000))
}

// splitWords returns the words of text as lingua-go reads them: the text
// in lower case, each Han, Hangul, Hiragana or Katakana character a word
// on its own and otherwise each run of letters (of any script: "abc漢字"
// is one word).
func splitWords(text string) []string {
	s := strings.ToLower(text)
	var words []string
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.In(r, unicode.Han, unicode.Hangul, unicode.Hiragana, unicode.Katakana):
			words = append(words, s[i:i+n])
			i += n
		case unicode.IsLetter(r):
			j := i + n
			for j < len(s) {
				r, m := utf8.DecodeRuneInString(s[j:])
				if !unicode.IsLetter(r) {
					break
				}
				j += m
			}
			words = append(words, s[i:j])
			i = j
		default:
			i += n
		}
	}
	return words
}

// textTrigrams returns the distinct trigrams of words, packed as
// model.keys are, in the order they first occur.
func textTrigrams(words []string) []uint64 {
	seen := map[uint64]bool{}
	var out []uint64
	for _, w := range words {
		var a, b rune
		i := 0
		for _, c := range w {
			if i >= 2 {
				if g := ngramKey(a, b, c); !seen[g] {
					seen[g] = true
					out = append(out, g)
				}
			}
			a, b = b, c
			i++
		}
	}
	return out
}
