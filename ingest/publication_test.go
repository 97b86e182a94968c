package ingest_test

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// The official TDA publications in ../shared/corpus/tda, as PDF and DOCX.
var publications = []struct {
	base          string
	edition, date string
	rules, rps    int
	addendum      []string
}{
	{"tda/tda-2024-longform-en", "tda-2024", "2024-10-09", 71, 22,
		[]string{"add:10", "add:11-D", "add:16", "add:18", "add:38", "add:40-A", "add:43", "add:45", "add:46", "add:47", "add:51", "add:52-B", "add:53-A", "add:53-B"}},
	{"tda/tda-2022-shortform-en", "tda-2022", "2022-09-17", 71, 0, nil},
}

// TestPublicationStructure checks what each official file holds: the
// edition and date from its title page, every rule numbered 1..71 under a
// section, the procedures and the addendum entries.
func TestPublicationStructure(t *testing.T) {
	for _, p := range publications {
		for _, ext := range []string{".pdf", ".docx"} {
			t.Run(p.base+ext, func(t *testing.T) {
				d := testcorpus.Doc(t, p.base+ext)
				if d.Source.Format != ext[1:] {
					t.Errorf("format = %q, want %s", d.Source.Format, ext[1:])
				}
				if d.Edition != p.edition || d.Date != p.date || d.Version != "1.0" || d.Lang != "en" {
					t.Errorf("edition, date, version, lang = %q, %q, %q, %q; want %s, %s, 1.0, en", d.Edition, d.Date, d.Version, d.Lang, p.edition, p.date)
				}
				rules := itemsOf(d, corpus.KindRule)
				if len(rules) != p.rules {
					t.Errorf("%d rules, want %d", len(rules), p.rules)
				}
				for i, r := range rules {
					if want := fmt.Sprintf("rule:%d", i+1); r.ID != want {
						t.Errorf("rule %d has id %s, want %s", i+1, r.ID, want)
					}
					if r.Title == "" || r.Section == "" || r.Text == "" {
						t.Errorf("%s: title %q, section %q, text of %d bytes; want all three", r.ID, r.Title, r.Section, len(r.Text))
					}
				}
				if n := len(itemsOf(d, corpus.KindRP)); n != p.rps {
					t.Errorf("%d recommended procedures, want %d", n, p.rps)
				}
				var adds []string
				for _, it := range itemsOf(d, corpus.KindAddendum) {
					adds = append(adds, it.ID)
					if len(it.Parts) == 0 && it.ID != "add:10" {
						t.Errorf("%s: no examples as parts", it.ID)
					}
				}
				if !slices.Equal(adds, p.addendum) {
					t.Errorf("addendum entries %v, want %v", adds, p.addendum)
				}
			})
		}
	}
}

// TestPDFMatchesDOCX checks that the PDF and the DOCX of one edition give
// the same items: ids, kinds, titles, sections and part labels equal,
// texts equal in comparison form paragraph by paragraph. Every item that differs is reported.
func TestPDFMatchesDOCX(t *testing.T) {
	for _, p := range publications {
		t.Run(p.base, func(t *testing.T) {
			pdf := testcorpus.Doc(t, p.base+".pdf")
			docx := testcorpus.Doc(t, p.base+".docx")
			var pids, dids []string
			for _, it := range pdf.Items {
				pids = append(pids, it.ID)
			}
			for _, it := range docx.Items {
				dids = append(dids, it.ID)
			}
			if !slices.Equal(pids, dids) {
				t.Errorf("ids differ:\n pdf  %v\n docx %v", pids, dids)
			}
			for _, a := range pdf.Items {
				b := docx.Item(a.ID)
				if b == nil {
					continue
				}
				var diffs []string
				if a.Kind != b.Kind {
					diffs = append(diffs, fmt.Sprintf("kind %s vs %s", a.Kind, b.Kind))
				}
				if a.Title != b.Title {
					diffs = append(diffs, fmt.Sprintf("title %q vs %q", a.Title, b.Title))
				}
				if a.Section != b.Section {
					diffs = append(diffs, fmt.Sprintf("section %q vs %q", a.Section, b.Section))
				}
				if fa, fb := paragraphs(a.Text), paragraphs(b.Text); fa != fb {
					diffs = append(diffs, "text "+firstDifference(fa, fb))
				}
				if la, lb := labels(a.Parts), labels(b.Parts); !slices.Equal(la, lb) {
					diffs = append(diffs, fmt.Sprintf("parts %v vs %v", la, lb))
				}
				if len(diffs) > 0 {
					t.Errorf("%s (pdf vs docx): %s", a.ID, strings.Join(diffs, "; "))
				}
			}
		})
	}
}

// paragraphs is the comparison form of a text that keeps its paragraph
// breaks: a PDF's wrap or page break must not start a paragraph that the
// DOCX runs on, nor the other way round.
func paragraphs(s string) string {
	ps := strings.Split(s, "\n")
	for i, p := range ps {
		ps[i] = corpus.Fold(p)
	}
	return strings.Join(ps, "\n")
}

func labels(ps []corpus.Part) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Label)
	}
	return out
}

