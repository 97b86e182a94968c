package reports

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// The links of a translation as each interchange format writes them: in
// a PO's msgstr, Markdown; in an XLIFF target or TMX seg, the link's
// syntax as native code in <bpt>/<ept>.
var (
	poLinkRe  = regexp.MustCompile(`\[([^\[\]"\\]+)\]\(([^()"\s\\]+)\)`)
	xmlLinkRe = regexp.MustCompile(`<bpt (id|i)="(\d+)">\[</bpt>([^<]+)<ept (?:id|i)="(\d+)">\]\(([^<]*)\)</ept>`)
)

// perturbation is a translator's damage to the markup of one link in an
// exported file: it returns the file with the link at [a, b) (m: the
// submatch offsets) changed, and the fault the reader must find.
type perturbation struct {
	name  string
	fault string
	apply func(file string, m []int) string
}

var poPerturbations = []perturbation{
	{"delete the link's markup", corpus.InlineMissing, func(f string, m []int) string { return f[:m[0]] + f[m[2]:m[3]] + f[m[1]:] }},
	{"break its close", corpus.InlineMalformed, func(f string, m []int) string { return f[:m[1]-1] + f[m[1]:] }},
	{"swap its open and close", corpus.InlineMalformed, func(f string, m []int) string {
		return f[:m[0]] + "](" + f[m[4]:m[5]] + ")" + f[m[2]:m[3]] + "[" + f[m[1]:]
	}},
}

var xmlPerturbations = []perturbation{
	{"delete the link's codes", corpus.InlineMissing, func(f string, m []int) string { return f[:m[0]] + f[m[6]:m[7]] + f[m[1]:] }},
	{"break its end code's id", corpus.InlineUnbalanced, func(f string, m []int) string { return f[:m[8]] + "99" + f[m[9]:] }},
	{"swap its codes", corpus.InlineUnbalanced, func(f string, m []int) string {
		link := f[m[0]:m[1]]
		bpt := link[:strings.Index(link, "</bpt>")+len("</bpt>")]
		ept := link[strings.Index(link, "<ept"):]
		return f[:m[0]] + ept + f[m[6]:m[7]] + bpt + f[m[1]:]
	}},
}

// TestInterchangeMarkupFaults exports real translations (WCA ja; the
// Debian social contract in Japanese, from HTML) to PO, XLIFF and TMX,
// damages the markup of the first translated link in each file as a
// translator might (deletes it, breaks it, swaps its two halves), and
// reads each damaged file back: the reader finds the fault on that
// segment, gaps and sync report it with the segment's id, and the
// draft keeps the link's words. The files as exported have no fault of
// the kinds the damage makes on that segment.
func TestInterchangeMarkupFaults(t *testing.T) {
	for _, c := range []struct{ name, src, tr string }{
		{"wca-ja", "wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2021-05-01-ja.md"},
		{"dsc-ja", "dev/debian-social-contract/debian-social-contract-1.1-en.wml", "dev/debian-social-contract/debian-social-contract-1.1-ja.wml"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src, tr := testcorpus.Doc(t, c.src), testcorpus.Doc(t, c.tr)
			read := func(rel string) string {
				b, err := os.ReadFile(testcorpus.Path(t, rel))
				if err != nil {
					t.Fatal(err)
				}
				return string(b)
			}
			d := gaps.Options{}.Sync(src, tr, nil)
			o := DraftOptions{SourceText: read(c.src), TranslationText: read(c.tr)}
			for _, format := range []string{"po", "xliff", "tmx"} {
				o.Format = format
				file := writeInterchange(t, d, o)
				ctx, m := firstTargetLink(file, format)
				if m == nil {
					t.Fatalf("%s: no translated link to damage", format)
				}
				ps := xmlPerturbations
				if format == "po" {
					ps = poPerturbations
				}
				t.Logf("%s: damaging the link %q of %s", format, file[m[0]:m[1]], ctx)
				if n := allFaults(t, file, format); n > 0 {
					t.Errorf("%s: %d faults of inline markup in the file as exported", format, n)
				}
				for _, p := range ps {
					damaged := p.apply(file, m)
					faults := segmentFaults(t, src, damaged, format, ctx)
					found := false
					for _, f := range faults {
						found = found || f == p.fault
					}
					if !found {
						t.Errorf("%s: %s of %s: faults %v, want %s", format, p.name, ctx, faults, p.fault)
					}
					words := linkWords(file, m, format)
					checkReported(t, src, damaged, format, ctx, words, format+": "+p.name)
				}
			}
		})
	}
}

