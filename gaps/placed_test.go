package gaps_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// headingLabelRe finds the number an HTML heading line prints
// ("<h3>5.3. Procedure</h3>" -> 5.3).
var headingLabelRe = regexp.MustCompile(`^\s*<h[1-6][^>]*>\s*([0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)\.?\s`)

// lineLabel is the number line l prints as an item's label (a list
// item's, a bold number's, a heading's), and its place in l.
func lineLabel(l string) (string, int, int, bool) {
	for _, re := range []*regexp.Regexp{labelLineRe, headingLabelRe} {
		if m := re.FindStringSubmatchIndex(l); m != nil {
			return l[m[2]:m[3]], m[2], m[3], true
		}
	}
	return "", 0, 0, false
}

// under says whether number n is x or one of x's sub-items' numbers.
func under(n, x string) bool {
	ns, xs := gaps.NumberSegments(n), gaps.NumberSegments(x)
	return len(ns) >= len(xs) && slices.Equal(ns[:len(xs)], xs)
}

// shiftMode says which labels a variant prints anew after the item it
// leaves out: the next item's line alone, the next item and its
// sub-items, or every later item of the numbering (each printing the
// number of the one before it).
type shiftMode int

const (
	shiftOne shiftMode = iota
	shiftSubtree
	shiftRun
)

