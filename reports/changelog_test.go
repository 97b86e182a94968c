package reports_test

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
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
		for _, s := range []string{"only “his or her” written as “their”", "numbers changed: 10 became 15", "**Rule 5: Chip Counts** (removed)", "| **total** | 5 | 1 | 6 |", "(retitled; was Rule 2)"} {
			if !strings.Contains(b.String(), s) {
				t.Errorf("%s: changelog lacks %q", file, s)
			}
		}
		if strings.Contains(b.String(), "rule:") {
			t.Errorf("%s: the changelog names items by id", file)
		}
	}
}

// TestChangelogOptions: --only and --skip front-matter leave changes
// out of the list, say so, and keep the summary table whole.
func TestChangelogOptions(t *testing.T) {
	doc := func(edition, preamble, pronoun, minutes string) *corpus.Document {
		d := &corpus.Document{Edition: edition, Lang: "en", Items: []corpus.Item{
			{Kind: corpus.KindPreamble, Text: preamble},
			{Kind: corpus.KindRule, Number: "1", Title: "Seat Draw", Section: "Seating", Text: "Seats are drawn by " + pronoun + " card."},
			{Kind: corpus.KindRule, Number: "2", Title: "Breaks", Section: "Seating", Text: "Breaks last " + minutes + " minutes."},
		}}
		corpus.AssignIDs(d)
		return d
	}
	old := doc("house-2030", "House rules 2030. The preamble.", "his or her", "10")
	cur := doc("house-2031", "House rules 2031. The preamble, rewritten at length.", "their", "15")
	c := diff.Options{}.Compare(old, cur)
	for _, tc := range []struct {
		name       string
		opt        reports.ChangelogOptions
		want, lack []string
	}{
		{"all", reports.ChangelogOptions{}, []string{"Rule 1: Seat Draw", "Rule 2: Breaks", "## Substantive changes", "## Editorial changes"}, []string{"shortened"}},
		{"substantive", reports.ChangelogOptions{Only: diff.Substantive}, []string{"Rule 2: Breaks", "only the substantive changes are listed"}, []string{"Rule 1: Seat Draw", "## Editorial changes"}},
		{"editorial", reports.ChangelogOptions{Only: diff.Editorial}, []string{"Rule 1: Seat Draw"}, []string{"Rule 2: Breaks"}},
		{"skip front matter", reports.ChangelogOptions{SkipFrontMatter: true}, []string{"Rule 1: Seat Draw", "the front matter is left out"}, []string{"### Front matter"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := tc.opt.Markdown(&b, c); err != nil {
				t.Fatal(err)
			}
			for _, s := range tc.want {
				if !strings.Contains(b.String(), s) {
					t.Errorf("lacks %q:\n%s", s, b.String())
				}
			}
			for _, s := range tc.lack {
				if strings.Contains(b.String(), s) {
					t.Errorf("has %q:\n%s", s, b.String())
				}
			}
			if !strings.Contains(b.String(), "| **total** |") {
				t.Errorf("no summary table:\n%s", b.String())
			}
		})
	}
}

// TestSkipFrontMatterWithoutSections: in a rulebook without sections,
// --skip front-matter leaves out its unnumbered preamble, not its rules.
func TestSkipFrontMatterWithoutSections(t *testing.T) {
	doc := func(edition, preamble, minutes string) *corpus.Document {
		d := &corpus.Document{Edition: edition, Lang: "en", Items: []corpus.Item{
			{Kind: corpus.KindPreamble, Text: preamble},
			{Kind: corpus.KindRule, Number: "1", Title: "Breaks", Text: "Breaks last " + minutes + " minutes."},
		}}
		corpus.AssignIDs(d)
		return d
	}
	c := diff.Options{}.Compare(doc("club-2030", "Club rules 2030.", "10"), doc("club-2031", "Club rules 2031, rewritten.", "15"))
	var b bytes.Buffer
	if err := (reports.ChangelogOptions{SkipFrontMatter: true}).Markdown(&b, c); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Rule 1: Breaks", "1 change not listed"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("lacks %q:\n%s", want, b.String())
		}
	}
}

