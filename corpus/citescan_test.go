package corpus

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// scannedCases are texts where a scan could part from the expression:
// a cue after a letter or a digit (\b), at the start and at the end of
// the text, inside a citation just found, under case folding beyond
// ASCII (K is also the Kelvin sign, s the long s), cut short, and not
// UTF-8.
var scannedCases = []string{
	"Rule 45", "see Rule 45.", "xRule 45", "_Rule 45", "1Rule 45", "Rules 2 and 42", "Rule 71-B", "rule 71 - b", "§45", "a§45", "§§45",
	"RULES 2, 3 & 4", "Regra 43 e regras 2 e 3", "Règle 5", "RÈGLE 5", "regel 7", "Regola 8", "rp-22", "RP 5", "xRP 5", "Recommended Procedure 5",
	"recommended procedures 6", "推奨手順-14", "推奨手順第14項", "ルール第71項-B", "第45項", "規則第52号", "规则第45条", "第3条", "Rule", "Rule ", "Rul",
	"rule n. 5", "Rule nº 5", "Rule n° 5", "ſule 5", "Rule 5\u212a", "\u212aule", "Rule\xff5", "\xffRule 5", "R\xe2\x80ule 5", "Rule 5 rule 6rule 7",
	"are there rules before rule 9", "Rule 1,2,3 and §4", "Rules 10 - C and 11", "RP", "rp-", "Rule 5-", "", "R", "第", "\u0301Rule 5",
	"Rule 5 applies.", "Regeln. 5", "regeln 5", "Rule 5 and 6", "Rule 5 AND", "Rule 5 andy 6", "Rule 5 y 6", "Rule 5 &6", "Rule 5 , 6", "Rule 5.", "Rule 5.3", "Rule 5 .3",
	"Rule 5 - B", "Rule 5\u212a", "Rule 5 \u212a", "Rule 5 ou 6", "Rule 5 undé", "Rule 5é", "Ruleé 5", "rule\t\n 5x", "Rule 5_", "Rules 0012",
}

// TestScanned holds the scanned citation expressions to their own
// FindAllStringSubmatchIndex on the cases above, on every paragraph of
// the real corpus's texts (when it is there) and on random texts made
// of pieces of citations.
func TestScanned(t *testing.T) {
	texts := append([]string(nil), scannedCases...)
	for _, s := range scannedCases {
		texts = append(texts, Fold(s), strings.ToLower(s), strings.ToUpper(s))
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", "shared", "corpus", "*", "*"))
	read := 0
	for _, path := range files {
		if ext := filepath.Ext(path); ext != ".md" && ext != ".txt" {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		read++
		for _, p := range strings.Split(string(data), "\n\n") {
			texts = append(texts, Fold(p))
		}
	}
	t.Logf("%d texts, %d files of the real corpus", len(texts), read)
	pieces := []string{"Rule", "RULES", "rul", "e", "r", "s", "ſ", "k", "\u212a", "R", "P", "rp", "RP-", "Recommended", "procedure", "regra", "Règle",
		"REGOLA", "reg", "§", "第", "項", "条", "号", "ルール", "推奨手順", "1", "45", "71", "-", "B", " - ", "and", "e", "&", ",", ".", " ", "\n", "n°", "x", "_", "é", "\xff",
		// The words and numbers quickRule reads, and what goes on after them.
		"Rule ", "rules\t", "Regeln", "REGEL", "n.", "no", "und", "ODER", "y", "o", "3.4", "12 ", "\t", "\u212a", "9"}
	r := rand.New(rand.NewPCG(37, 3))
	for range 40000 {
		var b strings.Builder
		for range 1 + r.IntN(14) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		texts = append(texts, b.String())
	}
	found := 0
	for _, s := range texts {
		for _, sc := range []*scanned{ruleScan, rpScan, jaScan} {
			got, want := sc.FindAllStringSubmatchIndex(s), sc.re.FindAllStringSubmatchIndex(s, -1)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s on %q: scanned %v, the expression %v", sc.re, s, got, want)
			}
			found += len(want)
		}
	}
	if found < 1000 {
		t.Fatalf("only %d matches in all: the test is too weak", found)
	}
	for _, sc := range []*scanned{ruleScan, rpScan, jaScan} {
		if !sc.ok {
			t.Errorf("%s: no scanner made; every text is searched whole", sc.re)
		}
	}
}

// FuzzScanned is TestScanned on texts the fuzzer makes.
func FuzzScanned(f *testing.F) {
	for _, s := range scannedCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, sc := range []*scanned{ruleScan, rpScan, jaScan} {
			got, want := sc.FindAllStringSubmatchIndex(s), sc.re.FindAllStringSubmatchIndex(s, -1)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s on %q: scanned %v, the expression %v", sc.re, s, got, want)
			}
		}
	})
}
