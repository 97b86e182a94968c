package diff

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/lazyre"
	"github.com/rulesync/rulesync/internal/lexicon"
)

// Severity says how much a change matters.
type Severity string

// The severities: a substantive change alters what a rule says; an
// editorial one only how it says it.
const (
	Substantive Severity = "substantive"
	Editorial   Severity = "editorial"
)

// Equivalence says that replacing Old with New (or New with Old) in a
// text is editorial. Both are lower-case comparison forms of whole words.
type Equivalence struct {
	Old, New string
}

//go:embed equivalences.txt
var defaultEquivalences string

var (
	defaultOnce sync.Once
	defaultEqs  []Equivalence
)

// DefaultEquivalences returns the equivalences shipped with rulesync
// (diff/equivalences.txt): "&" and "and", "he or she" and "they", "see"
// and "see also", and the like.
func DefaultEquivalences() []Equivalence {
	defaultOnce.Do(func() {
		eqs, err := ParseEquivalences(strings.NewReader(defaultEquivalences))
		if err != nil {
			panic("diff: the embedded equivalences are broken: " + err.Error())
		}
		defaultEqs = eqs
	})
	return defaultEqs
}

// ParseEquivalences reads "old => new" lines; blank lines and lines
// starting with # are skipped. A line without "=>" or with an empty side
// is an error that begins with its line number ("3: want ..."), for the
// caller to put the file name before.
func ParseEquivalences(r io.Reader) ([]Equivalence, error) {
	var out []Equivalence
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		a, b, ok := strings.Cut(l, "=>")
		a, b = normalize(a), normalize(b)
		if !ok || a == "" || b == "" {
			return nil, fmt.Errorf("%d: want \"old => new\", got %q", n, l)
		}
		out = append(out, Equivalence{a, b})
	}
	return out, sc.Err()
}

// normalize is the form texts are compared in for severity: comparison
// form, lower case, punctuation around words as single spaces kept only
// where it is part of a word ("all-in", "e.g.").
func normalize(s string) string {
	return joinFields(strings.ToLower(corpus.Fold(s)))
}

// deletionNoteRe matches the notes editions leave where text was removed
// (lexicon.DeletionNotes): "[deleted]", "(removed 2022)", "[Rule 26
// deleted]", "D) Deleted 2022."
var deletionNoteRe = lazyre.NewFunc(func() string {
	note := lexicon.Alternation(lexicon.KeyWords(lexicon.DeletionNotes, "note"))
	dated := lexicon.Alternation(lexicon.KeyWords(lexicon.DeletionNotes, "dated"))
	return `(?i)[\[(][^\])]{0,40}\b(?:` + note + `)\b[^\])]{0,20}[\])]` +
		`|(?:^|\s)(?:[a-z][).:]\s*)?(?:` + dated + `)\s+(?:19|20)\d\d\.?`
})

// stripNotes removes deletion notes, whose years are no amounts.
func stripNotes(s string) string {
	if !mayNote(s) {
		return s
	}
	return deletionNoteRe.ReplaceAllString(s, " ")
}

// noteWords are words one of which every deletion note holds: the first
// word of each of the lexicon's notes, in lower case.
var noteWords = sync.OnceValue(func() []string {
	var out []string
	for _, w := range lexicon.Words(lexicon.DeletionNotes, "") {
		if f := strings.Fields(strings.ToLower(w)); !slices.Contains(out, f[0]) {
			out = append(out, f[0])
		}
	}
	return out
})

