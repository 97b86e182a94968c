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
