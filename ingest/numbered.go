package ingest

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/lazyre"
	"github.com/rulesync/rulesync/internal/lexicon"
)

// The "numbered" format is plain text of numbered rules, one rule per
// paragraph starting with its number: "71 。 text" (as a machine
// translation renders "71."), "12: Title", "12. text". Its block reader
// says only what the page's layout says: a short line standing alone
// between blank lines (the page's title, a part's heading) is a heading,
// and navigation lines ("続きを読む：", "Next:", page lists) are page
// furniture. Numbers, nesting, ids and kinds are the structure
// recognizer's (structure.go).

func init() {
	register(&format{name: "numbered", doc: "plain text of numbered rules (\"12: Title\", \"71 。 text\")", parse: parseNumbered, read: readNumbered})
}

var (
	// navRe is a navigation link at the start of a line (the lexicon's
	// "link" words): a word of a spaced script as a whole word, one of
	// an unspaced script (続きを読む) as it is.
	navRe = lazyre.NewFunc(func() string {
		var alts []string
		for _, w := range lexicon.KeyWords(lexicon.Navigation, "link") {
			alt := lexicon.Alternation([]string{w})
			if c := w[len(w)-1]; 'a' <= c && c <= 'z' || '0' <= c && c <= '9' {
				alt += `\b`
			}
			alts = append(alts, alt)
		}
		return `(?i)^(?:` + strings.Join(alts, "|") + `)`
	})
	// pageRe is a page's number after a word for "page" (the lexicon's
	// "page" words).
	pageRe = lazyre.NewFunc(func() string {
		return `(?i)(?:` + lexicon.Alternation(lexicon.KeyWords(lexicon.Navigation, "page")) + `)\s*\d+`
	})
)

func parseNumbered(text string, d *corpus.Document) error {
	_, err := readNumbered(text, d)
	return err
}

// readNumbered reads a page of numbered rules. A page is one of several
// the rulebook was cut into: a rule whose text does not end a sentence
// was cut by the page and is flagged truncated.
func readNumbered(text string, d *corpus.Document) (*structure, error) {
	st, err := fromBlocks(numberedBlocks(text), d)
	if err == nil && numberedItems(d) == 0 {
		return st, errors.New("numbered: no numbered rules found")
	}
	for i := range d.Items {
		if it := &d.Items[i]; it.Kind == corpus.KindRule && !endsSentence(it.Text) {
			it.SetFlag(corpus.FlagTruncated)
		}
	}
	return st, err
}

// maxHeadingRunes is the longest line a numbered page's block reader
// takes for a heading when it stands alone between blank lines.
const maxHeadingRunes = 60

// numberedBlocks reads a page of numbered rules as blocks: the lines of
// plain text (textBlocks), with navigation lines marked as page
// furniture, and a short line without sentence punctuation that stands
// alone between blank lines, and starts with no label, marked as a
// heading, unless the text marks its headings itself (underlined
// titles); the page's first line, standing alone, is its title.
func numberedBlocks(text string) []block {
	bs := textBlocks(text)
	marked := false
	for _, b := range bs {
		marked = marked || b.kind == blockHeading
	}
	alone := func(i int) bool {
		b := bs[i]
		return (i == 0 || bs[i-1].line < b.line-1) && (i+1 == len(bs) || bs[i+1].line > b.line+1)
	}
	for i := range bs {
		b := &bs[i]
		if b.kind != blockPara || b.chrome != "" {
			continue
		}
		// A line standing alone all in Markdown's strong emphasis is
		// a line set in bold: its label starts it (unbold).
		if t := unbold(b.text); t != b.text && alone(i) {
			b.text, b.bold = t, true
		}
		if navRe.MatchString(b.text) || len(pageRe.FindAllString(b.text, -1)) >= 3 {
			b.chrome = "navigation"
			continue
		}
		// The page's first line standing alone is its title: the
		// document's, not a heading whose name every rule of the page
		// would carry as its section. A line that starts with a number
		// starts a rule ("12: Title" above its text).
		if i == 0 && len(bs) > 1 && alone(i) && runeLen(b.text) <= maxTitleRunes {
			b.chrome = "title"
			continue
		}
		if _, ok := readLabel(b.text); ok || i == 0 {
			continue
		}
		if !marked && alone(i) && runeLen(b.text) <= maxHeadingRunes && titleLike(b.text) {
			b.kind, b.level = blockHeading, 1
		}
	}
	return bs
}

// enumMarkRe finds enumeration markers "a)", "b ）", and the mangled ones
// machine translation leaves ("ç ）", "エ）", "1 ）"): one letter or digit
// before a closing parenthesis, at the start of a clause.
// The character before the marker must not be of its own script, so that
// the end of a word ("ケース）") is not taken for a marker.
var enumMarkRe = lazyre.New(`(\pL|\d)\s?[)）]`)