// mayNote reports whether s has a word a deletion note is made of.
func mayNote(s string) bool {
	l := strings.ToLower(s)
	for _, w := range noteWords() {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// equivalences are Equivalences prepared for rewrite, spell and
// canonical: both forms of each sorted longest first, and the old forms
// longest first, sorted once for a comparison rather than on every call
// (the sort was a quarter of diffing the WCA regulations).
type equivalences struct {
	list  []Equivalence
	forms []eqForm      // both forms of each, longest first
	byOld []Equivalence // longest old form first
}

// eqForm is one form of an equivalence, with the marker rewrite puts in
// its place.
type eqForm struct {
	text string
	eq   int    // index into list
	repl string // "\x00<eq>\x00"
}

// prepare sorts the equivalences for use; nil gives an empty set.
func prepare(eqs []Equivalence) *equivalences {
	e := &equivalences{list: eqs}
	for i, q := range eqs {
		repl := fmt.Sprintf("\x00%d\x00", i)
		e.forms = append(e.forms, eqForm{q.Old, i, repl}, eqForm{q.New, i, repl})
	}
	sort.SliceStable(e.forms, func(i, j int) bool { return len(e.forms[i].text) > len(e.forms[j].text) })
	e.byOld = slices.Clone(eqs)
	sort.SliceStable(e.byOld, func(i, j int) bool { return len(e.byOld[i].Old) > len(e.byOld[j].Old) })
	return e
}

// noEquivalences compares up to typography alone.
var noEquivalences = prepare(nil)

// defaultPrepared is DefaultEquivalences prepared, once for the process.
var defaultPrepared = sync.OnceValue(func() *equivalences { return prepare(DefaultEquivalences()) })

// rewrite applies the equivalences to normalized text: both forms of each
// are replaced by one marker, whole words only, longest forms first, so
// that "see" and "see also" meet whichever way the edit went. Deletion
// notes go, and digit groups lose their thousands separators. It returns
// the text and the equivalences that matched.
func rewrite(s string, eqs *equivalences) (string, []Equivalence) {
	var used []Equivalence
	if mayNote(s) && deletionNoteRe.MatchString(s) {
		used = append(used, Equivalence{"deletion note", ""})
		s = deletionNoteRe.ReplaceAllString(s, " ")
	}
	if mayGroupDigits(s) {
		s = thousandsRe.ReplaceAllString(s, "$1$2")
	}
	s = " " + s + " "
	var hit map[int]bool
	var pairs bytePairs
	pairs.reset(s)
	for _, f := range eqs.forms {
		if !pairs.mayHold(f.text) || !strings.Contains(s, f.text) {
			continue // the common case
		}
		if r, ok := (wordFinder{form: f.text}).replace(s, f.repl); ok {
			if hit == nil {
				hit = map[int]bool{}
			}
			hit[f.eq] = true
			s = r
			pairs.reset(s)
		}
	}
	for i, e := range eqs.list {
		if hit[i] {
			used = append(used, e)
		}
	}
	// Punctuation and spacing are typography once the words agree.
	return joinFieldsFunc(s, typographic), used
}

// typographic reports whether r is white space or punctuation other than
// a hyphen or an apostrophe: what rewrite drops once the words agree.
func typographic(r rune) bool {
	return unicode.IsSpace(r) || unicode.IsPunct(r) && r != '-' && r != '\''
}

// markerRe finds the markers rewrite leaves.
var markerRe = lazyre.New("\x00([0-9]+)\x00")

// spell turns the markers of rewritten text back into words: each into
// the new form of its equivalence.
func spell(s string, eqs *equivalences) string {
	if strings.IndexByte(s, 0) < 0 {
		return s // no marker: most texts
	}
	return markerRe.ReplaceAllStringFunc(s, func(m string) string {
		var i int
		fmt.Sscan(strings.Trim(m, "\x00"), &i)
		if i < len(eqs.list) {
			return eqs.list[i].New
		}
		return m
	})
}

// thousandsRe finds a thousands separator between digits.
var thousandsRe = lazyre.New(`(\d)[,.\x{2009}](\d{3})\b`)

// mayGroupDigits reports whether s may hold a match of thousandsRe: a
// digit, a separator and three digits (the boundary after them aside).
// Most texts that have digits have no such group, and the look costs far
// less than the expression (3% of comparing the WCA regulations).
func mayGroupDigits(s string) bool {
	digit := func(c byte) bool { return '0' <= c && c <= '9' }
	for i := 0; i+4 < len(s); i++ {
		if !digit(s[i]) {
			continue
		}
		j := i + 1
		switch {
		case s[j] == ',' || s[j] == '.':
			j++
		case strings.HasPrefix(s[j:], "\u2009"):
			j += len("\u2009")
		default:
			continue
		}
		if j+3 <= len(s) && digit(s[j]) && digit(s[j+1]) && digit(s[j+2]) {
			return true
		}
	}
	return false
}

var (
	patMu    sync.Mutex
	patCache = map[string]*regexp.Regexp{}
)

// compiled returns the expression compiled, once for the process.
func compiled(expr string) *regexp.Regexp {
	patMu.Lock()
	defer patMu.Unlock()
	if p, ok := patCache[expr]; ok {
		return p
	}
	p := regexp.MustCompile(expr)
	patCache[expr] = p
	return p
}

// The words whose change alters an obligation: negations and modal
// verbs (lexicon.Negations, lexicon.Modals). The equivalences spell
// contractions out ("can't" is "cannot"); the lexicon lists the
// contractions too for those they do not.
func negations() map[string]bool { return lexicon.Set(lexicon.Negations) }
func modals() map[string]bool    { return lexicon.Set(lexicon.Modals) }

// judgement is the severity of an edit and the rule that decided it.
type judgement struct {
	severity Severity
	rule     string // "numbers", "refs", "parts", "negation", "modal", "sentences", "wording", "typography", "equivalence"
	reason   string
}

// minorWords is how many words an edit may change and stay editorial
// when no stronger rule decides.
const minorWords = 2

// judge decides the severity of the change from old to new text of one
// item (and its parts), in the language lang, and whether the change
// rewrote most of the text (rewritten). When a rule other than the
// wording decided such a change, the reason says so too: the deciding
// rule alone ("negation changed") would undersell a rule written anew.
func judge(old, new *corpus.Item, lang string, eqs *equivalences) (j judgement, whole bool) {
	return judgeFolded(old, new, corpus.Fold(old.Text), corpus.Fold(new.Text), nil, lang, eqs, nil)
}

// ownPair holds the numbers the old and the new text state (ownNumbers
// of their texts without deletion notes), once judgeEdit has read them,
// so that the summary does not read them again.
type ownPair struct {
	old, new []string
	ok       bool // read
}

// numbers returns the numbers of the old and the new text of o and n,
// read once into p (p may be nil: read each time).
func (p *ownPair) numbers(o, n *corpus.Item, lang string) ([]string, []string) {
	if p != nil && p.ok {
		return p.old, p.new
	}
	x, y := ownNumbers(stripNotes(o.Text), lang, o.Refs, o.Number), ownNumbers(stripNotes(n.Text), lang, n.Refs, n.Number)
	if p != nil {
		*p = ownPair{x, y, true}
	}
	return x, y
}

// judgeFolded is judge given the texts' comparison forms, fa and fb
// (corpus.Fold of old.Text and new.Text), which compare has folded to
// see whether the text changed at all, and shown, the spans of
// Redline(old.Text, new.Text) when compare has made them (nil
// otherwise). own, when not nil, keeps the texts' numbers for the
// summary.
func judgeFolded(old, new *corpus.Item, fa, fb string, shown []Span, lang string, eqs *equivalences, own *ownPair) (j judgement, whole bool) {
	j, sa, sb, spans := judgeEdit(old, new, fa, fb, shown, lang, eqs, own)
	if j.severity != Substantive {
		return j, false
	}
	kept, words, whole := rewritten(sa, sb, spans)
	if whole && j.rule != "wording" {
		j.reason += fmt.Sprintf("; most of the text rewritten (%d of %d words kept)", kept, words)
	}
	return j, whole
}

// rewritten reports whether most words of the old text are gone and most
// of the new text is new, na and nb being the texts as severity compares
// them (normalize, rewrite, spell), with the words kept (0 where the
// text cannot be rewritten, unread) and the old text's words; texts
// under ten words are never called rewritten. spans is the redline of
// na into nb when the caller has it, else nil.
func rewritten(na, nb string, spans []Span) (kept, words int, ok bool) {
	words, newWords := countFields(na), countFields(nb)
	if words < 10 || newWords == 0 {
		// Never rewritten, whatever was kept: no redline to read (the
		// one made here was a third of the redlines of a diff).
		return 0, words, false
	}
	if spans == nil {
		_, spans = Redline(na, nb)
	}
	for _, s := range spans {
		if s.Op == Equal {
			kept += countFields(s.Text)
		}
	}
	return kept, words, words >= 10 && kept*2 < words && kept*2 < newWords
}

// normalizeFolded is normalize of a text whose comparison form
// (corpus.Fold) is f.
func normalizeFolded(f string) string {
	return joinFields(strings.ToLower(f))
}

// judgeEdit is judgeFolded without the note on rewritten texts. For a
// substantive change it also returns the texts in the form it compared
// them in, spelled out (normalize, rewrite, spell; empty for an editorial
// one), and, when it got that far, the redline of those texts (nil
// otherwise).
func judgeEdit(old, new *corpus.Item, fa, fb string, shown []Span, lang string, eqs *equivalences, own *ownPair) (judgement, string, string, []Span) {
	a, b := old.Text, new.Text
	if fa == fb {
		return judgement{Editorial, "typography", "typography and white space only"}, "", "", nil
	}
	la, lb := normalizeFolded(fa), normalizeFolded(fb)
	na, used1 := rewrite(la, eqs)
	nb, used2 := rewrite(lb, eqs)
	if na == nb {
		used := telling(la, lb, append(used1, used2...))
		if len(used) == 0 {
			return judgement{Editorial, "typography", "punctuation, case and white space only"}, "", "", nil
		}
		return judgement{Editorial, "equivalence", "only " + describeEqs(la, lb, used)}, "", "", nil
	}
	// Negations and modal verbs are counted in the words as the
	// equivalences spell them: "can't" and "cannot" are one word, and
	// "don't" -> "do" still loses its negation.
	sa, sb := spell(na, eqs), spell(nb, eqs)
	if x, y := own.numbers(old, new, lang); !sameSet(x, y) {
		return judgement{Substantive, "numbers", numbersReason(x, y)}, sa, sb, nil
	}
	if !sameSet(old.Refs, new.Refs) {
		return judgement{Substantive, "refs", refsReason(old.Refs, new.Refs)}, sa, sb, nil
	}
	if x, y := labels(old.Parts), labels(new.Parts); !slices.Equal(x, y) {
		return judgement{Substantive, "parts", partsReason(x, y)}, sa, sb, nil
	}
	wa, wb := strings.Fields(sa), strings.Fields(sb)
	if x, y := pick(wa, negations()), pick(wb, negations()); len(x) != len(y) {
		return judgement{Substantive, "negation", wordsReason("negation", "negations", x, y)}, sa, sb, nil
	}
	if x, y := pick(wa, modals()), pick(wb, modals()); !sameBag(x, y) {
		return judgement{Substantive, "modal", wordsReason("modal verb", "modal verbs", x, y)}, sa, sb, nil
	}
	if x, y := sentences(a), sentences(b); x != y {
		return judgement{Substantive, "sentences", sentencesReason(x, y)}, sa, sb, nil
	}
	_, spans := Redline(sa, sb)
	var del, ins []string
	compounds := 0
	for i := 0; i < len(spans); i++ {
		s := spans[i]
		// A compound written as one word, two or with a hyphen
		// ("floorperson", "floor person", "floor-person") is spelling.
		if s.Op == Delete && i+1 < len(spans) && spans[i+1].Op == Insert && compound(s.Text, spans[i+1].Text) {
			compounds++
			i++
			continue
		}
		switch s.Op {
		case Delete:
			del = append(del, strings.Fields(s.Text)...)
		case Insert:
			ins = append(ins, strings.Fields(s.Text)...)
		}
	}
	if len(del) == 0 && len(ins) == 0 && compounds > 0 {
		return judgement{Editorial, "spelling", "only spelling: " + and(printedEdits(a, b, eqs, true, shown))}, "", "", nil
	}
	edits := printedEdits(a, b, eqs, false, shown)
	if n := max(len(del), len(ins)); n <= minorWords {
		if len(edits) == 0 {
			edits = []string{editPhrase(strings.Join(del, " "), strings.Join(ins, " "))}
		}
		return judgement{Editorial, "wording", "minor wording: " + and(edits)}, "", "", nil
	}
	if quotable(edits) {
		return judgement{Substantive, "wording", "reworded: " + strings.Join(edits, "; ")}, sa, sb, spans
	}
	return judgement{Substantive, "wording", fmt.Sprintf("reworded: %s removed, %s added", counted(len(del), "word"), counted(len(ins), "word"))}, sa, sb, spans
}

// compound reports whether a and b are one compound written apart,
// together or with a hyphen: the same letters, every part of three
// letters or more ("chip(s)", whose parentheses severity drops, is no
// compound of "chips").
func compound(a, b string) bool {
	if squash(a) != squash(b) {
		return false
	}
	for _, w := range strings.FieldsFunc(a+" "+b, func(r rune) bool { return unicode.IsSpace(r) || r == '-' }) {
		if len([]rune(w)) < 3 {
			return false
		}
	}
	return true
}

// squash is a text without its spaces and hyphens, in lower case: a
// compound however it is written.
func squash(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == '-' {
			return -1
		}
		return unicode.ToLower(r)
	}, s)
}

