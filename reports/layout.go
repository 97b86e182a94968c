package reports

import (
	"html"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/lazyre"
	"github.com/rulesync/rulesync/internal/numerals"
)

// A layout says where each item of a document stands in the text it was
// read from (Markdown or plain text), so that a draft can keep the
// source's lines around the items (headings that are no item, a table of
// contents, front matter) and the translation's own lines for each item
// (its links, its emphasis, its line breaks) byte for byte.

// layout is a text's lines and each item's own lines in them.
type layout struct {
	lines []string
	// own[i] is the range [start, end) of the lines of item i: its label
	// or heading line and the lines after it that hold its text. start
	// is -1 for an item not found.
	own [][2]int
}

// gap returns the lines between the end of item i's own lines and the
// start of the next item found (i = -1: before the first item; the last
// item: to the end of the text).
func (l *layout) gap(i int) []string {
	from := 0
	if i >= 0 {
		if l.own[i][0] < 0 {
			return nil
		}
		from = l.own[i][1]
	}
	to := len(l.lines)
	for k := i + 1; k < len(l.own); k++ {
		if l.own[k][0] >= 0 {
			to = l.own[k][0]
			break
		}
	}
	if to < from {
		return nil
	}
	return l.lines[from:to]
}

// found reports whether item i was found.
func (l *layout) found(i int) bool { return i >= 0 && i < len(l.own) && l.own[i][0] >= 0 }

// lines of item i.
func (l *layout) item(i int) []string {
	return l.lines[l.own[i][0]:l.own[i][1]]
}

var (
	mdTagRe       = lazyre.New(`</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?>`)
	mdLinkRe      = lazyre.New(`!?\[([^\]]*)\]\([^)\s]*\)`)
	mdLineStartRe = lazyre.New(`^\s*(?:#{1,6}\s+|>\s*)*(?:[-*+]\s+)?`)
)

// lineKey is the comparison form of a line or a text: its letters and digits
// in lower case, after Fold; Markdown's tags, link targets and line-start
// markers are left out, and character references resolved, when
// markdown is set. A number is written in ASCII digits whatever digits
// or CJK numerals print it ("المادة ١", "अनुच्छेद १", "第十二条" read
// "المادة1", "अनुच्छेद1", "第12条"): an item's number, which ingest
// reads in any script, is then found in its heading line. The markers
// and notes of a draft are left out.
func lineKey(s string, markdown bool) string {
	s = unmarked(s) // a draft's markers are no text
	if markdown {
		s = withoutLinks(withoutTags(withoutLineStart(s)))
		if strings.IndexByte(s, '&') >= 0 {
			s = html.UnescapeString(s) // "&amp;" is "&" in the items
		}
	}
	s = corpus.Fold(s)
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			// ASCII: no CJK numeral, no look-alike capital.
			switch {
			case c >= '0' && c <= '9', c >= 'a' && c <= 'z':
				b.WriteByte(c)
			case c >= 'A' && c <= 'Z':
				b.WriteByte(c + 'a' - 'A')
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if d := numerals.Digit(r); d >= 0 {
			b.WriteByte(byte('0' + d))
			i += n
			continue
		}
		if to, v := cjkNumber(s, i); v > 0 {
			b.WriteString(strconv.Itoa(v))
			i = to
			continue
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if l, ok := lookAlike[r]; ok {
				r = l
			}
			b.WriteRune(unicode.ToLower(r))
		}
		i += n
	}
	return b.String()
}

// cjkNumber reads the run of CJK numerals at s[i:] (numerals.CJK): where
// the run ends and its value, 0 where none starts there or the run is no
// number. One numeral alone is a number here ("第一条"): both texts a
// line is compared with are read so, and a heading prints its number
// in one numeral as often as in two.
func cjkNumber(s string, i int) (to, value int) {
	to = i
	for to < len(s) {
		r, n := utf8.DecodeRuneInString(s[to:])
		if !numerals.IsCJK(r) {
			break
		}
		to += n
	}
	if to == i {
		return i, 0
	}
	return to, numerals.CJK(s[i:to])
}

