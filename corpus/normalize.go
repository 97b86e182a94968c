package corpus

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"
)

// Clean returns s in storage form: Unicode NFC, line endings as "\n",
// control characters and the invisible ones removeInvisible names
// removed (ZWNJ and ZWJ kept: they are spelling), runs of horizontal white
// space (including U+3000) collapsed to one space, lines trimmed, and
// runs of blank lines collapsed to one. Line breaks are kept.
func Clean(s string) string {
	if isClean(s) {
		return s
	}
	// Filter first and compose last, so that a mark left next to a letter
	// by a removed character is composed with it.
	return norm.NFC.String(clean(norm.NFC.String(s)))
}

// isClean reports whether Clean would return s as it is: NFC, no white
// space but single spaces and one or two line breaks between characters,
// nothing clean removes. Most texts are (every text read back from a
// document JSON): they are kept, not copied (a document JSON of 10k items
// was read 1.6 times faster).
func isClean(s string) bool {
	ascii := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if ' ' < c && c < 0x7f {
			continue // printable ASCII but the space: clean anywhere
		}
		switch {
		case c >= utf8.RuneSelf:
			ascii = false
		case c == ' ':
			if i == 0 || i == len(s)-1 || s[i-1] == ' ' || s[i-1] == '\n' {
				return false
			}
		case c == '\n':
			if i == 0 || i == len(s)-1 || s[i-1] == ' ' || i >= 2 && s[i-1] == '\n' && s[i-2] == '\n' {
				return false
			}
		case c < ' ' || c == 0x7f:
			return false
		}
	}
	if ascii {
		return true
	}
	for _, r := range s {
		if r >= utf8.RuneSelf && (r == '\u00a0' || r == '\u3000' || unicode.Is(unicode.Zs, r) ||
			removeInvisible(r) || unicode.IsControl(r) || r == utf8.RuneError) {
			return false
		}
	}
	return norm.NFC.IsNormalString(s)
}

// removeInvisible reports whether r is a format character that storage
// drops: U+FEFF (a byte order mark; as ZWNBSP deprecated in favour of
// U+2060), U+200B ZERO WIDTH SPACE (a line-break opportunity), U+2060
// WORD JOINER (the absence of one) and U+00AD SOFT HYPHEN (a hyphenation
// point). The Unicode Standard (chapter 23.2, Layout Controls) gives
// these no effect on the text but where a line breaks, and none of the
// corpus's texts means one as spelling. U+200C ZERO WIDTH NON-JOINER and
// U+200D ZERO WIDTH JOINER are kept: the same chapter has them choose
// between the forms of a word (Persian می‌شود, the Sinhala ප්‍ර, Indic
// half forms), and UAX #31 allows them inside identifiers of these
// scripts for that reason; without them the word is misspelt. They are
// typography to a comparison all the same: Fold drops them, as it does
// the characters removed here.
func removeInvisible(r rune) bool {
	return r == '\ufeff' || r == '\u200b' || r == '\u2060' || r == '\u00ad'
}

// isJoiner reports whether r is U+200C ZERO WIDTH NON-JOINER or U+200D
// ZERO WIDTH JOINER, which storage keeps and Fold drops.
func isJoiner(r rune) bool { return r == '\u200c' || r == '\u200d' }

func clean(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	var b strings.Builder
	b.Grow(len(s))
	space, newlines := false, 0
	for _, r := range s {
		switch {
		case r == '\n':
			space = false
			newlines++
			continue
		case r == '\t' || r == '\u00a0' || r == '\u3000' || unicode.Is(unicode.Zs, r):
			space = true
			continue
		case removeInvisible(r) || unicode.IsControl(r) || r == utf8.RuneError:
			continue
		}
		if b.Len() > 0 {
			switch {
			case newlines > 1:
				b.WriteString("\n\n")
			case newlines == 1:
				b.WriteByte('\n')
			case space:
				b.WriteByte(' ')
			}
		}
		space, newlines = false, 0
		b.WriteRune(r)
	}
	return b.String()
}

