package corpus

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Item ids.
//
// An item's id comes from how the source numbers it and where it sits in
// the outline, never from a word of the document's language: two
// documents that number alike get the same ids whatever their headings
// say, and a translation keeps the ids of its source wherever it keeps
// its numbers. The forms:
//
//   - "sec:3", "sec:3.2", "sec:A": a section (a heading with the text
//     and items under it) that prints a number, by the number as printed.
//   - "sec:_2", "sec:_2.1": a section that prints none, by its place
//     among the document's unnumbered headings: the second at the top
//     level, the first under it. The "_" keeps these apart from printed
//     numbers, which never start with one.
//   - "rule:36", "rule:1a", "rule:1a+", "rule:4.1(5)": every other
//     numbered item, whatever kind its division or label names
//     (rule, regulation, guideline, recommended procedure, addendum
//     entry, definition). The kind labels the item (Item.Kind, Label) and
//     is no part of its id.
//   - "rule:RP-7": letters a label prints joined to its number stay in
//     the id; a word before the number ("Article 3", "Regel 3") does not.
//   - "rule:_14_10", "rule:3_1": a numbering that starts again under a
//     heading (a second list 1, 2, 3 under a new heading; an addendum
//     that goes back to rule 10 after rule 71) is qualified by that
//     heading: its outline place ("_14") or its printed number ("3"), then
//     "_" and the item's own number.
//   - "rule:_3": an item numbered by its place alone, the third of a
//     run of headings that print nothing that tells them apart
//     ("Article" thirty times, the numbers lost): it has no Number, and
//     pairs with a translation's item by what the two say and where,
//     never by a label.
//   - "pre:1", "pre:2": the preambles (text before the first item,
//     under a division's heading, or after a list that is all a heading
//     holds), in document order.
//   - "item:4.9.1", "item:<anchor>", "item:6": an item of a document
//     that prints no numbers, by its place among the headings, the HTML
//     id the page gives it, or its position.
//
// An id occurs once in a document: where two items still come out with
// one id (a source that prints a number twice), the second gets "-2",
// and the ingester warns, naming both places.

// idPrefix maps a kind to the prefix of the ids of its items: "sec" for
// sections, "pre" for preambles, "item" for the rest, and "rule" for every
// kind of numbered item.
var idPrefix = map[Kind]string{
	KindRule:       "rule",
	KindRP:         "rule",
	KindAddendum:   "rule",
	KindRegulation: "rule",
	KindGuideline:  "rule",
	KindDefinition: "rule",
	KindSection:    "sec",
	KindPreamble:   "pre",
	KindItem:       "item",
}

// NumberedKind reports whether items of kind k are named by their
// numbers as "rule:<number>": every kind but sections, preambles and
// plain items.
func NumberedKind(k Kind) bool { return idPrefix[k] == "rule" }

// WithKind returns id with the prefix of kind k ("rule:3.1" of kind
// section is "sec:3.1"): what follows its colon is kept. An id without
// a colon is returned as it is.
func WithKind(id string, k Kind) string {
	_, name, ok := strings.Cut(id, ":")
	if !ok {
		return id
	}
	p, ok := idPrefix[k]
	if !ok {
		p = "item"
	}
	return p + ":" + name
}

// ID returns the stable id of an item of kind k numbered number:
// "rule:36", "rule:1e2", "rule:40-A", "rule:Appendix-C" (white space
// made "-"), "sec:3.2" for a numbered section (see Item ids above). An
// empty number, or one that makes no well-formed id ("!0", ".5": see
// WellFormedID), gives "": such an item is named by its place.
func ID(k Kind, number string) string {
	p, name, ok := idParts(k, number)
	if !ok {
		return ""
	}
	return p + ":" + name
}