// lookAlike maps the Cyrillic and Greek capitals that look like Latin
// ones to those: a translated rulebook (and FIDE's English one) prints
// "В.1" for "B.1", and the structure recognizer reads it so.
var lookAlike = map[rune]rune{
	'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'С': 'C', 'Т': 'T', 'Х': 'X', 'У': 'Y', 'І': 'I',
	'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N', 'Ο': 'O', 'Ρ': 'P', 'Τ': 'T', 'Υ': 'Y', 'Χ': 'X',
}

// findNumber finds a printed number in line[from:limit] as the
// structure recognizer reads numbers: in the comparison form, Cyrillic
// and Greek look-alike capitals as Latin ("В.1" is B.1, "5․1․2" with
// one-dot leaders is 5.1.2), digits of any script as their values
// ("١٢" is 12), standing alone (no ASCII letter or digit
// next to it). It returns the byte range in line, or -1, -1.
func findNumber(line, number string, from, limit int) (int, int) {
	return matchNumber(line, number, from, limit, false)
}

// findSpelledNumber is findNumber where the line may set the number's
// parts apart otherwise ("А.4.2", "A-4-2" for A4.2): the separators
// between its letters and digits, on either side, are left aside.
func findSpelledNumber(line, number string, from, limit int) (int, int) {
	return matchNumber(line, number, from, limit, true)
}

// numberSeparator reports whether r sets the parts of a number apart.
func numberSeparator(r rune) bool { return r == '.' || r == '-' || r == '․' || r == '·' }

// matchNumber is findNumber, and findSpelledNumber with loose set.
func matchNumber(line, number string, from, limit int, loose bool) (int, int) {
	if number == "" {
		return -1, -1
	}
	want := []rune(corpus.Fold(number))
	if loose {
		want = slices.DeleteFunc(want, numberSeparator)
	}
	type pos struct {
		r          rune
		start, end int
	}
	var rs []pos
	for i, r := range line[from:limit] {
		size := len(string(r))
		if l, ok := lookAlike[r]; ok {
			r = l // before folding, which makes "А" a Cyrillic "а"
		}
		f := []rune(corpus.Fold(string(r)))
		if len(f) != 1 {
			f = []rune{r}
		}
		c := f[0]
		if d := numerals.Digit(c); d >= 0 {
			c = rune('0' + d) // "١" is 1
		}
		if loose && numberSeparator(c) {
			continue
		}
		rs = append(rs, pos{c, from + i, from + i + size})
	}
	alnum := func(r rune) bool { return r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) }
	for i := 0; i+len(want) <= len(rs); i++ {
		ok := true
		for k, w := range want {
			if rs[i+k].r != w {
				ok = false
				break
			}
		}
		if !ok || i > 0 && alnum(rs[i-1].r) || i+len(want) < len(rs) && alnum(rs[i+len(want)].r) {
			continue
		}
		return rs[i].start, rs[i+len(want)-1].end
	}
	return -1, -1
}

// locateWindow is how many lines after the item before an item's line
// is looked for: an item not found so near is not found (and is written
// from the document), so that a text whose items are missing costs lines
// times the window, not lines times items.
const locateWindow = 5000

// headLen is how many runes of an item's title or text identify its line.
const headLen = 12

func head(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		r = r[:n]
	}
	return string(r)
}

// layoutMemo keeps the layouts locate found, by text, document and
// mode.
type layoutMemo struct {
	mu sync.Mutex
	m  map[layoutKey]*layout
}

// layoutKey is what a layout is found from.
type layoutKey struct {
	text     string
	doc      *corpus.Document
	markdown bool
}

// locate is locate(text, d, markdown), found once per memo; a nil memo
// finds it each time.
func (lm *layoutMemo) locate(text string, d *corpus.Document, markdown bool) *layout {
	if lm == nil {
		return locate(text, d, markdown)
	}
	k := layoutKey{text, d, markdown}
	lm.mu.Lock()
	defer lm.mu.Unlock()
	if l, ok := lm.m[k]; ok {
		return l
	}
	if lm.m == nil {
		lm.m = map[layoutKey]*layout{}
	}
	l := locate(text, d, markdown)
	lm.m[k] = l
	return l
}