// CleanLines is Clean for a text whose layout matters (Markdown, where
// indentation nests lists, or any text whose line numbers are reported):
// NFC, line ends made "\n", invisible and control characters removed, but
// every line kept where it was and its white space as it was.
func CleanLines(s string) string {
	s = strings.ReplaceAll(norm.NFC.String(s), "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	if keepsLines(s) {
		return s
	}
	return strings.Map(cleanLinesRune, s)
}

// cleanLinesRune is what CleanLines makes of a rune: -1 for one it
// removes (invisible, control, or an encoding error), else the rune.
func cleanLinesRune(r rune) rune {
	switch {
	case r == '\n' || r == '\t':
		return r
	case removeInvisible(r) || unicode.IsControl(r) || r == utf8.RuneError:
		return -1
	}
	return r
}

// keepsLines reports whether cleanLinesRune keeps every rune of s, which
// strings.Map then returns as it is: ASCII is read a byte at a time
// (kept unless a control character other than "\n" and "\t"), the rest
// a rune at a time through cleanLinesRune. An invalid byte decodes as
// utf8.RuneError, which is removed, so it is never kept.
func keepsLines(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < ' ' && c != '\n' && c != '\t' || c == 0x7f {
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if cleanLinesRune(r) != r {
			return false
		}
		i += n
	}
	return true
}

// CleanLine is Clean with line breaks turned into spaces: one line of text.
func CleanLine(s string) string {
	if isClean(s) && !strings.Contains(s, "\n") {
		return s
	}
	return strings.Join(strings.Fields(strings.ReplaceAll(Clean(s), "\n", " ")), " ")
}

// isFoldedASCII reports whether s is ASCII that Fold leaves as it is:
// printable characters but the backquote, and single spaces between
// them. Such a text is returned, not copied.
func isFoldedASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ':
			if i == 0 || i == len(s)-1 || s[i-1] == ' ' {
				return false
			}
		case c <= ' ' || c >= 0x7f || c == '`':
			return false
		}
	}
	return true
}

// isFolded reports whether s, UTF-8 in NFKC, is its own comparison form:
// the loop of Fold would write it as it is (no white space but single
// spaces between other characters, no character it drops or maps). A
// text in another script than Latin is most often one: it is returned,
// not written again (a copy of every text of a translation, each time
// a check folds it).
func isFolded(s string) bool {
	prev := ' ' // a space at the start is dropped
	for _, r := range s {
		if r < utf8.RuneSelf {
			switch {
			case r == ' ':
				if prev == ' ' {
					return false
				}
			case r < ' ' || r == 0x7f || r == '`':
				return false
			}
		} else if 0xbb < r && r < 0x1680 || 0x3000 < r && r < 0xfe00 {
			// Letters of most scripts (Greek to Thai; kana, Han,
			// Hangul): between the characters below, none of them is
			// white space, a control, or one foldRune maps.
		} else if unicode.IsSpace(r) || unicode.Is(unicode.Zs, r) || unicode.IsControl(r) || removeInvisible(r) || isJoiner(r) {
			return false
		} else if _, ok := foldRune[r]; ok {
			return false
		}
		prev = r
	}
	return prev != ' ' // nor one at the end
}

// foldRune maps the characters that differ only typographically to one
// form; it runs after NFKC, which already maps full-width forms.
var foldRune = map[rune]rune{
	'‘': '\'', '’': '\'', '‚': '\'', '‛': '\'', '′': '\'', '`': '\'', '´': '\'',
	'“': '"', '”': '"', '„': '"', '‟': '"', '″': '"', '«': '"', '»': '"', '･': '・',
	'‐': '-', '‑': '-', '‒': '-', '–': '-', '—': '-', '―': '-', '−': '-', '﹘': '-',
}