// TestRealChangelog renders the changelog of the TDA 2022 short form and
// the 2024 longform (the real files): a scope note quoting the short
// form stands where 36 "new" entries stood, the procedures and addendum
// entries are listed apart, rule 25 is editorial, and no entry names an
// item by id or carries a backslash in its reason.
func TestRealChangelog(t *testing.T) {
	old := testcorpus.Doc(t, "tda/tda-2022-shortform-en.docx")
	cur := testcorpus.Doc(t, "tda/tda-2024-longform-en.pdf")
	c := diff.Options{}.Compare(old, cur)
	var b bytes.Buffer
	if err := reports.Markdown(&b, c); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	if n := strings.Count(md, "new in this edition"); n != 0 {
		t.Errorf("%d entries \"new in this edition\", want none", n)
	}
	if !strings.Contains(md, "**Scope.** tda-2022 does not contain the Recommended Procedures (22 items) and the Illustration Addendum (14 items)") ||
		!strings.Contains(md, "## Not in tda-2022: Recommended Procedures and Illustration Addendum") {
		t.Errorf("no scope note or list:\n%s", md[:min(len(md), 2000)])
	}
	editorial := md[strings.Index(md, "## Editorial changes"):]
	if !strings.Contains(editorial, "**Rule 25: Cards and Chips Kept Visible") {
		t.Error("rule 25 is not among the editorial changes")
	}
	idRe := regexp.MustCompile(`\b(?:rule|rp|add|reg|guide|sec|item|pre):`)
	for _, l := range strings.Split(md, "\n") {
		if !strings.HasPrefix(l, "- **") {
			continue
		}
		_, reason, _ := strings.Cut(l, "): ")
		if strings.Contains(reason, `\`) || idRe.MatchString(l) {
			t.Errorf("entry with an id or a backslash: %s", l)
		}
	}
	if i := strings.Index(md, "| change |"); i < 0 || i > strings.Index(md, "## Substantive changes") {
		t.Error("the summary table does not come first")
	}
}

// TestChangelogPDFEqualsDOCX checks that the TDA 2022 -> 2024 changelog
// made from the PDFs is the one made from the DOCX files, in every
// format: paragraphs run on across PDF lines, columns and pages as the
// DOCX prints them, so no wrap or page break reaches a redline.
func TestChangelogPDFEqualsDOCX(t *testing.T) {
	cmp := func(ext string) *diff.Comparison {
		return diff.Options{}.Compare(testcorpus.Doc(t, "tda/tda-2022-shortform-en"+ext), testcorpus.Doc(t, "tda/tda-2024-longform-en"+ext))
	}
	pdf, docx := cmp(".pdf"), cmp(".docx")
	formats := []struct {
		name  string
		write func(io.Writer, *diff.Comparison) error
	}{
		{"text", func(w io.Writer, c *diff.Comparison) error { return reports.Text(w, c, false) }},
		{"markdown", reports.Markdown},
		{"html", reports.HTML},
	}
	for _, f := range formats {
		t.Run(f.name, func(t *testing.T) {
			var a, b strings.Builder
			if err := f.write(&a, pdf); err != nil {
				t.Fatal(err)
			}
			if err := f.write(&b, docx); err != nil {
				t.Fatal(err)
			}
			// The sources are named by their files; nothing else may differ.
			got := strings.ReplaceAll(a.String(), ".pdf", ".docx")
			if got != b.String() {
				al, bl := strings.Split(got, "\n"), strings.Split(b.String(), "\n")
				for i := range min(len(al), len(bl)) {
					if al[i] != bl[i] {
						t.Fatalf("line %d differs:\n pdf  %q\n docx %q", i+1, al[i], bl[i])
					}
				}
				t.Fatalf("pdf changelog has %d lines, docx %d", len(al), len(bl))
			}
		})
	}
}