// quotable reports whether the edits are few and short enough to quote
// in a reason.
func quotable(edits []string) bool {
	n := 0
	for _, e := range edits {
		n += len([]rune(e))
	}
	return len(edits) > 0 && len(edits) <= 3 && n <= 160
}

// printedEdits describes the edits from a to b as the texts print them
// ("“chips” became “chip(s)”"), leaving out those that deletion notes
// or typography explain, and those the equivalences explain unless all
// is set. shown is the redline of a into b when the caller has it (nil
// otherwise): most texts are their own canonical form (no deletion
// note, no equivalence, folded already), and their redline is that one.
func printedEdits(a, b string, eqs *equivalences, all bool, shown []Span) []string {
	ca, cb := canonical(a, eqs), canonical(b, eqs)
	if all {
		ca, cb = canonical(a, noEquivalences), canonical(b, noEquivalences)
	}
	spans := shown
	if spans == nil || ca != a || cb != b {
		_, spans = Redline(ca, cb)
	}
	var out []string
	for i := 0; i < len(spans); i++ {
		var d, n string
		switch spans[i].Op {
		case Equal:
			continue
		case Delete:
			d = spans[i].Text
			if i+1 < len(spans) && spans[i+1].Op == Insert {
				n = spans[i+1].Text
				i++
			}
		case Insert:
			n = spans[i].Text
		}
		if equivalent(d, n, noEquivalences) {
			continue // punctuation and spacing
		}
		if q := editPhrase(d, n); (all || !equivalent(d, n, eqs)) && !slices.Contains(out, q) {
			out = append(out, q)
		}
	}
	return out
}

