package ingest

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/internal/numerals"
)

// What a heading of a run prints: its frame (the parts it may share with
// the others of its run, runKey) and the number that stands in it, read
// from a label, a numeral or a number word (numberRuns reads the runs).

// runKey is what a heading shares with the others of its run: the
// context of its number ('C'), its first word ('F') or its last ('L').
type runKey struct {
	by   byte
	text string
}

// headingFrame is what numberRuns reads of one heading.
type headingFrame struct {
	block    int
	keys     [3]runKey // zero where the heading has no such part
	value    int       // its value, 0 where none
	from, to int       // where num stands in the text
	// read is the label the grammar reads at the heading's start, if
	// any; numbered is set where it has two components or more ("A.1",
	// "2.3"): a heading another numbering numbers, which ends a run.
	read     *label
	numbered bool
	// inserted is set where the label is an article inserted after
	// another ("第三条之二": comp.inserted): it stands between two
	// headings of a run, neither in it nor ending it.
	inserted bool
	// marked is the number an id marker gives the heading
	// (markedNumber: "{{rulesync:id rule:18}}"), 0 where none does: the
	// heading stands in its run with that number, whatever it prints.
	marked int
	// wordEnd is where the words that frame a number in Hangul end
	// ("제십이조 목적": after 조), 0 for any other number: the label's
	// end where the rest is a title.
	wordEnd int
}

// frameOf reads a heading's number and the parts it may share; the
// markers of a draft at its end are no words of it (trailingMarkers).
func frameOf(i int, text string) headingFrame {
	f := headingFrame{block: i}
	if strings.Contains(text, "{{rulesync:") {
		if comps := markedNumber(text); len(comps) == 1 && comps[0].kind == compNum {
			f.marked = comps[0].n
		}
		text = trailingMarkers(text)
	}
	if l, ok := readLabel(text); ok && !l.paren {
		f.read, f.numbered = &l, len(l.comps) > 1
		if _, ok := spacedSuffix(text, l); ok {
			// "Article 3 bis": as "Article 3bis", between two of a
			// run (spacedSuffixes reads it where its neighbours say).
			f.inserted = true
			return f
		}
		if f.numbered {
			f.inserted = l.comps[len(l.comps)-1].inserted
			return f
		}
	}
	if from, to, v, ok := numeralToken(text); ok {
		f.value, f.from, f.to = v, from, to
		f.keys[0] = runKey{'C', strings.TrimSpace(text[:from]) + "\x00" + strings.TrimSpace(text[to:])}
	} else if h, ok := hangulNumber(text); ok {
		f.value, f.from, f.to, f.wordEnd = h.value, h.from, h.to, h.end
		f.keys[0] = runKey{'C', h.before + "\x00" + h.after}
	}
	if w := firstWord(text); w != "" {
		f.keys[1] = runKey{'F', w}
		f.keys[2] = runKey{'L', lastWord(text)}
	}
	return f
}

// trailingMarkers is text without the markers and notes of a draft
// at its end ("Kifungu cha 3. {{rulesync:review}} {{rulesync:id
// rule:3}}"), where sync writes them on a heading line.
func trailingMarkers(text string) string {
	for {
		t := strings.TrimRight(text, " \t")
		k := strings.LastIndex(t, "{{rulesync:")
		if k < 0 || !strings.HasSuffix(t, "}}") || strings.Contains(t[k:len(t)-2], "}}") {
			return t
		}
		text = t[:k]
	}
}

// isLetterMark reports whether r is part of a word: a letter or a mark.
func isLetterMark(r rune) bool { return unicode.IsLetter(r) || unicode.IsMark(r) }

// firstWord is the first run of letters and marks in s, or "".
func firstWord(s string) string {
	i := strings.IndexFunc(s, isLetterMark)
	if i < 0 {
		return ""
	}
	j := strings.IndexFunc(s[i:], func(r rune) bool { return !isLetterMark(r) })
	if j < 0 {
		return s[i:]
	}
	return s[i : i+j]
}

