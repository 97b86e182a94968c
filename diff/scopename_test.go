package diff_test

import (
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestScopeNamesFiles compares two layouts of one chapter that state no
// edition: the scope note names each side by its file, never as
// "unknown" on both sides.
func TestScopeNamesFiles(t *testing.T) {
	md := testcorpus.Doc(t, "dev/fab-cr/fab-cr-2.10.1-en-ch01.md")
	page := testcorpus.Doc(t, "dev/fab-cr/fab-cr-2.10.1-en-ch01.html")
	if md.Edition != corpus.UnknownEdition || page.Edition != corpus.UnknownEdition {
		t.Skipf("editions %q and %q: the files now state one", md.Edition, page.Edition)
	}
	c := diff.Options{}.Compare(md, page)
	if len(c.Scope) == 0 {
		t.Skip("no scope note between the two layouts")
	}
	for _, n := range c.Scope {
		if strings.Contains(n.Note, corpus.UnknownEdition) {
			t.Errorf("scope note names a side %q: %s", corpus.UnknownEdition, n.Note)
		}
		for _, name := range []string{"fab-cr-2.10.1-en-ch01.md", "fab-cr-2.10.1-en-ch01.html"} {
			if !strings.Contains(n.Note, name) {
				t.Errorf("scope note does not name %s: %s", name, n.Note)
			}
		}
	}
}
