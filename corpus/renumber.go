package corpus

import (
	"sort"
	"strings"
)

// RenumberRefs rewrites the citations in text of the items renumber maps
// from their old ids to their new ones ("rule:2k" -> "rule:2m", "rule:12"
// -> "rule:13"): each printed number of such an item that is part of a
// citation (Refs reads the citation around it, in any style it knows:
// "Rule 12", "ルール第12項", "[Regulation 2k](regulations:regulation:2k)")
// becomes the new number; every other occurrence of the number ("12
// seconds") stays. All renumberings apply at once, so 3 -> 4 and 4 -> 5
// never make 3 a 5.
func RenumberRefs(text string, renumber map[string]string) string {
	if len(renumber) == 0 || text == "" {
		return text
	}
	cited := Refs(text)
	type edit struct {
		start, end int
		new        string
	}
	var edits []edit
	for _, ref := range cited {
		id, oldNum, newNum, ok := renumbered(ref, renumber)
		if !ok {
			continue
		}
		for off := 0; ; {
			i := strings.Index(text[off:], oldNum)
			if i < 0 {
				break
			}
			i += off
			end := i + len(oldNum)
			off = end
			if i > 0 && asciiAlnum(text[i-1]) || end < len(text) && asciiAlnum(text[end]) {
				continue
			}
			// The number belongs to a citation of id when the citation
			// around it is read as one, and is not without it.
			lo, hi := runeStart(text, max(0, i-40)), runeStart(text, min(len(text), end+12))
			window := text[lo:hi]
			without := text[lo:i] + "\x00" + text[end:hi]
			if citesItem(window, id) && !citesItem(without, id) || inLinkTo(text, i, end, id) {
				edits = append(edits, edit{i, end, newNum})
			}
		}
	}
	if len(edits) == 0 {
		return text
	}
	sort.Slice(edits, func(a, b int) bool { return edits[a].start < edits[b].start })
	var b strings.Builder
	at := 0
	for _, e := range edits {
		if e.start < at {
			continue // overlapping: the first wins
		}
		b.WriteString(text[at:e.start])
		b.WriteString(e.new)
		at = e.end
	}
	b.WriteString(text[at:])
	return b.String()
}

// numberOf is the printed number of an id's name: "article-A" -> "A".
func numberOf(name string) string {
	return strings.TrimPrefix(name, "article-")
}

func citesItem(text, id string) bool {
	for _, r := range Refs(text) {
		if RefItem(r) == id {
			return true
		}
	}
	return false
}

func asciiAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// runeStart moves i back to the start of the rune it is in.
func runeStart(s string, i int) int {
	for i > 0 && i < len(s) && s[i]&0xC0 == 0x80 {
		i--
	}
	return i
}

// inLinkTo reports whether text[i:end] is inside the text of a Markdown
// link whose target cites id ("[Regulation 2k](regulations:regulation:2k)").
func inLinkTo(text string, i, end int, id string) bool {
	open := strings.LastIndexAny(text[:i], "[]")
	if open < 0 || text[open] != '[' {
		return false
	}
	close := strings.IndexAny(text[end:], "[]")
	if close < 0 || text[end+close] != ']' {
		return false
	}
	close += end
	if !strings.HasPrefix(text[close:], "](") {
		return false
	}
	paren := strings.IndexByte(text[close:], ')')
	if paren < 0 {
		return false
	}
	return citesItem(text[close:close+paren+1], id)
}

// RenumberCited is RenumberRefs for the text of an item known to cite
// cited (its Refs, read before its markup was taken away: a WCA link
// "[規則 1e](regulations:regulation:1e)" leaves "規則 1e", which no
// citation style reads): besides what RenumberRefs finds, a number of a
// cited item that holds a letter ("1e", "A3b") and stands alone is
// renumbered; a number of digits alone ("12") only in a citation.
func RenumberCited(text string, cited []string, renumber map[string]string) string {
	text = RenumberRefs(text, renumber)
	for _, ref := range cited {
		_, oldNum, newNum, ok := renumbered(ref, renumber)
		if !ok || strings.Trim(oldNum, "0123456789.") == "" {
			continue
		}
		var b strings.Builder
		for rest := text; ; {
			i := strings.Index(rest, oldNum)
			if i < 0 {
				b.WriteString(rest)
				break
			}
			end := i + len(oldNum)
			if (i == 0 || !asciiAlnum(rest[i-1])) && (end == len(rest) || !asciiAlnum(rest[end])) {
				b.WriteString(rest[:i] + newNum)
			} else {
				b.WriteString(rest[:end])
			}
			rest = rest[end:]
		}
		text = b.String()
	}
	return text
}

// renumbered gives the item a reference cites, with its number as
// printed before and after renumber moved it; ok is false for an item
// renumber leaves where it was, or a number that cannot be printed.
func renumbered(ref string, renumber map[string]string) (id, oldNum, newNum string, ok bool) {
	id = RefItem(ref)
	to, moved := renumber[id]
	if !moved || to == id {
		return id, "", "", false
	}
	_, oldNum, _ = strings.Cut(id, ":")
	_, newNum, _ = strings.Cut(to, ":")
	oldNum, newNum = numberOf(oldNum), numberOf(newNum)
	return id, oldNum, newNum, oldNum != "" && newNum != ""
}
