package testcorpus

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/rulesync/rulesync/corpus"
)

// UDHRFiles returns the udhr directory and the files of it that have a truth file, by name
// (skipping the test when the corpus is absent).
func UDHRFiles(t testing.TB) (string, []string) {
	dir := Path(t, "udhr")
	var names []string
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		if _, err := os.Stat(filepath.Join(dir, "truth", e.Name()+".ids")); err == nil {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	if len(names) < 46 {
		t.Fatalf("found %d udhr files with truth; want the corpus's 46", len(names))
	}
	return dir, names
}

// ReadIDs reads a truth file: one id a line, blank lines skipped.
func ReadIDs(t testing.TB, path string) []string {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var ids []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if s := strings.TrimSpace(sc.Text()); s != "" {
			ids = append(ids, s)
		}
	}
	return ids
}

// RunForm is the form a name is compared in: its runs of letters and its
// runs of digits, lower case, joined by dots ("11(1)" and "11.1" agree,
// "1.11" and "111" do not).
func RunForm(s string) string {
	var out []string
	var cur []rune
	kind := 0
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
		}
		cur, kind = nil, 0
	}
	for _, r := range strings.ToLower(norm.NFKC.String(s)) {
		k := 0
		switch {
		case unicode.IsDigit(r):
			k = 1
		case unicode.IsLetter(r):
			k = 2
		}
		if k != kind {
			flush()
		}
		if k != 0 {
			cur, kind = append(cur, r), k
		}
	}
	flush()
	return strings.Join(out, ".")
}

// namedBy counts the forms each item (or item and part) can be named by:
// its number, the tail of its id, and those with a part's label.
func namedBy(d *corpus.Document) map[string]int {
	have := map[string]int{}
	for _, it := range d.Items {
		_, tail, _ := strings.Cut(it.ID, ":")
		forms := map[string]bool{}
		for _, s := range []string{it.Number, tail} {
			if f := RunForm(s); f != "" {
				forms[f] = true
			}
			for _, p := range it.Parts {
				if s != "" && p.Label != "" {
					forms[RunForm(s+"."+p.Label)] = true
				}
			}
		}
		for f := range forms {
			have[f]++
		}
	}
	return have
}

// TruthMissing returns the truth ids that d does not give, each form
// used once.
func TruthMissing(d *corpus.Document, ids []string) []string {
	have := namedBy(d)
	var missing []string
	for _, id := range ids {
		if f := RunForm(id); have[f] > 0 {
			have[f]--
		} else {
			missing = append(missing, id)
		}
	}
	return missing
}