// leftOut writes, from the lines of a real translation, x left out with
// the lines under it (to the next label of no sub-item of x), and the
// labels after it printed one place back (mode): 1f gone and 1g printed
// "- 1f)", FIDE 3.3 gone and 3.4 printed "**3.3**", Debian 5.2 gone and
// "<h3>5.3. ...</h3>" printed "5.2.". The siblings are x's parent's
// items of x's depth, in order.
func leftOut(lines []string, x string, siblings []string, mode shiftMode) (string, bool) {
	k := slices.Index(siblings, x)
	if k < 0 || k+1 >= len(siblings) {
		return "", false
	}
	var out []string
	dropping, found := false, false
	for _, l := range lines {
		n, a, b, ok := lineLabel(l)
		if ok {
			dropping = under(n, x)
			found = found || dropping
		}
		if dropping {
			continue
		}
		if ok {
			for s := k + 1; s < len(siblings); s++ {
				y := siblings[s]
				if !under(n, y) || mode == shiftOne && n != y || s > k+1 && mode != shiftRun {
					continue
				}
				l = l[:a] + siblings[s-1] + n[len(y):] + l[b:]
				break
			}
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n"), found
}

// A placeCase is one real translation with one item left out and the
// labels after it printed one place back.
type placeCase struct {
	src, tr  string
	x        string   // the item left out
	siblings []string // x's siblings, from x on, as the translation prints them
	mode     shiftMode
	level    string
}

var placeCases = []placeCase{
	{"wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2021-05-01-ja.md", "1f", []string{"1f", "1g"}, shiftOne, "regulation, the next one's line alone"},
	{"wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2021-05-01-ja.md", "1f", []string{"1f", "1g"}, shiftSubtree, "regulation, the next one with its sub-items"},
	{"wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2021-05-01-ja.md", "1f", []string{"1f", "1g", "1h", "1j", "1k"}, shiftRun, "regulation, every later one of the article"},
	{"wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2021-05-01-ja.md", "1f1", []string{"1f1", "1f2"}, shiftOne, "sub-regulation"},
	{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-ru.md", "3.3", []string{"3.3", "3.4"}, shiftOne, "article's second level"},
	{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-ru.md", "4.7.2", []string{"4.7.2", "4.7.3"}, shiftOne, "third level"},
	{"dev/debian-constitution/debian-constitution-1.7-en.wml", "dev/debian-constitution/debian-constitution-1.7-ja.wml", "5.2", []string{"5.2", "5.3"}, shiftOne, "heading"},
	{"dev/debian-constitution/debian-constitution-1.7-en.wml", "dev/debian-constitution/debian-constitution-1.7-ko.wml", "3.2", []string{"3.2", "3.3"}, shiftOne, "heading whose text shares no token with either item: the numbers of the items under it"},
	{"dev/debian-constitution/debian-constitution-1.7-en.wml", "dev/debian-constitution/debian-constitution-1.7-ja.wml", "9.1", []string{"9.1", "9.2"}, shiftOne, "heading that holds a title alone: the items under it"},
	{"dev/debian-constitution/debian-constitution-1.7-en.wml", "dev/debian-constitution/debian-constitution-1.7-ja.wml", "A.5", []string{"A.5", "A.6"}, shiftOne, "last of its numbering, the next item's place taken by a piece of its sub-item"},
}

// TestSyncLeftOutShifted leaves an item out of real translations and
// prints the next item's number (or every later one's) one place back,
// at each level and on a heading: sync carries the next item's text to
// the place of the one left out, where its number and its position
// agree. Its text reads like the next item better than like its own,
// and the next item's text is nowhere else: it must be marked for
// review, naming the item it reads like.
func TestSyncLeftOutShifted(t *testing.T) {
	for _, c := range placeCases {
		src := testcorpus.Doc(t, c.src)
		text, _ := testcorpus.TextDoc(t, c.tr)
		v, ok := leftOut(strings.Split(text, "\n"), c.x, c.siblings, c.mode)
		if !ok {
			t.Fatalf("%s: %s not found", c.tr, c.x)
		}
		tr, err := ingest.Options{}.Bytes(c.tr, []byte(v))
		if err != nil {
			t.Fatal(err)
		}
		d := gaps.Options{}.Sync(src, tr, nil)
		for s := 0; s+1 < len(c.siblings); s++ {
			if c.mode != shiftRun && s > 0 {
				break
			}
			x, y := c.siblings[s], c.siblings[s+1]
			seen := false
			for _, e := range d.Entries {
				if e.Source.Number != x || e.Target == nil {
					continue
				}
				seen = true
				if !slices.ContainsFunc(e.Review, func(r string) bool { return strings.Contains(r, "reads like "+y+" ") }) {
					t.Errorf("%s (%s), %s left out and %s printed %s: %s carried with %q, reviewed for %q", c.tr, c.level, c.x, y, x, e.Source.ID, lineStart(e.Target.Title+" "+e.Target.Text), e.Review)
				}
			}
			if !seen {
				t.Errorf("%s (%s), %s left out: nothing carried to %s", c.tr, c.level, c.x, x)
			}
		}
	}
}

// TestSyncLeftOutShiftedSubItems: where a heading is left out and the
// next one printed with its number, the list items under the next
// heading are carried to the sub-items of the one left out: none is
// carried unmarked (those printed under the heading are marked with it,
// naming the parent their text's reads like).
func TestSyncLeftOutShiftedSubItems(t *testing.T) {
	for _, c := range placeCases {
		if !strings.HasPrefix(c.level, "heading") || c.mode != shiftOne {
			continue
		}
		src := testcorpus.Doc(t, c.src)
		text, _ := testcorpus.TextDoc(t, c.tr)
		v, _ := leftOut(strings.Split(text, "\n"), c.x, c.siblings, c.mode)
		tr, err := ingest.Options{}.Bytes(c.tr, []byte(v))
		if err != nil {
			t.Fatal(err)
		}
		d := gaps.Options{}.Sync(src, tr, nil)
		subs := 0
		for _, e := range d.Entries {
			if e.Target == nil || e.Source.Number == c.x || !under(e.Source.Number, c.x) {
				continue
			}
			subs++
			if carriedUnmarked(&e) {
				t.Errorf("%s (%s), %s left out: %s carried with %q, reviewed for %q", c.tr, c.level, c.x, e.Source.ID, lineStart(e.Target.Text), e.Review)
			}
		}
		t.Logf("%s, %s left out: %d sub-items carried under it", c.tr, c.x, subs)
	}
}

// lineStart is s cut to 40 runes.
func lineStart(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40])
	}
	return s
}

// TestSyncPlacesAsPublished: the real translations, as published,
// gain no mark for a text that reads like the next item's.
func TestSyncPlacesAsPublished(t *testing.T) {
	longtest.Skip(t)
	for _, p := range allCarriedPairs(t) {
		src, tr := testcorpus.Doc(t, p[0]), testcorpus.Doc(t, p[1])
		for _, e := range (gaps.Options{}).Sync(src, tr, nil).Entries {
			for _, r := range e.Review {
				if strings.Contains(r, "reads like") {
					t.Errorf("%s as published: %s marked: %s", p[1], e.Source.ID, r)
				}
			}
		}
	}
}

// labelSiblings are the pairs (x, y) of labels the lines print, each
// once, where y is the next label after x's sub-items' at x's depth
// under x's parent.
func labelSiblings(lines []string) [][2]string {
	var ns []string
	count := map[string]int{}
	for _, l := range lines {
		if n, _, _, ok := lineLabel(l); ok {
			ns = append(ns, n)
			count[n]++
		}
	}
	var out [][2]string
	for k, x := range ns {
		xs := gaps.NumberSegments(x)
		for _, n := range ns[k+1:] {
			if under(n, x) {
				continue
			}
			s := gaps.NumberSegments(n)
			if len(s) == len(xs) && len(xs) > 0 && slices.Equal(s[:len(s)-1], xs[:len(xs)-1]) && count[x] == 1 && count[n] == 1 {
				out = append(out, [2]string{x, n})
			}
			break
		}
	}
	return out
}

// TestSyncLeftOutSampled leaves out a sample of items of real
// translations, each with the next item's line printed with its number
// (TestSyncLeftOutShifted's shiftOne), and counts the texts carried
// to the place left out unmarked, and the sub-items carried under it
// unmarked. Of 90 variants (WCA ja, FIDE 2023 ru and hy, Debian 1.7 ja
// and ru), 75 are marked as reading like the next item; 6 are carried
// unmarked: 5 texts that read like neither item better by the aligner's
// measure (FIDE ru 3.4, holding 3.5's text, and 8.5.1, I.2.6; hy
// 12.9.2; WCA ja 10e3) and Debian ru 9.1, a heading whose one list item
// reads about as well with 9.1(1) as with 9.2(1) (0.23 and 0.24), its
// second cut off by the reading. Of the 81 sub-items carried under the
// place left out, 1 is unmarked (that 9.1(1)). Before the items under a
// heading were read with it: 55 marked, 23 unmarked (18 of them Debian
// headings that hold a title alone), 42 sub-items unmarked.
func TestSyncLeftOutSampled(t *testing.T) {
	longtest.Skip(t)
	pairs := [][2]string{
		{"wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2021-05-01-ja.md"},
		{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-ru.md"},
		{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-hy.md"},
		{"dev/debian-constitution/debian-constitution-1.7-en.wml", "dev/debian-constitution/debian-constitution-1.7-ja.wml"},
		{"dev/debian-constitution/debian-constitution-1.7-en.wml", "dev/debian-constitution/debian-constitution-1.7-ru.wml"},
	}
	tried, unmarked, byPlace, subs, subsUnmarked := 0, 0, 0, 0, 0
	for _, p := range pairs {
		src := testcorpus.Doc(t, p[0])
		text, _ := testcorpus.TextDoc(t, p[1])
		lines := strings.Split(text, "\n")
		cases := labelSiblings(lines)
		for k, c := range cases {
			if len(cases) > 16 && k%(len(cases)/16) != 0 {
				continue
			}
			v, ok := leftOut(lines, c[0], c[:], shiftOne)
			if !ok {
				continue
			}
			tr, err := ingest.Options{}.Bytes(p[1], []byte(v))
			if err != nil {
				t.Fatal(err)
			}
			tried++
			for _, e := range (gaps.Options{}).Sync(src, tr, nil).Entries {
				if e.Target != nil && e.Source.Number != c[0] && under(e.Source.Number, c[0]) {
					subs++
					if carriedUnmarked(&e) {
						subsUnmarked++
						t.Logf("%s, %s left out and %s printed %s: %s carried unmarked: %q", p[1], c[0], c[1], c[0], e.Source.ID, lineStart(e.Target.Text))
					}
				}
				if e.Source.Number != c[0] || e.Target == nil {
					continue
				}
				switch {
				case slices.ContainsFunc(e.Review, func(r string) bool { return strings.Contains(r, "reads like "+c[1]+" ") }):
					byPlace++
				case carriedUnmarked(&e):
					unmarked++
					t.Logf("%s, %s left out and %s printed %s: carried unmarked: %q", p[1], c[0], c[1], c[0], lineStart(e.Target.Title+" "+e.Target.Text))
				}
			}
		}
	}
	t.Logf("%d variants: %d marked as reading like the next item, %d carried unmarked; %d sub-items carried under the place left out, %d unmarked", tried, byPlace, unmarked, subs, subsUnmarked)
	if tried < 80 || byPlace < 75 || unmarked > 6 || subsUnmarked > 1 {
		t.Errorf("%d variants, %d marked as reading like the next item, %d carried unmarked, %d sub-items unmarked: want 80 or more, 75 or more, 6 or fewer, 1 or fewer", tried, byPlace, unmarked, subsUnmarked)
	}
}
