package ingest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// One fuzz target per reader, so that each can be fuzzed on its own for as
// long as it needs (`go test ./ingest -run '^$' -fuzz '^FuzzMarkdown$'
// -fuzztime 10m`; docs/reliability.md has the figures). FuzzIngest feeds
// every reader the same bytes; these keep the mutator on one grammar.
//
// Each target checks what holds for any input: no panic, an error is one
// line that names the input, a document is valid and survives a JSON round
// trip, and reading is deterministic.

// fuzzMaxInput bounds a fuzz input. The scale tests prove the readers
// linear at a million units; the fuzzer looks for states, and small inputs
// let it try thousands a second.
const fuzzMaxInput = 16 << 10

// fuzzSeeds adds the inputs of the format fixtures whose file names start
// with prefix ("" for none), the real files matching the corpus globs
// (cut to fuzzMaxInput at a line end) and the extra seeds given.
func fuzzSeeds(f *testing.F, prefix string, globs []string, extra ...string) {
	var files []string
	if prefix != "" {
		files, _ = filepath.Glob(filepath.Join("testdata", "formats", prefix+"*.txtar"))
	}
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, af := range ar.Files {
			if af.Name == "input" {
				f.Add(af.Data)
			}
		}
	}
	for _, g := range globs {
		paths, _ := filepath.Glob(filepath.Join(testcorpus.Dir(), g))
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				continue
			}
			if len(data) > fuzzMaxInput {
				data = data[:fuzzMaxInput]
				if i := strings.LastIndexByte(string(data), '\n'); i > 0 {
					data = data[:i+1]
				}
			}
			f.Add(data)
		}
	}
	for _, s := range extra {
		f.Add([]byte(s))
	}
}

// checkRead reads data as each of formats and fails on anything that may
// not happen for any input.
func checkRead(t *testing.T, name string, data []byte, formats ...string) {
	for _, fm := range formats {
		opts := ingest.Options{Format: fm, Now: fuzzNow}
		d, err := opts.Bytes(name, data)
		if err != nil {
			msg := err.Error()
			if strings.Contains(msg, "\n") || !strings.Contains(msg, name) {
				t.Fatalf("format %q: error is not one line naming %s: %q", fm, name, msg)
			}
			if strings.Contains(msg, "panic") || strings.Contains(msg, "runtime error") {
				t.Fatalf("format %q: error tells of a panic: %q", fm, msg)
			}
			continue
		}
		if err := d.Validate(); err != nil {
			t.Fatalf("format %q: invalid document: %v", fm, err)
		}
		for _, it := range d.Items {
			if !utf8.ValidString(it.Text) || !utf8.ValidString(it.Title) {
				t.Fatalf("format %q: item %s is not valid UTF-8", fm, it.ID)
			}
		}
		js, err := corpusjson.Marshal(d)
		if err != nil {
			t.Fatalf("format %q: %v", fm, err)
		}
		back, err := ingest.Options{}.Bytes("fuzz.json", js)
		if err != nil {
			t.Fatalf("format %q: our JSON does not read back: %v", fm, err)
		}
		if js2, _ := corpusjson.Marshal(back); string(js2) != string(js) {
			t.Fatalf("format %q: JSON round trip changed the document", fm)
		}
		again, err := opts.Bytes(name, data)
		if err != nil {
			t.Fatalf("format %q: second read failed: %v", fm, err)
		}
		if js3, _ := corpusjson.Marshal(again); string(js3) != string(js) {
			t.Fatalf("format %q: two reads of the same bytes differ", fm)
		}
	}
}

// fuzzNow fixes the ingest time, so that two reads can be compared.
func fuzzNow() time.Time { return time.Unix(0, 0) }

func fuzzBody(formats ...string) func(*testing.T, []byte) {
	return func(t *testing.T, data []byte) {
		if len(data) > fuzzMaxInput {
			return
		}
		checkRead(t, "fuzz.in", data, formats...)
	}
}

