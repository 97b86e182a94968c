package diff

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// How a summary quotes a phrase of the text: clipped to whole words and
// clauses (clip, clipTo), with its brackets and quotes balanced.

// clipTo is clip with at most words words, cut at the limit with "…".
func clipTo(s string, words int) string {
	segs := Segment(s)
	n := 0
	for i, seg := range segs {
		if isWordSeg(seg) {
			n++
			if n > words {
				out := strings.TrimFunc(flat(strings.Join(segs[:i], "")), func(r rune) bool { return unicode.IsSpace(r) || clauseMark(string(r)) })
				return balanced(out) + "…"
			}
		}
	}
	return clip(s)
}

// trimmed is the edit without the words its two sides begin or end
// with alike (a text rewritten whole often keeps its first clause),
// those words moved to the text before or after it.
func (e summaryEdit) trimmed() summaryEdit {
	if e.del == "" || e.ins == "" {
		return e
	}
	a, b := Segment(e.del), Segment(e.ins)
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	for p > 0 && !isSpaceSeg(a[p-1]) {
		p-- // whole words only
	}
	q := 0
	for q < len(a)-p && q < len(b)-p && a[len(a)-1-q] == b[len(b)-1-q] {
		q++
	}
	for q > 0 && !isSpaceSeg(a[len(a)-q]) {
		q--
	}
	if p == 0 && q == 0 {
		return e
	}
	e.before += strings.Join(a[:p], "")
	e.after = strings.Join(a[len(a)-q:], "") + e.after
	e.del, e.ins = strings.Join(a[p:len(a)-q], ""), strings.Join(b[p:len(b)-q], "")
	return e
}

// widened is the edit with the word before and the word after it on
// both sides, within its clause, when one side is a single word: a
// number with its unit ("“for 30 seconds” became “for 60 seconds”"), a word
// replaced by a phrase with the words around it, an added word with its
// neighbours ("“see also Rule”").
func (e summaryEdit) widened() summaryEdit {
	d, n := countWords(e.del), countWords(e.ins)
	if max(d, n) > 1 && (min(d, n) != 1) {
		return e
	}
	pre, post := lastWord(e.before), firstWord(e.after)
	e.del, e.ins = pre+e.del+post, pre+e.ins+post
	e.before = strings.TrimSuffix(e.before, pre)
	e.after = strings.TrimPrefix(e.after, post)
	return e
}

// lastWord is the end of s from its last word on, when only white space
// follows that word ("the clock " -> "clock "); "" when punctuation or
// a line break does. Only the last run of other runes than white space
// is cut into segments: a run of white space is a segment of its own, so
// that run starts one in the whole text's segments too, and the ones
// from there are the same (s is the whole text before an edit, and its
// segments were most of the summaries' widening).
func lastWord(s string) string {
	if !utf8.ValidString(s) {
		return lastWordOf(Segment(s))
	}
	end := len(s)
	for end > 0 {
		r, n := utf8.DecodeLastRuneInString(s[:end])
		if segmentClass(r) != 6 {
			break
		}
		end -= n
	}
	if end == 0 {
		return "" // no word
	}
	start := end
	for start > 0 {
		r, n := utf8.DecodeLastRuneInString(s[:start])
		if segmentClass(r) == 6 {
			break
		}
		start -= n
	}
	return lastWordOf(appendSegments(nil, s[start:]))
}

// lastWordOf is lastWord of the text whose segments are segs.
func lastWordOf(segs []string) string {
	k := len(segs) - 1
	for k >= 0 && isSpaceSeg(segs[k]) && !strings.Contains(segs[k], "\n") {
		k--
	}
	if k < 0 || !isWordSeg(segs[k]) {
		return ""
	}
	return strings.Join(segs[k:], "")
}

// firstWord is the start of s up to its first word, when only white
// space comes before it; "" otherwise. Only s up to the end of its first
// run of other runes than white space is cut into segments (see
// lastWord).
func firstWord(s string) string {
	if !utf8.ValidString(s) {
		return firstWordOf(Segment(s))
	}
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if segmentClass(r) != 6 {
			break
		}
		i += n
	}
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if segmentClass(r) == 6 {
			break
		}
		i += n
	}
	return firstWordOf(appendSegments(nil, s[:i]))
}

