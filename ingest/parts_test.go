package ingest

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestPartPrefilters holds the cheap look that spares letterParts its
// expression to that expression: on random texts of labels, letters,
// white space and punctuation, a text the look turns away has no match
// that letterParts would read.
func TestPartPrefilters(t *testing.T) {
	pieces := []string{"A", "B", "a", "b", "x", "ç", "エ", "1", " ", "  ", "\t", "\n", "\v", ".", ":", "：", ")", "）", "(", "（", "。", "；", "A.", "A :", "A\n)", "word "}
	r := rand.New(rand.NewPCG(16, 1))
	for range 200000 {
		var b strings.Builder
		for range r.IntN(8) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		text := b.String()
		if !hasLetterA(text) {
			for _, m := range letterMarkRe.FindAllStringSubmatchIndex(text, -1) {
				if text[m[2]] == 'A' {
					t.Fatalf("hasLetterA(%q) is false, but letterMarkRe finds label A at %d", text, m[2])
				}
			}
		}
	}
}

// TestEnumMarks holds enumMarks to enumMarkRe, whose matches it finds by
// hand, on random texts of letters of several scripts, digits, white
// space and what \s does not take, parentheses, and bytes that are not
// UTF-8.
func TestEnumMarks(t *testing.T) {
	pieces := []string{"a", "b", "Z", "ç", "エ", "ー", "字", "1", "9", "٣", " ", "\t", "\n", "\f", "\r", "\v", "\u00a0", "\u3000", ")", "）", "(", "（", ".", "\xe3", "\xa9", "\xe3\x81", "word "}
	r := rand.New(rand.NewPCG(16, 2))
	for range 200000 {
		var b strings.Builder
		for range r.IntN(10) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		text := b.String()
		got, want := enumMarks(text), enumMarkRe.FindAllStringSubmatchIndex(text, -1)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("enumMarks(%q) = %v, enumMarkRe finds %v", text, got, want)
		}
	}
}
