package ingest

import (
	"cmp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/numerals"
)

// counterCite is a number a text prints as a CJK or Korean label prints
// one: after the ordinal mark ("第9.1条", "제2조"), before a counter
// glued to it or set apart by a space ("9.1 節", "(4.2節)"), or both. A
// dotted number may carry parenthesized sub-numbers before its counter
// ("4.1(3) 節"), which the citation leaves out, as "§4.1(3)" cites 4.1.
type counterCite struct {
	num     string // the number in ASCII digits: "9.1", "12"
	ordinal string // "第", "제", or ""
	counter rune
}

// counterForm is how a numbering prints its numbers: its ordinal mark
// ("" for none) and its counter.
type counterForm struct {
	ordinal string
	counter rune
}

// counterRefs adds to each item of d the items its title and text cite
// in the form of a CJK or Korean label (counterCite), after the
// citations of the styles corpus.Refs reads and without a number one of
// those cites already: a number is a citation only where it names an
// item of d, and a whole number only in a form d's numbering prints (an
// item's label, "第3条", or a dotted citation of d, "9.1 節"): "5 回",
// five attempts, and "第3回", a third session, are counts. No word of
// the language decides: the counters are the characters the labels
// read.
func counterRefs(d *corpus.Document) {
	var names map[string]bool
	forms := map[counterForm]bool{}
	printed := map[counterForm]map[string]string{}
	found := map[int][]counterCite{}
	for i := range d.Items {
		it := &d.Items[i]
		if !hasCounter(it.Title) && !hasCounter(it.Text) {
			continue
		}
		if names == nil {
			names = itemNumbers(d, forms, printed)
		}
		for _, c := range readCounterCites(it.Title + "\n" + it.Text) {
			if names[c.num] && c.num != asciiNumber(it.Number) {
				found[i] = append(found[i], c)
				if strings.Contains(c.num, ".") {
					forms[counterForm{c.ordinal, c.counter}] = true
				}
			}
		}
	}
	for i, cs := range found {
		it := &d.Items[i]
		for _, c := range cs {
			if !strings.Contains(c.num, ".") && !forms[counterForm{c.ordinal, c.counter}] {
				continue
			}
			if citesNumber(it.Refs, c.num) {
				continue
			}
			// The item whose label prints the form and the number is the
			// one cited ("第4条" cites the article headed "第4条", of
			// whatever kind); a number no label prints so is a rule's.
			id := printed[counterForm{c.ordinal, c.counter}][c.num]
			it.Refs = append(it.Refs, cmp.Or(id, corpus.ID(corpus.KindRule, c.num)))
		}
	}
}

// hasCounter reports whether s holds a counter character.
func hasCounter(s string) bool {
	for _, r := range s {
		if r >= 0x3000 && strings.ContainsRune(cjkCounters, r) {
			return true
		}
	}
	return false
}

// itemNumbers returns the numbers of d's items in ASCII ("４.２" is
// "4.2"), adds to forms those of the labels d prints with a counter
// ("第3条": 第 and 条), and to printed, by form and number, the id of the
// first item that prints its label so (its id to be, ids being given
// after the citations are read).
func itemNumbers(d *corpus.Document, forms map[counterForm]bool, printed map[counterForm]map[string]string) map[string]bool {
	names := map[string]bool{}
	for i := range d.Items {
		it := &d.Items[i]
		if n := cmp.Or(it.Number, idNumber(it.ID)); n != "" {
			names[asciiNumber(n)] = true
		}
		last, _ := utf8.DecodeLastRuneInString(it.Printed)
		if it.Printed == "" || !strings.ContainsRune(cjkCounters, last) {
			continue
		}
		ord := ""
		for _, m := range []string{"第", "제"} {
			if strings.HasPrefix(it.Printed, m) {
				ord = m
			}
		}
		f := counterForm{ord, last}
		forms[f] = true
		if n := asciiNumber(it.Number); n != "" {
			if printed[f] == nil {
				printed[f] = map[string]string{}
			}
			if _, ok := printed[f][n]; !ok {
				printed[f][n] = cmp.Or(it.ID, corpus.ID(it.Kind, it.Number))
			}
		}
	}
	return names
}

// idNumber is the number an item's id gives when the reader took the id
// from the file (a PO, XLIFF or TMX unit's: "sec:4.2" is 4.2) and the
// item keeps no number of its own; "" for an id of a place ("sec:_2"),
// a slug, or none.
func idNumber(id string) string {
	_, name, ok := strings.Cut(id, ":")
	if !ok || name == "" || name[0] < '0' || name[0] > '9' {
		return ""
	}
	name, _, _ = strings.Cut(name, "/")
	name, _, _ = strings.Cut(name, "#")
	return name
}

