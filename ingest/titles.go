package ingest

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// Item titles: where a numbered item's title ends and its text begins
// (a line of its own, a bold run, a first sentence, a parenthesis).

// titledForms returns the numberings (by label form) whose items mostly
// print their titles on lines of their own: of three or more paragraphs
// that hold a label and one line with text after them, more than half a
// title line in bold.
func titledForms(bs []block, starts startLabels) map[string]bool {
	lines, titles := map[string]int{}, map[string]int{}
	for i, lab := range starts {
		if lab == nil {
			continue
		}
		bl := bs[i]
		rest := labelRest(bl, *lab)
		if bl.kind != blockPara || rest == "" || strings.Contains(rest, "\n") || !hasBody(bs, starts, i) {
			continue
		}
		f := lab.form()
		lines[f]++
		if bl.bold && runeLen(rest) <= maxTitleRunes {
			titles[f]++
		}
	}
	out := map[string]bool{}
	for f, n := range lines {
		out[f] = n >= 3 && titles[f]*2 > n
	}
	return out
}

// titleBelow reports whether the block after bs[i], whose label lab is
// all its text, is the item's title: one short line without sentence
// punctuation, a paragraph like bs[i], with a paragraph of text after it
// that starts no item, neither starting in lower case (a sentence
// wrapped after the number goes on in lower case).
func titleBelow(bs []block, starts startSet, i int, lab label) (int, bool) {
	if strings.Trim(bs[i].text[lab.end:], " -–—:：.") != "" || bs[i].kind != blockPara || i+2 >= len(bs) {
		return 0, false
	}
	t, after := bs[i+1], bs[i+2]
	s1, s2 := starts.has(i+1), starts.has(i+2)
	ok := !s1 && !s2 && t.kind == blockPara && t.chrome == "" && t.depth == bs[i].depth &&
		!strings.Contains(t.text, "\n") && titleLike(t.text) && runeLen(t.text) <= 60 &&
		after.kind == blockPara && after.chrome == "" && after.ordinal == 0
	// A wrapped sentence goes on in lower case; a title and the text
	// after it each start their own.
	r1, _ := utf8.DecodeRuneInString(t.text)
	r2, _ := utf8.DecodeRuneInString(after.text)
	return i + 1, ok && !unicode.IsLower(r1) && !unicode.IsLower(r2)
}

// labelRest is the text of a numbered block after its label.
func labelRest(bl block, lab label) string {
	return strings.TrimLeft(strings.TrimSpace(bl.text[lab.end:]), "-–—:： ")
}

// titleLine reports whether rest, the text of a paragraph after its
// label, is a title on a line of its own: one line without sentence
// punctuation that text of the item's own follows (body), of at most 60
// runes, or of at most maxTitleRunes where the numbering's items mostly
// print such lines (titled).
func titleLine(bl block, rest string, body, titled bool) bool {
	limit := 60
	if titled {
		limit = maxTitleRunes
	}
	return body && bl.kind == blockPara && titleLike(rest) && runeLen(rest) <= limit && !strings.Contains(rest, "\n")
}

// sentenceTitle splits the text of a block that starts in bold after its
// label into its first sentence, the title, and the rest: "Rule 10:
// Breaking Tables, 2-Step Random Process. A 2-step random ...". The bold
// run must reach the sentence's end (its full stop may be plain), and the
// sentence be at most maxTitleRunes long.
func sentenceTitle(bl block, lab label, rest string) (title, text string, ok bool) {
	e := boldEnd(bl)
	if e == 0 || strings.Contains(rest, "\n") {
		return "", "", false
	}
	k := strings.Index(rest, ". ")
	if k <= 0 || runeLen(rest[:k]) > maxTitleRunes {
		return "", "", false
	}
	at := len(bl.text) - len(rest) + k // the full stop's offset in bl.text
	if e < at {
		return "", "", false
	}
	return strings.TrimSpace(rest[:k]), strings.TrimSpace(rest[k+1:]), true
}

