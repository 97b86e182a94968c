package gaps

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/numerals"
)

// cite is one item a text cites: key, the item's id in lower case (the
// source's, for a translation's citation of an aligned item), show, how
// a message names it, and label, set for a citation by a label's words
// (labelCites).
type cite struct {
	key, show string
	label     bool
	// printed is set for a citation by a label the document prints
	// after any word (printedCites): it answers a citation of the
	// other side, and is no finding of its own (the other side may
	// write the label otherwise, "A.4" for "A4").
	printed bool
}

// citeLabels names cs as a message lists them.
func citeLabels(cs []cite) string {
	out := make([]string, len(cs))
	for i, x := range cs {
		out[i] = x.show
	}
	return strings.Join(out, ", ")
}

// citesOf lists what it, an item of d, cites: its references, then the
// items its text cites by labels' words (labels, labelsOf) that its
// references do not name. srcOf maps d's items to the source's (a
// translation's, through the alignment; nil for the source): an
// aligned item cited is named by the source item's id and label.
func (c *checker) citesOf(it *corpus.Item, d *corpus.Document, labels labelIndex, srcOf []int) []cite {
	var out []cite
	for _, r := range it.Refs {
		out = append(out, cite{key: strings.ToLower(corpus.RefItem(r)), show: corpus.RefLabel(r)})
	}
	for _, i := range labels.cited(it.Text) {
		x := &d.Items[i]
		if slices.ContainsFunc(it.Refs, func(r string) bool {
			_, num, _ := strings.Cut(corpus.RefItem(r), ":")
			return strings.EqualFold(num, x.Number)
		}) {
			continue
		}
		if srcOf != nil && srcOf[i] >= 0 {
			x = &c.orig.Items[srcOf[i]]
		}
		key := strings.ToLower(x.ID)
		if !slices.ContainsFunc(out, func(o cite) bool { return o.key == key }) {
			out = append(out, cite{key: key, show: x.Label(), label: true})
		}
	}
	return c.printedCites(out, it, d, srcOf)
}

// printedCites adds to out the items it cites by a label d prints
// (printedLabels) after a word, whatever the word ("規則 2k", "see
// A3b1"): a reference, as a link to the item would be.
func (c *checker) printedCites(out []cite, it *corpus.Item, d *corpus.Document, srcOf []int) []cite {
	if c.printed == nil {
		c.printed = map[*corpus.Document]map[string]int{}
	}
	printed, ok := c.printed[d]
	if !ok {
		printed = printedLabels(d)
		c.printed[d] = printed
	}
	for _, i := range labelsCited(it.Text, printed) {
		x := &d.Items[i]
		if x == it || citesNumber(it.Refs, x.Number) {
			continue
		}
		if srcOf != nil && srcOf[i] >= 0 {
			x = &c.orig.Items[srcOf[i]]
		}
		key := strings.ToLower(x.ID)
		if !slices.ContainsFunc(out, func(o cite) bool { return o.key == key }) {
			out = append(out, cite{key, x.Label(), false, true})
		}
	}
	return out
}

// citesNumber reports whether refs name an item of number num.
func citesNumber(refs []string, num string) bool {
	return slices.ContainsFunc(refs, func(r string) bool {
		_, n, _ := strings.Cut(corpus.RefItem(r), ":")
		return strings.EqualFold(n, num)
	})
}

// printedLabels maps the numbers of d's items that mix digits and
// letters ("2k", "A3b1": labels, which no count or measure prints) to
// the first item of each.
func printedLabels(d *corpus.Document) map[string]int {
	out := map[string]int{}
	for i := range d.Items {
		n := d.Items[i].Number
		if strings.IndexFunc(n, isASCIIDigit) < 0 || strings.IndexFunc(n, isASCIILetter) < 0 ||
			strings.IndexFunc(n, func(r rune) bool { return !isASCIIDigit(r) && !isASCIILetter(r) }) >= 0 {
			continue
		}
		if _, ok := out[n]; !ok {
			out[n] = i
		}
	}
	return out
}

func isASCIIDigit(r rune) bool  { return r >= '0' && r <= '9' }
func isASCIILetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

