package ingest

import "testing"

// TestLabelPartLetter checks labels that join a part letter to their
// number with a hyphen ("Rule 40-A:", "1-A:"), read as the number and the
// letter, and that a hyphen between numbers or before a word ends no
// label.
func TestLabelPartLetter(t *testing.T) {
	for _, c := range []struct {
		in, prefix, printed, key string // key "" for no label
	}{
		{"Rule 40-A: Methods of Betting", "Rule", "40-A", "40.A"},
		{"1-A: Player A opens for 1200", "", "1-A", "1.A"},
		{"Example 4-B. Same opener", "Example", "4-B", "4.B"},
		{"RP-5-D. Premature card", "RP", "5-D", "5.D"},
		{"2-motion rule", "", "", ""},
		{"1000-2000 blinds", "", "", ""},
		{"40-A text without punctuation", "", "", ""},
		{"40-AB: two letters", "", "", ""},
	} {
		l, ok := readLabel(c.in)
		if c.key == "" {
			if ok {
				t.Errorf("readLabel(%q) = %+v, want no label", c.in, l)
			}
			continue
		}
		if !ok || l.prefix != c.prefix || l.printed != c.printed || l.key() != c.key || !l.hyphen {
			t.Errorf("readLabel(%q) = %+v, %v; want prefix %q, printed %q, key %q", c.in, l, ok, c.prefix, c.printed, c.key)
		}
	}
}

// TestStartsParagraph checks which PDF lines start a paragraph by their
// label: an item's, a part's, an example's or a step's; a lone capital
// or a number with a full stop only after a line that ends a clause
// (weak); never a sentence wrapped at "i.e.", "or 2)" or "A)".
func TestStartsParagraph(t *testing.T) {
	for _, c := range []struct {
		in             string
		starts, strong bool
	}{
		{"12: Declarations", true, true},
		{"RP-7. Timing of Dealer Pushes", true, true},
		{"Rule 11-D: Balancing Tables", true, true},
		{"Example 1. NLHE. Two players remain.", true, true},
		{"Step 2: If Seat 5 calls", true, true},
		{"2) the dealer then deals", true, true},
		{"A: Players must", true, false},
		{"2. Advise or criticize", true, false},
		{"i.e. removing just one chip", false, false},
		{"or 2) the opening bet", false, false},
		{"A) if the required number", false, false},
		{"1000 for total of 1600", false, false},
		{"Example: NLHE 9-handed", false, false},
	} {
		if starts, strong := startsParagraph(c.in); starts != c.starts || strong != c.strong {
			t.Errorf("startsParagraph(%q) = %v, %v; want %v, %v", c.in, starts, strong, c.starts, c.strong)
		}
	}
}

// TestCJKNumeralMarkers checks the paragraph markers printed in CJK
// numerals: in parentheses, or bare before a space or the enumeration
// comma; and that a numeral starting a word, alone, or 零 first is none.
func TestCJKNumeralMarkers(t *testing.T) {
	for _, c := range []struct {
		in    string
		key   string // "" for no label
		paren bool
	}{
		{"一　すべて人は", "1", false},
		{"二、总则", "2", false},
		{"十二 text", "12", false},
		{"（三）人人有权", "3", true},
		{"(十一) text", "11", true},
		{"（ 一 ）", "", false},
		{"一般に", "", false},
		{"十分な", "", false},
		{"一", "", false},
		{"一　", "", false},
		{"零　text", "", false},
		{"（一般）", "", false},
		{"(一 text", "", false},
	} {
		l, ok := readLabel(c.in)
		if c.key == "" {
			if ok {
				t.Errorf("readLabel(%q) = %+v, want no label", c.in, l)
			}
			continue
		}
		if !ok || l.key() != c.key || l.paren != c.paren || l.prefix != "" {
			t.Errorf("readLabel(%q) = %+v, %v; want key %q, paren %v", c.in, l, ok, c.key, c.paren)
		}
	}
}
