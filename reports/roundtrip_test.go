package reports

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// itemMarkup is, by item id, the inline markup of the item's lines in a
// Markdown draft: each mark's open and close with its text.
func itemMarkup(t *testing.T, md string, doc *corpus.Document) map[string][]string {
	t.Helper()
	l := locate(md, doc, true)
	out := map[string][]string{}
	for i := range doc.Items {
		if !l.found(i) {
			continue
		}
		var lines []string
		for _, s := range l.lines[l.own[i][0]:l.own[i][1]] {
			s, _ = corpus.StripMarkers(s)
			lines = append(lines, strings.TrimLeft(s, " \t"))
		}
		plain, marks := ingest.MarkdownInline(strings.Join(lines, "\n"))
		for _, m := range marks {
			out[doc.Items[i].ID] = append(out[doc.Items[i].ID], m.Open+plain[m.Start:m.End]+m.Close)
		}
	}
	return out
}

// refFindings are the cross-reference findings of gaps on a draft, one
// line each, sorted.
func refFindings(src, draft *corpus.Document) []string {
	var out []string
	for _, f := range (gaps.Options{}).Gaps(src, draft, nil).Findings {
		if f.Check == gaps.Refs {
			out = append(out, fmt.Sprintf("%s %s %s", f.Severity, f.SourceID, f.Message))
		}
	}
	slices.Sort(out)
	return out
}

// htmlPairs are the HTML translations of the corpus with the English
// edition they translate: the Debian social contract and constitution
// in Japanese, Russian, Korean, Chinese, Arabic and Hebrew (links,
// emphasis, code and phrasing elements such as <q>, <cite> and <bdo>).
func htmlPairs() []struct{ name, src, tr string } {
	var out []struct{ name, src, tr string }
	for _, c := range []struct {
		book, version string
		langs         []string
	}{
		{"debian-social-contract", "1.0", []string{"ja"}},
		{"debian-social-contract", "1.1", []string{"ja", "ru", "zh", "ar", "he"}},
		{"debian-constitution", "1.0", []string{"ja"}},
		{"debian-constitution", "1.7", []string{"ja", "ko", "ru"}},
	} {
		for _, l := range c.langs {
			dir := "dev/" + c.book + "/" + c.book + "-" + c.version + "-"
			out = append(out, struct{ name, src, tr string }{c.book + "-" + c.version + "-" + l, dir + "en.wml", dir + l + ".wml"})
		}
	}
	return out
}