// Fold returns the comparison form of s: NFKC (full-width digits and Latin
// folded to ASCII, "…" to "..."), curly quotes straightened, dashes and
// the minus sign folded to "-", invisible format characters (ZWNJ and
// ZWJ among them, which Clean keeps) dropped, and all white space
// collapsed to single spaces. Case is kept; a run of bytes that are not UTF-8 becomes one
// U+FFFD. Two texts that differ only in typography have the
// same comparison form.
func Fold(s string) string {
	if !utf8.ValidString(s) {
		// Bytes that are not UTF-8 would hide their neighbours from NFKC
		// ("\xf3ʷ" keeps its ʷ) and become U+FFFD below: make them U+FFFD
		// first, one per run.
		s = strings.ToValidUTF8(s, "\ufffd")
	}
	if isFoldedASCII(s) {
		return s
	}
	s = norm.NFKC.String(s)
	if isFolded(s) {
		return s
	}
	b := foldNFKC(nil, s)
	if len(b) == 0 {
		return ""
	}
	// b is new, and nothing else holds it (as strings.Builder's).
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// AppendFold appends Fold(s) to dst and returns the extended slice: a
// caller that folds many texts into storage of its own, which it
// reuses, makes no string of each.
func AppendFold(dst []byte, s string) []byte {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\ufffd")
	}
	if isFoldedASCII(s) {
		return append(dst, s...)
	}
	return appendFold(dst, s)
}

// appendFold is AppendFold of a text of valid UTF-8.
func appendFold(dst []byte, s string) []byte {
	s = norm.NFKC.String(s)
	if isFolded(s) {
		return append(dst, s...)
	}
	return foldNFKC(dst, s)
}

// foldNFKC is appendFold of a text in NFKC that is not its own
// comparison form.
func foldNFKC(dst []byte, s string) []byte {
	start := len(dst)
	dst = slices.Grow(dst, len(s))
	space, dropped := false, false
	for _, r := range s {
		if r < utf8.RuneSelf {
			// ASCII, most of most texts, without the table (its lookup
			// was 60% of Fold): the same tests for these characters.
			switch {
			case r == ' ' || '\t' <= r && r <= '\r':
				space = true
				continue
			case r < ' ' || r == 0x7f:
				dropped = true
				continue
			case r == '`':
				r = '\''
			}
		} else {
			if unicode.IsSpace(r) || unicode.Is(unicode.Zs, r) {
				space = true
				continue
			}
			if unicode.IsControl(r) || removeInvisible(r) || isJoiner(r) {
				dropped = true
				continue
			}
			if f, ok := foldRune[r]; ok {
				r = f
			}
		}
		if space && len(dst) > start {
			dst = append(dst, ' ')
		}
		space = false
		dst = utf8.AppendRune(dst, r)
	}
	if dropped {
		// A removed character may have stood between a letter and its
		// mark ("A\x00\u0300"): compose again, or Fold would not be a
		// fixed point.
		return append(dst[:start], norm.NFKC.String(string(dst[start:]))...)
	}
	return dst
}

// JoinFolded returns Fold(a + "\n" + b) given fa = Fold(a) and fb =
// Fold(b): Fold makes the line break, with the white space around it,
// one space between two texts that are not empty, and NFKC neither
// composes nor reorders across it (TestJoinFolded holds the two
// together). An item's title and text folded apart and joined cost no
// copy of either where they are their own comparison form, as a text of
// ASCII on one line is, and the line break between them never was.
func JoinFolded(fa, fb string) string {
	switch {
	case fa == "":
		return fb
	case fb == "":
		return fa
	}
	return fa + " " + fb
}

// IsCJK reports whether r is a Han, Hiragana, Katakana or Hangul letter, or
// CJK punctuation: a character that is written without spaces around it.
func IsCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) ||
		(r >= 0x3000 && r <= 0x303f) || (r >= 0xff00 && r <= 0xff65) || r == 'ー'
}

