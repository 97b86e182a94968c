package ingest_test

import (
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
)

// TestMarkedEmptySectionKept: a heading of a draft that holds a section's
// id marker and no text of its own, over items numbered of their own
// ("A.1" under "Rapid chess", which prints no number), is that section,
// its words its title: sync marks it where the layout alone reads it
// otherwise. Read as an empty section (the items under it named by it)
// or as the preamble of a division the numbering starts again under, it
// was dropped, and the draft read back without it (FIDE hy and ru
// sec:A).
func TestMarkedEmptySectionKept(t *testing.T) {
	tail := "## Rapid chess {{rulesync:id sec:A}}\n\n**A.1** Rapid one.\n\n**A.2** Rapid two.\n\n" +
		"# Appendix B. Blitz\n\n**B.1** Blitz one.\n\n**B.2** Blitz two.\n"
	for name, head := range map[string]string{
		"section":  "# Rules\n\n**1.1** One.\n\n**1.2** Two.\n\n",
		"division": "# Article 1\n\n**1.1** One one.\n\n**1.2** One two.\n\n# Article 2\n\n**2.1** Two one.\n\n**2.2** Two two.\n\n",
	} {
		for _, ext := range []string{".md", ".txt"} {
			d, err := ingest.Options{}.Bytes(name+ext, []byte(head+tail))
			if err != nil {
				t.Fatalf("%s%s: %v", name, ext, err)
			}
			found := false
			for _, it := range d.Items {
				if it.ID != "sec:A" {
					continue
				}
				found = true
				if it.Kind != "section" || it.Title != "Rapid chess" || it.Text != "" {
					t.Errorf("%s%s: sec:A read as %s %q | %q, want the section titled Rapid chess", name, ext, it.Kind, it.Title, it.Text)
				}
			}
			if !found {
				var ids []string
				for _, it := range d.Items {
					ids = append(ids, it.ID)
				}
				t.Errorf("%s%s: sec:A not read: %s", name, ext, strings.Join(ids, " "))
			}
		}
	}
}
