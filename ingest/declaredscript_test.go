package ingest_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/internal/langid"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestDeclaredLanguageOfScript: a page that states a language written
// in the script its text reads as (no language of the models writes it,
// so the text reads as "und-" and the script) keeps its language and is
// not warned of; a stated language of another script still would be.
func TestDeclaredLanguageOfScript(t *testing.T) {
	testcorpus.Path(t, "udhr")
	pages, _ := filepath.Glob(filepath.Join(testcorpus.Dir(), "udhr", "udhr-1948-*.html"))
	checked := 0
	for _, p := range pages {
		rel, _ := filepath.Rel(testcorpus.Dir(), p)
		d := testcorpus.Doc(t, rel)
		if d.Lang == "" || strings.HasPrefix(d.Lang, "und") {
			continue
		}
		for _, n := range d.Notes {
			if strings.Contains(n, "but its text reads as und-") {
				t.Errorf("%s (lang %s): %s", rel, d.Lang, n)
			}
		}
		checked++
	}
	if checked == 0 {
		t.Skip("no UDHR page states its language")
	}
	for _, c := range []struct {
		declared, reading string
		want              bool
	}{{"hi", "und-Deva", true}, {"mr", "und-Deva", true}, {"sr-Latn", "und-Latn", true}, {"ru", "und-Deva", false}, {"hi", "und", false}, {"hi", "en", false}, {"-", "und-Deva", false}} {
		if got := langid.WritesScriptOf(c.declared, c.reading); got != c.want {
			t.Errorf("WritesScriptOf(%q, %q) = %v, want %v", c.declared, c.reading, got, c.want)
		}
	}
}
