package ingest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// FuzzIngest feeds every parser arbitrary bytes, seeded from the fixtures
// and, when present, the real pages. No input may panic; every document
// produced must be valid and survive a JSON round trip through ingest.
func FuzzIngest(f *testing.F) {
	files, _ := filepath.Glob("testdata/formats/*.txtar")
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, af := range ar.Files {
			if af.Name == "input" {
				f.Add(af.Data, "")
			}
		}
	}
	real, _ := filepath.Glob(filepath.Join(testcorpus.Dir(), "seeds", "*.txt"))
	md, _ := filepath.Glob(filepath.Join(testcorpus.Dir(), "wca", "*.md"))
	for _, p := range append(real, md...) {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data, "")
		}
	}
	f.Add([]byte("1 。 a\n2 。 b ) c ç ) d\n3 。 e"), "numbered")
	f.Add([]byte("T\nx…Y\nz。W\n"), "reader")
	f.Add([]byte("<html><body><ol start=\"3\"><li>a<li>b</ol><table><tr><td>4<td>T<td>x</table>"), "html")
	f.Add([]byte("number;title;text\n1;A;\"b\"\"c\"\n"), "csv")
	// Nesting, which some parsers once followed by recursion or in time
	// quadratic in its depth.
	f.Add([]byte("# T\n\n"+strings.Repeat("- ", 120)+"x\n"), "markdown")
	f.Add([]byte("# T\n\n"+strings.Repeat("> ", 99)+"1. x\n"+strings.Repeat(">", 99)+" 2. y\nz\n"), "markdown")
	f.Add([]byte("- 1) a\n  - 2) b\n    > 3. c\n    >   1. d\n"), "markdown")
	f.Add([]byte(strings.Repeat("*a _b ", 300)+"x"+strings.Repeat(" b_ a*", 300)), "markdown")
	f.Add([]byte(strings.Repeat("[a](", 500)+"\n"+strings.Repeat("[a](<", 300)), "markdown")
	f.Add([]byte("| a | b |\n|---|---|\n| 1 | x |\n| 2 | y |\n"), "markdown")
	f.Add([]byte("<html><body>"+strings.Repeat("<div><ol><li>", 200)+"x"), "html")
	f.Add([]byte("msgid \"\"\nmsgstr \"\"\n\"Language: fr\\n\"\n\nmsgctxt \"rule:1\"\nmsgid \"a\"\nmsgstr \"\"\n\"b\"\n\"c\"\n"), "po")
	f.Add([]byte(`<?xml version="1.0"?><xliff version="1.2"><file source-language="en" target-language="fr"><body><trans-unit id="rule:1"><source>a</source><target>b<g>c<g>d</g></g></target></trans-unit></body></file></xliff>`), "xliff")
	f.Add([]byte(`<?xml version="1.0"?><tmx version="1.4"><header srclang="en"/><body><tu tuid="rule:1"><tuv xml:lang="en"><seg>a</seg></tuv><tuv xml:lang="fr"><seg>b</seg></tuv></tu></body></tmx>`), "tmx")
	f.Fuzz(func(t *testing.T, data []byte, format string) {
		// Keep inputs small, so that the fuzzer runs thousands of them a
		// second: no parser needs more than a few lines to reach a state.
		if len(data) > 4096 {
			data = data[:4096]
		}
		for _, fm := range []string{format, "reader", "numbered", "guide", "addendum", "markdown", "text", "html", "csv", "tsv", "items", "docx", "po", "xliff", "tmx"} {
			d, err := ingest.Options{Format: fm}.Bytes("fuzz", data)
			if err != nil {
				continue
			}
			if err := d.Validate(); err != nil {
				t.Fatalf("format %q: invalid document: %v", fm, err)
			}
			js, err := corpusjson.Marshal(d)
			if err != nil {
				t.Fatal(err)
			}
			back, err := ingest.Options{}.Bytes("fuzz.json", js)
			if err != nil {
				t.Fatalf("format %q: our JSON does not read back: %v", fm, err)
			}
			if js2, _ := corpusjson.Marshal(back); string(js2) != string(js) {
				t.Fatalf("format %q: JSON round trip changed the document", fm)
			}
		}
	})
}