// idParts returns ID(k, number)'s prefix and name, the two sides of its
// colon, and whether it is an id (not ""), without joining them.
func idParts(k Kind, number string) (prefix, name string, ok bool) {
	if number == "" {
		return "", "", false
	}
	p, ok := idPrefix[k]
	if !ok {
		p = "item"
	}
	// "Appendix C" -> "Appendix-C": an id holds no white space. Most
	// numbers have none ("36", "1e2"), and need no split: the split's
	// slice was a tenth of a Markdown ingest's allocations.
	name = number
	if maySpace(number) {
		name = strings.Join(strings.Fields(number), "-")
	}
	// The prefixes are lower-case letters: WellFormedID of the joined
	// id is that of its name.
	if name == "" || !wellFormedName(name) {
		return "", "", false
	}
	return p, name, true
}

// QualifiedID returns the id of an item numbered number in a numbering
// that started again under a heading: "rule:_14_10" under the heading at
// outline place _14, "rule:3_1" under the heading numbered 3 (within is
// the heading's id without its prefix).
func QualifiedID(k Kind, within, number string) string {
	id := ID(k, number)
	if id == "" || within == "" {
		return id
	}
	p, n, _ := strings.Cut(id, ":")
	return p + ":" + strings.Join(strings.Fields(within), "-") + "_" + n
}

// PlaceNumberID returns the id of an item of kind k that prints no
// number, numbered by its place n in a run of headings that print
// nothing that tells them apart ("Article" thirty times): "rule:_3" for
// the third. Like an outline place's, the "_" keeps it apart from a
// printed number: a translation that prints "Article 3" is paired with
// it by what it says and where, never by its label. "" where n makes no
// id.
func PlaceNumberID(k Kind, n string) string {
	if n == "" {
		return ""
	}
	return ID(k, "_"+n)
}

// OutlineID returns the id of a section that prints no number, at place
// (its 1-based place among the unnumbered headings at each level, from
// the top): "sec:_2.1".
func OutlineID(place []int) string {
	if len(place) == 0 {
		return ""
	}
	return "sec:" + OutlinePlace(place)
}

// PlaceID reports whether id names its item by its place in the
// document's outline of unnumbered headings, wholly or in part: "sec:_2",
// "rule:_3_1". Another layout of the same text (a translation's, a
// draft's) may nest its headings otherwise, so such ids pair reliably
// only within one layout.
func PlaceID(id string) bool {
	_, name, _ := strings.Cut(id, ":")
	return strings.HasPrefix(name, "_")
}

// OutlinePlace is the id fragment of an outline place: "_2.1".
func OutlinePlace(place []int) string {
	var b strings.Builder
	b.WriteByte('_')
	for i, n := range place {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}

// maySpace reports whether s may hold white space as strings.Fields
// reads it (unicode.IsSpace): an ASCII space or control character of
// "\t\n\v\f\r ", or any byte beyond ASCII (not decoded: the caller then
// splits).
func maySpace(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == ' ' || '\t' <= c && c <= '\r' || c >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// PositionID returns the id of an item the source prints no number for:
// "item:<n>" with n its 1-based position in the document.
func PositionID(n int) string { return "item:" + strconv.Itoa(n) }

// Slug turns a title into an id fragment: letters and digits of any
// script kept, case folded, everything else collapsed to single hyphens.
// "Seating, Breaking and Balancing Tables" -> "seating-breaking-and-balancing-tables".
func Slug(s string) string {
	s = Fold(s)
	var b strings.Builder
	hyphen := false
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) {
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			hyphen = false
			b.WriteRune(unicode.ToLower(r))
			continue
		}
		hyphen = true
	}
	return b.String()
}