// canonical is s in comparison form, without deletion notes, with each
// equivalence's old form written as its new one (whole words, any case,
// longest first), punctuation kept: two texts that differ only by
// equivalences become one.
func canonical(s string, eqs *equivalences) string {
	s = corpus.Fold(stripNotes(s))
	// Longest forms first: "he or she has" before "he or she".
	low := strings.ToLower(s)
	var pairs bytePairs
	pairs.reset(low)
	for _, e := range eqs.byOld {
		// The finder runs only where the form may be (the forms are in
		// lower case): most texts have none, and the look costs far
		// less.
		if !pairs.mayHold(e.Old) || !strings.Contains(low, e.Old) {
			continue
		}
		if r, ok := (wordFinder{form: e.Old, fold: true, edges: true}).replace(s, e.New); ok {
			s = r
			low = strings.ToLower(s)
			pairs.reset(low)
		}
	}
	return s
}

// bytePairs is the set of the bytes and of the pairs of adjacent bytes of
// a text: a form with a byte or pair the text lacks is not in it, which
// a few bit tests tell where strings.Contains reads the text (for each
// of 88 forms, that was half of rewrite's time).
type bytePairs struct {
	bytes [256 / 64]uint64
	pairs [65536 / 64]uint64
}

// reset makes the set that of s.
func (p *bytePairs) reset(s string) {
	clear(p.bytes[:])
	clear(p.pairs[:])
	for i := 0; i < len(s); i++ {
		p.bytes[s[i]>>6] |= 1 << (s[i] & 63)
		if i > 0 {
			k := uint16(s[i-1])<<8 | uint16(s[i])
			p.pairs[k>>6] |= 1 << (k & 63)
		}
	}
}

