package align

import (
	"crypto/sha256"
	"slices"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// sameTokens reports whether two items of one language have the same
// tokens: everything rawTokens reads is equal.
func sameTokens(a, b *corpus.Item) bool {
	if a.Title != b.Title || a.Text != b.Text || !slices.Equal(a.Refs, b.Refs) || len(a.Parts) != len(b.Parts) {
		return false
	}
	for k := range a.Parts {
		if a.Parts[k].Label != b.Parts[k].Label {
			return false
		}
	}
	return true
}

// textKey stands for a text in comparison form: the first 128 bits of its
// sha256 (a chance collision among millions of items is about 1 in
// 10^26), so that the texts need not be kept. The zero key is a text of
// white space only.
type textKey [16]byte

// keyOf returns the key of a text in comparison form.
func keyOf(folded string) textKey { return keyIn(folded, nil) }

// keyIn is keyOf, with buf, if not nil, the storage of the bytes hashed:
// a worker's own, reused from item to item (a copy of every item's text
// was 4% of what an alignment allocated).
func keyIn(folded string, buf *[]byte) textKey {
	var k textKey
	if strings.TrimSpace(folded) == "" {
		return k
	}
	var b []byte
	if buf != nil {
		*buf = append((*buf)[:0], folded...)
		b = *buf
	} else {
		b = []byte(folded)
	}
	h := sha256.Sum256(b)
	copy(k[:], h[:])
	return k
}
