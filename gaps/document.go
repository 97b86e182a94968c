package gaps

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
)

// document runs the checks that need no source: duplicate, enumeration
// and terminology.
func (c *checker) document(d *corpus.Document) {
	c.duplicates(d)
	c.enumerations(d)
	c.terminology(d)
}

// dropSourceDuplicates removes duplicate findings that the source shares:
// two translation items with one text whose source items have one text
// too are faithful, not a defect.
func (c *checker) dropSourceDuplicates() {
	if c.al == nil {
		return
	}
	srcOf := map[string]*corpus.Item{}
	for _, p := range c.al.Pairs {
		srcOf[c.r.Translation.Items[p.Target[0]].ID] = &c.orig.Items[p.Source[0]]
	}
	out := c.r.Findings[:0]
	for _, f := range c.r.Findings {
		if f.Check == Duplicate {
			a, b := srcOf[f.TargetID], srcOf[f.other]
			if a != nil && b != nil && similar(trigrams(corpus.Fold(a.Text)), trigrams(corpus.Fold(b.Text))) >= 0.75 {
				continue
			}
		}
		out = append(out, f)
	}
	c.r.Findings = out
}

// duplicateMin is the length, in runes, below which equal texts are not
// reported as duplicates ("See Rule 2." recurs by right).
const duplicateMin = 30

// duplicates finds items whose texts are the same in comparison form, or
// nearly (nine tenths of their character trigrams shared).
func (c *checker) duplicates(d *corpus.Document) {
	type entry struct {
		i    int
		tris []uint64
	}
	seen := map[string]int{}
	var long []entry
	// The trigrams of the entry last dropped from the window and the
	// runes of the last text, made again in place (they were a fifth of
	// the bytes the checks allocate).
	var spare, tmp []uint64
	var rs []rune
	for i := range d.Items {
		it := &d.Items[i]
		f := corpus.Fold(it.Text)
		if utf8.RuneCountInString(f) < duplicateMin || it.Kind == corpus.KindPreamble {
			continue
		}
		if j, ok := seen[f]; ok {
			c.r.add(Finding{Check: Duplicate, Severity: Warning, SourceID: "", TargetID: it.ID,
				Message: "the same text as " + d.Items[j].Label(), other: d.Items[j].ID})
			continue
		}
		seen[f] = i
		var tris []uint64
		tris, rs, tmp = appendTrigramSet(spare[:0], rs, tmp, f)
		spare = nil
		for _, e := range long {
			// A Jaccard index of 0.9 needs sizes within a tenth.
			if small, big := min(len(tris), len(e.tris)), max(len(tris), len(e.tris)); 10*small < 9*big {
				continue
			}
			if jaccardAtLeast(tris, e.tris, 0.9) {
				c.r.add(Finding{Check: Duplicate, Severity: Warning, TargetID: it.ID,
					Message: "nearly the same text as " + d.Items[e.i].Label(), other: d.Items[e.i].ID})
				break
			}
		}
		// Near duplicates are sought among neighbours and like-sized
		// items only: a window keeps the check linear.
		long = append(long, entry{i, tris})
		if len(long) > 60 {
			spare = long[0].tris
			long = long[1:]
		}
	}
}

// appendTrigramSet appends to out the hashes of the character trigrams
// of s, sorted and without repeats, and returns it with rs, a buffer of
// the runes of s made from the one given, and tmp, the buffer of the
// sort (sortedSet).
func appendTrigramSet(out []uint64, rs []rune, tmp []uint64, s string) ([]uint64, []rune, []uint64) {
	rs = rs[:0]
	for _, r := range s {
		// strings.ToLower(s), rune by rune, without its copy (s is a
		// comparison form: UTF-8).
		rs = append(rs, unicode.ToLower(r))
	}
	for i := 0; i+3 <= len(rs); i++ {
		out = append(out, uint64(rs[i])<<42^uint64(rs[i+1])<<21^uint64(rs[i+2]))
	}
	out, tmp = sortedSet(out, tmp)
	return out, rs, tmp
}

