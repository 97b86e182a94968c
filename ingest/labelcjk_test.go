package ingest_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// spacedLabel is a label at a line's start (after any list or heading
// mark) whose punctuation a space separates from a word of a script
// written without spaces: the space is group 2.
var spacedLabel = regexp.MustCompile(`(?m)^([ \t]*(?:[#>*+-][ \t#]*)?[0-9０-９][0-9a-zA-Z０-９.．]*[.．)）:：、])([ \t\x{3000}]+)([\p{Han}\p{Hiragana}\p{Katakana}\p{Thai}])`)

// listMarker is a Markdown ordered list's marker at a line's start:
// without its space it is no marker, and the file another document.
var listMarker = regexp.MustCompile(`^[ \t]*[0-9]+[.)]$`)

// TestLabelsUnspaced: every real file whose labels a space separates
// from a word of a script that writes no spaces between words is read
// again with those spaces taken out ("1．プレイヤー", as such pages are
// often printed): the same items, with the same ids and the same text.
// A Markdown list's own marker keeps its space (CommonMark needs it).
func TestLabelsUnspaced(t *testing.T) {
	root := testcorpus.Path(t, ".")
	n := 0
	filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || strings.Contains(path, string(filepath.Separator)+"truth"+string(filepath.Separator)) {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		md := strings.HasSuffix(path, ".md")
		count := 0
		glued := spacedLabel.ReplaceAllFunc(src, func(m []byte) []byte {
			g := spacedLabel.FindSubmatch(m)
			if md && listMarker.Match(g[1]) {
				return m
			}
			count++
			return append(append([]byte{}, g[1]...), g[3]...)
		})
		if count == 0 {
			return nil
		}
		n++
		rel, _ := filepath.Rel(root, path)
		t.Run(rel, func(t *testing.T) {
			d, err := ingest.Options{}.Read(path, bytes.NewReader(src))
			if err != nil {
				t.Fatal(err)
			}
			got, err := ingest.Options{Lang: d.Lang}.Read(path, bytes.NewReader(glued))
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%d labels glued to their text", count)
			if g, w := itemIDs(got), itemIDs(d); g != w {
				t.Fatalf("ids with no space after the labels differ: %s", firstDiff(g, w))
			}
			for i := range d.Items {
				if a, b := squeezed(got.Items[i]), squeezed(d.Items[i]); a != b {
					t.Errorf("%s: text %q, want %q", d.Items[i].ID, a, b)
				}
			}
		})
		return nil
	})
	if n == 0 {
		t.Fatal("no real file prints a label before a word of a script without spaces")
	}
}

// squeezed is an item's title and text without white space.
func squeezed(it corpus.Item) string {
	return strings.Join(strings.Fields(it.Title+it.Text), "")
}