// AssignIDs gives every item of d without an id one: "rule:<number>"
// or "sec:<number>" when it has a number, "sec:_<n>" for the n-th
// section without one (its place in a flat outline: a reader that knows
// the nesting gives OutlineID itself), "pre:<n>" for the n-th preamble,
// and otherwise "item:<n>" by position. Ids that collide (given here,
// or by the reader) get "-2", "-3", ... appended, in document order;
// Duplicates names them.
func AssignIDs(d *Document) {
	seen := make(map[string]int, len(d.Items))
	for i := range d.Items {
		if d.Items[i].ID != "" {
			seen[d.Items[i].ID]++
		}
	}
	unnumbered, preambles := 0, 0
	kept := make(map[string]bool, len(seen)) // the ids given beforehand, kept by their first item
	for i := range d.Items {
		it := &d.Items[i]
		if it.ID != "" {
			// An id a reader gave twice (a numbering started twice under
			// one heading) is suffixed as any other.
			if kept[it.ID] {
				base := it.ID
				for n := 2; seen[it.ID] > 0; n++ {
					it.ID = base + "-" + strconv.Itoa(n)
				}
				seen[it.ID]++
			}
			kept[it.ID] = true
			continue
		}
		id := ID(it.Kind, it.Number)
		switch {
		case id != "":
		case it.Kind == KindSection:
			unnumbered++
			id = OutlineID([]int{unnumbered})
		case it.Kind == KindPreamble:
			preambles++
			id = "pre:" + strconv.Itoa(preambles)
		}
		if id == "" {
			id = PositionID(i + 1)
		}
		base := id
		for n := 2; seen[id] > 0; n++ {
			id = base + "-" + strconv.Itoa(n)
		}
		seen[id]++
		it.ID = id
	}
}

// Duplicate is an id two items of a document were to share: First and
// Second are the indexes in Items of the item that keeps it and of the
// one AssignIDs gave a suffix ("-2").
type Duplicate struct {
	ID            string
	First, Second int
}

// Duplicates returns the items of d whose ids AssignIDs would make
// collide (the same number printed twice, or an id given twice), in
// document order. Call it before AssignIDs, on items without ids or
// with ids their reader gave.
func Duplicates(d *Document) []Duplicate {
	// An id is looked up by the two sides of its first colon (and
	// whether it has one, for an id a reader gave): the same key for
	// the same id, without joining the ones made from numbers, most.
	type key struct {
		prefix, name string
		colon        bool
	}
	first := make(map[key]int, len(d.Items))
	var out []Duplicate
	for i := range d.Items {
		it := &d.Items[i]
		var k key
		if it.ID != "" {
			k.prefix, k.name, k.colon = strings.Cut(it.ID, ":")
		} else if k.prefix, k.name, k.colon = idParts(it.Kind, it.Number); !k.colon {
			continue
		}
		if j, ok := first[k]; ok {
			id := it.ID
			if id == "" {
				id = k.prefix + ":" + k.name
			}
			out = append(out, Duplicate{id, j, i})
			continue
		}
		first[k] = i
	}
	return out
}

// WellFormedID reports whether id has the form of an item id: a
// lower-case prefix, a colon, and a name of letters, digits and marks
// (of any script) joined by '-', '.', '+', '_' or parentheses, or
// opened by '_' ("rule:36", "rule:40-A", "rule:4.1(5)", "rule:1e2+",
// "sec:_2.1", "rule:_3_1", "sec:wca-大会規則"). Every id rulesync makes has it; an id
// with quotes, angle brackets, spaces or control characters has not.
func WellFormedID(id string) bool {
	prefix, name, ok := strings.Cut(id, ":")
	if !ok || prefix == "" || name == "" {
		return false
	}
	for _, r := range prefix {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return wellFormedName(name)
}

// wellFormedName reports whether name is the name of a well-formed id
// (WellFormedID), name != "" aside.
func wellFormedName(name string) bool {
	for i, r := range name {
		switch {
		case '0' <= r && r <= '9' || 'a' <= r|0x20 && r|0x20 <= 'z':
			// ASCII letters and digits, most names' runes, without the
			// tables.
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.M, r):
		case i > 0 && (r == '-' || r == '.' || r == '+' || r == '(' || r == ')'), r == '_':
		default:
			return false
		}
	}
	return true
}

// WellFormedRef reports whether ref is a well-formed id, with an
// optional fragment naming a part ("rule:71#B").
func WellFormedRef(ref string) bool {
	id, part, ok := strings.Cut(ref, "#")
	return WellFormedID(id) && (!ok || WellFormedID("p:"+part))
}
