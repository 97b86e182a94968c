package reports

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestBulletedPartsRoundTrip syncs the real Chinese udhr page, whose
// articles list their paragraphs as bullets labelled "㈠", "㈡", with
// the labels circled (①, ㊀) too, as Markdown and as plain text, on the
// English, writes the draft in the translation's format and reads it
// again: every item keeps its parts, labels and texts.
func TestBulletedPartsRoundTrip(t *testing.T) {
	en, err := ingest.Options{}.File(testcorpus.Path(t, "udhr/udhr-1948-en.md"))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(testcorpus.Path(t, "udhr/udhr-1948-zh.md"))
	if err != nil {
		t.Fatal(err)
	}
	bullet := regexp.MustCompile(`(?m)^- ([\x{3220}-\x{3229}])`)
	heading := regexp.MustCompile(`(?m)^#+ `)
	parts := func(d *corpus.Document) string {
		var b strings.Builder
		for _, it := range d.Items {
			for _, p := range it.Parts {
				fmt.Fprintf(&b, "%s %s %q\n", it.ID, p.Label, p.Text)
			}
		}
		return b.String()
	}
	for _, base := range []rune{0x3220, 0x2460, 0x3280} {
		page := bullet.ReplaceAllStringFunc(string(data), func(m string) string {
			return "- " + string(base+[]rune(m)[2]-0x3220)
		})
		for _, f := range []struct{ name, format, text string }{
			{"udhr-1948-zh.md", "md", page},
			{"udhr-1948-zh.txt", "text", heading.ReplaceAllString(page, "")},
		} {
			t.Run(fmt.Sprintf("%04X/%s", base, f.name), func(t *testing.T) {
				tr, err := ingest.Options{}.Bytes(f.name, []byte(f.text))
				if err != nil {
					t.Fatal(err)
				}
				want := parts(tr)
				if strings.Count(want, "\n") < 20 {
					t.Fatalf("%d parts in the translation, want 20 or more", strings.Count(want, "\n"))
				}
				var b bytes.Buffer
				if _, err := WriteDraft(&b, gaps.Options{}.Sync(en, tr, nil), DraftOptions{Format: f.format, TranslationText: f.text}); err != nil {
					t.Fatal(err)
				}
				back, err := ingest.Options{}.Bytes("draft-"+f.name, b.Bytes())
				if err != nil {
					t.Fatal(err)
				}
				if got := parts(back); got != want {
					t.Errorf("the draft's parts\n%s\nwant\n%s", got, want)
				}
			})
		}
	}
}