// locate finds each item of d in text: the line that begins it (which
// holds its number, if it prints one, and the start of its title, else
// of its text), searched forward from the line after the item before,
// and the lines after it that continue its text.
func locate(text string, d *corpus.Document, markdown bool) *layout {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.TrimPrefix(text, "\ufeff")
	l := &layout{lines: strings.Split(text, "\n")}
	if n := len(l.lines); n > 0 && l.lines[n-1] == "" {
		l.lines = l.lines[:n-1]
	}
	keys := make([]string, len(l.lines))
	for i, s := range l.lines {
		keys[i] = lineKey(s, markdown)
	}
	l.own = make([][2]int, len(d.Items))
	// Each item's match and whole text in the comparison form, made once
	// (each is looked at twice: an item's, then the next item's).
	matches := make([]*lineMatch, len(d.Items))
	wholes := make([]string, len(d.Items))
	for i := range d.Items {
		matches[i] = newLineMatch(&d.Items[i])
		wholes[i] = itemKey(&d.Items[i])
	}
	cursor := 0
	for i := range d.Items {
		l.own[i] = [2]int{-1, -1}
		this := matches[i]
		if this.head == "" && this.num == "" {
			continue
		}
		// The item's whole text in the comparison form: a line whose
		// number and first words fit it begins it only where its first
		// words run on as the item's do ("2. Todo ser humano tem o
		// direito" is not article 2's "Todo ser humano tem capacidade").
		whole := wholes[i]
		// A line that begins with the head (after the number) is the
		// item's; one that has it further on ("Original source of ..."
		// for a heading "Source") only when no line before the next
		// item's begins with it.
		var next *lineMatch
		if i+1 < len(d.Items) {
			next = matches[i+1]
		}
		// A title line the item's text does not follow (a table of
		// contents naming it) is its line only where no line after it,
		// before the next item's, is followed by the text.
		found, first, sure := -1, -1, false
		for j := cursor; j < len(l.lines) && j < cursor+locateWindow; j++ {
			ok, starts := this.match(keys[j])
			if ok && !this.runsOn(keys[j], whole) {
				ok, starts = false, false
			}
			if !ok && this.headed(keys, j) {
				// A heading that prints the number alone, its text on
				// the lines below ("## Article 1", then the text).
				ok, starts = true, true
			}
			if !ok && markdown && this.wordHeaded(l.lines, keys, j) {
				// A heading that prints its number in words or
				// letters ("## Нэгдүгээр зүйл", "## Artigo I."), its
				// text on the lines below.
				ok, starts = true, true
			}
			if ok && starts && this.follows(keys, j) {
				found, sure = j, true
				break
			}
			if ok && starts && first < 0 {
				first = j
				continue
			}
			if ok && found < 0 && first < 0 {
				found = j
				continue
			}
			if (found >= 0 || first >= 0) && next != nil {
				if ok, starts := next.match(keys[j]); ok && starts && (first < 0 || next.follows(keys, j)) {
					break
				}
			}
		}
		if !sure && first >= 0 && (found < 0 || found > first) {
			found = first
		}
		if found >= 0 {
			l.own[i][0] = found
			cursor = found + 1
		}
	}
	// Each item's own lines run on while they hold its text.
	for i := range d.Items {
		start := l.own[i][0]
		if start < 0 {
			continue
		}
		next := len(l.lines)
		for k := i + 1; k < len(d.Items); k++ {
			if l.own[k][0] >= 0 {
				next = l.own[k][0]
				break
			}
		}
		whole := wholes[i]
		end := start + 1
		for j := start + 1; j < next; j++ {
			k := keys[j]
			if k == "" {
				if isUnderline(l.lines[j]) && j == start+1 || j == end && strings.Contains(l.lines[j], "{{rulesync:note ") {
					// Its underline; the note a text draft wrote
					// on the line after its text.
					end = j + 1
				}
				continue
			}
			if !strings.Contains(whole, head(k, 24)) {
				break
			}
			end = j + 1
		}
		l.own[i][1] = end
	}
	return l
}

