package reports

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// textChecks are the checks that read a translation's texts against its
// source's. The others say how the file states what it lacks (an empty
// msgstr is missing, a draft's source text under its marker is
// untranslated) and so are named by format.
var textChecks = []string{gaps.Numbers, gaps.Refs, gaps.Parts, gaps.Truncated, gaps.Mismatch, gaps.Terminology, gaps.Enumeration, gaps.Duplicate}

// textFindings lists a report's findings of textChecks, by check,
// source item and message, sorted.
func textFindings(r *gaps.Report) []string {
	var out []string
	for _, f := range r.Findings {
		if slices.Contains(textChecks, f.Check) {
			out = append(out, fmt.Sprintf("%s %s %s %s", f.Severity, f.Check, f.SourceID, f.Message))
		}
	}
	slices.Sort(out)
	return out
}

// keyedInterchange says whether d was read from a PO, XLIFF or TMX.
func keyedInterchange(d *corpus.Document) bool {
	return d.Source.Format == "po" || d.Source.Format == "xliff" || d.Source.Format == "tmx"
}

// fuzzyPO matches the lines msgattrib --clear-fuzzy --clear-previous
// removes: the fuzzy flag and the previous msgctxt/msgid.
var fuzzyPO = regexp.MustCompile(`(?m)^(#, fuzzy|#\| .*)\n`)

// TestFormatsAgree syncs real translations (WCA ja on the 2024
// edition with the edition it translates as base, and the dev corpus's)
// and reads the PO, the XLIFF and the Markdown draft back, and a PO
// whose stale entries a translator accepted (its fuzzy flags and
// previous msgids cleared) with the Markdown draft synced from it: gaps
// on each against the source gives the same progress and the same
// findings on the texts, whichever file holds the translations. The
// progress figures are compared where the Markdown reads back as a
// draft (paired by its ids, as the PO is): a draft with nothing to
// review carries no frame and is read through the aligner, as any
// translation (UDHR ne's accepted PO: its preamble heading, scored
// 0.32, is reviewed). The truncated check read the length ratio of the aligner, which pairs a
// draft's headings and none of a PO's items: WCA ja's accepted PO 428
// translated, 20 fuzzy; its draft 426 and 22, with truncated on 9l,
// B1a and F2.
func TestFormatsAgree(t *testing.T) {
	longtest.Skip(t)
	pairs := []devPair{{name: "wca-ja-on-2024", src: "wca/wca-regulations-2024-01-01-en.md", tr: "wca/wca-regulations-2021-05-01-ja.md", base: "wca/wca-regulations-2021-05-01-en.md"}}
	pairs = append(pairs, devPair{name: "wca-ja", src: "wca/wca-regulations-2021-05-01-en.md", tr: "wca/wca-regulations-2021-05-01-ja.md"})
	_, names := testcorpus.UDHRFiles(t)
	for _, n := range names {
		if strings.HasSuffix(n, ".md") && !strings.HasPrefix(n, "udhr-1948-en.") {
			pairs = append(pairs, devPair{name: n, src: "udhr/udhr-1948-en.md", tr: "udhr/" + n})
		}
	}
	now := time.Unix(1700000000, 0)
	read := func(t *testing.T, name, text string) *corpus.Document {
		t.Helper()
		d, err := ingest.Options{}.Bytes(name, []byte(text))
		if err != nil {
			t.Fatalf("%s: read back: %v", name, err)
		}
		return d
	}
	file := func(t *testing.T, rel string) string {
		b, err := os.ReadFile(testcorpus.Path(t, rel))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for _, p := range pairs {
		t.Run(p.name+"-on-"+p.src, func(t *testing.T) {
			src, tr := testcorpus.Doc(t, p.src), testcorpus.Doc(t, p.tr)
			var base *corpus.Document
			if p.base != "" {
				base = testcorpus.Doc(t, p.base)
			}
			srcText, trText := file(t, p.src), file(t, p.tr)
			// The texts the draft reads, as sync gives them.
			opts := func(format string, tr *corpus.Document, text string) DraftOptions {
				o := DraftOptions{Format: format, Now: now}
				if DraftReadsText(format, src) {
					o.SourceText = srcText
				}
				if DraftReadsText(format, tr) {
					o.TranslationText = text
				}
				return o
			}
			d := gaps.Options{}.Sync(src, tr, base)
			po := writeInterchange(t, d, opts("po", tr, trText))
			files := map[string]string{
				"draft.po":    po,
				"draft.xliff": writeInterchange(t, d, opts("xliff", tr, trText)),
				"draft.md":    writeInterchange(t, d, opts("md", tr, trText)),
			}
			accepted := fuzzyPO.ReplaceAllString(po, "")
			acc := read(t, "accepted.po", accepted)
			files["accepted.po"] = accepted
			files["accepted.md"] = writeInterchange(t, gaps.Options{}.Sync(src, acc, nil), opts("md", acc, accepted))
			for _, group := range [][2]string{{"draft.po", "draft.xliff"}, {"draft.po", "draft.md"}, {"accepted.po", "accepted.md"}} {
				back := read(t, group[1], files[group[1]])
				ra := gaps.Options{}.Gaps(src, read(t, group[0], files[group[0]]), nil)
				rb := gaps.Options{}.Gaps(src, back, nil)
				if a, b := ra.Progress(), rb.Progress(); a != b && (back.IsDraft() || keyedInterchange(back)) {
					t.Errorf("%s: %s\n%s: %s", group[0], a, group[1], b)
				}
				fa, fb := textFindings(ra), textFindings(rb)
				for _, f := range fa {
					if !slices.Contains(fb, f) {
						t.Errorf("only %s: %s", group[0], f)
					}
				}
				for _, f := range fb {
					if !slices.Contains(fa, f) {
						t.Errorf("only %s: %s", group[1], f)
					}
				}
			}
		})
	}
}
