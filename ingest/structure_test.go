package ingest_test

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// devFiles returns the dev corpus files that have a truth file, by name,
// skipping the test when the corpus is absent.
func devFiles(t testing.TB) map[string]string {
	dir := testcorpus.Path(t, "dev")
	files := map[string]string{}
	filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			if _, err := os.Stat(filepath.Join(dir, "truth", e.Name()+".ids")); err == nil {
				files[e.Name()] = p
			}
		}
		return nil
	})
	return files
}

// eachDevDoc runs f as a subtest for every dev file with truth, in the
// order of their names, on the file's path and its document read alone.
func eachDevDoc(t *testing.T, f func(t *testing.T, name, path string, d *corpus.Document)) {
	files := devFiles(t)
	for _, name := range slices.Sorted(maps.Keys(files)) {
		t.Run(name, func(t *testing.T) {
			d, err := ingest.Options{}.File(files[name])
			if err != nil {
				t.Fatal(err)
			}
			f(t, name, files[name], d)
		})
	}
}

// eachRead runs f as a subtest for every file of files (name -> path),
// in the order of their names, with its place in that order, its bytes
// and its document read alone.
func eachRead(t *testing.T, files map[string]string, f func(t *testing.T, k int, name string, data []byte, d *corpus.Document)) {
	for k, name := range slices.Sorted(maps.Keys(files)) {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(files[name])
			if err != nil {
				t.Fatal(err)
			}
			d, err := ingest.Options{}.Read(name, bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			f(t, k, name, data, d)
		})
	}
}

func truthIDs(t testing.TB, name string) []string {
	return readIDs(t, filepath.Join(testcorpus.Path(t, "dev"), "truth", name+".ids"))
}

