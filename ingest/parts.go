package ingest

import (
	"strings"
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
	r, _ := utf8.DecodeLastRuneInString(s)
	return !strings.ContainsRune("。．.!?！？、,", r)
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