// mayHold reports whether the text may contain f: false only when it
// cannot.
func (p *bytePairs) mayHold(f string) bool {
	for i := 0; i < len(f); i++ {
		if p.bytes[f[i]>>6]&(1<<(f[i]&63)) == 0 {
			return false
		}
		if i > 0 {
			if k := uint16(f[i-1])<<8 | uint16(f[i]); p.pairs[k>>6]&(1<<(k&63)) == 0 {
				return false
			}
		}
	}
	return true
}

// judgeTitle decides the severity of a retitle: editorial when the title
// keeps its content words (up to equivalences, typography and words like
// "and" or "the"), substantive when content words come or go, which
// changes what the rule covers.
func judgeTitle(old, new string, eqs *equivalences) judgement {
	if equivalent(old, new, eqs) {
		return judgement{Editorial, "title", "title reworded, the same words"}
	}
	na, _ := rewrite(normalize(old), eqs)
	nb, _ := rewrite(normalize(new), eqs)
	na, nb = spell(na, eqs), spell(nb, eqs)
	wa, wb := content(strings.Fields(na)), content(strings.Fields(nb))
	if sameBag(wa, wb) {
		gone, came := delta(strings.Fields(na), strings.Fields(nb))
		switch {
		case len(gone) > 0 && len(came) > 0:
			return judgement{Editorial, "title", "title reworded: " + and(quoted(gone)) + " became " + and(quoted(came))}
		case len(came) > 0:
			return judgement{Editorial, "title", "title reworded: " + and(quoted(came)) + " added"}
		case len(gone) > 0:
			return judgement{Editorial, "title", "title reworded: " + and(quoted(gone)) + " removed"}
		}
		return judgement{Editorial, "title", "title reworded, the same words"}
	}
	return judgement{Substantive, "title", titleScope(old, new)}
}

