package gaps

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
)

// Two items in one paragraph (a translator's merge, or a number lost
// between them) leave one source item without a counterpart and its
// neighbour paired with a text as long as both. Gale & Church (1993)
// align such a 2-1 bead by lengths alone: the squared deviation of the
// translation's length from the source's at the length ratio, over the
// variance of a length, tells a text that holds two items from one
// that holds one.

// mergedOdds is how much smaller the squared deviation (z²) of a
// neighbour's translated text from the two items together must be
// than from its own item alone: a likelihood ratio of the lengths of 5
// (2 ln 5), Gale & Church's prior odds of a 2-1 bead (0.044) against a
// 1-1 bead and a 1-0 one (0.89 × 0.0099). The lengths alone must favour
// the merge as much as the priors do: an item left out beside a
// neighbour whose text fits it (z² near 0) is never taken as merged.
const mergedOdds = 3.2

// lengthVariance is Gale & Church's variance of a translation's length
// per unit of length, in runes (align's, for its segmentation).
const lengthVariance = 6.8

// mergedInto returns the index in the translation of the text that
// holds source item b (of c.orig, unplaced) with a neighbour's, -1
// where none does (merges).
func (c *checker) mergedInto(b int) int {
	if c.merged == nil {
		c.merged = c.merges()
	}
	if t, ok := c.merged[b]; ok {
		return t
	}
	return -1
}

// merges pairs source items of c.orig that no pair holds, where the
// placement is not unsure (Report.Unsure), with the text of a neighbour (the item before or after) paired one to one, longer
// than that item at the length ratio, whose length fits the two
// together better than that item alone by mergedOdds: the best fits
// first, each text holding one item more at most.
func (c *checker) merges() map[int]int {
	out := map[int]int{}
	r := c.al.Ratio
	if r <= 0 || c.r.Unsure != "" {
		// An unsure projection placed the items by the same lengths,
		// weighing every 2-1 bead, and little else.
		return out
	}
	one, paired := map[int]int{}, make([]bool, len(c.orig.Items))
	for _, p := range c.al.Pairs {
		for _, i := range p.Source {
			paired[i] = true
		}
		if len(p.Source) == 1 && len(p.Target) == 1 {
			one[p.Source[0]] = p.Target[0]
		}
	}
	z2 := func(ls, lt float64) float64 {
		x := lt / r
		d := x - ls
		return d * d / (lengthVariance * ((ls+x)/2 + 1))
	}
	srcLen := func(i int) float64 { return float64(shownLen(c.orig.Items[i].Text, keyedByID(c.orig))) }
	type cand struct {
		b, t int
		gain float64
	}
	var cands []cand
	for b := range c.orig.Items {
		if paired[b] || c.orig.Items[b].Kind == corpus.KindPreamble {
			continue
		}
		for _, n := range []int{b - 1, b + 1} {
			t, ok := one[n]
			if n < 0 || n >= len(c.orig.Items) || !ok || c.orig.Items[n].Kind == corpus.KindPreamble {
				continue
			}
			ln := srcLen(n)
			lt := float64(shownLen(c.r.Translation.Items[t].Text, keyedByID(c.r.Translation)))
			if g := z2(ln, lt) - z2(ln+srcLen(b), lt); lt/r > ln && g >= mergedOdds && c.holdsOwn(b, n, t) {
				cands = append(cands, cand{b, t, g})
			}
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].gain > cands[j].gain })
	held := map[int]bool{}
	for _, k := range cands {
		if _, done := out[k.b]; !done && !held[k.t] {
			out[k.b], held[k.t] = k.t, true
		}
	}
	return out
}

// holdsOwn reports whether the translation's text t holds source item
// b's text beside its neighbour n's (whose item t is paired with), by
// what it states and not by its length alone: where b states a number,
// an acronym or a glossary term that n does not, t states one of them;
// where b states none, t has as many sentences as b and n together (a
// translation keeps its sentences in any script: ".", "。", "।", "።").
// Lengths alone say a text is longer than its item, not what it holds:
// a neighbour whose text is its own (an item left out beside it, a
// translation a little longer than most) would be taken for two.
func (c *checker) holdsOwn(b, n, t int) bool {
	src, tr := c.orig, c.r.Translation
	sb, sn, st := &src.Items[b], &src.Items[n], &tr.Items[t]
	own := c.content(sb.Title+"\n"+sb.Text, src.Lang, tr.Lang)
	for k := range c.content(sn.Title+"\n"+sn.Text, src.Lang, tr.Lang) {
		delete(own, k)
	}
	if len(own) > 0 {
		for k := range c.content(st.Title+"\n"+st.Text, tr.Lang, src.Lang) {
			if own[k] {
				return true
			}
		}
		return false
	}
	nb, nn := sentences(sb.Text), sentences(sn.Text)
	return nb > 0 && sentences(st.Text) >= nb+nn
}

// sentences counts the sentences of text: the runs of sentence
// terminals (Unicode's Sentence_Terminal) that end one, an ASCII one
// where a space or the text's end follows it ("3.5", "e.g." inside a
// sentence do not), a text's last words without one counting too.
func sentences(text string) int {
	n, open := 0, false
	rs := []rune(strings.TrimSpace(text))
	for k := 0; k < len(rs); k++ {
		r := rs[k]
		if r == ':' && k+2 < len(rs) && rs[k+1] == ' ' && unicode.IsUpper(rs[k+2]) {
			// A colon before a capital letter ends a sentence where a
			// script's full stop is written so (Armenian's "։" as ":").
		} else if !unicode.Is(unicode.Sentence_Terminal, r) {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				open = true
			}
			continue
		}
		if r < utf8.RuneSelf && k+1 < len(rs) && !unicode.IsSpace(rs[k+1]) {
			continue
		}
		if open {
			n++
			open = false
		}
	}
	if open {
		n++
	}
	return n
}

// content is the set of what a text in lang states that a translation
// keeps in any language: its numbers, acronyms and the glossary's
// concepts that have terms in the other side's language too (a concept
// the glossary cannot find in the other side is no evidence either way).
func (c *checker) content(text, lang, other string) map[string]bool {
	out := map[string]bool{}
	for _, n := range align.Numbers(text, lang) {
		out["n"+n] = true
	}
	for _, a := range align.Acronyms(text) {
		out["a"+a] = true
	}
	if c.gloss != nil {
		base, _, _ := strings.Cut(strings.ToLower(other), "-")
		for _, k := range c.gloss.Find(text, lang) {
			if len(c.gloss.Concepts[k].Terms[base]) > 0 {
				out["t"+strconv.Itoa(k)] = true
			}
		}
	}
	return out
}

// mergedFinding is the finding on source item id (label lbl), unplaced,
// whose text the translation's item t holds with its neighbour's.
func (c *checker) mergedFinding(id, lbl string, t int) Finding {
	tid := c.r.Translation.Items[t].ID
	return Finding{Check: Missing, Severity: Warning, SourceID: id, TargetID: tid,
		Message: fmt.Sprintf("not found apart: %s may be in the text of %s, as long as its source item and this one together at the translation's length ratio (two items in one paragraph)", lbl, tid)}
}