// TestInterchangeRoundTrip syncs the real translations (the WCA
// Japanese regulations, whose Markdown has links, code and inline
// HTML, on their own source and, with that as the base, on the next
// edition's; the TDA Japanese reader page against the 2024 DOCX; the HTML
// translations of htmlPairs) to PO,
// XLIFF and TMX, reads each back and syncs it to Markdown: the draft is
// the one made straight from the translation, byte for byte (its
// front matter, the headings between items, each item's own lines and
// markers), every item has the same inline markup, and gaps finds the
// same cross-reference findings. msgfmt
// -c, pofilter, po2xliff and xliff2po accept the files.
func TestInterchangeRoundTrip(t *testing.T) {
	longtest.Skip(t)
	need := func(tools ...string) {
		for _, tool := range tools {
			if _, err := exec.LookPath(tool); err != nil {
				t.Skipf("%s not installed (Debian packages translate-toolkit and gettext): %v", tool, err)
			}
		}
	}
	need("msgfmt", "pofilter", "po2xliff", "xliff2po")
	for _, c := range append([]struct{ name, src, tr string }{
		{"wca-ja", "wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2021-05-01-ja.md"},
		{"tda-ja", "tda/tda-2024-longform-en.docx", "seeds/tda-2024-ja-reader-page.txt"},
		// The next edition: the 2021 translation on the 2024 source,
		// stale items with their redlines, the version line renamed.
		{"wca-ja-2024", "wca/wca-regulations-2024-01-01-en.md", "wca/wca-regulations-2021-05-01-ja.md"},
	}, htmlPairs()...) {
		t.Run(c.name, func(t *testing.T) {
			src, tr := testcorpus.Doc(t, c.src), testcorpus.Doc(t, c.tr)
			text := func(rel string, d *corpus.Document) string {
				if d.Source.Format == "docx" {
					return ""
				}
				b, err := os.ReadFile(testcorpus.Path(t, rel))
				if err != nil {
					t.Fatal(err)
				}
				return string(b)
			}
			srcText := text(c.src, src)
			write := func(d *gaps.Draft, format, trText string) string {
				return writeInterchange(t, d, DraftOptions{Format: format, SourceText: srcText, TranslationText: trText})
			}
			read := func(name, data string) *corpus.Document {
				doc, err := ingest.Options{}.Bytes(name, []byte(data))
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				return doc
			}
			var base *corpus.Document
			if c.name == "wca-ja-2024" {
				base = testcorpus.Doc(t, "wca/wca-regulations-2021-05-01-en.md")
			}
			d := gaps.Options{}.Sync(src, tr, base)
			direct := write(d, "md", text(c.tr, tr))
			directDoc := read("direct.md", direct)
			wantMarks := itemMarkup(t, direct, directDoc)
			wantRefs := refFindings(src, directDoc)
			n := 0
			for _, ms := range wantMarks {
				n += len(ms)
			}
			t.Logf("direct draft: %d marks in items, %d cross-reference findings", n, len(wantRefs))
			if tr.Source.Format == "html" {
				pageLinks(t, text(c.tr, tr), d, direct)
			}
			dir := t.TempDir()
			for _, format := range []string{"po", "xliff", "tmx"} {
				file := write(d, format, text(c.tr, tr))
				path := filepath.Join(dir, c.name+"."+format)
				if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
					t.Fatal(err)
				}
				back := read(path, file)
				md := write(gaps.Options{}.Sync(src, back, nil), "md", file)
				doc := read("back.md", md)
				got := itemMarkup(t, md, doc)
				for _, it := range directDoc.Items {
					if !slices.Equal(got[it.ID], wantMarks[it.ID]) {
						t.Errorf("%s: %s: markup %q, straight to Markdown %q", format, it.ID, got[it.ID], wantMarks[it.ID])
					}
				}
				// The draft from the file is the draft straight from the
				// translation, byte for byte.
				if md != direct {
					a, b := strings.Split(direct, "\n"), strings.Split(md, "\n")
					t.Errorf("%s: the draft differs from the one made straight from the translation in %d lines; first:\n%s", format, changedLines(a, b), firstDiff(a, b))
				}
				// Synced again to the same format (the next edition's
				// file, say): the frame goes along.
				again := write(gaps.Options{}.Sync(src, back, nil), format, file)
				if md2 := write(gaps.Options{}.Sync(src, read(path, again), nil), "md", again); md2 != direct {
					a, b := strings.Split(direct, "\n"), strings.Split(md2, "\n")
					t.Errorf("%s synced again: the draft differs from the one made straight from the translation in %d lines; first:\n%s", format, changedLines(a, b), firstDiff(a, b))
				}
				if refs := refFindings(src, doc); !slices.Equal(refs, wantRefs) {
					t.Errorf("%s: cross-reference findings\n%s\nstraight to Markdown\n%s", format, strings.Join(refs, "\n"), strings.Join(wantRefs, "\n"))
				}
				run := func(name string, args ...string) string {
					out, err := exec.Command(name, args...).CombinedOutput()
					if err != nil {
						t.Errorf("%s %v: %v\n%s", name, args, err, out)
					}
					return string(out)
				}
				switch format {
				case "po":
					if out := run("msgfmt", "-c", "-o", os.DevNull, path); out != "" {
						t.Errorf("msgfmt -c: %s", out)
					}
					run("pofilter", "-t", "printf", "-i", path, "-o", filepath.Join(dir, "filtered.po"))
					run("po2xliff", "-i", path, "-o", filepath.Join(dir, "po2xliff.xlf"))
				case "xliff":
					run("xliff2po", "-i", path, "-o", filepath.Join(dir, "xliff2po.po"))
				}
			}
		})
	}
}