// titleScope says how a title's scope changed: broadened ("now also
// covers new players") when the new title keeps what the old one named
// and adds a topic, narrowed when it drops one, and otherwise both titles
// quoted.
func titleScope(old, new string) string {
	oc, nc := conjuncts(old), conjuncts(new)
	matched := func(c string, others []string) bool {
		for _, o := range others {
			if sharesStem(c, o) {
				return true
			}
		}
		return false
	}
	var added, dropped []string
	for _, c := range nc {
		if !matched(c, oc) {
			added = append(added, lowerTitle(c))
		}
	}
	for _, c := range oc {
		if !matched(c, nc) {
			dropped = append(dropped, lowerTitle(c))
		}
	}
	switch {
	case len(added) > 0 && len(dropped) == 0:
		return "title broadened: now also covers " + and(added)
	case len(dropped) > 0 && len(added) == 0:
		return "title narrowed: no longer covers " + and(dropped)
	}
	return "title changed: " + quote(strings.TrimSpace(old)) + " is now " + quote(strings.TrimSpace(new))
}

// conjunctRe splits a title into the topics it names: "New Players and
// Players from Broken Tables", "Chips, Cards & Stacks".
var conjunctRe = lazyre.New(`(?i)\s*(?:,|;|/|&|\band\b|\bor\b)\s*`)

