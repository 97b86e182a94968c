package gaps_test

import (
	"path"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// moveArticle moves article a of a Markdown page whose articles are
// headings of level one ("# ") that print their number first among
// their digits ("# Հոդված 3: ...") to after article b: its heading and
// everything up to the next heading of that level. ok is false where
// the page has no such articles.
func moveArticle(text string, a, b int) (string, bool) {
	lines := strings.Split(text, "\n")
	var heads []int
	at := map[int]int{} // article number -> index in heads
	for i, l := range lines {
		if !strings.HasPrefix(l, "# ") {
			continue
		}
		heads = append(heads, i)
		f := strings.FieldsFunc(l, func(r rune) bool { return !unicode.IsDigit(r) })
		if n := firstNumber(f); n > 0 {
			if _, ok := at[n]; !ok {
				at[n] = len(heads) - 1
			}
		}
	}
	ka, okA := at[a]
	kb, okB := at[b]
	if !okA || !okB || ka+1 >= len(heads) || kb+1 >= len(heads) || ka >= kb {
		return "", false
	}
	block := slices.Clone(lines[heads[ka]:heads[ka+1]])
	out := slices.Concat(lines[:heads[ka]], lines[heads[ka+1]:heads[kb+1]], block, lines[heads[kb+1]:])
	return strings.Join(out, "\n"), true
}

// firstNumber is the value of the first of the digit runs f, 0 for
// none.
func firstNumber(f []string) int {
	if len(f) == 0 {
		return 0
	}
	n := 0
	for _, r := range f[0] {
		n = 10*n + int(r-'0')
	}
	return n
}

// missingIDs lists the source ids of the report's missing findings.
func missingIDs(r *gaps.Report) []string {
	var out []string
	for _, f := range r.Findings {
		if f.Check == gaps.Missing {
			out = append(out, f.SourceID)
		}
	}
	slices.Sort(out)
	return out
}

// TestMovedArticleKeepsProjected: a translation that prints one whole
// article out of its place (the real FIDE 2023 hy and ru, article 3
// after article 6) keeps the items its reading finds by projection
// only, in the moved article and at its edges: gaps reports missing
// exactly what it reports on the original.
func TestMovedArticleKeepsProjected(t *testing.T) {
	src := testcorpus.Doc(t, "dev/fide-laws/fide-laws-2023-en.md")
	for _, f := range []string{"dev/fide-laws/fide-laws-2023-hy.md", "dev/fide-laws/fide-laws-2023-ru.md"} {
		text, orig := testcorpus.TextDoc(t, f)
		moved, ok := moveArticle(text, 3, 6)
		if !ok {
			t.Fatalf("%s: no articles 3 and 6 as headings of level one", f)
		}
		d, err := ingest.Options{}.Bytes(path.Base(f), []byte(moved))
		if err != nil {
			t.Fatal(err)
		}
		want := missingIDs(gaps.Options{}.Gaps(src, orig, nil))
		if got := missingIDs(gaps.Options{}.Gaps(src, d, nil)); !slices.Equal(got, want) {
			t.Errorf("%s, article 3 after 6: missing %v, on the original %v", f, got, want)
		}
	}
}
