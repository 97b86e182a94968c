package reports_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/internal/testcorpus"
	"github.com/rulesync/rulesync/reports"
)

// TestChangelogNamesFile: a side that states no edition, version or date
// (and whose title is a heading of its text) is named in the changelog's
// first line by the file it was read from, not as "unknown".
func TestChangelogNamesFile(t *testing.T) {
	md := testcorpus.Doc(t, "dev/fab-cr/fab-cr-2.10.1-en-ch01.md")
	page := testcorpus.Doc(t, "dev/fab-cr/fab-cr-2.10.1-en-ch01.html")
	if md.Edition != corpus.UnknownEdition || md.Version != "" || md.Date != "" {
		t.Skipf("the Markdown now states edition %q version %q date %q", md.Edition, md.Version, md.Date)
	}
	var buf bytes.Buffer
	if err := (reports.ChangelogOptions{}).Text(&buf, diff.Options{}.Compare(md, page), false); err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(buf.String(), "\n")
	if !strings.HasPrefix(first, "fab-cr-2.10.1-en-ch01.md -> ") {
		t.Errorf("first line %q does not name the Markdown side by its file", first)
	}
}