// JoinLines joins hard-wrapped lines of one paragraph. Lines are joined
// without a space where both sides are CJK and with one space otherwise.
// A line ending in a hyphen after a letter is joined to the next without
// the hyphen only where vocab says the joined word is a word and the
// hyphenated one is not; a nil vocab keeps every hyphen. A hyphen after a
// digit ("2-" + "motion"), or before a capital ("One-" + "Handed"),
// always stays, with no space after it.
func JoinLines(lines []string, vocab Vocabulary) string {
	var b strings.Builder
	for _, ln := range lines {
		ln = strings.TrimSpace(ln)
		if ln == "" {
			continue
		}
		if b.Len() == 0 {
			b.WriteString(ln)
			continue
		}
		prev := b.String()
		last, _ := utf8.DecodeLastRuneInString(prev)
		first, _ := utf8.DecodeRuneInString(ln)
		if last == '-' && len(prev) > 1 {
			before, _ := utf8.DecodeLastRuneInString(prev[:len(prev)-1])
			if unicode.IsDigit(before) && (unicode.IsLetter(first) || unicode.IsDigit(first)) {
				// "2-" + "motion", "1000-" + "2000": a compound, not a break.
				b.WriteString(ln)
				continue
			}
			if unicode.IsLetter(before) && unicode.IsLower(first) {
				head := lastWord(prev[:len(prev)-1])
				tail := firstWord(ln)
				if vocab.Has(head+tail) && !vocab.Has(head+"-"+tail) {
					b.Reset()
					b.WriteString(prev[:len(prev)-1])
					b.WriteString(ln)
					continue
				}
				b.WriteString(ln)
				continue
			}
			if unicode.IsLetter(before) && unicode.IsUpper(first) {
				// "One-" + "Handed": a compound broken at its hyphen
				// (a dash between words has a space before it).
				b.WriteString(ln)
				continue
			}
		}
		if !(IsCJK(last) && IsCJK(first)) {
			b.WriteByte(' ')
		}
		b.WriteString(ln)
	}
	return b.String()
}

func lastWord(s string) string {
	i := strings.LastIndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' })
	return strings.ToLower(s[i+1:])
}

func firstWord(s string) string {
	i := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' })
	if i < 0 {
		i = len(s)
	}
	return strings.ToLower(s[:i])
}

// Vocabulary is a set of lower-case words, used to decide whether a word
// broken by a hyphen at a line end is one word. The zero value is empty.
type Vocabulary map[string]bool

// Has reports whether w (compared in lower case) is in v.
func (v Vocabulary) Has(w string) bool { return v[strings.ToLower(w)] }

// AddText adds the words of s to v. Words broken at line ends ("tour-\nnament")
// are not added, so that they cannot vouch for themselves.
func (v Vocabulary) AddText(s string) {
	for _, ln := range strings.Split(s, "\n") {
		ln = strings.TrimRight(ln, " ")
		fields := strings.Fields(ln)
		for i, f := range fields {
			if i == len(fields)-1 && strings.HasSuffix(f, "-") {
				continue
			}
			f = strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) })
			if f != "" {
				v[strings.ToLower(f)] = true
			}
		}
	}
}

// BaseLetter returns r without its diacritics ("ç" -> 'c', "É" -> 'E'),
// or r itself when it has none.
func BaseLetter(r rune) rune {
	d := []rune(norm.NFD.String(string(r)))
	if len(d) == 0 {
		return r
	}
	return d[0]
}

// Width returns the number of terminal columns s takes: two for East Asian
// wide and full-width characters, none for combining marks, one otherwise.
func Width(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Mn, r) || removeInvisible(r) || isJoiner(r):
		case width.LookupRune(r).Kind() == width.EastAsianWide || width.LookupRune(r).Kind() == width.EastAsianFullwidth:
			n += 2
		default:
			n++
		}
	}
	return n
}

// Len returns the length of s in runes as a comparison counts it: the
// joiners Clean keeps and Fold drops (U+200C, U+200D) are not counted, so
// that a text with them measures as the same text without them.
func Len(s string) int {
	n := utf8.RuneCountInString(s)
	if strings.Contains(s, "\u200c") || strings.Contains(s, "\u200d") {
		n -= strings.Count(s, "\u200c") + strings.Count(s, "\u200d")
	}
	return n
}