// firstTargetLink finds the first link of a translation in an exported
// file: the segment's id and the submatch offsets of the link.
func firstTargetLink(file, format string) (string, []int) {
	unit, target, re := "\nmsgctxt \"", "\nmsgstr ", poLinkRe
	switch format {
	case "xliff":
		unit, target, re = "<trans-unit id=\"", "<target", xmlLinkRe
	case "tmx":
		unit, target, re = "<tu tuid=\"", "</seg>", xmlLinkRe // the second seg is the translation's
	}
	at := 0
	for {
		k := strings.Index(file[at:], unit)
		if k < 0 {
			return "", nil
		}
		start := at + k + len(unit)
		end := len(file)
		if n := strings.Index(file[start:], unit); n >= 0 {
			end = start + n
		}
		ctx := file[start : start+strings.IndexByte(file[start:], '"')]
		if t := strings.Index(file[start:end], target); t >= 0 {
			from, end := start+t, end
			if n := strings.Index(file[from:end], "\n\n"); format == "po" && n >= 0 {
				end = from + n // the msgstr, not the next entry's comments
			}
			if m := re.FindStringSubmatchIndex(file[from:end]); m != nil && (format == "po" || file[from+m[4]:from+m[5]] == file[from+m[8]:from+m[9]]) {
				for i := range m {
					m[i] += from
				}
				return ctx, m
			}
		}
		at = end - 1
	}
}

// linkWords are the words a link marks, as the file writes them.
func linkWords(file string, m []int, format string) string {
	if format == "po" {
		return file[m[2]:m[3]]
	}
	return strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">").Replace(file[m[6]:m[7]])
}

// allFaults counts the faults of inline markup on the items of a file.
func allFaults(t *testing.T, file, format string) int {
	t.Helper()
	doc, err := ingest.Options{}.Bytes("x."+format, []byte(file))
	if err != nil {
		t.Fatalf("%s: %v", format, err)
	}
	n := 0
	for _, it := range doc.Items {
		n += len(it.Inline)
	}
	return n
}

// segmentFaults reads an exported file and returns the faults of the
// inline markup on segment ctx.
func segmentFaults(t *testing.T, src *corpus.Document, file, format, ctx string) []string {
	t.Helper()
	doc, err := ingest.Options{}.Bytes("x."+format, []byte(file))
	if err != nil {
		t.Fatalf("%s: %v", format, err)
	}
	id, _, _ := strings.Cut(ctx, "/")
	var out []string
	if it := doc.Item(id); it != nil {
		for _, f := range it.Inline {
			if f.Segment == ctx {
				out = append(out, f.Fault)
			}
		}
	}
	return out
}

// checkReported syncs a damaged file to Markdown: gaps on the file and
// the sync report name the segment, and the draft has the link's words.
func checkReported(t *testing.T, src *corpus.Document, file, format, ctx, words, what string) {
	t.Helper()
	doc, err := ingest.Options{}.Bytes("x."+format, []byte(file))
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	reported := false
	for _, f := range (gaps.Options{}).Gaps(src, doc, nil).Findings {
		reported = reported || f.Check == gaps.Markup && strings.Contains(f.Message, "segment "+ctx+":")
	}
	if !reported {
		t.Errorf("%s: gaps does not report segment %s", what, ctx)
	}
	d := gaps.Options{}.Sync(src, doc, nil)
	var rep bytes.Buffer
	if err := (&SyncReport{Draft: d, BaseChosen: "source"}).Text(&rep); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rep.String(), "markup: segment "+ctx+":") {
		t.Errorf("%s: the sync report does not name segment %s:\n%s", what, ctx, rep.String())
	}
	var md bytes.Buffer
	if _, err := WriteDraft(&md, d, DraftOptions{Format: "md"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), words) {
		t.Errorf("%s: the draft lost the link's words %q", what, words)
	}
}
