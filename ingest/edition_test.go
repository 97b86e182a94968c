package ingest

import (
	"os"
	"strings"
	"testing"
)

// dateCase is a line of testdata/dates.txt.
type dateCase struct {
	lang, line, want string
	corpus           bool
}

func dateCases(t *testing.T) []dateCase {
	t.Helper()
	data, err := os.ReadFile("testdata/dates.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []dateCase
	for _, l := range strings.Split(string(data), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		fs := strings.Split(l, "\t")
		if len(fs) < 3 {
			t.Fatalf("testdata/dates.txt: %q: want lang, line and date", l)
		}
		out = append(out, dateCase{fs[0], fs[1], fs[2], len(fs) > 3 && fs[3] == "corpus"})
	}
	return out
}

// TestReadDate reads every version line of testdata/dates.txt: the date
// with the day where the line states one, and the text it was read from
// a part of the line.
func TestReadDate(t *testing.T) {
	for _, c := range dateCases(t) {
		t.Run(c.lang+"/"+c.want, func(t *testing.T) {
			got, text := versionDate(c.line, c.lang, -1)
			if got != c.want {
				t.Errorf("versionDate(%q, %s) = %q (from %q), want %q", c.line, c.lang, got, text, c.want)
			}
			if got != "" && !strings.Contains(c.line, text) {
				t.Errorf("versionDate(%q): text %q is not the line's", c.line, text)
			}
		})
	}
}

// TestParseDateNoLanguage: without a language, every line of the table
// but the Croatian October ("listopada" is November in Polish) reads the
// same.
func TestParseDateNoLanguage(t *testing.T) {
	for _, c := range dateCases(t) {
		if got := parseDate(c.line); got != c.want && c.line != "Verzija: 1. listopada 2023." {
			t.Errorf("parseDate(%q) = %q, want %q", c.line, got, c.want)
		}
	}
}