// FuzzMarkdown fuzzes the Markdown reader: lists, quotes, tables, inline
// markup and their nesting.
func FuzzMarkdown(f *testing.F) {
	fuzzSeeds(f, "markdown", []string{"wca/*-ja.md", "udhr/udhr-1948-ar.md", "dev/*/*.md"},
		"# T\n\n"+strings.Repeat("- ", 120)+"x\n",
		"# T\n\n"+strings.Repeat("> ", 99)+"1. x\n"+strings.Repeat(">", 99)+" 2. y\nz\n",
		strings.Repeat("*a _b ", 300)+"x"+strings.Repeat(" b_ a*", 300),
		"| a | b |\n|---|---|\n| 1 | x |\n| 2 | `y|z` |\n",
		"## Article 1\n\n- [a](http://x \"t\") <b>b</b> `c`\n- ![i](j)\n\n[^1]: n\n",
		"# T\n\n- 1) a\n  - 2) b\n    > 3. c\n    >   1. d\n    >   | x | y |\n    >   |---|---|\n    >   | 1 | > z |\n")
	scriptSeeds(f, ".md")
	f.Fuzz(fuzzBody("markdown"))
}

// FuzzHTML fuzzes the HTML reader: headings, lists, tables, definition
// lists, navigation and nesting.
func FuzzHTML(f *testing.F) {
	fuzzSeeds(f, "html", []string{"udhr/*.html", "dev/*/*.html"},
		"<html><body><ol start=\"3\"><li>a<li>b</ol><table><tr><td>4<td>T<td>x</table>",
		"<html><body>"+strings.Repeat("<div><ol><li>", 200)+"x",
		// Past the parser's 512 open elements: an error at the tag.
		"<html><body><p>1. a</p>"+strings.Repeat("<div><b>\n", 300)+"x",
		"<nav><a href=#a>1. A</a></nav><h2 id=a>1. A</h2><p>x<br>y</p><dl><dt>t<dd>d</dl>",
		"<ol><li>1<ol><li>a<table><tr><td><ul><li>x<blockquote><ol start=2><li>y</ol></blockquote></ul></table></ol></ol>")
	scriptSeeds(f, ".html")
	f.Fuzz(fuzzBody("html"))
}

// FuzzText fuzzes the plain-text readers: numbered paragraphs, a reader's
// page, a guide and an addendum.
func FuzzText(f *testing.F) {
	fuzzSeeds(f, "*", []string{"seeds/*.txt", "dev/*/*.txt"},
		"1 。 a\n2 。 b ) c ç ) d\n3 。 e",
		"T\nx…Y\nz。W\n",
		"第一条 a\n第二条 b\n1조 c\n١. d\n",
		"1. a\n1.1. b\n1.1.1. c\n1.1.1.1. d\n(a) e\n(i) f\n2. g\n")
	scriptSeeds(f, ".txt")
	f.Fuzz(fuzzBody("text", "numbered", "reader", "guide", "addendum"))
}

// FuzzCSV fuzzes the table readers.
func FuzzCSV(f *testing.F) {
	fuzzSeeds(f, "csv", nil, "number;title;text\n1;A;\"b\"\"c\"\n", "1\ta\tb\n2\t\"c\n")
	fuzzSeeds(f, "tsv", nil)
	fuzzSeeds(f, "items", nil, "number,title,text\n1,A,\"a\n1. b\n   1. c\"\n1.1,B,d\n")
	scriptSeeds(f, ".csv", ".tsv")
	f.Fuzz(fuzzBody("csv", "tsv", "items"))
}