// asciiNumber is n with the digits and points of other scripts in ASCII
// (labelRune); its other runes as they are.
func asciiNumber(n string) string {
	var b strings.Builder
	for _, r := range n {
		if l := labelRune(r); l != 0 {
			r = l
		}
		b.WriteRune(r)
	}
	return b.String()
}

// citesNumber reports whether refs cite an item of number num, of any kind.
func citesNumber(refs []string, num string) bool {
	for _, r := range refs {
		if _, n, _ := strings.Cut(corpus.RefItem(r), ":"); strings.EqualFold(n, num) {
			return true
		}
	}
	return false
}

// readCounterCites lists the numbers s prints in the form of a CJK or
// Korean label (counterCite), in order. A number that goes on from a
// digit, a point or a letter of a script that spaces its words before
// it ("v1.7") is none; one glued to a word of a script that does not
// ("これは9.1節") is.
func readCounterCites(s string) []counterCite {
	var out []counterCite
	prev := rune(0)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		var c counterCite
		end := 0
		switch {
		case r == '第' || r == '제':
			c, end = readCounterNumber(s, skipSpace(s, i+n), true)
			c.ordinal = s[i : i+n]
		case isLabelDigit(r) && labelRune(prev) == 0 && (!unicode.IsLetter(prev) || unspaced(prev)):
			c, end = readCounterNumber(s, i, false)
		}
		if end > 0 {
			out = append(out, c)
			i, prev = end, c.counter
			continue
		}
		i, prev = i+n, r
	}
	return out
}

func isLabelDigit(r rune) bool { l := labelRune(r); return l >= '0' && l <= '9' }

// readCounterNumber reads at s[i:] a number (digits and points; after
// the ordinal mark, CJK numerals too), its parenthesized sub-numbers,
// one space at the most and a counter; end is 0 where there is none.
func readCounterNumber(s string, i int, ordinal bool) (c counterCite, end int) {
	var b strings.Builder
	j := i
	for j < len(s) {
		r, n := utf8.DecodeRuneInString(s[j:])
		l := labelRune(r)
		if l == '.' && b.Len() > 0 {
			if next, _ := utf8.DecodeRuneInString(s[j+n:]); isLabelDigit(next) {
				b.WriteByte('.')
				j += n
				continue
			}
		}
		if l < '0' || l > '9' {
			break
		}
		b.WriteRune(l)
		j += n
	}
	if j == i && ordinal {
		for j < len(s) {
			r, n := utf8.DecodeRuneInString(s[j:])
			if !labelNumeral(r, j > i) {
				break
			}
			j += n
		}
		if v := numerals.CJK(s[i:j]); v > 0 {
			b.WriteString(strconv.Itoa(v))
		}
		// "第A条": an appendix article lettered in one Latin capital, as
		// readCJKLabel reads its heading.
		if r, n := utf8.DecodeRuneInString(s[i:]); j == i && labelRune(r) >= 'A' && labelRune(r) <= 'Z' {
			if next, _ := utf8.DecodeRuneInString(s[i+n:]); !unicode.IsLetter(next) || strings.ContainsRune(cjkCounters, next) {
				b.WriteRune(labelRune(r))
				j += n
			}
		}
	}
	if b.Len() == 0 {
		return c, 0
	}
	c.num = b.String()
	j = skipSubNumbers(s, j)
	if r, n := utf8.DecodeRuneInString(s[j:]); unicode.IsSpace(r) && r != '\n' {
		j += n
	}
	r, n := utf8.DecodeRuneInString(s[j:])
	if !strings.ContainsRune(cjkCounters, r) || n == 0 {
		return c, 0
	}
	c.counter = r
	return c, j + n
}

// skipSubNumbers returns the end of the parenthesized numbers at s[j:]
// ("(3)", "（2）(1)"), j where there are none.
func skipSubNumbers(s string, j int) int {
	for {
		r, n := utf8.DecodeRuneInString(s[j:])
		if r != '(' && r != '（' {
			return j
		}
		k := j + n
		for k < len(s) && isLabelDigit(firstRune(s[k:])) {
			_, m := utf8.DecodeRuneInString(s[k:])
			k += m
		}
		r, m := utf8.DecodeRuneInString(s[k:])
		if k == j+n || r != ')' && r != '）' {
			return j
		}
		j = k + m
	}
}
