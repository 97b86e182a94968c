package ingest

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/lazyre"
)

// The "addendum" format is the text of an illustration addendum whose
// entry headings ("Rule 45: Multiple Chip Betting") were lost, as pages
// that copy the TDA addendum print it: each entry is a quotation of its
// rule or an explanation, then numbered examples, situations, lists and
// bullets. Its block reader says what the layout says: the first short
// line is the page's title; a line that opens with a quotation mark
// quotes a rule, and so does a numbered list that closes a quotation it
// never opened (its opening mark was lost): each starts an entry, as
// does plain prose after the bullet that closed an entry's examples;
// lines that start with a list marker or a bullet are list items. The
// recognizer (entry.go) makes the entries items, splits them where the
// numbers of their labelled paragraphs ("Example 3:", "Example 1:")
// start again, and makes those paragraphs their parts. The format names
// its entries' kind: they are addendum entries.
//
// Rule numbers glued to the titles of the links they were ("Regra
// 43Valores dos Aumentos") become plain citations ("Regra 43"); the
// titles taken out are kept in a note, so that no word is lost.

func init() {
	register(&format{name: "addendum", doc: "illustration addendum text whose entry headings were lost", parse: parseAddendum, read: readAddendum})
}

var (
	addListRe   = lazyre.New(`^(\d{1,2})[.)]\s`)
	addBulletRe = lazyre.New(`^[•·▪●-]\s*`)
)

func parseAddendum(text string, d *corpus.Document) error {
	_, err := readAddendum(text, d)
	return err
}

// readAddendum reads an addendum page through its block reader and the
// structure recognizer.
func readAddendum(text string, d *corpus.Document) (*structure, error) {
	bs, titles := addendumBlocks(text)
	st, err := fromBlocks(bs, d)
	if err != nil {
		return st, err
	}
	if st.entries == 0 {
		return st, errors.New("addendum: no entries found")
	}
	for i := range d.Items {
		if it := &d.Items[i]; it.Kind == corpus.KindRule {
			it.Kind = corpus.KindAddendum
		}
	}
	for i, n := range d.Notes {
		if strings.HasPrefix(n, StructureNote) {
			d.Notes[i] = StructureNote + st.summary(d)
		}
	}
	if len(titles) > 0 {
		d.Notes = append(d.Notes, "link titles glued to the rule numbers they cite, taken out of the text: "+countedList(titles))
	}
	return st, nil
}

// addendumBlocks reads an addendum page as blocks: its lines, the first
// as the title when it is short, list items and bullets as list items,
// and the lines that start an entry (see above) as entries. It returns
// the link titles it took out of the text, each after its citation.
func addendumBlocks(text string) ([]block, []string) {
	var titles []string
	bs := textBlocks(text)
	if len(bs) > 0 && runeLen(bs[0].text) <= maxTitleRunes && (strings.HasSuffix(bs[0].text, ":") || titleLike(bs[0].text)) {
		bs[0].chrome, bs[0].text = "title", strings.TrimSuffix(bs[0].text, ":")
	}
	words := partWords(bs)
	started, labelled, bullet, list := false, false, false, false
	marked := false // the block before is a heading an id marker names the item of
	for i := range bs {
		b := &bs[i]
		if b.chrome != "" {
			continue
		}
		if b.kind == blockHeading && markedItem(b.text) {
			// A draft's heading whose id marker names its item: the
			// marker is the entry's identity, and the lines under it
			// its text, a quotation first too.
			marked, started, labelled, bullet, list = true, true, false, false, false
			continue
		}
		under := marked
		marked = false
		b.text, titles = unglueRefTitles(b.text, titles)
		r, _ := utf8.DecodeRuneInString(b.text)
		_, isLabel := readPartLabel(b.text, words)
		prose := false
		switch {
		case addListRe.MatchString(b.text):
			b.kind = blockItem
			if !list && atoi(b.text) == 1 && lostOpeningQuote(bs[i:]) {
				b.kind = blockEntry
			}
		case addBulletRe.MatchString(b.text):
			b.kind = blockItem
		case strings.ContainsRune("“\"«„「『", r):
			b.kind = blockEntry
		default:
			prose = !isLabel
		}
		if !started || prose && bullet && labelled {
			b.kind = blockEntry
		}
		if under && b.kind == blockEntry {
			b.kind = blockPara
		}
		if b.kind == blockEntry {
			started, labelled = true, false
		}
		labelled = labelled || isLabel
		bullet = addBulletRe.MatchString(b.text)
		list = addListRe.MatchString(b.text)
	}
	return bs, titles
}