// lineParts finds the numbered paragraphs of an item's text: lines that
// start with a label of one component, the first of its kind (1, a, A,
// (1)) and then each the next, the rest of the line and the lines up to
// the next one making its text ("Статья 2. Участники" with "1. ...",
// "2. ...", "3. ..."). Fewer than two is no enumeration; text before the
// first is the item's own, not a part. A bullet before the label is
// the list's, where plain text prints one ("- ㈠ ...", "- (2) ...", as
// a Markdown list of them reads): the label is read after it.
func lineParts(text string) []corpus.Part {
	if !strings.Contains(text, "\n") {
		return nil // parts are two lines or more
	}
	lines := strings.Split(text, "\n")
	type mark struct {
		line int
		lab  label
		from int // where the label starts: after the bullet, if any
	}
	var seq []mark
	for i, ln := range lines {
		from := bulletEnd(ln)
		l, ok := readLabel(ln[from:])
		l.end += from
		circled := l.printed != "" && l.printed[0] >= 0x80 // "①"
		if !ok || len(l.comps) != 1 || l.prefix != "" || l.term == "" && !l.paren && !circled {
			continue
		}
		c := l.comps[0]
		if len(seq) == 0 {
			if c.first() {
				seq = append(seq, mark{i, l, from})
			}
			continue
		}
		p := seq[len(seq)-1].lab
		if c.kind == p.comps[0].kind && c.n == p.comps[0].n+1 && l.paren == p.paren && l.term == p.term {
			seq = append(seq, mark{i, l, from})
		}
	}
	if len(seq) < 2 {
		return nil
	}
	parts := make([]corpus.Part, len(seq))
	for k, m := range seq {
		end := len(lines)
		if k+1 < len(seq) {
			end = seq[k+1].line
		}
		body := append([]string{lines[m.line][m.lab.end:]}, lines[m.line+1:end]...)
		parts[k] = corpus.Part{Label: m.lab.comps[0].s, Text: strings.TrimSpace(strings.Join(body, "\n"))}
		if m.lab.printed != parts[k].Label {
			parts[k].Marker = strings.TrimSpace(lines[m.line][m.from:m.lab.end]) // "３." read as 3
		}
	}
	return parts
}

// bulletEnd is where the text of a line that starts with a bullet
// ("- ", "• ", "・") begins, after the white space that follows it; 0
// for a line that starts with none.
func bulletEnd(ln string) int {
	t := strings.TrimLeft(ln, " \t")
	r, n := utf8.DecodeRuneInString(t)
	if n == 0 || !strings.ContainsRune(bulletMarks, r) {
		return 0
	}
	rest := t[n:]
	if rest == "" || rest[0] != ' ' && rest[0] != '\t' {
		return 0
	}
	return len(ln) - len(strings.TrimLeft(rest, " \t"))
}

// bulletMarks are the runes plain text prints as a list's bullets.
const bulletMarks = "-*•・●▪‣◦"

// parenTitle reads the title a rule prints in parentheses right after its
// number ("제1조(목적) 이 규칙은 ...", "Article 1 (Purpose) These rules
// ..."): a short phrase with letters, without commas, that is no label of
// its own ("(a)", "(2)"), then the rule's text, which starts a sentence
// (a capital) unless the parenthesis is glued to the number. "(x, y)
// means ..." is notation, not a title.
func parenTitle(rest string, glued bool) (title, text string, ok bool) {
	open, close := "(", ")"
	if strings.HasPrefix(rest, "（") {
		open, close = "（", "）"
	} else if !strings.HasPrefix(rest, "(") {
		return "", "", false
	}
	inner, after, found := strings.Cut(rest[len(open):], close)
	inner, after = strings.TrimSpace(inner), strings.TrimSpace(after)
	if !found || after == "" || runeLen(inner) > 40 || strings.ContainsAny(inner, "\n,、，") ||
		!strings.ContainsFunc(inner, unicode.IsLetter) {
		return "", "", false
	}
	if r, _ := utf8.DecodeRuneInString(after); !glued && !unicode.IsUpper(r) {
		return "", "", false
	}
	if _, isLabel := readLabel(open + inner + close); isLabel {
		return "", "", false
	}
	return inner, after, true
}

// leadTitle splits a block whose text starts with a bold run into that
// run as title and the rest as text, when the run is short.
func leadTitle(b block, rest string) (title, text string, ok bool) {
	if !b.lead {
		return "", "", false
	}
	first, body, _ := strings.Cut(rest, "\n")
	if runeLen(first) > maxTitleRunes || body == "" {
		return "", "", false
	}
	return corpus.CleanLine(first), body, true
}
