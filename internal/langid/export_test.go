package langid

import (
	"testing"
	"unicode"
)

// StartCPU starts a cpuMeter for the benchmarks of package langid_test
// and returns its report.
func StartCPU() func(*testing.B) { return startCPU().report }

// unicodeScript is the table of the script named name, nil for none.
func unicodeScript(name string) *unicode.RangeTable { return unicode.Scripts[name] }

// isLowerLetter reports whether c is a lower-case letter.
func isLowerLetter(c rune) bool { return unicode.IsLower(c) }

// commonest is the letter of the script table the texts write most.
func commonest(texts []string, table *unicode.RangeTable) rune {
	count := map[rune]int{}
	best := rune(0)
	for _, s := range texts {
		for _, c := range s {
			if unicode.IsLower(c) && unicode.Is(table, c) {
				if count[c]++; count[c] > count[best] {
					best = c
				}
			}
		}
	}
	return best
}

// DocumentOfAll is DocumentOf with every text made and cleaned where
// the vote comes to it, none passed over by fewLetters.
func DocumentOfAll(title string, n int, item func(i int) (head, body string)) DocumentResult {
	return documentOf(title, n, item, nil)
}