// countedList joins ss in the order each first occurs, each once,
// with its count where it occurs more than once ("Regra 45: ... ×7").
func countedList(ss []string) string {
	count := make(map[string]int, len(ss))
	var order []string
	for _, s := range ss {
		if count[s] == 0 {
			order = append(order, s)
		}
		count[s]++
	}
	var b strings.Builder
	for i, s := range order {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(s)
		if n := count[s]; n > 1 {
			fmt.Fprintf(&b, " ×%d", n)
		}
	}
	return b.String()
}

// lostOpeningQuote reports whether the run of list lines at the start of
// bs ends in a closing quotation mark that the run never opens.
func lostOpeningQuote(bs []block) bool {
	open := 0
	for _, b := range bs {
		if !addListRe.MatchString(b.text) {
			return false
		}
		open += strings.Count(b.text, "“") - strings.Count(b.text, "”")
		if open < 0 {
			return true
		}
	}
	return false
}

// gluedRefRe finds a rule number a link's title was glued to: a word,
// the number, and the title's capitalized first word ("Regra
// 43Valores").
var gluedRefRe = lazyre.New(`\b(\pL+)\s+(\d{1,3}(?:-[A-Z])?)(\p{Lu}\p{Ll})`)

// unglueRefTitles turns "Regra 43Valores dos Aumentos" into "Regra 43":
// the title of a link glued to the rule number it cites is taken out and
// appended to titles as "Regra 43: Valores dos Aumentos". The
// title runs over capitalised words, a short word in lower case between
// two of them ("Valores dos Aumentos"), and one parenthesised abbreviation ("Ação Substancial
// (AS)").
func unglueRefTitles(s string, titles []string) (string, []string) {
	for {
		m := gluedRefRe.FindStringSubmatchIndex(s)
		if m == nil {
			return s, titles
		}
		end := gluedTitleEnd(s, m[6])
		titles = append(titles, s[m[2]:m[5]]+": "+s[m[5]:end])
		s = s[:m[5]] + s[end:]
	}
}

// maxConnector is the longest word in lower case that a title may hold
// between two capitalized words ("dos", "and").
const maxConnector = 3

func gluedTitleEnd(s string, i int) int {
	word := func(j int) int { // end of the word starting at j
		for j < len(s) {
			r, n := utf8.DecodeRuneInString(s[j:])
			if !unicode.IsLetter(r) && r != '-' {
				break
			}
			j += n
		}
		return j
	}
	end := word(i)
	for {
		rest := s[end:]
		if !strings.HasPrefix(rest, " ") {
			return end
		}
		j := end + 1
		r, _ := utf8.DecodeRuneInString(s[j:])
		switch {
		case unicode.IsUpper(r):
			end = word(j)
		case r == '(':
			k := strings.IndexByte(s[j:], ')')
			if k < 0 || k > 12 {
				return end
			}
			return j + k + 1
		case unicode.IsLower(r):
			// A short word in lower case between capitalized ones.
			w := word(j)
			if runeLen(s[j:w]) > maxConnector || w+1 >= len(s) || s[w] != ' ' {
				return end
			}
			if r2, _ := utf8.DecodeRuneInString(s[w+1:]); !unicode.IsUpper(r2) {
				return end
			}
			end = word(w + 1)
		default:
			return end
		}
	}
}
