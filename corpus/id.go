package corpus

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// idPrefix maps a kind to the prefix of the ids of its numbered items.
var idPrefix = map[Kind]string{
	KindRule:       "rule",
	KindRP:         "rp",
	KindAddendum:   "add",
	KindRegulation: "reg",
	KindGuideline:  "guide",
	KindDefinition: "def",
	KindSection:    "sec",
	KindPreamble:   "pre",
}

// ID returns the stable id of an item of kind k numbered number: "rule:36",
// "rp:5", "add:40-A", "reg:1e2", "rule:Appendix-C" (white space made "-"). For a section the number is a slug of its
// title ("sec:general-concepts"). An empty number gives "".
func ID(k Kind, number string) string {
	if number == "" {
		return ""
	}
	p, ok := idPrefix[k]
	if !ok {
		p = "item"
	}
	// "Appendix C" -> "Appendix-C": an id holds no white space. Most
	// numbers have none ("36", "1e2"), and need no split: the split's
	// slice was a tenth of a Markdown ingest's allocations.
	if !maySpace(number) {
		return p + ":" + number
	}
	return p + ":" + strings.Join(strings.Fields(number), "-")
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

// AssignIDs gives every item of d without an id one: its kind and number
// when it has a number, "sec:<slug>" for a titled section, and otherwise
// "item:<n>" by position. Ids that collide get "-2", "-3", ... appended,
// in document order.
func AssignIDs(d *Document) {
	seen := make(map[string]int, len(d.Items))
	for i := range d.Items {
		if d.Items[i].ID != "" {
			seen[d.Items[i].ID]++
		}
	}
	for i := range d.Items {
		it := &d.Items[i]
		if it.ID != "" {
			continue
		}
		id := ID(it.Kind, it.Number)
		if id == "" && it.Kind == KindSection && it.Title != "" {
			id = ID(KindSection, Slug(it.Title))
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

// WellFormedID reports whether id has the form of an item id: a
// lower-case prefix, a colon, and a name of letters, digits and marks
// (of any script) joined by '-', '.', '+', '_' or parentheses ("rule:36", "add:40-A", "rule:4.1(5)",
// "guide:1e2+", "sec:wca-大会規則"). Every id rulesync makes has it; an id
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
	for i, r := range name {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.M, r):
		case i > 0 && (r == '-' || r == '.' || r == '+' || r == '_' || r == '(' || r == ')'):
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
