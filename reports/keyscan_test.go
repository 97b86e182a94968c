package reports

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/internal/testcorpus"
)

// sameAsExpressions fails t where a scan of keyscan.go gives other than
// the expression it stands for, on s.
func sameAsExpressions(t *testing.T, s string) {
	t.Helper()
	for _, c := range []struct {
		name      string
		got, want string
	}{
		{"withoutTags", withoutTags(s), mdTagRe.ReplaceAllString(s, " ")},
		{"withoutLinks", withoutLinks(s), mdLinkRe.ReplaceAllString(s, "$1")},
		{"withoutLineStart", withoutLineStart(s), mdLineStartRe.ReplaceAllString(s, "")},
		{"withoutNumberTokens", withoutNumberTokens(s), numberTokenRe.ReplaceAllString(s, " ")},
	} {
		if c.got != c.want {
			t.Errorf("%s(%q) = %q, the expression gives %q", c.name, s, c.got, c.want)
		}
	}
	var want []int
	for _, m := range sentenceEndRe.FindAllStringIndex(s, -1) {
		want = append(want, m[1])
	}
	if got := sentenceEnds(s); !slices.Equal(got, want) {
		t.Errorf("sentenceEnds(%q) = %v, the expression gives %v", s, got, want)
	}
}

// keyScanInserts are put into the lines of the real files, at their
// start, middle and end: what each expression matches, the edges of
// its matches, and bytes that are not UTF-8.
var keyScanInserts = []string{
	"12a", "A3b1", "x٣y", "第3条", "<b>", "</i >", "<a href=\"x\">", "<3", "[t](u)", "![i](p q)", "[[a](x)](y)",
	"](", "# ", "> > - ", "* ", "+\t", "\f", ". ", "!\n", "?", "。", "！", "？", "..", "\xff", "\xe3\x80", "&#66;", "ab", "",
}

// TestKeyScans holds the scans of keyscan.go to the expressions they
// stand for, on every line of the real udhr Markdown files and on
// those lines with one of keyScanInserts put into each.
func TestKeyScans(t *testing.T) {
	dir := testcorpus.Path(t, "udhr")
	files, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil || len(files) < 40 {
		t.Fatalf("%d udhr Markdown files (%v), want the corpus's", len(files), err)
	}
	lines := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(b), "\n") {
			lines++
			sameAsExpressions(t, l)
			// One insert a line, in turn, at the start, middle or end.
			in := keyScanInserts[lines%len(keyScanInserts)]
			at := []int{0, len(l) / 2, len(l)}[lines%3]
			sameAsExpressions(t, l[:at]+in+l[at:])
		}
		if t.Failed() {
			return
		}
	}
	t.Logf("%d lines of %d files", lines, len(files))
}

// FuzzKeyScans holds the scans of keyscan.go to their expressions on
// any text.
func FuzzKeyScans(f *testing.F) {
	for _, in := range keyScanInserts {
		f.Add("Rule " + in + " 12. Text")
	}
	f.Fuzz(sameAsExpressions)
}
