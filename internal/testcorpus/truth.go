package testcorpus

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode"

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
	for _, r := range strings.ToLower(corpus.Fold(s)) {
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

// dupSuffix is the suffix ingest gives the id of the second item that
// prints a number already printed ("rule:3-2").
var dupSuffix = regexp.MustCompile(`-[0-9]+$`)

// CheckDuplicates fails t for every id of d that carries a duplicate's
// suffix ("rule:3-2", the id of another item of d with "-2") unless the
// file prints that number twice: both items print the same number, and a
// warning of d's notes names the id at both places (a warning lists five
// and says how many more).
func CheckDuplicates(t testing.TB, name string, d *corpus.Document) {
	t.Helper()
	ids := map[string]int{}
	for i := range d.Items {
		ids[d.Items[i].ID] = i
	}
	warning := ""
	for _, n := range d.Notes {
		if strings.Contains(n, "printed twice") {
			warning = n
		}
	}
	dups := 0
	for i := range d.Items {
		it := &d.Items[i]
		loc := dupSuffix.FindStringIndex(it.ID)
		if loc == nil {
			continue
		}
		j, ok := ids[it.ID[:loc[0]]]
		if !ok {
			continue // a label of its own ("rule:Artikel-2"), no suffix
		}
		dups++
		switch {
		case d.Items[j].Number == "" || RunForm(d.Items[j].Number) != RunForm(it.Number):
			t.Errorf("%s: %s (number %q) is a duplicate of %s, which prints %q: the file does not print one number twice", name, it.ID, it.Number, d.Items[j].ID, d.Items[j].Number)
		case warning == "":
			t.Errorf("%s: %s: a number printed twice with no warning naming both places", name, it.ID)
		}
	}
	if dups > 0 && warning != "" {
		named := strings.Count(warning, " and ") - strings.Count(warning, " more")
		more := 0
		if k := strings.LastIndex(warning, " and "); k >= 0 {
			fmt.Sscanf(warning[k:], " and %d more", &more)
		}
		if named+more < dups {
			t.Errorf("%s: %d ids printed twice, the warning names %d: %s", name, dups, named+more, warning)
		}
	}
}
