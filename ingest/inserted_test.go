package ingest_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// insertedArticles are the real udhr pages that head their articles
// "第N条", and the headings of articles inserted after article 3 (之 in
// Chinese, の in Japanese), with the sub-number each gives.
var insertedArticles = []struct {
	file     string
	headings []string
	ids      []string
}{
	{"udhr-1948-zh.md", []string{"第三条之二"}, []string{"rule:3.2"}},
	{"udhr-1948-zh.md", []string{"第三条之一", "第三条之二"}, []string{"rule:3.1", "rule:3.2"}},
	{"udhr-1948-ja.md", []string{"第３条の２"}, []string{"rule:3.2"}},
	{"udhr-1948-ja.md", []string{"第３条の２", "第３条の３"}, []string{"rule:3.2", "rule:3.3"}},
}

// insertArticles writes page with the given article headings, each over
// a sentence of its own, before the heading of article 4.
func insertArticles(t *testing.T, page string, headings []string) string {
	t.Helper()
	at := regexp.MustCompile(`(?m)^## 第(四|４)条`).FindStringIndex(page)
	if at == nil {
		t.Fatal("no heading of article 4")
	}
	var b strings.Builder
	for _, h := range headings {
		b.WriteString("## " + h + "\n\n内容：" + h + "。\n\n")
	}
	return page[:at[0]] + b.String() + page[at[0]:]
}

// TestInsertedArticles inserts articles after article 3 of the real
// Chinese and Japanese pages ("第三条之二", "第３条の２"): each is a
// sub-number of 3 ("rule:3.2"), read between 3 and 4, and every other
// article keeps its id; no number is printed twice.
func TestInsertedArticles(t *testing.T) {
	dir := testcorpus.Path(t, "udhr")
	for _, c := range insertedArticles {
		t.Run(c.file+" "+strings.Join(c.headings, " "), func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, c.file))
			if err != nil {
				t.Fatal(err)
			}
			orig, err := ingest.Options{}.Bytes(c.file, data)
			if err != nil {
				t.Fatal(err)
			}
			got, err := ingest.Options{}.Bytes(c.file, []byte(insertArticles(t, string(data), c.headings)))
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, it := range orig.Items {
				want = append(want, it.ID)
				if it.ID == "rule:3" {
					want = append(want, c.ids...)
				}
			}
			var ids []string
			for _, it := range got.Items {
				ids = append(ids, it.ID)
				if slices.Contains(c.ids, it.ID) && it.Number != strings.TrimPrefix(it.ID, "rule:") {
					t.Errorf("%s prints %q", it.ID, it.Number)
				}
			}
			if !slices.Equal(ids, want) {
				t.Errorf("ids\n%v\nwant\n%v", ids, want)
			}
			for _, n := range got.Notes {
				if strings.HasPrefix(n, ingest.WarningNote) && !slices.Contains(orig.Notes, n) {
					t.Errorf("a warning the page without them does not give: %s", n)
				}
			}
			testcorpus.CheckDuplicates(t, c.file, got)
		})
	}
}
