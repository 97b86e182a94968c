package align

import (
	"strings"
	"unicode"

	"github.com/rulesync/rulesync/corpus"
)

// Loanwords returns the consonant skeletons of the katakana words in text
// (for Japanese) or of its Latin words of three letters or more (for other
// languages), without repeats: the tokens on which a Japanese loanword and
// its English source meet.
func Loanwords(text, lang string) []string {
	var out []string
	for _, l := range loanwords(text, lang) {
		out = append(out, l[0])
	}
	return out
}

// loanwords returns each skeleton with the word it came from.
func loanwords(text, lang string) [][2]string {
	return loanwordsOf(func() (string, string) { return text, "" }, lang, func() []string { return words(strings.ToLower(corpus.Fold(text))) }, nil)
}

// loanwordsOf is loanwords, given functions that return the text, as
// two to be read joined by a line break (called only for Japanese), and
// the words of it folded and in lower case (called only for a language
// other than Japanese), and a memo of skeletons (nil for none).
func loanwordsOf(text func() (string, string), lang string, lowerWords func() []string, sk *skeletons) [][2]string {
	var out [][2]string
	eachLoanword(text, lang, lowerWords, sk, func(s, w string) { out = append(out, [2]string{s, w}) })
	return out
}

// eachLoanword calls yield with each skeleton loanwordsOf returns and the
// word it came from, in order, without making the list (a list for each
// item was a ninth of what an alignment across languages allocated).
func eachLoanword(text func() (string, string), lang string, lowerWords func() []string, sk *skeletons, yield func(s, w string)) {
	// sk numbers the skeletons it has made; seen[id] is the item that
	// had skeleton id last: no set of strings to fill and empty for each
	// item (its lookups, with those of the stop words and the memo, were
	// most of loanwordsOf).
	if sk == nil {
		sk = &skeletons{}
	}
	sk.item++
	if sk.item == 0 { // wrapped round: no item has the new number yet
		clear(sk.seen)
		sk.item = 1
	}
	add := func(l loanword, w string) {
		if l.skel != "" && sk.seen[l.id] != sk.item {
			sk.seen[l.id] = sk.item
			yield(l.skel, w)
		}
	}
	if baseLang(lang) == "ja" {
		// The runs of katakana of the two joined by a line break are
		// those of each, the first's first: no join (it was an
		// allocation of every item's text).
		a, b := text()
		for _, t := range [2]string{a, b} {
			if isASCII(t) { // katakana are beyond ASCII
				continue
			}
			for w := range katakanaRuns(t) {
				add(sk.kana(w), w)
			}
		}
		return
	}
	for _, w := range lowerWords() {
		l, ok := sk.latin(w)
		if !ok || !l.read {
			continue
		}
		if !l.hyphen {
			// The word is its one part and its parts joined.
			add(l, w)
			continue
		}
		for _, part := range strings.Split(w, "-") {
			p, _ := sk.latin(part)
			add(p, part)
		}
		p, _ := sk.latin(strings.ReplaceAll(w, "-", ""))
		add(p, w)
	}
}

// skeletons remembers the skeletons of words for one extractor: the items
// of a rulebook use a few thousand words over and over, and Skeleton's
// eleven replacements were 14% of an alignment across languages. It
// numbers the skeletons, and seen holds, by number, the last item
// (counted in item) that had each.
type skeletons struct {
	latinOf, kanaOf map[string]loanword
	ids             map[string]int32
	seen            []uint32
	item            uint32
}

// loanword is what skeletons remember of a word: its skeleton and the
// skeleton's number; for a Latin word also whether loanwords reads it
// (three letters or more, no stop word, no digit) and whether it has a
// hyphen (its parts are read too).
type loanword struct {
	skel         string
	id           int32
	read, hyphen bool
}

// number returns the number of skeleton s.
func (sk *skeletons) number(s string) int32 {
	if id, ok := sk.ids[s]; ok {
		return id
	}
	if sk.ids == nil {
		sk.ids = map[string]int32{}
	}
	id := int32(len(sk.seen))
	sk.ids[s] = id
	sk.seen = append(sk.seen, 0)
	return id
}

// latin returns Skeleton(w) and what loanwords makes of Latin word w;
// false for a word with a digit, which loanwords does not read (it is
// not remembered: the numbers of a rulebook are many).
func (sk *skeletons) latin(w string) (loanword, bool) {
	if hasDigit(w) {
		return loanword{}, false
	}
	if l, ok := sk.latinOf[w]; ok {
		return l, true
	}
	l := loanword{skel: Skeleton(w), read: len(w) >= 3 && !stopWords()[w], hyphen: strings.Contains(w, "-")}
	l.id = sk.number(l.skel)
	if sk.latinOf == nil {
		sk.latinOf = map[string]loanword{}
	}
	sk.latinOf[strings.Clone(w)] = l // w is cut from an item's text
	return l, true
}

// hasDigit is strings.ContainsFunc(w, unicode.IsDigit), ASCII read
// byte by byte.
func hasDigit(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; '0' <= c && c <= '9' {
			return true
		} else if c >= 0x80 {
			return strings.ContainsFunc(w[i:], unicode.IsDigit)
		}
	}
	return false
}

// kana returns Skeleton(Romaji(w)) and its number.
func (sk *skeletons) kana(w string) loanword {
	if l, ok := sk.kanaOf[w]; ok {
		return l
	}
	l := loanword{skel: Skeleton(Romaji(w))}
	l.id = sk.number(l.skel)
	if sk.kanaOf == nil {
		sk.kanaOf = map[string]loanword{}
	}
	sk.kanaOf[strings.Clone(w)] = l // not the text it was cut from
	return l
}
