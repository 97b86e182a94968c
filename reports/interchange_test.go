package reports_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/testcorpus"
	"github.com/rulesync/rulesync/reports"
)

// need skips the test when a Translate Toolkit program is missing; CI
// installs the Debian package translate-toolkit (.ci/run).
func need(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed (Debian package translate-toolkit; .ci/run installs it): %v", tool, err)
		}
	}
}

// TestInterchangeTranslateToolkit writes the PO, XLIFF and TMX files of
// the WCA Japanese translation (made from 2021-05-01, checked against
// 2024-01-01) and of the TDA reader page, and reads them with Translate
// Toolkit's own tools: pocount, po2xliff's reverse xliff2po, and
// translate.storage.tmx. Counts must agree with what was written.
func TestInterchangeTranslateToolkit(t *testing.T) {
	need(t, "pocount", "xliff2po")
	py3 := toolkitPython(t)
	at := time.Date(2031, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, c := range []struct{ name, src, tr, base string }{
		{"wca-ja", "wca/wca-regulations-2024-01-01-en.md", "wca/wca-regulations-2021-05-01-ja.md", "wca/wca-regulations-2021-05-01-en.md"},
		{"tda-ja", "tda/tda-2024-longform-en.docx", "seeds/tda-2024-ja-reader-page.txt", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			var base *corpus.Document
			if c.base != "" {
				base = testcorpus.Doc(t, c.base)
			}
			r := gaps.Options{}.Gaps(testcorpus.Doc(t, c.src), testcorpus.Doc(t, c.tr), base)
			dir := t.TempDir()
			write := func(name string, f func(*bytes.Buffer) error) string {
				var b bytes.Buffer
				if err := f(&b); err != nil {
					t.Fatal(err)
				}
				path := filepath.Join(dir, name)
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return path
			}
			po := write(c.name+".po", func(b *bytes.Buffer) error { return reports.PO(b, r, at) })
			xlf := write(c.name+".xlf", func(b *bytes.Buffer) error { return reports.XLIFF(b, r) })
			tmx := write(c.name+".tmx", func(b *bytes.Buffer) error { return reports.TMX(b, r, at) })
			tbx := write(c.name+".tbx", func(b *bytes.Buffer) error {
				return reports.TBX(b, align.DefaultGlossary(), r.Source, r.Translation)
			})

			// What was written, counted from the units.
			var total, translated, fuzzy int
			for _, u := range r.Units() {
				for _, f := range []string{u.Source.Title, u.Source.Text} {
					if strings.TrimSpace(f) == "" {
						continue
					}
					total++
					if u.Target != nil && (f == u.Source.Title && u.Target.Title != "" || f == u.Source.Text && u.Target.Text != "") {
						if u.State == gaps.StaleState && u.Previous != nil && (f == u.Source.Title && u.Previous.Title != f || f == u.Source.Text && u.Previous.Text != f) {
							fuzzy++
						} else {
							translated++
						}
					}
				}
			}
			out, err := exec.Command("pocount", "--csv", po).CombinedOutput()
			if err != nil {
				t.Fatalf("pocount: %v\n%s", err, out)
			}
			// CSV: Filename, Translated Messages, Translated Source Words,
			// Translated Target Words, Fuzzy Messages, Fuzzy Source Words,
			// Untranslated Messages, ..., Total Message, ...
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			fields := strings.Split(lines[len(lines)-1], ",")
			if len(fields) < 8 || strings.TrimSpace(fields[1]) != itoa(translated) || strings.TrimSpace(fields[4]) != itoa(fuzzy) {
				t.Errorf("pocount %s: %s; want %d translated, %d fuzzy of %d", filepath.Base(po), lines[len(lines)-1], translated, fuzzy, total)
			}
			back := filepath.Join(dir, "back.po")
			if out, err := exec.Command("xliff2po", "-i", xlf, "-o", back).CombinedOutput(); err != nil {
				t.Fatalf("xliff2po: %v\n%s", err, out)
			}
			if data, _ := os.ReadFile(back); bytes.Count(data, []byte("\nmsgid ")) < total {
				t.Errorf("xliff2po gave %d messages, want %d", bytes.Count(data, []byte("\nmsgid ")), total)
			}
			py := `import sys
from translate.storage import tmx
store = tmx.tmxfile.parsefile(sys.argv[1])
units = [u for u in store.units if u.source]
print(len(units))
assert all(u.target for u in units)
`
			out, err = exec.Command(py3, "-c", py, tmx).CombinedOutput()
			if err != nil {
				t.Fatalf("translate.storage.tmx: %v\n%s", err, out)
			}
			if strings.TrimSpace(string(out)) != itoa(translated+fuzzy) {
				t.Errorf("TMX holds %s units, want %d", strings.TrimSpace(string(out)), translated+fuzzy)
			}
			tbxPy := `import sys
from translate.storage import tbx
store = tbx.tbxfile.parsefile(sys.argv[1])
print(len(store.units))
`
			if out, err := exec.Command(py3, "-c", tbxPy, tbx).CombinedOutput(); err != nil || strings.TrimSpace(string(out)) == "0" {
				t.Errorf("translate.storage.tbx: %v %s", err, out)
			}
			t.Logf("%s: %d messages, %d translated, %d fuzzy", c.name, total, translated, fuzzy)
		})
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// toolkitPython returns a Python that imports Translate Toolkit's
// "translate" package: Debian's, which the package installs into, before
// another on the PATH.
func toolkitPython(t *testing.T) string {
	for _, py := range []string{"/usr/bin/python3", "python3"} {
		if exec.Command(py, "-c", "import translate.storage.tmx").Run() == nil {
			return py
		}
	}
	t.Skip("no python3 with Translate Toolkit's translate package (Debian package translate-toolkit; .ci/run installs it)")
	return ""
}