// enumParts splits text at a sequence of enumeration markers that stand
// for a), b), c), ...: each marker is decoded to a letter (a letter with
// a diacritic to its base letter, a katakana vowel to its romaji, a digit
// to the letter of its place), and the sequence must rise. Fewer than two
// markers, or no marker that is a Latin letter, is no enumeration.
func enumParts(text string) []corpus.Part {
	ms := enumMarks(text)
	type mark struct {
		start, body int
		printed     string
		label       rune
	}
	var seq []mark
	latin := false
	for _, m := range ms {
		printed := text[m[2]:m[3]]
		r := []rune(printed)[0]
		if m[2] > 0 {
			prev, _ := utf8.DecodeLastRuneInString(text[:m[2]])
			if sameScript(prev, r) {
				continue
			}
		}
		label := decodeMarker(r, len(seq))
		if label == 0 || (len(seq) > 0 && label <= seq[len(seq)-1].label) {
			continue
		}
		if r < 0x80 && unicode.IsLetter(r) {
			latin = true
		}
		start := m[2]
		// "(a)": the opening parenthesis is the marker's, not the text
		// of the part before.
		if start > 0 && text[start-1] == '(' {
			start--
		} else if strings.HasSuffix(text[:start], "（") {
			start -= len("（")
		}
		seq = append(seq, mark{start, m[1], printed, label})
	}
	if len(seq) < 2 || !latin {
		return nil
	}
	// Capital letters printed as they are ("A) ... B) ...") that
	// letterParts reads are parts A, B, not a mangled a), b).
	capitals := true
	for _, m := range seq {
		capitals = capitals && len(m.printed) == 1 && m.printed[0] >= 'A' && m.printed[0] <= 'Z'
	}
	if capitals && letterParts(text) != nil {
		return nil
	}
	parts := make([]corpus.Part, len(seq))
	for i, m := range seq {
		end := len(text)
		if i+1 < len(seq) {
			end = seq[i+1].start
		}
		p := corpus.Part{Label: string(m.label), Text: strings.TrimSpace(text[m.body:end])}
		if m.printed != p.Label {
			p.Marker = strings.TrimSpace(text[m.start:m.body])
		}
		parts[i] = p
	}
	return parts
}

// enumMarks returns what enumMarkRe.FindAllStringSubmatchIndex(text, -1)
// does, found from each closing parenthesis back: the expression, which
// begins with a class, is tried at every position of the text, and was
// a fifth of the time of a Markdown ingest. A marker is the letter or
// digit just before the parenthesis, or before one white-space
// character ([\t\n\f\r ], as \s) before it; as each marker ends with
// its parenthesis and begins after the one before, the markers found so
// are the expression's leftmost matches.
func enumMarks(text string) [][]int {
	var ms [][]int
	for at := 0; ; {
		i := strings.IndexAny(text[at:], ")）")
		if i < 0 {
			return ms
		}
		p := at + i
		_, size := utf8.DecodeRuneInString(text[p:])
		at = p + size
		x := p
		if x > 0 && strings.IndexByte(reSpace, text[x-1]) >= 0 {
			x--
		}
		r, n := utf8.DecodeLastRuneInString(text[:x])
		if n > 0 && (unicode.IsLetter(r) || r >= '0' && r <= '9') {
			ms = append(ms, []int{x - n, at, x - n, x})
		}
	}
}

// sameScript reports whether a and b are letters (or digits) of one script.
func sameScript(a, b rune) bool {
	for _, t := range []*unicode.RangeTable{unicode.Latin, unicode.Katakana, unicode.Hiragana, unicode.Han, unicode.Digit} {
		if unicode.Is(t, a) && unicode.Is(t, b) {
			return true
		}
	}
	return false
}

var kanaVowel = map[rune]rune{'ア': 'a', 'イ': 'i', 'ウ': 'u', 'エ': 'e', 'オ': 'o', 'あ': 'a', 'い': 'i', 'う': 'u', 'え': 'e', 'お': 'o'}

// decodeMarker maps a marker character to the letter it stands for; pos is
// its place in the sequence (0 for the first). It returns 0 for a
// character that stands for no letter.
func decodeMarker(r rune, pos int) rune {
	if v, ok := kanaVowel[r]; ok {
		return v
	}
	if r >= '0' && r <= '9' {
		return 'a' + rune(pos)
	}
	base := unicode.ToLower(corpus.BaseLetter(r))
	if base >= 'a' && base <= 'z' {
		return base
	}
	return 0
}