// lastWord is the last run of letters and marks in s, or "".
func lastWord(s string) string {
	j := strings.LastIndexFunc(s, isLetterMark)
	if j < 0 {
		return ""
	}
	_, n := utf8.DecodeRuneInString(s[j:])
	i := strings.LastIndexFunc(s[:j], func(r rune) bool { return !isLetterMark(r) })
	if i < 0 {
		return s[:j+n]
	}
	_, m := utf8.DecodeRuneInString(s[i:])
	return s[i+m : j+n]
}

func (f headingFrame) has(k runKey) bool {
	return k.by != 0 && (f.keys[0] == k || f.keys[1] == k || f.keys[2] == k)
}

// middle is the heading's text without the shared word k, trimmed of
// white space and punctuation: the part that may number it.
func middle(text string, k runKey) string {
	var rest string
	switch k.by {
	case 'F':
		_, rest, _ = strings.Cut(text, k.text)
	case 'L':
		if i := strings.LastIndex(text, k.text); i >= 0 {
			rest = text[:i]
		}
	}
	return strings.TrimFunc(rest, func(r rune) bool { return !isLetterMark(r) && numerals.Digit(r) < 0 })
}

// wordValue reads a middle with no digits as a number: a roman numeral
// ("XI") or a Hebrew letter numeral ("יא"), or 0.
func wordValue(s string) int {
	if s == "" {
		return 0
	}
	if v := romanValue(s); v > 0 {
		return v
	}
	return hebrewValue(s)
}

// leadValue reads the first word after a run's shared first word as a
// number where the heading goes on past it ("Chapter IV: Meetings",
// "סעיף ד כללי"): a roman or Hebrew letter numeral followed by a title,
// which middle, reading all the rest, misses. It records where the
// number stands in f (from, to), so that the rest is the title
// (runLabelEnd), and returns its value, or 0.
func leadValue(text string, f *headingFrame, key runKey) int {
	if key.by != 'F' {
		return 0
	}
	w := strings.Index(text, key.text)
	if w < 0 {
		return 0
	}
	from := w + len(key.text)
	i := strings.IndexFunc(text[from:], isLetterMark)
	if i < 0 {
		return 0
	}
	// Only white space or punctuation between the word and the number.
	if strings.IndexFunc(text[from:from+i], func(r rune) bool { return !unicode.IsSpace(r) && !unicode.IsPunct(r) }) >= 0 {
		return 0
	}
	from += i
	to := strings.IndexFunc(text[from:], func(r rune) bool { return !isLetterMark(r) })
	if to < 0 {
		return 0 // the number is all the rest: middle read it, or it is none
	}
	to += from
	v := wordValue(text[from:to])
	if v > 0 {
		f.from, f.to = from, to
	}
	return v
}

// numberWords is where a heading's number stands when it is words its
// place numbers ("Chapter One: Membership", "Capítulo Primero. Socios"):
// after the run's shared first word, up to the punctuation that ends
// the label if three words or fewer come before it, else the one word
// that follows the shared one. It returns from == to where it finds
// none (a run not keyed by a first word, or nothing after it).
func numberWords(text string, key runKey) (from, to int) {
	if key.by != 'F' {
		return 0, 0
	}
	w := strings.Index(text, key.text)
	if w < 0 {
		return 0, 0
	}
	start := w + len(key.text)
	i := strings.IndexFunc(text[start:], isLetterMark)
	if i < 0 {
		return 0, 0
	}
	from = start + i
	words, end := 0, from
	first := -1 // the end of the first word
	for end < len(text) {
		r, n := utf8.DecodeRuneInString(text[end:])
		switch {
		case isLetterMark(r):
			j := strings.IndexFunc(text[end:], func(r rune) bool { return !isLetterMark(r) })
			if j < 0 {
				j = len(text) - end
			}
			end += j
			if words++; first < 0 {
				first = end
			}
			if words > 3 {
				return from, first
			}
			continue
		case labelPunct(r) && r != '-' && r != '\'':
			return from, end
		}
		end += n
	}
	if words > 1 {
		return from, first
	}
	return from, end
}
