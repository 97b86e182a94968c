package ingest_test

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestHyphenWordLabels reads dotted numbers joined by a hyphen to a word
// ("2.1-бап. Төлем", as Kazakh prints "1-бап") as the labels the
// original prints: FIDE 2023 ru and hy with their "**3.1**" paragraph
// labels, and Debian 1.7 ru with its "3.1." headings, rewritten so by
// the test, give the original's ids; the one id the variant may lack is
// a number the original prints twice ("-2"), where the second, out of
// the succession, is a citation that opens a paragraph.
func TestHyphenWordLabels(t *testing.T) {
	para := regexp.MustCompile(`(?m)^\*\*(\d+(?:\.\d+)+)\*\* `)
	head := regexp.MustCompile(`<h3>(\d+\.\d+)\. `)
	for _, c := range []struct {
		rel  string
		re   *regexp.Regexp
		word string
	}{
		{"dev/fide-laws/fide-laws-2023-ru.md", para, "бап"},
		{"dev/fide-laws/fide-laws-2023-hy.md", para, "հոդված"},
		{"dev/fide-laws/fide-laws-2023-en.md", para, "bap"},
		{"dev/debian-constitution/debian-constitution-1.7-ru.wml", head, "бап"},
	} {
		t.Run(c.rel, func(t *testing.T) {
			orig := testcorpus.Doc(t, c.rel)
			data, err := os.ReadFile(testcorpus.Path(t, c.rel))
			if err != nil {
				t.Fatal(err)
			}
			n := len(c.re.FindAllString(string(data), -1))
			repl := "$1-" + c.word + ". "
			if c.re == head {
				repl = "<h3>" + repl
			}
			text := c.re.ReplaceAllString(string(data), repl)
			if n < 20 {
				t.Fatalf("%d labels rewritten", n)
			}
			d, err := ingest.Options{}.Bytes("variant-"+c.rel[strings.LastIndex(c.rel, "/")+1:], []byte(text))
			if err != nil {
				t.Fatal(err)
			}
			want, got := ids(orig), ids(d)
			for _, id := range got {
				if !slices.Contains(want, id) {
					t.Errorf("id %s, which the original does not have", id)
				}
			}
			for _, id := range want {
				if !slices.Contains(got, id) && !strings.HasSuffix(id, "-2") {
					t.Errorf("id %s missing", id)
				}
			}
			labelled := 0
			for _, it := range d.Items {
				if strings.HasSuffix(it.Printed, "-"+c.word) {
					labelled++
					if it.Printed != it.Number+"-"+c.word {
						t.Errorf("%s printed %q, want %q", it.ID, it.Printed, it.Number+"-"+c.word)
					}
				}
			}
			if labelled < n-1 {
				t.Errorf("%d items print the word, want %d", labelled, n)
			}
		})
	}
}

// TestHyphenWordSuccession: dotted numbers joined by a hyphen to a word
// are labels where the numbers of the word follow one another, in the
// form "1-бап" takes (the word printed with the number, the rest the
// title); where they do not ("1.5-inch", "3.5-inch", "2.5-inch" drives)
// they are text.
func TestHyphenWordSuccession(t *testing.T) {
	kk := "# Заң\n\n## 1-бап. Анықтамалар\n\nМәтін бір.\n\n## 2-бап. Жалдау ақысы\n\nМәтін екі.\n\n" +
		"### 2.1-бап. Төлем\n\nМәтін.\n\n### 2.2-бап. Мерзім\n\nМәтін.\n\n## 3-бап. Міндеттер\n\nМәтін үш.\n\n" +
		"### 3.1-бап. Жалға алушы\n\nМәтін.\n\n## 4-бап. Қорытынды\n\nМәтін төрт.\n"
	d, err := ingest.Options{}.Bytes("kk.md", []byte(kk))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"rule:1", "rule:2", "rule:2.1", "rule:2.2", "rule:3", "rule:3.1", "rule:4"}
	if got := ids(d); !slices.Equal(got, want) {
		t.Fatalf("ids %v, want %v", got, want)
	}
	for _, it := range d.Items {
		if it.Printed != it.Number+"-бап" || strings.Contains(it.Title, "бап") {
			t.Errorf("%s printed %q title %q, want %q and the title alone", it.ID, it.Printed, it.Title, it.Number+"-бап")
		}
	}
	drives := "1. Drives\n\n1.5-inch drives are rare.\n\n3.5-inch drives are common.\n\n2.5-inch drives are small.\n\n2. Cables\n\nText.\n"
	d, err = ingest.Options{}.Bytes("drives.txt", []byte(drives))
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range d.Items {
		if strings.Contains(it.Printed, "inch") || strings.Contains(it.Number, ".") {
			t.Errorf("%s printed %q: sizes are no labels", it.ID, it.Printed)
		}
	}
}
