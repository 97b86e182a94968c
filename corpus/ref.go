package corpus

import (
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/rulesync/rulesync/internal/lazyre"
	"github.com/rulesync/rulesync/internal/lexicon"
)

// Citation styles, matched against the comparison form (Fold) of a text.
// Their words are the lexicon's (lexicon.Citations).
var (
	// "Rule 45", "Rules 2 and 42", "Rule 71-B", "Regra 43", "regras 2 e 3",
	// "Regla", "Règle", "Regel", "Regola", "§45". The list part takes
	// further numbers joined by commas and the words for "and"/"or".
	refRuleRe = lazyre.NewFunc(func() string {
		rule, and := citeAlt("rule", false), citeAlt("and", false)
		return `(?i)(?:\b(?:` + rule + `)\s*(?:n[º°o.]\s*)?|§\s*)(\d+(?:\.\d+)*(?:\s*-\s*[A-Z]\b)?(?:(?:\s*,\s*|\s+(?:` + and + `|&)\s+)(?:§\s*)?\d+(?:\.\d+)*(?:\s*-\s*[A-Z]\b)?)*)`
	})
	refNumRe = lazyre.New(`(\d+(?:\.\d+)*)(?:\s*-\s*([A-Z])\b)?`)
	// "RP-22", "RP 5", "Recommended Procedure 5", "推奨手順-14", "推奨手順第14項".
	refRPRe = lazyre.NewFunc(func() string { return `(?i)(?:` + citeAlt("rp", true) + `)\s*[-:]?\s*第?\s*(\d+)` })
	// "ルール第71項-B", "第45項", "規則第52号", "规则第45条" (after Fold the
	// digits are ASCII).
	// A bare "第N条" is not taken: WCA translations number articles so.
	refJaRe = lazyre.NewFunc(func() string {
		cjk := citeAlt("cjk", false)
		return `(?:(?:` + cjk + `)?第\s*(\d+)\s*(?:項|號|号)|(?:` + cjk + `)第\s*(\d+)\s*条)(?:\s*-\s*([A-Z])\b)?`
	})
	// WCA Markdown links: "[Regulation 2k](regulations:regulation:2k)",
	// and the same without its first part, as a translation mistyped one
	// ("[規則 A1a](regulation:A1a)"): the text still cites A1a.
	// The id is letters and digits, then the pluses of a guideline: a
	// plus anywhere else ("regulation:+0") makes no id.
	refWCARe = lazyre.New(`\]\((?:(regulations|guidelines):)?(regulation|guideline|article):([0-9A-Za-z]+\+*)\)`)

	// The expressions without a literal start, searched for where they
	// may match (scanned).
	ruleScan, rpScan, jaScan = &scanned{re: refRuleRe, quick: quickRule}, scan(refRPRe), scan(refJaRe)
)

// ruleWords are the lexicon's words of refRuleRe's citation words
// ("rule") and of its list's conjunctions ("and") that are ASCII
// letters alone, in lower case; ruleQuickOK is false where a word of
// either is of other characters than letters (a space: "rule number"),
// which quickRule does not read.
var ruleWords = sync.OnceValues(func() (map[string]bool, map[string]bool) {
	set := func(form string) map[string]bool {
		out := map[string]bool{}
		for _, w := range lexicon.KeyWords(lexicon.Citations, form) {
			ascii := true
			for _, r := range w {
				if !unicode.IsLetter(r) {
					return nil
				}
				ascii = ascii && r < utf8.RuneSelf
			}
			if ascii {
				out[strings.ToLower(w)] = true
			}
		}
		return out
	}
	return set("rule"), set("and")
})

