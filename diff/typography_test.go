package diff_test

import (
	"strings"
	"testing"

	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestTypographyOnly restyles real editions as a publisher changing the
// house style would (straight apostrophes made curly, ASCII digits and
// brackets made full-width): the items read the same folded, so they
// pair as before, and each item restyled is one editorial change that
// names the characters, none substantive, every other item unchanged.
func TestTypographyOnly(t *testing.T) {
	for _, c := range []struct {
		name, rel string
		restyle   *strings.Replacer
		want      string // in every reason
	}{
		{"curly", "wca/wca-regulations-2024-01-01-en.md", strings.NewReplacer("competitor's", "competitor’s"), "“’” for “'”"},
		{"full-width", "wca/wca-regulations-2021-05-01-ja.md", strings.NewReplacer("（", "(", "）", ")"), "“(” for “（”"},
	} {
		t.Run(c.name, func(t *testing.T) {
			text, old := testcorpus.TextDoc(t, c.rel)
			restyled := c.restyle.Replace(text)
			cur, err := ingest.Options{}.Bytes("restyled.md", []byte(restyled))
			if err != nil {
				t.Fatal(err)
			}
			touched := 0
			for i := range old.Items {
				if it := &old.Items[i]; c.restyle.Replace(it.Text) != it.Text || c.restyle.Replace(it.Title) != it.Title {
					touched++
				}
			}
			cmp := diff.Options{}.Compare(old, cur)
			for _, ch := range cmp.Changes {
				if ch.Severity != diff.Editorial || ch.Rule != "typography" || !strings.Contains(ch.Reason, c.want) {
					t.Errorf("%s %v %v: %s (%s); want an editorial typography change naming %s", ch.Kind, ch.Old, ch.New, ch.Reason, ch.Rule, c.want)
				}
			}
			if len(cmp.Changes) != touched || touched == 0 {
				t.Errorf("%d changes; the restyle touched %d items", len(cmp.Changes), touched)
			}
			t.Logf("%d items restyled, %d editorial changes", touched, len(cmp.Changes))
		})
	}
}

// TestWhiteSpaceOnly: texts wrapped again (a line break for a space, as
// a reStructuredText paragraph reflowed between editions) are no change
// a reader sees: the documents of a real edition with every text so
// rewrapped compare as unchanged.
func TestWhiteSpaceOnly(t *testing.T) {
	old := testcorpus.Doc(t, "wca/wca-regulations-2024-01-01-en.md")
	cur := testcorpus.Doc(t, "wca/wca-regulations-2024-01-01-en.md")
	wrapped := 0
	for i := range cur.Items {
		if w := strings.Replace(cur.Items[i].Text, " the ", "\nthe  ", 1); w != cur.Items[i].Text {
			cur.Items[i].Text = w
			wrapped++
		}
	}
	if cmp := (diff.Options{}).Compare(old, cur); len(cmp.Changes) != 0 || wrapped == 0 {
		t.Errorf("%d texts wrapped again: %d changes, want none; the first: %+v", wrapped, len(cmp.Changes), cmp.Changes[:min(1, len(cmp.Changes))])
	}
}
