package diff

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
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
	var edits []edit
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
			e := edit{d: s.Text}
			if i+1 < len(spans) && spans[i+1].Op == Insert {
				e.n = spans[i+1].Text
				ins = append(ins, strings.Fields(e.n)...)
				i++
			}
			edits = append(edits, e)
		case Insert:
			ins = append(ins, strings.Fields(s.Text)...)
			edits = append(edits, edit{n: s.Text})
		}
	}
	if len(del) == 0 && len(ins) == 0 && compounds > 0 {
		return judgement{Editorial, "spelling", "only spelling: " + and(printedEdits(a, b, eqs, true, shown))}, "", "", nil
	}
	printed := printedEdits(a, b, eqs, false, shown)
	if n := max(len(del), len(ins)); n <= minorWords && !slices.ContainsFunc(edits, heavy) {
		if len(printed) == 0 {
			printed = []string{editPhrase(strings.Join(del, " "), strings.Join(ins, " "))}
		}
		return judgement{Editorial, "wording", "minor wording: " + and(printed)}, "", "", nil
	}
	if quotable(printed) {
		return judgement{Substantive, "wording", "reworded: " + strings.Join(printed, "; ")}, sa, sb, spans
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
