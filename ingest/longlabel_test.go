package ingest_test

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestLongLabels renumbers the real English udhr page's articles from
// 999986 (article 15 is 1000000) and reads a text of numbered
// paragraphs across a million: a number of any length the succession
// supports is a label, one item each.
func TestLongLabels(t *testing.T) {
	data, err := os.ReadFile(testcorpus.Path(t, "udhr/udhr-1948-en.md"))
	if err != nil {
		t.Fatal(err)
	}
	const from = 999985
	article := regexp.MustCompile(`(?m)^## Article ([0-9]+)$`)
	page := article.ReplaceAllStringFunc(string(data), func(m string) string {
		n, _ := strconv.Atoi(article.FindStringSubmatch(m)[1])
		return fmt.Sprintf("## Article %d", from+n)
	})
	var text strings.Builder
	for n := 999990; n < 1000010; n++ {
		fmt.Fprintf(&text, "%d. The player in seat %d acts in turn.\n\n", n, n%9+1)
	}
	for _, c := range []struct {
		name, text string
		first, n   int
	}{
		{"udhr-1948-en.md", page, from + 1, 30},
		{"rules.txt", text.String(), 999990, 20},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, err := ingest.Options{}.Bytes(c.name, []byte(c.text))
			if err != nil {
				t.Fatal(err)
			}
			ids := map[string]bool{}
			for _, it := range d.Items {
				ids[it.ID] = true
			}
			for n := c.first; n < c.first+c.n; n++ {
				if id := "rule:" + strconv.Itoa(n); !ids[id] {
					t.Errorf("no %s; items: %s", id, itemIDs(d))
					break
				}
			}
		})
	}
}

// TestOverlongNumbers reads numbers no int holds, at a line's start, in
// a list's start and in an item's value: plain text, never a label, and
// the lists numbered from 1; no panic, no number wrapped.
func TestOverlongNumbers(t *testing.T) {
	digits := strings.Repeat("9", 19)
	more := strings.Repeat("1", 40)
	for _, c := range []struct {
		name, text string
		want       []string
	}{
		{"lines.txt", "Rules\n\n" + digits + ". A line.\n\n" + digits + "9. Another line.\n\n" + more + " a third.\n\n1. One.\n\n2. Two.\n\n3. Three.\n", []string{"rule:1", "rule:2", "rule:3"}},
		{"start.html", `<h1>Rules</h1><ol start="` + digits + `"><li>One.</li><li>Two.</li><li>Three.</li></ol>`, []string{"rule:1", "rule:2", "rule:3"}},
		{"value.html", `<h1>Rules</h1><ol><li>One.</li><li value="9223372036854775807">Two.</li><li>Three.</li><li>Four.</li></ol>`, []string{"rule:1", "rule:2", "rule:3", "rule:4"}},
		{"heading.md", "# Rules\n\n## Article " + more + "\n\nText.\n\n## Article 1\n\nOne.\n\n## Article 2\n\nTwo.\n\n## Article 3\n\nThree.\n", []string{"rule:1", "rule:2", "rule:3"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, err := ingest.Options{}.Bytes(c.name, []byte(c.text))
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, it := range d.Items {
				if strings.HasPrefix(it.ID, "rule:") {
					ids = append(ids, it.ID)
				}
			}
			if strings.Join(ids, " ") != strings.Join(c.want, " ") {
				t.Errorf("rules %v, want %v; items: %s", ids, c.want, itemIDs(d))
			}
			// The long numbers printed in the text stay in it.
			var all strings.Builder
			for _, it := range d.Items {
				all.WriteString(it.Title + "\n" + it.Text + "\n")
			}
			for _, n := range []string{digits + ".", more} {
				if strings.Contains(c.text, n+" ") && !strings.Contains(all.String(), n) {
					t.Errorf("%s... lost from the items", n[:10])
				}
			}
		})
	}
}
