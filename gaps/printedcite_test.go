package gaps_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// wcaLinkRe is a WCA translation's link to a regulation or an article.
var wcaLinkRe = regexp.MustCompile(`\[([^\]]*)\]\(regulations:[^)]*\)`)

// TestPrintedLabelCited: the WCA ja translation with every link turned
// into its text ("（参照：規則 2k）", as a copy of the rendered page gives
// it) cites the regulations whose labels it prints after a word,
// whatever the word: no finding says it does not cite a regulation whose
// label it prints so, "2k" after "規則" (a word no label prints) too.
func TestPrintedLabelCited(t *testing.T) {
	src := testcorpus.Doc(t, "wca/wca-regulations-2021-05-01-en.md")
	text, err := os.ReadFile(testcorpus.Path(t, "wca/wca-regulations-2021-05-01-ja.md"))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := ingest.Options{}.Bytes("ja.md", []byte(wcaLinkRe.ReplaceAllString(string(text), "$1")))
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]string{}
	for _, it := range tr.Items {
		byID[it.ID] = it.Text
	}
	lacking := 0
	for _, f := range (gaps.Options{}).Gaps(src, tr, nil).Findings {
		if f.Check != gaps.Refs || !strings.Contains(f.Message, "does not cite") {
			continue
		}
		lacking++
		for _, lab := range strings.Split(strings.TrimPrefix(f.Message, "the translation does not cite "), ", ") {
			num := lab[strings.LastIndex(lab, " ")+1:]
			if regexp.MustCompile(`\p{L} ?` + regexp.QuoteMeta(num) + `(?:[^0-9A-Za-z]|$)`).MatchString(byID[f.TargetID]) {
				t.Errorf("%s: %s, though its text prints %q after a word", f.TargetID, f.Message, num)
			}
		}
	}
	t.Logf("%d findings of citations lacking", lacking)
}