// labelsCited lists, in the text's order, the items of printed that text
// cites: a whole run of ASCII letters and digits that is one of their
// labels, after a word (a letter, then one space at the most).
func labelsCited(text string, printed map[string]int) []int {
	if len(printed) == 0 {
		return nil
	}
	var out []int
	for i := 0; i < len(text); {
		if !isASCIIDigit(rune(text[i])) && !isASCIILetter(rune(text[i])) {
			i++
			continue
		}
		j := i
		for j < len(text) && (isASCIIDigit(rune(text[j])) || isASCIILetter(rune(text[j]))) {
			j++
		}
		k, ok := printed[text[i:j]]
		before := text[:i]
		if r, n := utf8.DecodeLastRuneInString(before); r == ' ' {
			before = before[:len(before)-n]
		}
		if r, _ := utf8.DecodeLastRuneInString(before); ok && unicode.IsLetter(r) && !slices.Contains(out, k) {
			out = append(out, k)
		}
		i = j
	}
	return out
}

// labelCiting is what refs reads citations by labels' words with: each
// side's labels (labelsOf) and the source item each translation item is
// aligned with (-1: none).
type labelCiting struct {
	src, tr labelIndex
	srcOf   []int
}

// sourceOf maps each translation item to the source item the alignment
// pairs it with, -1 where none.
func (c *checker) sourceOf() []int {
	out := make([]int, len(c.r.Translation.Items))
	for i := range out {
		out[i] = -1
	}
	for _, p := range c.al.Pairs {
		out[p.Target[0]] = p.Source[0]
	}
	return out
}

// labelIndex maps the words a document prints before its items' numbers
// ("article" of "Article 12", "статья" of "Статья 3"), in lower case, to
// its items (indices) by number: a citation's words are the document's
// own, in any language.
type labelIndex map[string]map[string]int

// labelsOf reads the labels of d's items (corpus.Item.Printed) that are
// letters, a space, then the item's number in digits; the first item of
// a number is the one cited.
func labelsOf(d *corpus.Document) labelIndex {
	out := labelIndex{}
	for i := range d.Items {
		it := &d.Items[i]
		if it.Printed == "" || it.Number == "" {
			continue
		}
		head := strings.TrimRightFunc(it.Printed, func(r rune) bool { return isDigit(r) || r == '.' })
		num, _ := readCitedNumber(it.Printed[len(head):])
		words := strings.TrimRightFunc(head, unicode.IsSpace)
		if words == "" || words == head || num != it.Number ||
			strings.IndexFunc(words, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsMark(r) && !unicode.IsSpace(r) }) >= 0 {
			continue // no words, no space, another number, or not letters
		}
		w := strings.ToLower(words)
		if out[w] == nil {
			out[w] = map[string]int{}
		}
		if _, ok := out[w][num]; !ok {
			out[w][num] = i
		}
	}
	return out
}

// cited lists the items text cites by the words of l, in the text's
// order: a word of l (a
// whole word, in any case), white space, then the number of an item
// printed with that word ("under Article 1", "selon l'article 2").
func (l labelIndex) cited(text string) []int {
	if len(l) == 0 {
		return nil
	}
	low := strings.ToLower(text)
	type hit struct{ at, item int }
	var hits []hit
	for w, items := range l {
		for at := 0; ; {
			k := strings.Index(low[at:], w)
			if k < 0 {
				break
			}
			k += at
			at = k + len(w)
			if before, _ := utf8.DecodeLastRuneInString(low[:k]); k > 0 && unicode.IsLetter(before) {
				continue
			}
			rest := strings.TrimLeftFunc(low[at:], unicode.IsSpace)
			if len(rest) == len(low)-at {
				continue // no space after the word
			}
			num, n := readCitedNumber(rest)
			if after, _ := utf8.DecodeRuneInString(rest[n:]); num == "" || unicode.IsLetter(after) || isDigit(after) {
				continue
			}
			if i, ok := items[num]; ok {
				hits = append(hits, hit{k, i})
			}
		}
	}
	slices.SortFunc(hits, func(a, b hit) int { return a.at - b.at })
	var out []int
	for _, h := range hits {
		if !slices.Contains(out, h.item) {
			out = append(out, h.item)
		}
	}
	return out
}

// readCitedNumber reads the number s starts with, its digits of any
// script in ASCII ("12", "4.2"; a point ending a sentence is not read),
// and its length in bytes.
func readCitedNumber(s string) (string, int) {
	var b []byte
	n := 0
	for n < len(s) {
		r, k := utf8.DecodeRuneInString(s[n:])
		switch {
		case isDigit(r):
			d := r - '0'
			if r >= utf8.RuneSelf {
				d = rune(numerals.Digit(r))
			}
			b = append(b, byte('0'+d))
		case r == '.' && len(b) > 0 && b[len(b)-1] != '.' && n+k < len(s):
			if next, _ := utf8.DecodeRuneInString(s[n+k:]); !isDigit(next) {
				return string(b), n
			}
			b = append(b, '.')
		default:
			return string(b), n
		}
		n += k
	}
	return string(b), n
}
