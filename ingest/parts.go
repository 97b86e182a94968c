package ingest

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/lazyre"
)

// letterMarkRe finds part labels "A:", "B.", "C)", "D：" at the start of
// the text or after white space or sentence punctuation.
var letterMarkRe = lazyre.New(`(?:^|[\s。．、；;])([A-Z])\s?[:：.)）]\s*`)

// letterParts splits text into its lettered parts A, B, C, ... . Labels
// must follow one another from A; a letter out of sequence is text. Text
// before "A" is not a part. A lone "A" counts only at the start of the
// text, so that a sentence that happens to contain "A." is not split.
func letterParts(text string) []corpus.Part {
	// The first part is A: a text without a label A has none, and most
	// texts have none, which letterMarkRe would find trying every
	// position.
	if !hasLetterA(text) {
		return nil
	}
	ms := letterMarkRe.FindAllStringSubmatchIndex(text, -1)
	type mark struct{ start, body int }
	var seq []mark
	want := byte('A')
	for _, m := range ms {
		if text[m[2]] != want {
			continue
		}
		// "A." followed by a lower-case word is an initial, not a label.
		if text[m[3]] == '.' && m[1] < len(text) {
			if r, _ := utf8.DecodeRuneInString(text[m[1]:]); r >= 'a' && r <= 'z' {
				continue
			}
		}
		seq = append(seq, mark{m[2], m[1]})
		want++
	}
	if len(seq) == 0 || (len(seq) == 1 && strings.TrimSpace(text[:seq[0].start]) != "") {
		return nil
	}
	parts := make([]corpus.Part, len(seq))
	for i, m := range seq {
		end := len(text)
		if i+1 < len(seq) {
			end = seq[i+1].start
		}
		parts[i] = corpus.Part{Label: string(text[m.start]), Text: strings.TrimSpace(text[m.body:end])}
	}
	return parts
}