// firstWordOf is firstWord of the text whose segments are segs.
func firstWordOf(segs []string) string {
	k := 0
	for k < len(segs) && isSpaceSeg(segs[k]) && !strings.Contains(segs[k], "\n") {
		k++
	}
	if k >= len(segs) || !isWordSeg(segs[k]) {
		return ""
	}
	return strings.Join(segs[:k+1], "")
}

// clip is one side of an edit as a summary quotes it: on one line,
// without the white space and the commas, semicolons, colons and full
// stops at its ends, and cut after quoteWords words, at the last clause
// boundary past the first third of them when there is one, with "…".
func clip(s string) string {
	t := s // s as Segment reads it
	if !utf8.ValidString(s) {
		t = string([]rune(s))
	}
	// The segments read one at a time, each place kept as the byte
	// where its segment starts (a segment is never empty: the first
	// starts at 0 alone).
	words, clause, sentence := 0, -1, -1
	cut, clipped := len(t), false
	for i := 0; i < len(t); {
		j := segmentEnd(t, i)
		seg := t[i:j]
		switch {
		case isWordSeg(seg):
			words++
			if words > quoteWords {
				cut, clipped = i, true
			}
		case words < quoteWords/3:
		case strings.Contains(seg, "\n") || len(seg) <= 3 && sentenceEnd([]rune(seg)[0]):
			sentence = i
		case clauseMark(seg):
			clause = i
		}
		if clipped {
			break
		}
		i = j
	}
	out := s
	if clipped {
		switch {
		case sentence > 0:
			cut = sentence
		case clause > 0:
			cut = clause
		}
		out = t[:cut]
	}
	out = balanced(strings.TrimFunc(flat(out), func(r rune) bool { return unicode.IsSpace(r) || clauseMark(string(r)) }))
	if clipped && out != "" {
		out += "…"
	}
	return out
}

// balanced is s without a bracket at its start or end that has no
// partner in it ("see the website)" -> "see the website").
func balanced(s string) string {
	for _, p := range [][2]string{{"(", ")"}, {"[", "]"}} {
		open, close := strings.Count(s, p[0]), strings.Count(s, p[1])
		switch {
		case close > open && strings.HasSuffix(s, p[1]):
			s = strings.TrimSpace(strings.TrimSuffix(s, p[1]))
		case open > close && strings.HasPrefix(s, p[0]):
			s = strings.TrimSpace(strings.TrimPrefix(s, p[0]))
		}
	}
	return s
}

// clauseMark reports whether a segment is a mark that ends a clause or
// a sentence in any script: a comma, a semicolon, a colon, a full stop,
// a question or exclamation mark.
func clauseMark(seg string) bool {
	r, size := utf8.DecodeRuneInString(seg)
	if size != len(seg) || !unicode.IsPunct(r) {
		return false
	}
	return sentenceEnd(r) || strings.ContainsRune(",;:、，；：۔،؛", r)
}

// flat writes a text on one line: its line breaks as spaces.
func flat(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// labelOnly reports whether a side of an edit is no more than a part's
// label and punctuation ("A: ", "C"): the parts' change, which the
// reason states, and no change of what the rule says.
func labelOnly(s string, parts []corpus.Part) bool {
	t := strings.TrimFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) })
	if t == "" {
		return true
	}
	for _, p := range parts {
		if t == p.Label || t == strings.TrimFunc(p.Marker, unicode.IsPunct) {
			return true
		}
	}
	return false
}

// isWordSeg reports whether a segment of Segment is a word: letters,
// digits or a run of one script.
func isWordSeg(seg string) bool {
	r, _ := utf8.DecodeRuneInString(seg)
	c := segmentClass(r)
	return c != 0 && c != 6
}

// isSpaceSeg reports whether a segment is white space.
func isSpaceSeg(seg string) bool {
	r, _ := utf8.DecodeRuneInString(seg)
	return segmentClass(r) == 6
}

// countWords counts the words of s as Segment cuts them.
func countWords(s string) int {
	if !utf8.ValidString(s) {
		s = string([]rune(s))
	}
	n := 0
	for i := 0; i < len(s); {
		j := segmentEnd(s, i)
		if isWordSeg(s[i:j]) {
			n++
		}
		i = j
	}
	return n
}