// firstDifference shows where two texts part ways.
func firstDifference(a, b string) string {
	ra, rb := []rune(a), []rune(b)
	i := 0
	for i < len(ra) && i < len(rb) && ra[i] == rb[i] {
		i++
	}
	clip := func(r []rune) string {
		lo, hi := max(0, i-30), min(len(r), i+40)
		return string(r[lo:hi])
	}
	return fmt.Sprintf("at %d: %q vs %q", i, clip(ra), clip(rb))
}

// TestPublicationNoChrome checks that no item carries page furniture: the
// copyright line the 2024 longform repeats on every page, page numbers,
// or a section heading glued to the end of the rule before it.
func TestPublicationNoChrome(t *testing.T) {
	pageNumber := regexp.MustCompile(`(?m)^\s*(?:Page\s*)?\d{1,3}\s*$`)
	for _, p := range publications {
		for _, ext := range []string{".pdf", ".docx"} {
			d := testcorpus.Doc(t, p.base+ext)
			sections := map[string]bool{}
			for _, it := range d.Items {
				if it.Section != "" {
					sections[it.Section] = true
				}
			}
			for _, it := range d.Items {
				for _, bad := range []string{"©", "Copyright", "All Rights Reserved", "use policy at"} {
					if strings.Contains(it.Text, bad) || strings.Contains(it.Title, bad) {
						t.Errorf("%s%s %s: contains %q", p.base, ext, it.ID, bad)
					}
				}
				if pageNumber.MatchString(it.Text) {
					t.Errorf("%s%s %s: a line that is only a number: %q", p.base, ext, it.ID, pageNumber.FindString(it.Text))
				}
				for s := range sections {
					if strings.HasSuffix(it.Text, s) || strings.Contains(it.Text, "\n"+s+"\n") {
						t.Errorf("%s%s %s: section heading %q inside the text", p.base, ext, it.ID, s)
					}
				}
			}
			if ext == ".pdf" && p.edition == "tda-2024" && !strings.Contains(strings.Join(d.Notes, "\n"), "Copyright") {
				t.Errorf("%s%s: notes %q do not say the copyright footer was dropped", p.base, ext, d.Notes)
			}
		}
	}
}

// TestPublicationDetails checks things a copy-editor would catch: a part
// label at the start of a page, a title with a full stop inside, a
// plain-type procedure heading, hyphens kept across line ends, citations
// of addendum entries.
func TestPublicationDetails(t *testing.T) {
	for _, ext := range []string{".pdf", ".docx"} {
		d := testcorpus.Doc(t, "tda/tda-2024-longform-en"+ext)
		check := func(id string, f func(it *corpus.Item) string) {
			it := d.Item(id)
			if it == nil {
				t.Errorf("%s: no %s", ext, id)
				return
			}
			if msg := f(it); msg != "" {
				t.Errorf("%s %s: %s", ext, id, msg)
			}
		}
		// Part D of rule 5 starts a new page of the PDF.
		check("rule:5", func(it *corpus.Item) string {
			if got := labels(it.Parts); !slices.Equal(got, []string{"A", "B", "C", "D"}) {
				return fmt.Sprintf("parts %v, want A-D", got)
			}
			return ""
		})
		check("rule:25", func(it *corpus.Item) string {
			if !strings.Contains(it.Title, "Manageable. Discretionary") {
				return fmt.Sprintf("title %q lost its second sentence", it.Title)
			}
			return ""
		})
		check("rp:20", func(it *corpus.Item) string {
			if it.Title != "Cards Ready for Shuffle" {
				return fmt.Sprintf("title %q", it.Title)
			}
			return ""
		})
		check("rule:35", func(it *corpus.Item) string {
			if !strings.Contains(it.Text, "non-standard card") {
				return "the hyphen of non-standard was lost"
			}
			return ""
		})
		check("add:43", func(it *corpus.Item) string {
			if !strings.Contains(corpus.Fold(it.Text), "4th - 5th") {
				return "superscript ordinals broken apart"
			}
			return ""
		})
		check("add:40-A", func(it *corpus.Item) string {
			if slices.Contains(it.Refs, "rule:40#A") {
				return fmt.Sprintf("refs %v cite the entry's own rule", it.Refs)
			}
			return ""
		})
	}
}

// TestDOCXChangeMarks checks that the 2024 DOCX's coloured and underlined
// runs become marks on the items, inside their texts.
func TestDOCXChangeMarks(t *testing.T) {
	d := testcorpus.Doc(t, "tda/tda-2024-longform-en.docx")
	n := 0
	kinds := map[string]bool{}
	for _, it := range d.Items {
		rs := []rune(it.Text)
		for _, m := range it.Marks {
			n++
			kinds[strings.SplitN(m.Kind, ":", 2)[0]] = true
			span := string(rs[m.Start:m.End])
			if strings.TrimSpace(span) != span || span == "" {
				t.Errorf("%s: mark %v spans %q, with white space at an edge", it.ID, m, span)
			}
		}
	}
	if n == 0 || !kinds["colour"] || !kinds["underline"] {
		t.Errorf("%d marks of kinds %v; want coloured and underlined spans", n, kinds)
	}
}
