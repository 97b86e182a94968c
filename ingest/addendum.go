package ingest

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// The "addendum" format is the text of an illustration addendum whose
// entry headings ("Rule 45: Multiple Chip Betting") were lost, as pages
// that copy the TDA addendum print it: each entry is a quotation of its
// rule or an explanation, then numbered examples, situations, lists and
// bullets. Entries are told apart by how addenda are written:
//
//   - a paragraph opening with a quotation mark quotes a new rule;
//   - example and situation numbers rise within an entry, so a number
//     that does not rise ("Example 1" after "Example 3", "1-A" after "2")
//     starts a new entry, and so does an unnumbered "Example:" after
//     examples or a list;
//   - plain prose after an entry's closing bullet starts a new entry;
//   - a numbered list that ends in a closing quotation mark it never
//     opened is a quoted rule whose opening mark was lost: a new entry.
//
// Rule numbers glued to the titles of the links they were ("Regra
// 43Valores dos Aumentos") become plain citations ("Regra 43").

func init() {
	register(&format{name: "addendum", doc: "illustration addendum text whose entry headings were lost", parse: parseAddendum})
}

var (
	addExampleRe = regexp.MustCompile(`^(?i:exemplo|example|ejemplo|exemple|beispiel|esempio)\s*(\d+)?(?:\s*-\s*([A-Z]))?\s*[.:：]|^例\s*(\d+)?(?:\s*-\s*([A-Z]))?\s*[.:：]|^(\d+)-([A-Z])\s*[.:：]`)
	addCaseRe    = regexp.MustCompile(`^(?i:caso|situação|situacao|situation|case|situación|シチュエーション)\s*(\d+)\s*[.:：]`)
	addListRe    = regexp.MustCompile(`^(\d{1,2})[.)]\s`)
	addBulletRe  = regexp.MustCompile(`^[•·▪●-]\s*`)
)

type addClass int

const (
	acProse addClass = iota
	acExample
	acCase
	acList
	acBullet
	acQuote
)

type addKey struct {
	n   int
	sub string
}

func (a addKey) less(b addKey) bool { return a.n < b.n || a.n == b.n && a.sub < b.sub }

func classifyAddendum(l string) (addClass, addKey, string) {
	if m := addExampleRe.FindStringSubmatch(l); m != nil {
		n, sub := m[1]+m[3]+m[5], m[2]+m[4]+m[6]
		return acExample, addKey{atoi(n), sub}, strings.TrimSpace(m[0])
	}
	if m := addCaseRe.FindStringSubmatch(l); m != nil {
		return acCase, addKey{atoi(m[1]), ""}, strings.TrimSpace(m[0])
	}
	if addListRe.MatchString(l) {
		return acList, addKey{}, ""
	}
	if addBulletRe.MatchString(l) {
		return acBullet, addKey{}, ""
	}
	if r, _ := utf8.DecodeRuneInString(l); strings.ContainsRune("“\"«„「『", r) {
		return acQuote, addKey{}, ""
	}
	return acProse, addKey{}, ""
}

func parseAddendum(text string, d *corpus.Document) error {
	var ps []string
	for _, l := range lines(text) {
		if l != "" {
			ps = append(ps, l)
		}
	}
	if len(ps) > 0 && runeLen(ps[0]) <= maxTitleRunes && (strings.HasSuffix(ps[0], ":") || titleLike(ps[0])) {
		d.Title = strings.TrimSuffix(ps[0], ":")
		ps = ps[1:]
	}
	type entry struct {
		paras    []string
		parts    []corpus.Part
		examples bool
		list     bool
		last     addKey
		hasLast  bool
		prev     addClass
	}
	var entries []*entry
	var cur *entry
	for i, p := range ps {
		c, key, marker := classifyAddendum(p)
		start := cur == nil
		if cur != nil {
			switch c {
			case acQuote:
				start = true
			case acExample, acCase:
				if key.n == 0 && c == acExample {
					start = cur.examples || cur.list
				} else {
					start = cur.hasLast && !cur.last.less(key)
				}
			case acProse:
				start = cur.examples && cur.prev == acBullet
			case acList:
				start = atoi(addListRe.FindStringSubmatch(p)[1]) == 1 && cur.prev != acList && lostOpeningQuote(ps[i:])
			}
		}
		if start {
			cur = &entry{}
			entries = append(entries, cur)
		}
		p = unglueRefTitles(p)
		cur.paras = append(cur.paras, p)
		switch c {
		case acExample, acCase:
			cur.examples = true
			if key.n > 0 {
				cur.last, cur.hasLast = key, true
			}
			label := key.sub
			if key.n > 0 {
				label = strings.Trim(strings.Join([]string{strconv.Itoa(key.n), key.sub}, "-"), "-")
			}
			if c == acCase {
				label = "S" + label
			}
			if label == "" {
				label = "1"
			}
			cur.parts = append(cur.parts, corpus.Part{Label: label, Marker: marker, Text: strings.TrimSpace(strings.TrimPrefix(p, marker))})
		case acList:
			cur.list = true
		}
		cur.prev = c
	}
	if len(entries) == 0 {
		return errors.New("addendum: no entries found")
	}
	for _, e := range entries {
		text := strings.Join(e.paras, "\n")
		it := corpus.Item{Kind: corpus.KindAddendum, Text: text, Parts: e.parts}
		d.Items = append(d.Items, it)
	}
	d.Edition = detectEdition(d.Title)
	return nil
}

// lostOpeningQuote reports whether the run of list lines at the start of
// ps ends in a closing quotation mark that the run never opens.
func lostOpeningQuote(ps []string) bool {
	open := 0
	for _, p := range ps {
		if c, _, _ := classifyAddendum(p); c != acList {
			return false
		}
		open += strings.Count(p, "“") - strings.Count(p, "”")
		if open < 0 {
			return true
		}
	}
	return false
}

var gluedRefRe = regexp.MustCompile(`(?i)\b(regras?|rules?|reglas?|règles?|regeln?)\s+(\d{1,3}(?:-[A-Z])?)(\p{Lu})`)

// connectors may stand inside a title between capitalised words.
var connectors = map[string]bool{"de": true, "do": true, "da": true, "dos": true, "das": true, "e": true, "com": true, "em": true, "of": true, "and": true, "the": true, "in": true, "y": true, "del": true, "la": true, "et": true, "des": true, "du": true, "und": true, "der": true}

// unglueRefTitles turns "Regra 43Valores dos Aumentos" into "Regra 43":
// the title of a link glued to the rule number it cites is dropped. The
// title runs over capitalised words, connectors between them, and one
// parenthesised abbreviation ("Ação Substancial (AS)").
func unglueRefTitles(s string) string {
	for {
		m := gluedRefRe.FindStringSubmatchIndex(s)
		if m == nil {
			return s
		}
		end := gluedTitleEnd(s, m[6])
		s = s[:m[5]] + s[end:]
	}
}

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
			w := word(j)
			if !connectors[s[j:w]] || w+1 >= len(s) || s[w] != ' ' {
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
