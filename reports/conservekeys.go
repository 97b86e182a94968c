package reports

import (
	"index/suffixarray"
	"slices"
	"strings"
)

// draftKeys answers whether a piece's key is in the keys of a draft's
// lines (conserveKey of each, one after the other): whether it is a
// substring of keys. A draft writes the translation's items nearly in
// their order, and each item's text from the start of a line, so a key
// is looked for first in the bytes after the last one found, then in
// those just before it (an item the draft writes a few places earlier),
// then at the starts of the lines whose keys begin as it does, the
// nearest to the last key found first (an item the draft writes
// elsewhere: moved, or under another item; in a text of few words many
// lines begin alike); one not found there is looked for in the whole
// text, a few times, and after those in a suffix array of it, made then
// (an array of the whole draft made first was a twentieth of sync's
// processor time at 100,000 items, and four bytes a byte of keys).
// Every answer is whether keys holds the key: the order only says where
// to look first.
type draftKeys struct {
	keys   string
	lines  []int              // where the key of each line starts
	starts map[string][]int   // line starts by their keys' first keyStart bytes (a shorter key whole), made at the first look there
	at     int                // where the last key found starts
	wholes int                // the looks through the whole text so far
	index  *suffixarray.Index // made after keysWholes looks through the whole text
}

const (
	// keysNearby is how many bytes after the last key found are looked
	// through first, and how many before it next: the text of some
	// dozens of items.
	keysNearby = 16 << 10
	// keyStart is how many bytes of a key find the lines it may start.
	keyStart = 12
	// lineStartsLooked is how many of the lines whose keys begin as a
	// key does are looked at (the nearest to the last key found): a
	// line written many times over is not looked at again for every
	// key.
	lineStartsLooked = 64
	// keysWholes is how many keys not found nearby nor at a line's
	// start are looked for in the whole text before the suffix array
	// is made.
	keysWholes = 16
)

// has reports whether k is in the keys ("" is).
func (x *draftKeys) has(k string) bool {
	switch {
	case k == "":
		return true
	case x.index != nil:
		return len(x.index.Lookup([]byte(k), 1)) > 0
	}
	if x.nearby(k) || x.atLineStart(k) {
		return true
	}
	if x.wholes < keysWholes {
		x.wholes++
		i := strings.Index(x.keys, k)
		if i >= 0 {
			x.at = i
		}
		return i >= 0
	}
	x.index = suffixarray.New([]byte(x.keys))
	return len(x.index.Lookup([]byte(k), 1)) > 0
}

// atLineStart reports whether k starts at the start of a line's key,
// and moves x.at there if it does.
func (x *draftKeys) atLineStart(k string) bool {
	if x.starts == nil {
		x.starts = make(map[string][]int, len(x.lines))
		for i, at := range x.lines {
			end := len(x.keys)
			if i+1 < len(x.lines) {
				end = x.lines[i+1]
			}
			p := x.keys[at:min(end, at+keyStart)]
			x.starts[p] = append(x.starts[p], at)
		}
	}
	// The lines in order of their distance from x.at: lo down, hi up.
	lines := x.starts[k[:min(len(k), keyStart)]]
	hi, _ := slices.BinarySearch(lines, x.at)
	lo := hi - 1
	for range min(len(lines), lineStartsLooked) {
		var at int
		if hi < len(lines) && (lo < 0 || lines[hi]-x.at <= x.at-lines[lo]) {
			at, hi = lines[hi], hi+1
		} else {
			at, lo = lines[lo], lo-1
		}
		if strings.HasPrefix(x.keys[at:], k) {
			x.at = at
			return true
		}
	}
	return false
}

// nearby reports whether k is in the keysNearby bytes after the last
// key found (where it may start) or, the nearest first, in the
// keysNearby bytes before it, and moves x.at where it is.
func (x *draftKeys) nearby(k string) bool {
	if i := strings.Index(x.keys[x.at:min(len(x.keys), x.at+keysNearby)], k); i >= 0 {
		x.at += i
		return true
	}
	from := max(0, x.at-keysNearby)
	if i := strings.LastIndex(x.keys[from:min(len(x.keys), x.at+len(k)-1)], k); i >= 0 {
		x.at = from + i
		return true
	}
	return false
}
