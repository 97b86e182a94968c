package gaps_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// kindPairs are the real translations the kind variants are made of,
// source first: the dev translations, the WCA Japanese, and udhr pages
// in several scripts.
var kindPairs = [][2]string{
	{"wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2021-05-01-ja.md"},
	{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-ru.md"},
	{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-hy.md"},
	{"dev/fide-laws/fide-laws-2018-en.md", "dev/fide-laws/fide-laws-2018-ru.md"},
	{"dev/debian-constitution/debian-constitution-1.7-en.wml", "dev/debian-constitution/debian-constitution-1.7-ja.wml"},
	{"dev/debian-constitution/debian-constitution-1.7-en.wml", "dev/debian-constitution/debian-constitution-1.7-ko.wml"},
	{"dev/debian-constitution/debian-constitution-1.7-en.wml", "dev/debian-constitution/debian-constitution-1.7-ru.wml"},
	{"dev/debian-social-contract/debian-social-contract-1.1-en.wml", "dev/debian-social-contract/debian-social-contract-1.1-ar.wml"},
	{"dev/debian-social-contract/debian-social-contract-1.1-en.wml", "dev/debian-social-contract/debian-social-contract-1.1-he.wml"},
	{"dev/debian-social-contract/debian-social-contract-1.1-en.wml", "dev/debian-social-contract/debian-social-contract-1.1-zh.wml"},
	{"dev/debian-social-contract/debian-social-contract-1.1-en.wml", "dev/debian-social-contract/debian-social-contract-1.1-ja.wml"},
	{"udhr/udhr-1948-en.md", "udhr/udhr-1948-fr.md"},
	{"udhr/udhr-1948-en.md", "udhr/udhr-1948-ja.md"},
	{"udhr/udhr-1948-en.md", "udhr/udhr-1948-ar.md"},
	{"udhr/udhr-1948-en.md", "udhr/udhr-1948-hi.md"},
}

// The kind variants: the translation's items read as another kind
// than their source's, their texts unchanged.
const (
	// sectionsAsRules: every numbered heading read as a rule ("rule:B"
	// where the source has "sec:B").
	sectionsAsRules = "sections-as-rules"
	// rulesAsSections: every numbered rule read as a heading ("sec:1a"
	// where the source has "rule:1a").
	rulesAsSections = "rules-as-sections"
	// numberedAsItems: every numbered item read as an item of no kind
	// ("item:3" where the source has "rule:3").
	numberedAsItems = "numbered-as-items"
	// bareHeadings: the file itself, each numbered heading with a title
	// written as the bare number, its title a paragraph under it: the
	// reader takes the number for a rule's.
	bareHeadings = "bare-headings"
)

// TestKindVariants: a translation is read through its source, and the
// kind its own reading gives an item (a heading's word, a list's
// marker) is evidence, not the answer. Each variant makes the real
// translation's items read as another kind than their source's, by
// the document (its items' kinds and ids changed, texts unchanged) or
// by the file (bareHeadings); after align and gaps every item paired
// with a source item carries that item's id and kind, says it found
// them the way the original does (a printed label stays a label), and
// keeps its own reading's id beside them; the pairs are the original's
// and so are the findings, each naming the translation's item by its
// source's id.
func TestKindVariants(t *testing.T) {
	pairs := kindPairs
	if !longtest.On() {
		// The quick suite: the WCA Japanese, which every variant changes,
		// and one udhr page (go test -tags long runs them all).
		pairs = [][2]string{kindPairs[0], kindPairs[len(kindPairs)-4]}
	}
	changed := map[string]int{}
	for _, p := range pairs {
		src := testcorpus.Doc(t, p[0])
		text, tr := testcorpus.TextDoc(t, p[1])
		orig := gaps.Options{}.Gaps(src, tr, nil)
		origRd := align.Options{}.Through(src, tr)
		for _, v := range []string{sectionsAsRules, rulesAsSections, numberedAsItems, bareHeadings} {
			vd, n := kindVariant(t, p[1], text, src, tr, v)
			if n == 0 {
				continue
			}
			changed[v] += n
			t.Run(p[1]+"/"+v, func(t *testing.T) {
				t.Logf("%d items read as another kind", n)
				// The bare headings move each title into the text under
				// it: the findings on titles, and how the titles' items
				// were found, are the variant's own, and so is the
				// reading of the items the original found by their texts
				// alone (a heading that prints no number). The variant is
				// held on the items the original found by their labels.
				var held map[string]bool
				if v == bareHeadings {
					held = labelled(src, origRd)
				}
				rd := align.Options{}.Through(src, vd)
				checkReading(t, src, origRd, rd, held)
				r := gaps.Options{}.Gaps(src, vd, nil)
				checkFindings(t, orig, r, held)
			})
		}
	}
	for _, v := range []string{sectionsAsRules, rulesAsSections, numberedAsItems, bareHeadings} {
		if changed[v] == 0 {
			t.Errorf("the %s variant changed the kind of no item of any file", v)
		}
	}
}

// labelled is the ids of the source items rd found by the labels their
// translations print.
func labelled(src *corpus.Document, rd *align.Reading) map[string]bool {
	out := map[string]bool{}
	for _, p := range rd.Alignment.Pairs {
		if rd.Alignment.Target.Items[p.Target[0]].IDSource == corpus.IDLabel {
			out[src.Items[p.Source[0]].ID] = true
		}
	}
	return out
}

// checkReading holds rd, a variant's reading through src, to orig, the
// original's: every pair's target item has its source item's id and
// kind; each source item (with held, each of held) is placed as in the
// original and, without held, found the same way (label, aligned,
// projected) and, where the original keeps the translation's own item
// for it, so does the variant.
func checkReading(t *testing.T, src *corpus.Document, orig, rd *align.Reading, held map[string]bool) {
	t.Helper()
	type found struct {
		how string
		own bool
	}
	of := func(rd *align.Reading) map[string]found {
		m := map[string]found{}
		for _, p := range rd.Alignment.Pairs {
			s, it := &src.Items[p.Source[0]], &rd.Alignment.Target.Items[p.Target[0]]
			if it.ID != s.ID || it.Kind != s.Kind {
				t.Errorf("source %s (%s) is paired with %s (%s)", s.ID, s.Kind, it.ID, it.Kind)
			}
			m[s.ID] = found{it.IDSource, rd.Alignment.OwnID(p.Target[0]) != ""}
		}
		return m
	}
	want, got := of(orig), of(rd)
	bad := 0
	for _, id := range placedIDs(src, nil) {
		w, wok := want[id]
		g, gok := got[id]
		if held != nil && !held[id] {
			continue
		}
		if wok != gok || held == nil && wok && (w.how != g.how || w.own && !g.own) {
			if bad < 10 {
				t.Errorf("%s: placed %v, by %q, own item %v; the original: placed %v, by %q, own item %v", id, gok, g.how, g.own, wok, w.how, w.own)
			}
			bad++
		}
	}
	if bad > 0 {
		t.Errorf("%d source items read otherwise than in the original", bad)
	}
}

// checkFindings holds the variant's report r to the original's: the
// same findings on source items (check, severity, source item,
// message; with held, those of missing on the items of held alone), as
// many on the translation's items alone of each check (extra,
// duplicate: their messages name the items as the translation's own
// reading does; with held, none), and each finding on an item paired
// with a source item names it by that item's id.
func checkFindings(t *testing.T, orig, r *gaps.Report, held map[string]bool) {
	t.Helper()
	paired := map[string]string{} // the translation's ids of paired items, to their source's
	for _, p := range r.Alignment.Pairs {
		paired[r.Alignment.Target.Items[p.Target[0]].ID] = r.Alignment.Source.Items[p.Source[0]].ID
	}
	keys := func(r *gaps.Report) []string {
		var out []string
		for _, f := range r.Findings {
			switch {
			case held != nil && (f.Check != gaps.Missing || !held[f.SourceID]):
			case f.SourceID == "":
				out = append(out, fmt.Sprintf("%s %s on the translation's item alone", f.Severity, f.Check))
			default:
				out = append(out, fmt.Sprintf("%s %s %s: %s", f.Severity, f.Check, f.SourceID, f.Message))
			}
		}
		slices.Sort(out)
		return out
	}
	if w, g := keys(orig), keys(r); !slices.Equal(w, g) {
		t.Errorf("findings differ from the original's:\n%s", lineDiff(w, g))
	}
	for _, f := range r.Findings {
		if s, ok := paired[f.TargetID]; ok && f.SourceID != "" && f.TargetID != s {
			t.Errorf("%s finding names the translation's item %s, paired with %s", f.Check, f.TargetID, s)
		}
	}
}

// lineDiff lists the lines only in w (-) and only in g (+).
func lineDiff(w, g []string) string {
	count := map[string]int{}
	for _, l := range w {
		count[l]++
	}
	for _, l := range g {
		count[l]--
	}
	var b strings.Builder
	for _, l := range slices.Sorted(func(yield func(string) bool) {
		for l := range count {
			if !yield(l) {
				return
			}
		}
	}) {
		for n := count[l]; n > 0; n-- {
			b.WriteString("- " + l + "\n")
		}
		for n := count[l]; n < 0; n++ {
			b.WriteString("+ " + l + "\n")
		}
	}
	return b.String()
}

// kindVariant is the variant v of the translation tr (read from the
// file name, whose text is text), and how many of its items read as
// another kind than tr's item of the same number.
func kindVariant(t *testing.T, name, text string, src, tr *corpus.Document, v string) (*corpus.Document, int) {
	t.Helper()
	if v == bareHeadings {
		if !strings.HasSuffix(name, ".md") {
			return nil, 0
		}
		md, ok := bareNumberHeadings(text, tr)
		if !ok {
			return nil, 0
		}
		d, err := ingest.Options{}.Bytes(name, []byte(md))
		if err != nil {
			t.Fatal(err)
		}
		return d, otherKinds(tr, d)
	}
	// The names of the source's ids ("1a" of "rule:1a"): an item of the
	// translation whose id has one of them (or one of them and a count,
	// "rule:2.1-2") is read as another kind.
	names := map[string]bool{}
	for i := range src.Items {
		_, name, _ := strings.Cut(src.Items[i].ID, ":")
		names[name] = true
	}
	d := *tr
	d.Items = slices.Clone(tr.Items)
	used := map[string]bool{}
	for j := range d.Items {
		used[d.Items[j].ID] = true
	}
	n := 0
	for j := range d.Items {
		it := &d.Items[j]
		to := corpus.Kind("")
		switch {
		case it.Number == "" || it.Kind == corpus.KindPreamble:
		case v == sectionsAsRules && it.Kind == corpus.KindSection:
			to = corpus.KindRule
		case v == rulesAsSections && corpus.NumberedKind(it.Kind):
			to = corpus.KindSection
		case v == numberedAsItems && it.Kind != corpus.KindItem:
			to = corpus.KindItem
		}
		_, name, _ := strings.Cut(it.ID, ":")
		// A number printed again ("rule:2.1-2") goes with its first.
		base := name
		if k := strings.LastIndexByte(name, '-'); k > 0 && strings.Trim(name[k+1:], "0123456789") == "" {
			base = name[:k]
		}
		if to == "" || !names[base] {
			continue
		}
		// The id's prefix is the new kind's, what follows it the item's
		// own.
		id := corpus.ID(to, "x")
		id = id[:len(id)-1] + name
		if used[id] {
			continue
		}
		it.Kind, it.ID, used[id] = to, id, true
		n++
	}
	return &d, n
}

// otherKinds counts the items of v that print the number of an item of
// d of another kind (its id's prefix another), no item of v's kind in
// d printing it.
func otherKinds(d, v *corpus.Document) int {
	n := 0
	for j := range v.Items {
		it := &v.Items[j]
		if it.Number == "" || d.Item(it.ID) != nil {
			continue
		}
		for k := range d.Items {
			if d.Items[k].Number == it.Number {
				n++
				break
			}
		}
	}
	return n
}

// bareNumberHeadings is md with the heading of each numbered item of d
// that has a title (an ATX heading line that ends with the title) made
// the bare number, the title a paragraph under it; ok is false when no
// heading was found. Only numbers that start with a digit: a bare letter
// ("## A") is no number a reader could take for one.
func bareNumberHeadings(md string, d *corpus.Document) (string, bool) {
	lines := strings.Split(md, "\n")
	at, n := 0, 0
	for j := range d.Items {
		it := &d.Items[j]
		if it.Number == "" || it.Title == "" {
			continue
		}
		for k := at; k < len(lines); k++ {
			l := strings.TrimSpace(lines[k])
			if strings.HasPrefix(l, "#") && strings.HasSuffix(l, it.Title) && unicode.IsDigit([]rune(it.Number)[0]) {
				lines[k] = "## " + it.Number + "\n\n" + it.Title
				at, n = k+1, n+1
				break
			}
		}
	}
	return strings.Join(lines, "\n"), n > 0
}

// TestKindVariantsProvenance: provenance reads the translation's numbers
// as evidence of the edition it follows, whatever kind its own reading
// gave its items: the WCA Japanese, its items read as another kind
// (kindVariant), follows the 2021 edition against the 2024 one by the
// same votes as the original.
func TestKindVariantsProvenance(t *testing.T) {
	en21 := testcorpus.Doc(t, "wca/wca-regulations-2021-05-01-en.md")
	en24 := testcorpus.Doc(t, "wca/wca-regulations-2024-01-01-en.md")
	text, ja := testcorpus.TextDoc(t, "wca/wca-regulations-2021-05-01-ja.md")
	orig, err := gaps.Options{}.Provenance(ja, en21, en24)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{sectionsAsRules, rulesAsSections, numberedAsItems} {
		vd, n := kindVariant(t, "ja.md", text, en21, ja, v)
		if n == 0 {
			t.Fatalf("%s: no item read as another kind", v)
		}
		p, err := gaps.Options{}.Provenance(vd, en21, en24)
		if err != nil {
			t.Fatal(err)
		}
		if p.Best != orig.Best || !slices.Equal(p.Votes, orig.Votes) {
			t.Errorf("%s: follows %d by votes %v; the original, %d by %v", v, p.Best, p.Votes, orig.Best, orig.Votes)
		}
	}
}
