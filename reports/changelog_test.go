package reports_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/reports"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/*.txtar")

// TestChangelog renders the comparison of each testdata archive's "old"
// and "new" editions as Markdown, HTML and text, and compares them with
// the archive's "want.md", "want.html" and "want.txt"; -update rewrites
// them. Rendering twice must give the same bytes.
func TestChangelog(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txtar")
	if len(files) == 0 {
		t.Fatal("no testdata/*.txtar")
	}
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		get := func(name string) []byte {
			for _, f := range ar.Files {
				if f.Name == name {
					return f.Data
				}
			}
			return nil
		}
		old, err := ingest.Options{}.Bytes("old", get("old"))
		if err != nil {
			t.Fatal(err)
		}
		cur, err := ingest.Options{}.Bytes("new", get("new"))
		if err != nil {
			t.Fatal(err)
		}
		c := diff.Options{}.Compare(old, cur)
		render := map[string]func(*bytes.Buffer) error{
			"want.md":   func(b *bytes.Buffer) error { return reports.Markdown(b, c) },
			"want.html": func(b *bytes.Buffer) error { return reports.HTML(b, c) },
			"want.txt":  func(b *bytes.Buffer) error { return reports.Text(b, c, false) },
		}
		for _, name := range []string{"want.md", "want.html", "want.txt"} {
			var b1, b2 bytes.Buffer
			if err := render[name](&b1); err != nil {
				t.Fatal(err)
			}
			render[name](&b2)
			if !bytes.Equal(b1.Bytes(), b2.Bytes()) {
				t.Errorf("%s %s: two renderings differ", file, name)
			}
			if *update {
				found := false
				for i := range ar.Files {
					if ar.Files[i].Name == name {
						ar.Files[i].Data, found = b1.Bytes(), true
					}
				}
				if !found {
					ar.Files = append(ar.Files, txtar.File{Name: name, Data: b1.Bytes()})
				}
				continue
			}
			if want := get(name); !bytes.Equal(b1.Bytes(), want) {
				t.Errorf("%s %s differs; got:\n%s", file, name, b1.String())
			}
		}
		if *update {
			if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		// What an editor expects of this pair.
		md := render["want.md"]
		var b bytes.Buffer
		md(&b)
		for _, s := range []string{"only \"his or her\" -> \"their\"", "numbers changed: 10 -> 15", "(rule:5, removed)"} {
			if !strings.Contains(b.String(), s) && !strings.Contains(b.String(), strings.ReplaceAll(s, "(rule:5, removed)", "was rule:5")) {
				t.Errorf("%s: changelog lacks %q", file, s)
			}
		}
	}
}