// conjuncts returns the topics a title names.
func conjuncts(title string) []string {
	var out []string
	for _, c := range conjunctRe.Split(corpus.Fold(title), -1) {
		if c = strings.Trim(c, " .:"); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// sharesStem reports whether two topics of titles share a content word,
// inflections aside ("Breaking Tables" and "Broken Tables" share
// "table").
func sharesStem(a, b string) bool {
	stems := map[string]bool{}
	for _, w := range content(strings.Fields(normalize(a))) {
		stems[stem(w)] = true
	}
	for _, w := range content(strings.Fields(normalize(b))) {
		if stems[stem(w)] {
			return true
		}
	}
	return false
}

// suffixes are the inflectional endings stem strips (lexicon.Suffixes).
var suffixes = sync.OnceValue(func() []string { return lexicon.Words(lexicon.Suffixes, "") })

// stem strips the commonest inflections: "tables" -> "table", "breaking"
// -> "break", "raised" -> "rais".
func stem(w string) string {
	for _, suf := range suffixes() {
		if len(w) > len(suf)+2 && strings.HasSuffix(w, suf) {
			return strings.TrimSuffix(w, suf)
		}
	}
	return w
}

// equivalent reports whether two short texts (titles, section names) say
// the same up to typography and the equivalences.
func equivalent(a, b string, eqs *equivalences) bool {
	if a == b {
		return true // rewrite is a function of its text
	}
	na, _ := rewrite(normalize(a), eqs)
	nb, _ := rewrite(normalize(b), eqs)
	return na == nb
}

func content(ws []string) []string {
	var out []string
	functionWords := lexicon.Set(lexicon.FunctionWords) // they carry no scope in a title
	for _, w := range ws {
		if !functionWords[w] {
			out = append(out, w)
		}
	}
	return out
}

// ownNumbers are the numbers a text states, less those of the items it
// cites and its own (a new "see Rule 5" is a reference, not a new amount).
func ownNumbers(text, lang string, refs []string, own string) []string {
	cited := map[string]bool{}
	for _, n := range align.Numbers(own, lang) {
		cited[n] = true // "Violations of Rule 5" inside rule 5
	}
	for _, r := range refs {
		id := corpus.RefItem(r)
		if _, num, ok := strings.Cut(id, ":"); ok {
			for _, n := range align.Numbers(num, lang) {
				cited[n] = true
			}
		}
	}
	var out []string
	for _, n := range align.Numbers(text, lang) {
		if !cited[n] {
			out = append(out, n)
		}
	}
	return out
}

// sameBag reports whether a and b hold the same words as often.
func sameBag(a, b []string) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// telling keeps the equivalences the edit used: those whose forms occur
// differently often in the two texts (deletion notes always count).
func telling(a, b string, used []Equivalence) []Equivalence {
	var out []Equivalence
	n := func(s, w string) int {
		if !strings.Contains(s, w) {
			return 0
		}
		return wordFinder{form: w}.count(" " + s + " ")
	}
	for _, e := range used {
		if e.New == "" || n(a, e.Old) != n(b, e.Old) || n(a, e.New) != n(b, e.New) {
			out = append(out, e)
		}
	}
	return out
}

// describeEqs says which equivalences an edit from a to b used (both
// normalized), each in the direction the edit went: "“his or her”
// written as “their”", "a deletion note".
func describeEqs(a, b string, eqs []Equivalence) string {
	n := func(s, w string) int {
		if !strings.Contains(s, w) {
			return 0
		}
		return wordFinder{form: w}.count(" " + s + " ")
	}
	var out []string
	for _, e := range eqs {
		s := quote(e.Old) + " written as " + quote(e.New)
		switch {
		case e.New == "":
			s = "a deletion note"
		case n(a, e.New) > n(b, e.New), n(a, e.New) == n(b, e.New) && n(a, e.Old) < n(b, e.Old):
			s = quote(e.New) + " written as " + quote(e.Old)
		}
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return and(out)
}

func sameSet(a, b []string) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(slices.Compact(x), slices.Compact(y))
}

func labels(ps []corpus.Part) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Label)
	}
	return out
}

func count(ws []string, set map[string]bool) int {
	n := 0
	for _, w := range ws {
		if set[w] {
			n++
		}
	}
	return n
}

func pick(ws []string, set map[string]bool) []string {
	var out []string
	for _, w := range ws {
		if set[w] {
			out = append(out, w)
		}
	}
	return out
}

// sentences counts the ends of sentences in s: a full stop, question or
// exclamation mark before ASCII white space or the end, or their CJK
// forms, as `[.!?](?:\s|$)|[。！？]` finds them (TestSentences holds the
// two together; no match can start in the white space another takes).
func sentences(s string) int {
	s = strings.TrimSpace(s)
	n := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '.' || c == '!' || c == '?':
			if i+1 == len(s) || strings.IndexByte("\t\n\f\r ", s[i+1]) >= 0 {
				n++
			}
		case c >= 0x80:
			if r, size := utf8.DecodeRuneInString(s[i:]); r == '。' || r == '！' || r == '？' {
				n++
				i += size - 1
			}
		}
	}
	return n
}