// changedLines counts the lines of a and b outside their longest
// common subsequence: the lines a line diff shows as removed or added.
func changedLines(a, b []string) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			switch {
			case a[i] == b[j]:
				cur[j+1] = prev[j] + 1
			default:
				cur[j+1] = max(prev[j+1], cur[j])
			}
		}
		prev, cur = cur, prev
	}
	return len(a) + len(b) - 2*prev[len(b)]
}

// firstDiff shows the first line where a and b differ.
func firstDiff(a, b []string) string {
	for i := 0; i < min(len(a), len(b)); i++ {
		if a[i] != b[i] {
			return fmt.Sprintf("line %d:\n  %q\n  %q", i+1, a[i], b[i])
		}
	}
	return fmt.Sprintf("%d lines, %d lines", len(a), len(b))
}

// pageLinks checks that the draft made straight from an HTML translation
// carries every link of the page (as many times, by destination), but
// for those whose text is in no item the draft has: the page's title,
// a translation item with no place in the source.
func pageLinks(t *testing.T, page string, d *gaps.Draft, draft string) {
	t.Helper()
	elsewhere := []string{d.Translation.Title}
	for _, o := range d.Orphans {
		elsewhere = append(elsewhere, o.Target.Title+o.Target.Text)
	}
	plain, marks := ingest.HTMLInline(page)
	want := map[string]int{}
	n := 0
	for _, m := range marks {
		if m.Open != "[" {
			continue
		}
		k, _ := squeeze(plain[m.Start:m.End])
		skip := false
		for _, e := range elsewhere {
			ek, _ := squeeze(e)
			skip = skip || strings.Contains(ek, k)
		}
		if !skip {
			want[m.Close]++
			n++
		}
	}
	_, dm := ingest.MarkdownInline(draft)
	got := map[string]int{}
	for _, m := range dm {
		if m.Open == "[" {
			got[m.Close]++
		}
	}
	for dest, c := range want {
		if got[dest] < c {
			t.Errorf("the page links %d times to %s, the draft %d times", c, dest, got[dest])
		}
	}
	t.Logf("the page's %d links in items: all in the draft", n)
}

// writeInterchange writes d in the draft format o.Format names (one of
// DraftFormats) and returns it.
func writeInterchange(t *testing.T, d *gaps.Draft, o DraftOptions) string {
	t.Helper()
	var b bytes.Buffer
	if _, err := WriteDraft(&b, d, o); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// devPair is a translation of the dev corpus with the English edition
// to sync it on and, for a later edition, the one it translates (base).
type devPair struct{ name, src, tr, base string }

// devTranslations are the translations of the dev corpus
// (BOOK-VERSION-LANG.EXT other than English), each on the English
// edition of its version in the same format and on every later English
// edition of the book in that format, with its own as the base.
func devTranslations(t *testing.T) []devPair {
	t.Helper()
	re := regexp.MustCompile(`^(.+)-([0-9][0-9.-]*)-([a-z]{2,3})\.([a-z]+)$`)
	type file struct{ book, version, lang, ext, rel string }
	var files []file
	books, err := os.ReadDir(testcorpus.Path(t, "dev"))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range books {
		if !b.IsDir() {
			continue
		}
		names, err := os.ReadDir(testcorpus.Path(t, "dev/"+b.Name()))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			if m := re.FindStringSubmatch(n.Name()); m != nil {
				files = append(files, file{m[1], m[2], m[3], m[4], "dev/" + b.Name() + "/" + n.Name()})
			}
		}
	}
	later := func(a, b string) bool { // version a after b, field by field
		fa, fb := strings.FieldsFunc(a, func(r rune) bool { return r == '.' || r == '-' }), strings.FieldsFunc(b, func(r rune) bool { return r == '.' || r == '-' })
		for k := 0; k < min(len(fa), len(fb)); k++ {
			na, _ := strconv.Atoi(fa[k])
			nb, _ := strconv.Atoi(fb[k])
			if na != nb {
				return na > nb
			}
		}
		return len(fa) > len(fb)
	}
	var out []devPair
	for _, tr := range files {
		if tr.lang == "en" {
			continue
		}
		var base string
		for _, en := range files {
			if en.lang == "en" && en.book == tr.book && en.ext == tr.ext && en.version == tr.version {
				base = en.rel
			}
		}
		if base == "" {
			continue
		}
		name := tr.book + "-" + tr.version + "-" + tr.lang
		out = append(out, devPair{name: name, src: base, tr: tr.rel})
		for _, en := range files {
			if en.lang == "en" && en.book == tr.book && en.ext == tr.ext && later(en.version, tr.version) {
				out = append(out, devPair{name: name + "-on-" + en.version, src: en.rel, tr: tr.rel, base: base})
			}
		}
	}
	return out
}