// hasLetterA reports whether text has an "A" followed, after at most one
// white-space character, by a character letterMarkRe takes after a label
// (":", "：", ".", ")", "）"): what a label A that letterMarkRe finds
// begins with.
func hasLetterA(text string) bool {
	for i := strings.IndexByte(text, 'A'); i >= 0; {
		rest := text[i+1:]
		if rest != "" && strings.IndexByte(reSpace, rest[0]) >= 0 {
			rest = rest[1:]
		}
		for _, p := range []string{":", "：", ".", ")", "）"} {
			if strings.HasPrefix(rest, p) {
				return true
			}
		}
		j := strings.IndexByte(text[i+1:], 'A')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// findParts gives the numbered items without parts the parts their
// texts print. A document that sets parts as lettered paragraphs ("A:",
// "B:" each starting a line, two or more in each of two items or more)
// sets all its parts so: in it, an enumeration inside a sentence
// ("either A) ... or B) ...") or a numbered list inside an item is text. Elsewhere an item's parts are
// the first found of: an enumeration (enumParts), lettered labels
// (letterParts), numbered lines (lineParts). An item with none of these
// may print parts with a word before their numbers ("Example 1:",
// wordParts). Where skip is not nil, an item skip marks gets none: its
// reader takes them away (it still counts in the choices above, which
// are the document's).
func findParts(items []corpus.Item, skip []bool) {
	paras := 0
	words := map[string]int{} // label words, by the number of items that print them
	for i := range items {
		it := &items[i]
		if !numberedKind(it.Kind) || len(it.Parts) > 0 {
			continue
		}
		if paraLetterTwo(it.Text) {
			paras++
		}
		seen := map[string]bool{}
		for ln := range strings.SplitSeq(it.Text, "\n") {
			if !mayWordNumber(ln) {
				continue
			}
			if l, ok := readPartLabel(ln, nil); ok && l.word != "" && l.comps != nil && !seen[foldWord(l.word)] {
				seen[foldWord(l.word)] = true
				words[foldWord(l.word)]++
			}
		}
	}
	for i := range items {
		it := &items[i]
		if !numberedKind(it.Kind) || len(it.Parts) > 0 || skip != nil && skip[i] {
			continue
		}
		if paras >= 2 {
			it.Parts = paraLetterParts(it.Text)
		} else {
			it.Parts = enumParts(it.Text)
			if it.Parts == nil {
				it.Parts = letterParts(it.Text)
			}
			if it.Parts == nil {
				it.Parts = lineParts(it.Text)
			}
		}
		if it.Parts == nil {
			it.Parts = wordParts(it.Text, words)
		}
	}
	onePartLists(items, skip)
}

// onePartLists gives a numbered item whose text is one line that starts
// a numbered list ("1. The general meeting ...", "(1) ..."; not "1 team
// timeout per game", a sentence that starts with a number) that line as its one
// part, where another item prints parts as numbered lines of that form
// (lineParts): the list of one a chapter holds among chapters that hold
// lists of two or more. Elsewhere one line is the item's text (lineParts
// asks two).
func onePartLists(items []corpus.Item, skip []bool) {
	forms := map[string]int{}
	for i := range items {
		if ps := items[i].Parts; len(ps) >= 2 && ps[0].Marker == "" {
			if l, ok := readLabel(items[i].Text); ok {
				forms[l.form()]++
			}
		}
	}
	if len(forms) == 0 {
		return
	}
	for i := range items {
		it := &items[i]
		if !numberedKind(it.Kind) || len(it.Parts) > 0 || skip != nil && skip[i] || strings.Contains(it.Text, "\n") {
			continue
		}
		l, ok := readLabel(it.Text)
		if !ok || forms[l.form()] == 0 || len(l.comps) != 1 || !l.comps[0].first() || l.prefix != "" || l.term == "" && !l.paren {
			continue
		}
		it.Parts = []corpus.Part{{Label: l.comps[0].s, Text: strings.TrimSpace(it.Text[l.end:])}}
	}
}

// mayWordNumber is false for a line that cannot start with a part label
// of a word and a number (readPartLabel's word and comps): its
// expression's word is letters and marks from the line's start, and its
// number ASCII digits (\d).
func mayWordNumber(ln string) bool {
	r, _ := utf8.DecodeRuneInString(ln)
	return (unicode.IsLetter(r) || unicode.IsMark(r)) && strings.ContainsAny(ln, "0123456789")
}

// paraLetter reads the label of a lettered paragraph, the letter want,
// at the start of ln.
func paraLetter(ln string, want rune) (label, bool) {
	// A label without a prefix word is read by readCore where ln's text
	// starts (readLabel's other such labels, CJK and circled, are no
	// capital with a terminator), its first component from that rune or
	// after a parenthesis (then it is "(A)", whose terminator is no ":"
	// or "."). So a text whose first rune labelRune does not make want
	// starts no such paragraph.
	if r, _ := utf8.DecodeRuneInString(strings.TrimLeftFunc(ln, unicode.IsSpace)); labelRune(r) != want {
		return label{}, false
	}
	l, ok := readLabel(ln)
	return l, ok && l.prefix == "" && len(l.comps) == 1 && l.comps[0].kind == compUpper && rune(l.comps[0].s[0]) == want && (l.term == ":" || l.term == ".")
}

// paraLetterTwo reports whether paraLetterParts finds two parts or more
// in text, without making them.
func paraLetterTwo(text string) bool {
	want := 'A'
	for ln := range strings.SplitSeq(text, "\n") {
		if _, ok := paraLetter(ln, want); ok {
			if want++; want > 'B' {
				return true
			}
		}
	}
	return false
}

// paraLetterParts finds the parts of a text that are lettered paragraphs:
// lines that start with "A:", "B.", ... in sequence from A (a letter out
// of sequence is text). A part runs to the next; the text before "A" is
// not a part.
func paraLetterParts(text string) []corpus.Part {
	var parts []corpus.Part
	want := 'A'
	for ln := range strings.SplitSeq(text, "\n") {
		l, ok := paraLetter(ln, want)
		if ok {
			want++
			parts = append(parts, corpus.Part{Label: l.comps[0].s, Text: strings.TrimSpace(ln[l.end:])})
			continue
		}
		if len(parts) > 0 {
			last := &parts[len(parts)-1]
			last.Text = strings.TrimSpace(last.Text + "\n" + ln)
		}
	}
	return parts
}

// wordParts finds the parts of a text that are paragraphs with the part
// labels of entries (readPartLabel: "Example 1:", "Example 1-A.",
// "Situation 2:", labelled 1, 1-A, S2): all with the word of the first,
// each label succeeding the one before (1, 1-A, 1-B, 2); the word alone
// ("Example: ...") is a part too where the document prints the word with
// numbers. Lines with labels of other words ("Step 1:", "1-A:") are text
// of the part they are in; the text before the first part is not a part.
// One such label alone is a part only where the word labels lines in
// other items too (words: the number of items that print each word with
// a number, folded).
func wordParts(text string, words map[string]int) []corpus.Part {
	known := map[string]bool{}
	for w := range words {
		known[w] = true
	}
	var parts []corpus.Part
	word := ""
	var prev []comp
	for ln := range strings.SplitSeq(text, "\n") {
		l, ok := readPartLabel(ln, known)
		w := foldWord(l.word)
		switch {
		case ok && w != "" && (word == "" || w == word) && (l.comps == nil || prev == nil && allFirst(l.comps) || prev != nil && follows(prev, l.comps, 0)):
			word = w
			if l.comps != nil {
				prev = l.comps
			}
			parts = append(parts, corpus.Part{Label: l.label(), Marker: l.marker, Text: strings.TrimSpace(ln[len(l.marker):])})
		case len(parts) > 0:
			last := &parts[len(parts)-1]
			last.Text = strings.TrimSpace(last.Text + "\n" + ln)
		}
	}
	if len(parts) == 1 && words[word] < 2 {
		return nil
	}
	return parts
}

// isTerminal reports whether r ends a sentence or a quotation.
func isTerminal(r rune) bool {
	return strings.ContainsRune("。．.!?！？」』）)\"”'’:：", r)
}

// endsSentence reports whether s ends with sentence punctuation, so that
// it was not cut mid-sentence.
func endsSentence(s string) bool {
	s = strings.TrimSpace(s)
	r, _ := utf8.DecodeLastRuneInString(s)
	return s != "" && isTerminal(r) && r != ':' && r != '：'
}

// trimEllipsis removes a trailing "…" or "..." and reports whether there was one.
func trimEllipsis(s string) (string, bool) {
	s = strings.TrimSpace(s)
	for _, e := range []string{"…", "...", "⋯"} {
		if strings.HasSuffix(s, e) {
			return strings.TrimSpace(strings.TrimSuffix(s, e)), true
		}
	}
	return s, false
}

// maxTitleRunes is the longest line read as a title.
const maxTitleRunes = 80

// titleLike reports whether s could be a title: a short line that ends
// without sentence punctuation and was not cut ("…").
func titleLike(s string) bool {
	n := runeLen(s)
	if n == 0 || n > maxTitleRunes || strings.Contains(s, "…") {
		return false
	}
	// A sentence's end in any script ("।", "։", "።", "۔", "။") is no
	// title's: Unicode's Sentence_Terminal holds them all, "." and "。"
	// too.
	r, _ := utf8.DecodeLastRuneInString(s)
	return !strings.ContainsRune("、,", r) && !unicode.Is(unicode.Sentence_Terminal, r)
}

// runeLen is the length of s in runes.
func runeLen(s string) int { return utf8.RuneCountInString(s) }

// lines splits text into lines with white space trimmed.
func lines(text string) []string {
	ls := strings.Split(corpus.Clean(text), "\n")
	for i := range ls {
		ls[i] = strings.TrimSpace(ls[i])
	}
	return ls
}