// quickRule reads at byte i of f (a comparison form) the commonest
// citation, an ASCII rule word and one number ("Rule 12", "rules
// 3"), as refRuleRe reads it, without the expression: at 1M items that
// each cite a rule, the expression's backtracking over its dozen words
// (under (?i)) at each cue was a tenth of an HTML page's ingest. It
// answers only where the expression's match is sure to be that: the
// word at a word boundary and a word of ASCII letters whole (the
// expression tries its words longest first, so the longest it can
// read, the whole run of letters, is the one taken), white space, then
// digits, then nothing that goes on with a list ("12.3", "12-B", "12,",
// "12 and", "&") nor a byte beyond ASCII after the word or the number;
// anything else (a "§", "n°", the words of other letters) is left to
// the expression (ok false). The match is the expression's: the words
// and the number, the number its group 1.
func quickRule(f string, i int) ([]int, bool) {
	rule, and := ruleWords()
	if rule == nil || and == nil {
		return nil, false
	}
	if i > 0 && isWordByte(f[i-1]) {
		return nil, false // no \b before the word
	}
	j := letterRun(f, i)
	if j == i || j < len(f) && f[j] >= utf8.RuneSelf || !inRun(rule, f[i:j]) {
		return nil, false
	}
	k := spaceRun(f, j)
	p := k
	for p < len(f) && '0' <= f[p] && f[p] <= '9' {
		p++
	}
	if p == k {
		return nil, false // no number right after the word and its space
	}
	if p < len(f) {
		if c := f[p]; c == '.' {
			if p+1 < len(f) && '0' <= f[p+1] && f[p+1] <= '9' {
				return nil, false // "12.3"
			}
		} else if q := spaceRun(f, p); q < len(f) {
			switch c := f[q]; {
			case c == '-' || c == ',' || c == '&' || c >= utf8.RuneSelf:
				return nil, false
			case q > p && isLetterByte(c):
				e := letterRun(f, q)
				if e < len(f) && f[e] >= utf8.RuneSelf || inRun(and, f[q:e]) {
					return nil, false // "12 and 13"
				}
			}
		}
	}
	return []int{i, p, k, p}, true
}

// letterRun returns the end of the run of ASCII letters of f from i.
func letterRun(f string, i int) int {
	for i < len(f) && isLetterByte(f[i]) {
		i++
	}
	return i
}

// spaceRun returns the end of the run of white space (\s: ASCII) of f from i.
func spaceRun(f string, i int) int {
	for i < len(f) && (f[i] == ' ' || f[i] == '\t' || f[i] == '\n' || f[i] == '\f' || f[i] == '\r') {
		i++
	}
	return i
}

func isLetterByte(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// isWordByte is \b's word character: an ASCII letter, digit or "_".
func isWordByte(c byte) bool { return isLetterByte(c) || '0' <= c && c <= '9' || c == '_' }

// inRun reports whether the run of ASCII letters s, in lower case, is
// a word of set (a map lookup of bytes copies nothing).
func inRun(set map[string]bool, s string) bool {
	var buf [16]byte
	if len(s) > len(buf) {
		return set[strings.ToLower(s)]
	}
	for i := 0; i < len(s); i++ {
		buf[i] = lowerASCII(s[i])
	}
	return set[string(buf[:len(s)])]
}

// citeAlt returns the lexicon's words of citation form form as the
// alternatives of an expression, longest first; with bound, a word that
// starts with an ASCII letter starts at a word boundary ("\bRP").
func citeAlt(form string, bound bool) string {
	ws := lexicon.LongestFirst(lexicon.KeyWords(lexicon.Citations, form))
	if !bound {
		return lexicon.Alternation(ws)
	}
	alts := make([]string, len(ws))
	for i, w := range ws {
		alts[i] = lexicon.Alternation([]string{w})
		if c := w[0]; 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' {
			alts[i] = `\b` + alts[i]
		}
	}
	return strings.Join(alts, "|")
}

// Cue words, looked for in the lower-case comparison form: a citation
// style's expression runs only where one of its cues occurs, since the
// expressions cost far more than the look. A style's cues are the first
// words of its lexicon words, in lower case: every citation holds one.
type citeCues struct {
	wca, rule, ja, rp []string
	// ascii are the cues of ASCII letters, in lower case: the only ones
	// a text of ASCII can hold after Fold.
	ascii []string
	// class is the class of each byte for mayCite (citePlain, ...).
	class [256]uint8
}

var cues = sync.OnceValue(func() *citeCues {
	first := func(form string) []string {
		var out []string
		for _, w := range lexicon.KeyWords(lexicon.Citations, form) {
			if f := strings.Fields(strings.ToLower(w))[0]; !slices.Contains(out, f) {
				out = append(out, f)
			}
		}
		return out
	}
	c := &citeCues{wca: []string{"]("}, rule: append(first("rule"), "§"), ja: []string{"第"}, rp: first("rp")}
	for _, cs := range [][]string{c.wca, c.rule, c.ja, c.rp} {
		for _, w := range cs {
			ascii := true
			for i := 0; i < len(w); i++ {
				ascii = ascii && w[i] < utf8.RuneSelf
			}
			if ascii {
				c.ascii = append(c.ascii, strings.ToLower(w))
			}
		}
	}
	start := [256]bool{}
	for _, w := range c.ascii {
		start[w[0]] = true
	}
	for i := range c.class {
		b := byte(i)
		switch {
		case b >= utf8.RuneSelf || b < ' ' && (b < '\t' || b > '\r') || b == 0x7f:
			c.class[i] = citeOther
		case start[lowerASCII(b)]:
			c.class[i] = citeCue
		}
	}
	return c
})

