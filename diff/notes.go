package diff

import (
	"slices"
	"strings"
	"sync"

	"github.com/rulesync/rulesync/internal/lazyre"
	"github.com/rulesync/rulesync/internal/lexicon"
)

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

// mayNote reports whether s may hold a deletion note: a word a note is
// made of, either inside brackets (the nearest bracket before it opens
// one, and one closes after it: a note in brackets) or in a text with a
// year (a dated note). Most texts that name a removal ("removed from the
// table") are neither, and the expression cost far more than the look
// (4% of a diff).
func mayNote(s string) bool {
	year := hasYear(s)
	if !year && !(strings.ContainsAny(s, "[(") && strings.ContainsAny(s, "])")) {
		return false
	}
	l := strings.ToLower(s) // the brackets and words in the same order
	for _, w := range noteWords() {
		for from := 0; ; {
			k := strings.Index(l[from:], w)
			if k < 0 {
				break
			}
			k += from
			if year {
				return true
			}
			if o := strings.LastIndexAny(l[:k], "[]()"); o >= 0 && (l[o] == '[' || l[o] == '(') && strings.ContainsAny(l[k+len(w):], "])") {
				return true
			}
			from = k + 1
		}
	}
	return false
}

// hasYear reports whether s holds a year as deletionNoteRe reads one:
// "19" or "20" and two digits.
func hasYear(s string) bool {
	for i := 0; i+4 <= len(s); i++ {
		if (s[i] == '1' && s[i+1] == '9' || s[i] == '2' && s[i+1] == '0') && '0' <= s[i+2] && s[i+2] <= '9' && '0' <= s[i+3] && s[i+3] <= '9' {
			return true
		}
	}
	return false
}