// sortedSet sorts keys in place and drops their repeats, and returns
// them with tmp, a buffer of their length made from the one given. More
// than a few are sorted by their bytes from the lowest (a radix sort: a
// pass for each byte in which two keys differ, five for the trigrams of
// ASCII text), which took half the time of slices.Sort on the trigrams of
// generated texts; the sort was most of the duplicate check's time.
func sortedSet(keys, tmp []uint64) ([]uint64, []uint64) {
	if len(keys) < 48 {
		slices.Sort(keys)
		return slices.Compact(keys), tmp
	}
	and, or := ^uint64(0), uint64(0)
	for _, k := range keys {
		and &= k
		or |= k
	}
	differ := and ^ or // the bits in which two keys differ
	if cap(tmp) < len(keys) {
		tmp = make([]uint64, len(keys))
	}
	src, dst := keys, tmp[:len(keys)]
	for shift := uint(0); shift < 64; shift += 8 {
		if (differ>>shift)&0xff == 0 {
			continue
		}
		var at [256]int
		for _, k := range src {
			at[(k>>shift)&0xff]++
		}
		n := 0
		for b, c := range at {
			at[b] = n
			n += c
		}
		for _, k := range src {
			b := (k >> shift) & 0xff
			dst[at[b]] = k
			at[b]++
		}
		src, dst = dst, src
	}
	if &src[0] != &keys[0] {
		copy(keys, src)
	}
	return slices.Compact(keys), tmp
}

// jaccardAtLeast reports whether jaccard(a, b) >= t, as that comparison
// would, but stops as soon as the elements left cannot lift the index to
// t: most pairs of a window share few trigrams and are told apart after
// a few of them (the whole merge was a fifth of gaps at 100,000 items).
func jaccardAtLeast(a, b []uint64, t float64) bool {
	if len(a) == 0 || len(b) == 0 {
		return 0 >= t
	}
	// n/(len(a)+len(b)-n) grows with n, in floating point too: the
	// index can reach t only if the most n can still become reaches it.
	reaches := func(n int) bool { return float64(n)/float64(len(a)+len(b)-n) >= t }
	n, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			n++
			i++
			j++
			continue
		}
		if !reaches(n + min(len(a)-i, len(b)-j)) {
			return false
		}
	}
	return reaches(n)
}

func trigrams(s string) map[string]bool {
	rs := []rune(strings.ToLower(s))
	m := map[string]bool{}
	for i := 0; i+3 <= len(rs); i++ {
		m[string(rs[i:i+3])] = true
	}
	return m
}

// similar is the Jaccard index of two sets.
func similar(a, b map[string]bool) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	n := 0
	for k := range a {
		if b[k] {
			n++
		}
	}
	return float64(n) / float64(len(a)+len(b)-n)
}

// enumerations finds broken sequences of part labels inside an item: a
// letter or number skipped (a, b, c, e), repeated, or going back.
func (c *checker) enumerations(d *corpus.Document) {
	for i := range d.Items {
		it := &d.Items[i]
		var letters, numbers []string
		roman := false // within a roman list under a letter
		for _, p := range it.Parts {
			switch {
			case len(p.Label) == 1 && unicode.IsLetter(rune(p.Label[0])):
				if nestedRoman(letters, p.Label, &roman) {
					continue
				}
				letters = append(letters, p.Label)
			case isNumber(p.Label):
				numbers = append(numbers, p.Label)
			}
		}
		for _, seq := range [][]string{letters, numbers} {
			if msg := brokenSequence(seq); msg != "" {
				ev := []string{"labels: " + strings.Join(seq, ", ")}
				for _, p := range it.Parts {
					if p.Marker != "" {
						ev = append(ev, fmt.Sprintf("printed %q for %s", p.Marker, p.Label))
					}
				}
				c.r.add(Finding{Check: Enumeration, Severity: Warning, TargetID: it.ID, Message: msg, Evidence: ev})
			}
		}
	}
}