// TestDevInterchangeRoundTrip syncs every translation of the dev corpus
// (devTranslations) to PO, XLIFF and TMX: msgfmt -c accepts every PO, and the
// Markdown draft written from each file, and from the file synced again
// to its format, is the draft written straight from the translation,
// byte for byte.
func TestDevInterchangeRoundTrip(t *testing.T) {
	longtest.Skip(t)
	if _, err := exec.LookPath("msgfmt"); err != nil {
		t.Skipf("msgfmt not installed (Debian package gettext): %v", err)
	}
	pairs := devTranslations(t)
	if len(pairs) == 0 {
		t.Fatal("no translation in the dev corpus")
	}
	for _, c := range pairs {
		t.Run(c.name, func(t *testing.T) {
			text := func(rel string) string {
				b, err := os.ReadFile(testcorpus.Path(t, rel))
				if err != nil {
					t.Fatal(err)
				}
				return string(b)
			}
			read := func(name, data string) *corpus.Document {
				doc, err := ingest.Options{}.Bytes(name, []byte(data))
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				return doc
			}
			src, tr := testcorpus.Doc(t, c.src), testcorpus.Doc(t, c.tr)
			var base *corpus.Document
			if c.base != "" {
				base = testcorpus.Doc(t, c.base)
			}
			srcText, trText := text(c.src), text(c.tr)
			write := func(d *gaps.Draft, format, trText string) string {
				return writeInterchange(t, d, DraftOptions{Format: format, SourceText: srcText, TranslationText: trText})
			}
			direct := write(gaps.Options{}.Sync(src, tr, base), "md", trText)
			dir := t.TempDir()
			for _, format := range []string{"po", "xliff", "tmx"} {
				file := write(gaps.Options{}.Sync(src, tr, base), format, trText)
				path := filepath.Join(dir, c.name+"."+format)
				if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
					t.Fatal(err)
				}
				if format == "po" {
					if out, err := exec.Command("msgfmt", "-c", "-o", os.DevNull, path).CombinedOutput(); err != nil || len(out) > 0 {
						t.Errorf("msgfmt -c: %v\n%s", err, out)
					}
				}
				back := gaps.Options{}.Sync(src, read(path, file), nil)
				if md := write(back, "md", file); md != direct {
					a, b := strings.Split(direct, "\n"), strings.Split(md, "\n")
					t.Errorf("%s: the draft differs from the one made straight from the translation in %d lines; first:\n%s", format, changedLines(a, b), firstDiff(a, b))
				}
				again := write(back, format, file)
				if md := write(gaps.Options{}.Sync(src, read(path, again), nil), "md", again); md != direct {
					a, b := strings.Split(direct, "\n"), strings.Split(md, "\n")
					t.Errorf("%s synced again: the draft differs from the one made straight from the translation in %d lines; first:\n%s", format, changedLines(a, b), firstDiff(a, b))
				}
			}
		})
	}
}
