package corpus

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// How items of each kind are named where a rulebook cites them: the
// word (or prefix) printed before the number.
var kindLabel = map[Kind]string{
	KindRule:       "Rule ",
	KindRP:         "RP-",
	KindAddendum:   "Addendum ",
	KindRegulation: "Regulation ",
	KindGuideline:  "Guideline ",
	KindDefinition: "Definition ",
}

// kindPlural names the items of a kind together, for notes on what an
// edition contains.
var kindPlural = map[Kind]string{
	KindRule:       "rules",
	KindRP:         "Recommended Procedures",
	KindAddendum:   "Illustration Addendum entries",
	KindRegulation: "regulations",
	KindGuideline:  "guidelines",
	KindDefinition: "definitions",
	KindSection:    "sections",
	KindPreamble:   "preambles",
	KindItem:       "items",
}

// KindName names the items of kind k together: "rules", "Recommended
// Procedures", "regulations"; an unknown kind by itself.
func KindName(k Kind) string {
	if s, ok := kindPlural[k]; ok {
		return s
	}
	return string(k)
}

// number returns the item's number as people read it: its printed
// Number, or for an item that prints none, the name its id gives
// (the slug of a section, the position of an item: "item:6" gives "6").
func (it *Item) number() string {
	if it.Number != "" {
		return it.Number
	}
	_, n, _ := strings.Cut(it.ID, ":")
	return n
}

// Label names the item as its source prints it, never by an internal
// id: its Printed label where it has one ("Article 12", "第十二条"), else
// its number after its kind's word: "Rule 7", "RP-5", "Addendum 40-A",
// "Regulation 1e2", "Guideline 1e2+"; an item that prints no number is
// named by its title, a preamble without one "Preamble", and any other
// "Item 6" (its position in the document).
func (it *Item) Label() string {
	if it.Printed != "" {
		return it.Printed
	}
	if it.Number != "" {
		if p, ok := kindLabel[it.Kind]; ok && !hasLabelPrefix(it.Number, p) {
			return p + it.Number
		}
		return it.Number
	}
	switch {
	case it.Title != "":
		return it.Title
	case it.Kind == KindPreamble:
		return "Preamble"
	}
	return "Item " + it.number()
}

// hasLabelPrefix reports whether a printed number already begins with
// its kind's prefix ("RP-5" of a Recommended Procedure, "Rule 7"), so
// that the label does not print it twice.
func hasLabelPrefix(number, prefix string) bool {
	p := strings.TrimSpace(prefix)
	return len(number) >= len(p) && strings.EqualFold(number[:len(p)], p)
}

// LabelTitle is Label followed by the title, when the item has a number
// and a title: "Rule 7: Seat Draw".
func (it *Item) LabelTitle() string {
	l := it.Label()
	if it.Number != "" && it.Title != "" {
		return l + ": " + it.Title
	}
	return l
}

// RefLabel names a reference as a rulebook prints it: "rule:71#B" is
// "Rule 71-B", "rule:RP-5" "RP-5" (a number that prints its letters),
// "sec:A" "Section A". The id says no kind, so a reference reads as a
// rule or a section; a reference of an unknown prefix gives its name
// after the colon.
func RefLabel(ref string) string {
	id, part, hasPart := strings.Cut(ref, "#")
	prefix, name, _ := strings.Cut(id, ":")
	var s string
	switch {
	case prefix == "rule" && name != "" && !unicode.IsDigit(rune(name[0])):
		s = name
	case prefix == "rule":
		s = kindLabel[KindRule] + name
	case prefix == "sec" && name != "" && name[0] != '_':
		s = "Section " + name
	case prefix == "sec" || prefix == "item" || prefix == "pre":
		s = capitalize(strings.ReplaceAll(name, "-", " "))
	default:
		s = name
		if k, ok := legacyPrefix[prefix]; ok {
			s = kindLabel[k] + name
		}
	}
	if hasPart {
		s += "-" + part
	}
	return s
}

func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
