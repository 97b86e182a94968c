package rulesync_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/rulesync/rulesync/"

// layer orders the packages: a package may import only packages of a
// lower layer (corpus <- corpusjson <- ingest, align <- diff <- gaps <- reports <- cmd).
var layer = map[string]int{"internal/lazyre": -2, "internal/lexicon": -1, "internal/numerals": -1, "internal/dates": 0, "internal/gctune": -1, "internal/cputime": -1, "internal/pdftext": -1, "internal/testgen": -1, "internal/jsoncodec": -1, "internal/atomicfile": -1, "internal/sched": -1, "internal/longtest": -2, "corpus": 0, "internal/langid": -1, "internal/pdftest": 0, "corpus/corpusjson": 1, "ingest": 2, "internal/synth": 2, "align": 2, "internal/testcorpus": 3, "internal/peaktest": -1, "diff": 3, "gaps": 4, "history": 4, "reports": 5, "cmd/rulesync": 6}

// owner says which one package may use each third-party library.
var owner = map[string]string{
	"golang.org/x/text":               "corpus",
	"golang.org/x/sync":               "internal/sched",
	"github.com/goccy/go-json":        "internal/jsoncodec",
	"github.com/pemistahl/lingua-go":  "internal/langid",
	"github.com/shopspring/decimal":   "internal/langid",
	"google.golang.org/protobuf":      "internal/langid",
	"github.com/PuerkitoBio/goquery":  "ingest",
	"golang.org/x/net":                "ingest",
	"github.com/klippa-app/go-pdfium": "ingest",
	"github.com/tetratelabs/wazero":   "ingest",
	"github.com/yuin/goldmark":        "ingest",
	"github.com/sergi/go-diff":        "diff",
	"github.com/urfave/cli":           "cmd/rulesync",
	"golang.org/x/term":               "cmd/rulesync",
	"github.com/BurntSushi/toml":      "reports",
	"github.com/go-git/go-git":        "history",
	"github.com/go-git/go-billy":      "history",
}

// TestImportDirection fails when a package imports against the layering
// or uses a third-party library that belongs to another package. Test
// files are exempt.
func TestImportDirection(t *testing.T) {
	checked := 0
	err := filepath.WalkDir(".", func(path string, de os.DirEntry, err error) error {
		if err == nil && de.IsDir() && path != "." {
			// A module of its own (bench/kagome) is not part of rulesync.
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir
			}
		}
		if err != nil || !de.Type().IsRegular() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.Contains(path, "testdata") {
			return err
		}
		pkg := filepath.ToSlash(filepath.Dir(path))
		from, ok := layer[pkg]
		if !ok {
			t.Errorf("%s: package %s is not in the layering; add it to layer", path, pkg)
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		checked++
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if rest, ok := strings.CutPrefix(p, module); ok {
				if to, known := layer[rest]; !known || to >= from {
					t.Errorf("%s imports %s: against the direction corpus <- ingest, align <- diff <- reports <- cmd", path, p)
				}
				continue
			}
			known := false
			for lib, pkgOwner := range owner {
				if strings.HasPrefix(p, lib) {
					known = true
					if pkg != pkgOwner {
						t.Errorf("%s imports %s, which only package %s may use", path, p, pkgOwner)
					}
				}
			}
			// A third-party library (its path starts with a host name)
			// needs an owner.
			if first, _, _ := strings.Cut(p, "/"); !known && strings.Contains(first, ".") {
				t.Errorf("%s imports %s, a library with no owner package in layout_test.go", path, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 5 {
		t.Fatalf("checked only %d files; is the test running at the module root?", checked)
	}
}