// idForm is the form an id is compared in: letters and digits only, lower
// case, Cyrillic look-alikes folded (as the dev corpus README describes
// its truth files).
func idForm(s string) string {
	fold := map[rune]rune{'а': 'a', 'в': 'b', 'с': 'c', 'е': 'e', 'о': 'o', 'р': 'p', 'х': 'x', 'і': 'i'}
	var b strings.Builder
	for _, r := range strings.ToLower(norm.NFKC.String(s)) {
		if f, ok := fold[r]; ok {
			r = f
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// recovered counts the truth ids that come out, in order, as an item's
// number, the tail of its id, or (for files whose truth is an anchor) its
// title: each form found is used once.
func recovered(d *corpus.Document, ids []string) (hit int, missing []string) {
	have := map[string]int{}
	for _, it := range d.Items {
		forms := map[string]bool{}
		_, tail, _ := strings.Cut(it.ID, ":")
		for _, s := range []string{it.Number, tail, it.Title} {
			if f := idForm(s); f != "" {
				forms[f] = true
			}
		}
		for f := range forms {
			have[f]++
		}
	}
	for _, id := range ids {
		forms := []string{idForm(id)}
		// "contract.1": the list's name is not printed, its place is.
		if name, n, ok := strings.Cut(id, "."); ok && !strings.ContainsAny(name, "0123456789") && !strings.Contains(n, ".") {
			forms = append(forms, idForm(n))
		}
		found := false
		for _, f := range forms {
			if have[f] > 0 {
				have[f]--
				found = true
				break
			}
		}
		if found {
			hit++
		} else {
			missing = append(missing, id)
		}
	}
	return hit, missing
}

// TestDevCorpusStructure ingests every file of the dev corpus that prints
// its numbers (or anchors) and checks that at least 98% of its truth ids
// come out as items. The Flesh and Blood Markdown chapters print no
// numbers; align/devcorpus_test.go numbers them by alignment.
func TestDevCorpusStructure(t *testing.T) {
	longtest.Skip(t)
	files := devFiles(t)
	var names []string
	for n := range files {
		if !(strings.HasPrefix(n, "fab-cr-") && strings.HasSuffix(n, ".md")) {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	if len(names) < 20 {
		t.Fatalf("found %d dev corpus files with truth; want the corpus's 29", len(names))
	}
	total, hits := 0, 0
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			d, err := ingest.Options{}.File(files[name])
			if err != nil {
				t.Fatal(err)
			}
			ids := truthIDs(t, name)
			hit, missing := recovered(d, ids)
			total += len(ids)
			hits += hit
			share := float64(hit) / float64(len(ids))
			t.Logf("%s: %d/%d = %.1f%% (missing %v)", name, hit, len(ids), 100*share, head(missing, 12))
			if share < 0.98 {
				t.Errorf("%s: %d of %d truth ids recovered (%.1f%%), want at least 98%%; missing %v", name, hit, len(ids), 100*share, head(missing, 20))
			}
			for _, n := range d.Notes {
				if !strings.HasPrefix(n, ingest.StructureNote) {
					continue
				}
				if !strings.Contains(n, "coverage 100.0%") && !strings.Contains(n, "coverage 99.") {
					t.Errorf("%s: %s: text left out of items", name, n)
				}
			}
		})
	}
	t.Logf("dev corpus: %d/%d truth ids recovered (%.2f%%)", hits, total, 100*float64(hits)/float64(total))
}

func head(s []string, n int) []string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// TestStructureWarnings: a rulebook with a hole in its numbering is read
// whole, with a warning naming the hole; a text of one long paragraph
// says it found no structure.
func TestStructureWarnings(t *testing.T) {
	path := testcorpus.Path(t, "dev/fab-cr/fab-cr-2.10.1-en.txt")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ls := strings.Split(string(data), "\n")
	var cut []string
	for _, l := range ls {
		if strings.HasPrefix(l, "1.1.2") { // rule 1.1.2 and its sub-rules
			continue
		}
		cut = append(cut, l)
	}
	d, err := ingest.Options{}.Bytes("hole.txt", []byte(strings.Join(cut, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	_, warnings := ingest.Report(d)
	if len(warnings) == 0 || !strings.Contains(strings.Join(warnings, "\n"), "numbering skips") {
		t.Errorf("a rule deleted: warnings %q, want one naming the hole", warnings)
	}
	if it := d.Item("rule:1.1.3a"); it == nil {
		t.Errorf("the items after the hole are lost")
	}
	whole, err := ingest.Options{}.File(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, w := ingest.Report(whole); len(w) != 0 {
		t.Errorf("the published file (gap-free numbering): warnings %q, want none", w)
	}
	prose := strings.Repeat("A sentence of prose that goes on without any numbers or headings at all. ", 600)
	d, err = ingest.Options{Format: "text"}.Bytes("prose.txt", []byte(prose))
	if err != nil {
		t.Fatal(err)
	}
	if _, w := ingest.Report(d); !strings.Contains(strings.Join(w, "\n"), "no structure recognized") {
		t.Errorf("45 KB of prose: warnings %q, want 'no structure recognized'", w)
	}
}

// TestGluedLabels: labels a conversion ran into the line before are split
// off as items, one that fills a hole in the numbering (unglue) and a run
// of a rule's children (unglueLists), with the blocks before and after
// the split read as before.
func TestGluedLabels(t *testing.T) {
	text := "Rules\n\n9.B.5. The first rule.\n\n9.B.6. The player may put the disc into play: 9.B.6.a. at the spot\n\n" +
		"9.B.6.b. Another rule.\n\n9.C.1. The stall count is the latest of: 9.C.1.a. eighty seconds; or 9.C.1.b. thirty seconds.\n\n" +
		"9.C.2. The last rule.\n"
	d, err := ingest.Options{Format: "text"}.Bytes("glued.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ number, text string }{
		{"9.B.5", "The first rule."},
		{"9.B.6", "The player may put the disc into play:"},
		{"9.B.6.a", "at the spot"},
		{"9.B.6.b", "Another rule."},
		{"9.C.1", "The stall count is the latest of:"},
		{"9.C.1.a", "eighty seconds; or"},
		{"9.C.1.b", "thirty seconds."},
		{"9.C.2", "The last rule."},
	}
	var got []corpus.Item
	for _, it := range d.Items {
		if it.Number != "" {
			got = append(got, it)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%d numbered items, want %d: %+v", len(got), len(want), d.Items)
	}
	for i, w := range want {
		if got[i].Number != w.number || got[i].Text != w.text {
			t.Errorf("item %d: %q %q, want %q %q", i, got[i].Number, got[i].Text, w.number, w.text)
		}
	}
}

// TestPerturbations applies local damage to every real source that is
// text (seeds, WCA, dev: text, Markdown, reStructuredText, HTML) and
// checks that it stays local: items away from the change keep their id,
// title and text; at most two items change per perturbation. The PDF and
// DOCX publications are binary and are not perturbed here.
func TestPerturbations(t *testing.T) {
	longtest.Skip(t)
	var paths []string
	for _, dir := range []string{"seeds", "wca", "dev"} {
		root := testcorpus.Path(t, dir)
		filepath.WalkDir(root, func(p string, e os.DirEntry, err error) error {
			if err == nil && !e.IsDir() && !strings.Contains(p, "/truth/") && !strings.HasSuffix(p, "README.md") {
				paths = append(paths, p)
			}
			return nil
		})
	}
	sort.Strings(paths)
	tried, files := 0, 0
	for _, path := range paths {
		name := filepath.Base(path)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		base, err := ingest.Options{}.Bytes(name, data)
		if err != nil {
			t.Fatal(err)
		}
		files++
		text := strings.ReplaceAll(string(data), "\r\n", "\n")
		lines := strings.Split(text, "\n")
		at := itemLine(base, lines)
		if at < 0 {
			t.Errorf("%s: no line in the middle that is one item's own", name)
			continue
		}
		html := strings.Contains(strings.ToLower(text), "<p") || strings.Contains(strings.ToLower(text), "<li")
		cases := map[string]string{
			"crlf":              strings.Join(lines, "\r\n"),
			"foreign sentence":  strings.Join(replace(lines, at, insertWords(lines[at], foreign(base.Lang))), "\n"),
			"delete line":       strings.Join(append(append([]string{}, lines[:at]...), lines[at+1:]...), "\n"),
			"duplicate line":    strings.Join(insert(lines, at, lines[at]), "\n"),
			"full-width digits": strings.Join(replace(lines, at, fullWidth(lines[at])), "\n"),
		}
		// Swapping lines of markup is not swapping items (a heading moved
		// into a list): pages are perturbed by their attributes instead.
		if next := nextItemLine(base, lines, at); next > 0 && !html {
			swapped := append([]string{}, lines...)
			swapped[at], swapped[next] = swapped[next], swapped[at]
			cases["swap two lines"] = strings.Join(swapped, "\n")
		}
		// A label struck from an item's first line, its markup kept
		// ("- 1e1a) text" -> "- text"): the item loses its number, and
		// its neighbours keep theirs.
		if l := labelLine(base, lines); l >= 0 {
			cases["strip printed label"] = strings.Join(replace(lines, l, stripLabel(lines[l])), "\n")
		}
		if html {
			cases["no class attributes"] = classAttr.ReplaceAllString(text, "")
		} else if i := strings.LastIndex(lines[at][:len(lines[at])*2/3], " "); i > len(lines[at])/3 {
			cases["re-wrapped line"] = strings.Join(insert(replace(lines, at, lines[at][:i]), at+1, lines[at][i+1:]), "\n")
		}
		for what, text := range cases {
			tried++
			d, err := ingest.Options{}.Bytes(name, []byte(text))
			if err != nil {
				t.Errorf("%s, %s: %v", name, what, err)
				continue
			}
			if n := changed(base, d); n > 2 {
				t.Errorf("%s, %s at line %d: %d items changed, want at most 2", name, what, at+1, n)
			}
		}
	}
	t.Logf("%d perturbations of %d files", tried, files)
}

// labelRe is a printed label at the start of a line, after its markup
// (heading or list marks, an HTML tag): "1.2.3 ", "1e1a) ", "9.C.1.b. ",
// "Article 4. ".
var labelRe = regexp.MustCompile(`^((?:\s*(?:#+|[-*+>])\s+|\s*(?:<[^>]+>\s*)+)?\s*)((?:\p{L}{3,12}\s+)?[0-9]+(?:[.][0-9A-Za-z]+)*[a-z]?[.):]?)\s+`)

// labelLine returns the line nearest the middle that starts with a
// label and whose text after it one item alone holds, or -1.
func labelLine(d *corpus.Document, lines []string) int {
	return nearMiddle(len(lines), func(i int) bool { return labelRe.MatchString(lines[i]) && ownLine(d, stripLabel(lines[i])) })
}

// stripLabel removes the label labelRe finds, keeping the markup before it.
func stripLabel(l string) string { return labelRe.ReplaceAllString(l, "${1}") }

var classAttr = regexp.MustCompile(`\s+class\s*=\s*("[^"]*"|'[^']*')`)

// itemLine returns a line near the middle of the file whose text is
// found in exactly one item, or -1.
func itemLine(d *corpus.Document, lines []string) int {
	return nearMiddle(len(lines), func(i int) bool { return ownLine(d, lines[i]) })
}

// nearMiddle returns the index in [0, n) nearest n/2 for which ok holds,
// or -1.
func nearMiddle(n int, ok func(int) bool) int {
	for off := 0; off <= n/2; off++ {
		for _, i := range []int{n/2 + off, n/2 - off} {
			if i >= 0 && i < n && ok(i) {
				return i
			}
		}
	}
	return -1
}

// nextItemLine is the next line after at that is one item's own, within
// ten lines, or -1.
func nextItemLine(d *corpus.Document, lines []string, at int) int {
	for i := at + 1; i < len(lines) && i <= at+10; i++ {
		if ownLine(d, lines[i]) {
			return i
		}
	}
	return -1
}

// ownLine reports whether l, without markup, is a sentence that one item
// alone holds.
func ownLine(d *corpus.Document, l string) bool {
	plain := strings.TrimSpace(tagRe.ReplaceAllString(l, ""))
	plain = leadRe.ReplaceAllString(plain, "")
	if runeLen(plain) < 30 || strings.ContainsAny(plain, "*_[]`&<>|\\") {
		return false
	}
	probe := corpus.Fold(plain)
	n := 0
	for _, it := range d.Items {
		if strings.Contains(corpus.Fold(it.Title+"\n"+it.Text), probe) {
			n++
		}
	}
	return n == 1
}

var (
	tagRe = regexp.MustCompile(`<[^>]*>`)
	// leadRe is what a line prints before an item's text: heading and
	// list marks, a number with its punctuation.
	leadRe = regexp.MustCompile(`^(?:#+|>|[-*+])?\s*(?:\d[\w.]*\s*[。.:)）]?\s+)?`)
)

func runeLen(s string) int { return len([]rune(s)) }

func replace(ls []string, at int, l string) []string {
	out := append([]string{}, ls...)
	out[at] = l
	return out
}

// insertWords puts s after the first word boundary past the middle of l.
func insertWords(l, s string) string {
	i := strings.Index(l[len(l)/2:], " ")
	if i < 0 {
		return l + " " + s
	}
	i += len(l) / 2
	return l[:i] + " " + s + l[i:]
}

// foreign is a sentence in another script than lang's.
func foreign(lang string) string {
	if lang == "ru" || lang == "be" || lang == "kk" {
		return "Ο διαιτητής αποφασίζει σε κάθε περίπτωση αμφιβολίας."
	}
	return "Судья решает в каждом спорном случае."
}

// fullWidth writes the ASCII digits of l in full width.
func fullWidth(l string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return '０' + (r - '0')
		}
		return r
	}, l)
}

func insert(ls []string, at int, l string) []string {
	out := append([]string{}, ls[:at]...)
	out = append(out, l)
	return append(out, ls[at:]...)
}

// changed counts the items of a that b lacks or has with another id,
// title or text, and the items b has that a lacks. An id that is an
// item's place in the document or its outline ("item:12", "item:6.3.1",
// "sec:_3", where the source prints no number and gives no anchor) moves
// with every item inserted or deleted before it, by design, as a
// browser's numbering of the same headings would; such ids are left out
// of the comparison. So is the outline place that qualifies a numbering
// started again under an unnumbered heading ("_2" of "rule:_2_7"): a
// perturbed heading (deleted, repeated, no longer read as a heading)
// moves it for every item of its list, whose own numbers ("7") are
// compared. The Debian Social Contract's DFSG heading is such a line in
// the pages whose link to it holds its text: deleting it gives DFSG 1-10
// "rule:_1_N" for "rule:_2_N" (10 items), wherever the text after the
// list goes.
func changed(a, b *corpus.Document) int {
	key := func(it corpus.Item) string {
		id := it.ID
		if n, ok := strings.CutPrefix(id, "rule:_"); ok {
			if place, own, ok := strings.Cut(n, "_"); ok && place != "" && strings.Trim(place, "0123456789.") == "" {
				id = "rule:__" + own
			}
		}
		if n, ok := strings.CutPrefix(id, "item:"); ok && strings.Trim(n, "0123456789.") == "" {
			id = "item:"
		}
		if n, ok := strings.CutPrefix(id, "sec:_"); ok && strings.Trim(n, "0123456789.") == "" {
			id = "sec:_"
		}
		return id + "\x00" + it.Title + "\x00" + corpus.Fold(it.Text)
	}
	in := map[string]int{}
	for _, it := range a.Items {
		in[key(it)]++
	}
	n := 0
	for _, it := range b.Items {
		if in[key(it)] > 0 {
			in[key(it)]--
		} else {
			n++
		}
	}
	return n
}

// BenchmarkStructureScale ingests a numbered text of n rules, an HTML
// ordered list of n items, 8n tiny HTML paragraphs and one line of 75n
// words: the time per item must stay flat as n grows.
func BenchmarkStructureScale(b *testing.B) {
	for _, n := range []int{1000, 10000, 40000, 200000} {
		var txt, ol strings.Builder
		ol.WriteString("<html><body><ol>")
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&txt, "%d. Rule %d: the player in seat %d acts.\n", i, i, i%10)
			fmt.Fprintf(&ol, "<li>Rule %d: the player in seat %d acts.</li>", i, i%10)
		}
		ol.WriteString("</ol></body></html>")
		// Inputs of issue 15 that took superlinear time or memory: many
		// tiny paragraphs, one long line of words.
		paras := "<html><body>" + strings.Repeat("<p>a</p>", n*8) + "</body></html>"
		line := strings.Repeat("a ", n*75)
		for _, c := range []struct{ name, data string }{{"numbered", txt.String()}, {"ol", ol.String()}, {"paragraphs", paras}, {"line", line}} {
			b.Run(fmt.Sprintf("%s/%d", c.name, n), func(b *testing.B) {
				b.SetBytes(int64(len(c.data)))
				for i := 0; i < b.N; i++ {
					d, err := ingest.Options{}.Bytes(c.name, []byte(c.data))
					if err != nil {
						b.Fatal(err)
					}
					if (c.name == "numbered" || c.name == "ol") && len(d.Items) < n {
						b.Fatalf("%d items, want %d", len(d.Items), n)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/item")
			})
		}
	}
}

// TestReaderPageSentenceInserted: an untranslated English sentence on a
// line of its own inside the Japanese reader page's cards keeps every
// rule (it was 8 of 68, the rest dropped as page chrome) and is a warning,
// so that --strict fails on it.
func TestReaderPageSentenceInserted(t *testing.T) {
	data, err := os.ReadFile(testcorpus.Path(t, "seeds/tda-2024-ja-reader-page.txt"))
	if err != nil {
		t.Fatal(err)
	}
	whole, err := ingest.Options{}.Bytes("page.txt", data)
	if err != nil {
		t.Fatal(err)
	}
	ls := strings.Split(string(data), "\n")
	at := -1
	for i := len(ls) / 4; i < len(ls); i++ {
		if strings.Contains(ls[i], "…") {
			at = i + 1
			break
		}
	}
	ls = insert(ls, at, "The dealer must announce the amount of the raise.")
	d, err := ingest.Options{}.Bytes("page.txt", []byte(strings.Join(ls, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := d.Count(corpus.KindRule), whole.Count(corpus.KindRule); got != want {
		t.Errorf("%d rules, want the %d of the page as published", got, want)
	}
	if n := changed(whole, d); n > 1 {
		t.Errorf("%d items changed, want 1 (the card the sentence joined)", n)
	}
	if _, w := ingest.Report(d); len(w) == 0 {
		t.Errorf("no warning for a line inside the cards that has no card title")
	}
	if _, w := ingest.Report(whole); strings.Contains(strings.Join(w, "\n"), "no card title") {
		t.Errorf("the page as published: warnings %q, want none about card titles", w)
	}
}