// mayCite is false for a text citeHits finds nothing in without
// folding it: printable ASCII and white space, where no cue occurs in
// any case. Fold changes such a text only by making its runs of white
// space one space and its backquotes quotes (NFKC keeps ASCII; a
// control character, which Fold drops and so could join two letters
// into a cue, is not printable), and no cue holds either, so the cues
// of its comparison form are those of the text.
func mayCite(s string) bool {
	c := cues()
	for i := 0; i < len(s); i++ {
		switch c.class[s[i]] {
		case citePlain:
			continue
		case citeOther:
			return true
		}
		for _, w := range c.ascii {
			if hasFoldASCII(s[i:], w) {
				return true
			}
		}
	}
	return false
}

// Classes of the bytes mayCite reads: printable ASCII and white space
// that starts no cue; the first byte of an ASCII cue, in either case; a
// byte beyond ASCII or a control character but white space. One look
// in citeCues.class decides each byte, where the tests it stand for were
// most of mayCite's time.
const (
	citePlain = iota
	citeCue
	citeOther
)

// hasFoldASCII reports whether s starts with the lower-case ASCII word w
// in any case.
func hasFoldASCII(s, w string) bool {
	if len(s) < len(w) {
		return false
	}
	for j := 0; j < len(w); j++ {
		if lowerASCII(s[j]) != w[j] {
			return false
		}
	}
	return true
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// Refs returns the ids of the items that text cites, in order of first
// citation and without repeats: "rule:45", "rule:71#B", "rule:RP-22",
// "rule:2k", "rule:2k+", "sec:A". It knows the citing styles of
// English, Portuguese, Spanish, French, German, Italian, Japanese and
// Chinese rulebooks and the link targets of the WCA Regulations.
func Refs(text string) []string {
	if !mayCite(text) {
		return nil
	}
	return refsAll(text)
}

// ItemRefs is Refs of an item's title and text joined by a newline
// ("title\ntext"), joined only where the title may cite: most items
// cite nothing, and the join copied every item. No cue holds white
// space, so one occurs in the joined text only where it occurs in a
// part; and a citation starts with its cue (a word, "§", "第", "](")
// and so, in a title that holds none, starts in the text, where it is
// read as in the text alone (the newline, white space in the
// comparison form, is no word character for \b and joins nothing in
// NFKC).
func ItemRefs(title, text string) []string {
	if !mayCite(title) {
		if !mayCite(text) {
			return nil
		}
		return refsAll(text)
	}
	return refsAll(title + "\n" + text)
}

// refsAll is Refs without mayCite's look.
func refsAll(text string) []string {
	var ids []string
	var seen map[string]bool // made past a few ids
	for _, h := range citeHits(Fold(text)) {
		// Most texts cite a few items: a look through those kept is
		// quicker than a map made for each text.
		switch {
		case seen != nil:
			if seen[h.id] {
				continue
			}
			seen[h.id] = true
		case slices.Contains(ids, h.id):
			continue
		case len(ids) == 16:
			seen = make(map[string]bool, 2*len(ids))
			for _, id := range ids {
				seen[id] = true
			}
			seen[h.id] = true
		}
		ids = append(ids, h.id)
	}
	return ids
}

// Citation is one place where a text cites an item.
type Citation struct {
	// Start and End are byte offsets into the text given to Citations,
	// Start < End: the words that cite ("Rule 45", "RP-22",
	// "ルール第71項-B"; in a list, "Rules 2" and then "42").
	Start, End int
	// Ref is the id cited, with a part fragment: "rule:71#B".
	Ref string
}

// Citations returns where text cites items, in the styles Refs knows,
// in the order of the text: the spans a page can make links of.
// Citations of WCA links are not among them, since the text of a
// document holds their words and not the link.
func Citations(text string) []Citation {
	f, offs := foldMapped(text)
	var out []Citation
	for _, h := range citeHits(f) {
		if h.wca {
			continue
		}
		start, end := offs[h.start], offs[h.end]
		if start < end {
			out = append(out, Citation{start, end, h.id})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out
}

// hit is a citation found in the comparison form of a text: at orders
// citations as Refs lists them (a list's numbers share the list's
// start), start and end are the byte span of its words.
type hit struct {
	at, start, end int
	id             string
	wca            bool
}

// citeHits finds the citations in f, a text in comparison form, sorted
// by at.
func citeHits(f string) []hit {
	low := strings.ToLower(f)
	has := func(cues ...string) bool {
		for _, c := range cues {
			if strings.Contains(low, c) {
				return true
			}
		}
		return false
	}
	var hits []hit
	c := cues()
	wca, rule, ja, rp := has(c.wca...), has(c.rule...), has(c.ja...), has(c.rp...)
	if !wca && !rule && !ja && !rp {
		return nil
	}
	if wca {
		for _, m := range refWCARe.FindAllStringSubmatchIndex(f, -1) {
			kind, num := f[m[4]:m[5]], f[m[6]:m[7]]
			var id string
			switch {
			case kind == "article":
				id = ID(KindSection, num)
			case kind == "guideline" || strings.HasSuffix(num, "+"):
				id = ID(KindGuideline, num)
			default:
				id = ID(KindRegulation, num)
			}
			hits = append(hits, hit{m[0], m[0], m[1], id, true})
		}
	}
	if rule {
		for _, m := range ruleScan.FindAllStringSubmatchIndex(f) {
			list := f[m[2]:m[3]]
			if digitsOnly(list) {
				// One number ("Rule 12", most citations): refNumRe's
				// one match is the whole list, without the expression,
				// which was a fifth of the time of an item's citations.
				hits = append(hits, hit{m[0], m[0], m[3], ruleRef(list, ""), false})
				continue
			}
			for k, n := range refNumRe.FindAllStringSubmatchIndex(list, -1) {
				num, part := list[n[2]:n[3]], ""
				if n[4] >= 0 {
					part = list[n[4]:n[5]]
				}
				// The first number takes the word before it ("Rules 2").
				start := m[2] + n[0]
				if k == 0 {
					start = m[0]
				}
				hits = append(hits, hit{m[0], start, m[2] + n[1], ruleRef(num, part), false})
			}
		}
	}
	if ja {
		for _, m := range jaScan.FindAllStringSubmatchIndex(f) {
			num, part := "", ""
			if m[2] >= 0 {
				num = f[m[2]:m[3]]
			} else {
				num = f[m[4]:m[5]]
			}
			if m[6] >= 0 {
				part = f[m[6]:m[7]]
			}
			hits = append(hits, hit{m[0], m[0], m[1], ruleRef(num, part), false})
		}
	}
	if rp {
		for _, m := range rpScan.FindAllStringSubmatchIndex(f) {
			hits = append(hits, hit{m[0], m[0], m[1], ID(KindRP, "RP-"+number(f[m[2]:m[3]])), false})
		}
	}
	if len(hits) > 1 {
		sort.SliceStable(hits, func(i, j int) bool { return hits[i].at < hits[j].at })
	}
	return hits
}

// digitsOnly reports whether s is one or more ASCII digits.
func digitsOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// foldMapped is Fold rune by rune, with the byte offset in s of each byte
// of the result (and len(s) after the last): the comparison form in
// which a citation is found, and the way back to the text it was found
// in. NFKC applies to each rune alone, which differs from Fold only
// where a letter and a combining mark compose, never in a citation.
func foldMapped(s string) (string, []int) {
	var b strings.Builder
	offs := make([]int, 0, len(s)+1)
	space := false
	spaceAt := 0
	for i, r0 := range s {
		if unicode.IsSpace(r0) || unicode.Is(unicode.Zs, r0) {
			if !space {
				spaceAt = i
			}
			space = true
			continue
		}
		for _, r := range norm.NFKC.String(string(r0)) {
			if unicode.IsSpace(r) || unicode.Is(unicode.Zs, r) {
				if !space {
					spaceAt = i
				}
				space = true
				continue
			}
			if unicode.IsControl(r) || removeInvisible(r) || isJoiner(r) {
				continue
			}
			if f, ok := foldRune[r]; ok {
				r = f
			}
			if space && b.Len() > 0 {
				b.WriteByte(' ')
				offs = append(offs, spaceAt)
			}
			space = false
			n := b.Len()
			b.WriteRune(r)
			for ; n < b.Len(); n++ {
				offs = append(offs, i)
			}
		}
	}
	// The end of the last rune, not of white space after it.
	end := len(s)
	if space {
		end = spaceAt
	}
	offs = append(offs, end)
	return b.String(), offs
}

func ruleRef(num, part string) string {
	id := ID(KindRule, number(num))
	if part != "" {
		id += "#" + part
	}
	return id
}

// number drops the leading zeros of a cited number ("07" -> "7"), keeping
// one of "0" or "00": ID gives no id for an empty number.
func number(digits string) string {
	if n := strings.TrimLeft(digits, "0"); n != "" {
		return n
	}
	return "0"
}

// RefItem returns the item id a ref points to, without its part fragment.
func RefItem(ref string) string {
	id, _, _ := strings.Cut(ref, "#")
	return id
}