// itemKey is an item's title, text and parts in the comparison form.
func itemKey(it *corpus.Item) string {
	whole := lineKey(it.Title+"\n"+it.Text, false)
	for _, p := range it.Parts {
		whole += lineKey(p.Title+p.Text, false)
	}
	return whole
}

// runsOn reports whether line key k, where it holds the item's head,
// agrees with the item's key whole from its head on for 20 runes (or
// to the end of either): a line that only shares the item's number and first
// words ("2. Todo ser humano tem o direito" for article 2's "Todo ser
// humano tem capacidade") is not its line.
func (m *lineMatch) runsOn(k, whole string) bool {
	p := strings.Index(whole, m.head)
	if m.head == "" || p < 0 {
		return true
	}
	want := head(whole[p:], 20)
	for at := 0; at < len(k); {
		i := strings.Index(k[at:], m.head)
		if i < 0 {
			return false
		}
		if rest := k[at+i:]; strings.HasPrefix(rest, want) || strings.HasPrefix(want, rest) {
			return true // the line agrees as far as either goes
		}
		at += i + len(m.head)
	}
	return false
}

// lineMatch is what identifies an item's first line: its number (in
// the comparison form) and the head of its title, else of its text
// (titled says which); bare is the head of the text after the list's
// place it opens with ("1. Everyone ..."), else "" (bareHead).
type lineMatch struct {
	num, head, bare string
	title           string // the whole title in the comparison form
	titled          bool   // head is the title's
	text            string // the head of the text of an item with a title
}

func newLineMatch(it *corpus.Item) *lineMatch {
	m := &lineMatch{num: lineKey(it.Number, false), title: lineKey(it.Title, false)}
	m.head = head(m.title, headLen)
	if m.titled = m.head != ""; m.titled {
		first, _, _ := strings.Cut(it.Text, "\n")
		m.text = head(lineKey(first, false), headLen)
	}
	if m.head == "" {
		first, _, _ := strings.Cut(it.Text, "\n")
		m.head = head(lineKey(first, false), headLen)
		m.bare = bareHead(first)
	}
	return m
}

// listPlaceRe is a list's place as the reader writes it at the start
// of an item's text ("3. "): an ordered list's number, printed in
// Markdown, which an HTML <ol> leaves to its places.
var listPlaceRe = lazyre.New(`^[0-9]+\.\s+`)

// bareHead is the head of an item's text (its first line, first) after
// the list's place it opens with: a page that does not print the place
// (an HTML <ol>, read as the item's text, "1. ...") begins the item's
// line with the words after it. "" where the text opens otherwise.
func bareHead(first string) string {
	m := listPlaceRe.FindStringIndex(first)
	if m == nil {
		return ""
	}
	return head(lineKey(first[m[1]:], false), headLen)
}

// match reports whether the line whose key is k can begin the item, and
// whether it begins with the item's head (after its number).
func (m *lineMatch) match(k string) (ok, starts bool) {
	if m.head == "" && m.num == "" {
		return false, false
	}
	if m.head == "" {
		// An item with neither title nor text ("## 第1条"): its line
		// prints the number and little else, not a line of text that
		// happens to hold it ("注釈：…条項の一部" reads "1部").
		return numberAlone(k, m.num), true
	}
	at := 0
	if m.num != "" {
		at = strings.Index(k, m.num)
		if at < 0 && m.titled && k == m.title {
			// The item's title alone, without the number the reading
			// gave it by the source's ("# ԱՐԱԳ ՇԱԽՄԱՏ" for
			// "Appendix A. Rapid chess"): the line prints nothing else.
			return true, true
		}
		if at < 0 || len([]rune(k[:at])) > 12 {
			return false, false
		}
		at += len(m.num)
	}
	if m.head != "" && !strings.Contains(k[at:], m.head) && !strings.Contains(k, m.head) {
		return false, false
	}
	return true, m.head == "" || strings.HasPrefix(k[at:], m.head)
}