// FuzzPO fuzzes the PO reader: headers, contexts, continued strings,
// plural forms, obsolete entries and escapes.
func FuzzPO(f *testing.F) {
	fuzzSeeds(f, "", nil,
		"msgid \"\"\nmsgstr \"\"\n\"Language: fr\\n\"\n\nmsgctxt \"rule:1\"\nmsgid \"a\"\nmsgstr \"\"\n\"b\"\n\"c\"\n",
		"#, fuzzy\n#| msgid \"o\"\nmsgctxt \"rule:2\"\nmsgid \"a\\tb\\\"\"\nmsgid_plural \"x\"\nmsgstr[0] \"y\"\nmsgstr[1] \"z\"\n\n#~ msgid \"q\"\n#~ msgstr \"r\"\n")
	scriptSeeds(f, ".po", ".pot")
	draftSeeds(f, "po")
	f.Fuzz(fuzzBody("po"))
}

// FuzzXLIFF fuzzes the XLIFF reader, 1.2 and 2.0, with inline elements.
func FuzzXLIFF(f *testing.F) {
	fuzzSeeds(f, "", nil,
		`<?xml version="1.0"?><xliff version="1.2"><file source-language="en" target-language="fr"><body><trans-unit id="rule:1"><source>a</source><target>b<g id="1">c<g id="2">d</g></g><x id="3"/></target></trans-unit></body></file></xliff>`,
		`<xliff version="1.2"><file target-language="fr"><body><trans-unit id="rule:1"><source>a</source><target state="needs-review-translation" state-qualifier="x-rulesync-stale">b</target><alt-trans alttranstype="previous-version"><source>o<bpt id="1">[</bpt>p<ept id="1">](#x)</ept></source><target>b</target></alt-trans><alt-trans><source>q</source></alt-trans></trans-unit></body></file></xliff>`,
		`<!-- c --><?pi x?><xliff version="2.0" srcLang="en" trgLang="de"><file id="f"><unit id="rule:1"><segment state="translated"><source>a<ph id="1"/></source><target>b<pc id="2">c</pc></target></segment></unit></file></xliff>`)
	scriptSeeds(f, ".xlf", ".xliff")
	draftSeeds(f, "xliff")
	f.Fuzz(fuzzBody("xliff"))
}

// FuzzTMX fuzzes the TMX reader.
func FuzzTMX(f *testing.F) {
	fuzzSeeds(f, "", nil,
		`<?xml version="1.0"?><tmx version="1.4"><header srclang="en"/><body><tu tuid="rule:1"><tuv xml:lang="en"><seg>a</seg></tuv><tuv xml:lang="fr"><seg>b<ph x="1">&lt;b&gt;</ph></seg></tuv></tu></body></tmx>`,
		`<tmx version="1.4"><header srclang="*all*"/><body><tu><tuv lang="en"><seg>a</seg></tuv><tuv xml:lang="ja"><seg>b</seg></tuv><tuv xml:lang="de"><seg>c</seg></tuv></tu></body></tmx>`)
	scriptSeeds(f, ".tmx")
	draftSeeds(f, "tmx")
	f.Fuzz(fuzzBody("tmx"))
}

// FuzzDOCX fuzzes the DOCX reader through the body of word/document.xml:
// a zip the mutator changes byte by byte rarely opens, so the target wraps
// each input in a valid package with list numbering. The seeds are the
// bodies of the example files, in pieces.
func FuzzDOCX(f *testing.F) {
	f.Add([]byte(para("", run(bold, "1: Seats"), run("", "Players must be seated."))))
	f.Add([]byte(para(`<w:numPr><w:ilvl w:val="0"/><w:numId w:val="3"/></w:numPr>`, run("", "a")) +
		para(`<w:numPr><w:ilvl w:val="1"/><w:numId w:val="3"/></w:numPr>`, run("", "b")) +
		`<w:tbl><w:tr><w:tc>` + para("", run("", "4")) + `</w:tc></w:tr></w:tbl>` +
		`<w:ins><w:r><w:t>c</w:t></w:r></w:ins><w:del><w:r><w:delText>d</w:delText></w:r></w:del>`))
	docxBodySeeds(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		if len(body) > fuzzMaxInput {
			return
		}
		data := makeDOCX(t, string(body), map[string]string{"word/numbering.xml": numberingXML})
		checkRead(t, "fuzz.docx", data, "docx")
	})
}