// nestedRoman reports whether the letter label l, after the letters of
// its list so far, belongs to a list of roman numerals under the last of
// them ("(b) ... except where (i) ... (ii) ..."): an i that does not
// follow h starts one (the roman one, not the ninth letter), and the
// roman digits after it (v, x) stay in it until the letter after the
// last one comes. in says whether such a list is open, and is updated.
func nestedRoman(letters []string, l string, in *bool) bool {
	if len(letters) == 0 {
		return false
	}
	prev := unicode.ToLower(rune(letters[len(letters)-1][0]))
	r := unicode.ToLower(rune(l[0]))
	switch {
	case r == prev+1:
		*in = false
		return false
	case r == 'i':
		*in = true
		return true
	}
	return *in && (r == 'v' || r == 'x')
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// skipsListed is how many labels a sequence may skip that its message
// lists one by one; a longer run is named by its ends.
const skipsListed = 8

// brokenSequence describes what is wrong with a sequence of labels that
// should count up by one (A, B, C or 1, 2, 3), or returns "".
func brokenSequence(seq []string) string {
	if len(seq) < 2 {
		return ""
	}
	val := func(s string) int {
		if isNumber(s) {
			n := 0
			for _, r := range s {
				n = n*10 + int(r-'0')
			}
			return n
		}
		return int(unicode.ToLower(rune(s[0])))
	}
	name := func(v int, like string) string {
		if isNumber(like) {
			return fmt.Sprint(v)
		}
		if unicode.IsUpper(rune(like[0])) {
			return string(unicode.ToUpper(rune(v)))
		}
		return string(rune(v))
	}
	for k := 1; k < len(seq); k++ {
		prev, cur := val(seq[k-1]), val(seq[k])
		switch {
		case cur == prev:
			return fmt.Sprintf("%s appears twice in a row", seq[k])
		case cur < prev:
			return fmt.Sprintf("%s comes after %s", seq[k], seq[k-1])
		case cur > prev+1 && cur-prev-1 > skipsListed:
			// A run too long to list (1 then 90000) is named by its
			// ends: the message does not grow with it.
			return fmt.Sprintf("the sequence skips %s to %s (%s then %s)", name(prev+1, seq[k]), name(cur-1, seq[k]), seq[k-1], seq[k])
		case cur > prev+1:
			var gone []string
			for v := prev + 1; v < cur; v++ {
				gone = append(gone, name(v, seq[k]))
			}
			return fmt.Sprintf("the sequence skips %s (%s then %s)", strings.Join(gone, ", "), seq[k-1], seq[k])
		}
	}
	return ""
}

// terminology reports glossary concepts that one document renders in
// several ways, and katakana words one letter away from a glossary term
// (misspelt variants).
func (c *checker) terminology(d *corpus.Document) {
	lang := baseLang(d.Lang)
	all := lowerFolded(d)
	for _, concept := range c.gloss.Concepts {
		terms := concept.Terms[lang]
		if len(terms) < 2 {
			continue
		}
		var used []string
		counts := map[string]int{}
		for _, t := range terms {
			f := strings.ToLower(corpus.Fold(t))
			n := occurrences(all, f, lang)
			// A term inside a longer term of the concept is not a
			// rendering of its own (ボタン in ディーラーボタン).
			for _, u := range terms {
				if fu := strings.ToLower(corpus.Fold(u)); fu != f && strings.Contains(fu, f) {
					n -= occurrences(all, fu, lang)
				}
			}
			if n > 0 {
				used = append(used, t)
				counts[t] = n
			}
		}
		used = distinct(used)
		if len(used) >= 2 && !abbreviations(used) {
			var parts []string
			for _, t := range used {
				parts = append(parts, fmt.Sprintf("%s (%d)", t, counts[t]))
			}
			c.r.add(Finding{Check: Terminology, Severity: Info,
				Message:  fmt.Sprintf("%q is rendered in %d ways: %s", concept.Name(), len(used), strings.Join(parts, ", ")),
				Evidence: []string{fmt.Sprintf("glossary concept %s (%s): %s terms %s", concept.ID, concept.Name(), lang, strings.Join(terms, ", "))}})
		}
	}
	if lang == "ja" {
		c.misspellings(d)
	}
}

// lowerFolded is the titles and texts of d, each followed by a line
// break, in comparison form and lower case: strings.ToLower of
// corpus.Fold of them all, made part by part (corpus.JoinFolded) into
// one buffer, where the text of all, its comparison form and its lower
// case were three copies of the document's text (and the growing of
// the first as many again).
func lowerFolded(d *corpus.Document) string {
	var b strings.Builder
	n := 0
	for i := range d.Items {
		n += len(d.Items[i].Title) + len(d.Items[i].Text) + 2
	}
	b.Grow(n)
	for i := range d.Items {
		for _, part := range [2]string{d.Items[i].Title, d.Items[i].Text} {
			f := corpus.Fold(part)
			if f == "" {
				continue
			}
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			// strings.ToLower, rune by rune (f is UTF-8).
			for k := 0; k < len(f); {
				if c := f[k]; c < utf8.RuneSelf {
					if 'A' <= c && c <= 'Z' {
						c += 'a' - 'A'
					}
					b.WriteByte(c)
					k++
					continue
				}
				r, size := utf8.DecodeRuneInString(f[k:])
				b.WriteRune(unicode.ToLower(r))
				k += size
			}
		}
	}
	return b.String()
}

// distinct drops the forms that are inflections, compounds or other
// spellings of another (jogador, jogadores; バーン, バーンカード; color up,
// color-up, color-ups; rebuy, re-buys): one word, not two renderings.
func distinct(forms []string) []string {
	var out []string
	for i, f := range forms {
		dup := false
		for j, g := range forms {
			if i != j && sameTerm(f, g) && (len([]rune(g)) < len([]rune(f)) || len([]rune(g)) == len([]rune(f)) && j < i) {
				dup = true
			}
		}
		if !dup {
			out = append(out, f)
		}
	}
	return out
}

// sameTerm reports whether two forms are one term: the same stem once
// the hyphens and spaces inside them are gone ("color up" and
// "color-ups", "rebuy" and "re-buys"), whatever the letter case.
func sameTerm(a, b string) bool {
	return sameStem(joined(a), joined(b))
}

// joined is a term without the hyphens and spaces inside it.
func joined(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '‐' || unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// sameStem reports whether two words share a prefix of two thirds of the
// shorter one (at least two runes).
func sameStem(a, b string) bool {
	ra, rb := []rune(strings.ToLower(a)), []rune(strings.ToLower(b))
	n := 0
	for n < len(ra) && n < len(rb) && ra[n] == rb[n] {
		n++
	}
	short := min(len(ra), len(rb))
	return n >= 2 && 3*n >= 2*short
}

// abbreviations reports whether the forms are a term and its
// abbreviation (BB and big blind): both are house style, not a
// discrepancy.
func abbreviations(forms []string) bool {
	if len(forms) != 2 {
		return false
	}
	short := func(s string) bool { return len(s) <= 4 && strings.ToUpper(s) == s }
	return short(forms[0]) != short(forms[1])
}

// occurrences counts f in s: anywhere for CJK terms, as a whole word
// otherwise.
func occurrences(s, f, lang string) int {
	if strings.ContainsFunc(f, corpus.IsCJK) {
		return strings.Count(s, f)
	}
	n := 0
	for i := 0; ; {
		k := strings.Index(s[i:], f)
		if k < 0 {
			return n
		}
		k += i
		before, after := rune(' '), rune(' ')
		if k > 0 {
			before, _ = utf8.DecodeLastRuneInString(s[:k])
		}
		if e := k + len(f); e < len(s) {
			after, _ = utf8.DecodeRuneInString(s[e:])
		}
		if !unicode.IsLetter(before) && !unicode.IsLetter(after) {
			n++
		}
		i = k + len(f)
	}
}

// misspellings finds katakana words of four or more letters that differ
// from a glossary term by one letter and are no term themselves.
func (c *checker) misspellings(d *corpus.Document) {
	var terms []string
	known := map[string]bool{}
	for _, concept := range c.gloss.Concepts {
		for _, t := range concept.Terms["ja"] {
			if len([]rune(t)) >= 4 && strings.IndexFunc(t, func(r rune) bool { return !unicode.Is(unicode.Katakana, r) && r != 'ー' }) < 0 {
				terms = append(terms, t)
			}
			known[t] = true
		}
	}
	reported := map[string]bool{}
	for _, it := range d.Items {
		// The words of the title and then of the text, as of the two
		// joined by a space (a word ends at it), without the join.
		for _, w := range slices.Concat(align.KatakanaWords(it.Title), align.KatakanaWords(it.Text)) {
			if known[w] || reported[w] || len([]rune(w)) < 4 {
				continue
			}
			for _, t := range terms {
				if typo(w, t) && !strings.Contains(w, t) && !strings.Contains(t, w) {
					reported[w] = true
					c.r.add(Finding{Check: Terminology, Severity: Warning, TargetID: it.ID,
						Message: fmt.Sprintf("%q looks like a misspelling of the glossary term %q", w, t)})
					break
				}
			}
		}
	}
}

// typo reports whether a and b differ by the slips katakana spelling is
// prone to: a long-vowel mark added or dropped (リエントリ, リエントリー),
// or one letter voiced or not (ベッド for ベット).
func typo(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	if slices.Equal(ra, rb) {
		return false
	}
	if len(ra) > len(rb) {
		ra, rb = rb, ra
	}
	i := 0
	for i < len(ra) && ra[i] == rb[i] {
		i++
	}
	switch len(rb) - len(ra) {
	case 1:
		return rb[i] == 'ー' && string(ra[i:]) == string(rb[i+1:])
	case 0:
		return voicing(ra[i], rb[i]) && string(ra[i+1:]) == string(rb[i+1:])
	}
	return false
}

// voicing reports whether two katakana differ only by a voicing mark
// (ト and ド, ハ and バ and パ).
func voicing(a, b rune) bool {
	base := func(r rune) rune {
		switch {
		case r >= 'ガ' && r <= 'ド' && (r-'カ')%2 == 1:
			return r - 1
		case r >= 'バ' && r <= 'ポ':
			return 'ハ' + (r-'ハ')/3*3
		case r >= 'ハ' && r <= 'ホ':
			return 'ハ' + (r-'ハ')/3*3
		}
		return r
	}
	return a != b && base(a) == base(b)
}