// headed reports whether the line whose key is keys[j] prints the item's
// number and little else, as a heading does (numberAlone), and the
// next line with letters or digits, within three, begins with the
// item's head, or its bare head (a list that does not print its first
// place): a heading whose item's text is on the lines below.
func (m *lineMatch) headed(keys []string, j int) bool {
	if m.head == "" || !numberAlone(keys[j], m.num) {
		return false
	}
	return nextBegins(keys, j, m.head, m.bare)
}

// follows reports whether the text of an item with a title begins on
// line j after the title, or on the next line with letters or digits
// within three: a title line that heads the item, not an entry of a
// table of contents that names it. An item without a title or text
// follows any line.
func (m *lineMatch) follows(keys []string, j int) bool {
	if !m.titled || m.text == "" || strings.Contains(keys[j], m.text) {
		return true
	}
	return nextBegins(keys, j, m.text)
}

// wordHeaded reports whether lines[j] is a Markdown heading that prints
// no number in digits, where the item prints one, and the next line
// with letters or digits, within three, begins with the item's head, or
// its bare head: the heading of an item whose number the translation
// writes in words or letters ("Нэгдүгээр зүйл", "Artigo I.", "סעיף
// א."), which ingest reads by the headings' succession. An item with a
// title is matched by its title (match), not so.
func (m *lineMatch) wordHeaded(lines, keys []string, j int) bool {
	if m.num == "" || m.head == "" || m.titled || !strings.HasPrefix(strings.TrimLeft(lines[j], " "), "#") || strings.ContainsFunc(keys[j], isASCIIDigit) {
		return false
	}
	return nextBegins(keys, j, m.head, m.bare)
}

// nextBegins reports whether the next line key after keys[j] with
// letters or digits, within three lines, begins with one of heads
// (an empty head begins nothing).
func nextBegins(keys []string, j int, heads ...string) bool {
	for n := j + 1; n < len(keys) && n <= j+3; n++ {
		if keys[n] == "" {
			continue
		}
		for _, h := range heads {
			if h != "" && strings.HasPrefix(keys[n], h) {
				return true
			}
		}
		return false
	}
	return false
}

// isASCIIDigit reports whether r is 0-9 (lineKey writes every digit so).
func isASCIIDigit(r rune) bool { return r >= '0' && r <= '9' }

// numberAlone reports whether the line key k prints the number num
// (comparison form) and little else, as a heading does ("Article 1",
// "第1条", "1-бап", "1 වන වගන්තිය": up to 12 letters before the
// number and 12 after it).
func numberAlone(k, num string) bool {
	if num == "" {
		return false
	}
	for at := 0; at < len(k); {
		i := strings.Index(k[at:], num)
		if i < 0 {
			return false
		}
		i += at
		before, after := k[:i], k[i+len(num):]
		at = i + 1
		r0, _ := utf8.DecodeLastRuneInString(before)
		r1, _ := utf8.DecodeRuneInString(after)
		if unicode.IsDigit(r0) || unicode.IsDigit(r1) {
			continue // "21" does not print 1
		}
		return utf8.RuneCountInString(before) <= 12 && utf8.RuneCountInString(after) <= 12
	}
	return false
}

// isUnderline reports whether a line underlines a heading (setext
// Markdown, reStructuredText): one punctuation character repeated.
func isUnderline(s string) bool {
	s = strings.TrimSpace(s)
	if len(s) < 3 || !strings.ContainsRune("=-~^\"'`#*+_.:", rune(s[0])) {
		return false
	}
	return strings.Count(s, s[:1]) == len(s)
}

// inDigitsOf writes the ASCII digits of num in the digits the printed
// number was ("٣" for 3 where it replaces "١"): a translation's label
// keeps its script when the draft renumbers it.
func inDigitsOf(num, printed string) string {
	zero := rune(-1)
	for _, r := range printed {
		if d := numerals.Digit(r); d >= 0 && r >= 0x80 {
			zero = r - rune(d)
			break
		}
	}
	if zero < 0 {
		return num
	}
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return zero + r - '0'
		}
		return r
	}, num)
}
