package gaps_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// labelLineRe finds a line's printed label: after its indent, a list
// marker or bold markup, a number followed by ')' or '*'.
var labelLineRe = regexp.MustCompile(`^\s*(?:- )?(?:\*\*)?([0-9A-Za-z][0-9A-Za-z.]*)(?:\)|\*\*)`)

// mislabelled writes, from the lines of a real translation, the line of
// the item after x (y, its next sibling, which has sub-items) printed
// with x's number, x and its sub-items left out: 1g printed as "- 1f)"
// where 1f, 1f1 and 1f2 are gone, its sub-items still 1g1 and 1g2.
func mislabelled(lines []string, x, y string) (string, bool) {
	at := func(n string) int { // the one line that prints n, else -1
		found := -1
		for i, l := range lines {
			if m := labelLineRe.FindStringSubmatch(l); m != nil && m[1] == n {
				if found >= 0 {
					return -1
				}
				found = i
			}
		}
		return found
	}
	i, j := at(x), at(y)
	if i < 0 || j <= i {
		return "", false
	}
	m := labelLineRe.FindStringSubmatchIndex(lines[j])
	relabelled := lines[j][:m[2]] + x + lines[j][m[3]:]
	out := append(append(append([]string(nil), lines[:i]...), relabelled), lines[j+1:]...)
	return strings.Join(out, "\n"), true
}

// siblingsWithSubs are the pairs (x, y) of a document's numbered items,
// of two segments or more, where y follows x's sub-items as its next
// sibling (same depth, same parent) and has sub-items of its own, every
// number of both printed once.
func siblingsWithSubs(d *corpus.Document) [][2]string {
	type num struct {
		n    string
		segs []string
	}
	var ns []num
	for i := range d.Items {
		if n := d.Items[i].Number; n != "" {
			ns = append(ns, num{n, gaps.NumberSegments(n)})
		}
	}
	count := map[string]int{}
	for _, n := range ns {
		count[n.n]++
	}
	// clean: the item at k and its sub-items each print a number no
	// other item prints (FIDE hy prints 3.8.2.2.1 twice).
	clean := func(k int) bool {
		for l := k; l < len(ns) && (l == k || len(ns[l].segs) > len(ns[k].segs)); l++ {
			if count[ns[l].n] > 1 {
				return false
			}
		}
		return true
	}
	hasSubs := func(k int) bool {
		return k+1 < len(ns) && len(ns[k+1].segs) > len(ns[k].segs) && slices.Equal(ns[k+1].segs[:len(ns[k].segs)], ns[k].segs)
	}
	var out [][2]string
	for k := range ns {
		if len(ns[k].segs) < 2 || !hasSubs(k) {
			continue
		}
		for l := k + 1; l < len(ns); l++ {
			if len(ns[l].segs) > len(ns[k].segs) {
				continue
			}
			if len(ns[l].segs) == len(ns[k].segs) && slices.Equal(ns[l].segs[:len(ns[l].segs)-1], ns[k].segs[:len(ns[k].segs)-1]) && hasSubs(l) && clean(k) && clean(l) {
				out = append(out, [2]string{ns[k].n, ns[l].n})
			}
			break
		}
	}
	return out
}

// TestSyncSubNumbersDisagree deletes, in real translations, an item
// with its sub-items and prints the next sibling's line with its number
// (WCA ja: 1f, 1f1, 1f2 gone, 1g printed "- 1f)", its sub-items still
// 1g1, 1g2). sync carries that text to 1f, where its position and its
// printed number agree: its sub-items' numbers, which name 1g, must
// have it marked for review. The translations as published gain no
// such mark.
func TestSyncSubNumbersDisagree(t *testing.T) {
	pairs := [][2]string{
		{"wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2021-05-01-ja.md"},
		{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-ru.md"},
		{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-hy.md"},
	}
	tried := 0
	for _, p := range pairs {
		src := testcorpus.Doc(t, p[0])
		text, own := testcorpus.TextDoc(t, p[1])
		for _, e := range (gaps.Options{}).Sync(src, testcorpus.Clone(own), nil).Entries {
			for _, r := range e.Review {
				if strings.Contains(r, "numbered under") {
					t.Errorf("%s as published: %s marked: %s", p[1], e.Source.ID, r)
				}
			}
		}
		lines := strings.Split(text, "\n")
		cases := siblingsWithSubs(own)
		for k, c := range cases {
			if len(cases) > 12 && k%(len(cases)/12) != 0 {
				continue // a sample of a dozen per translation
			}
			v, ok := mislabelled(lines, c[0], c[1])
			if !ok {
				continue
			}
			tr, err := ingest.Options{}.Bytes(p[1], []byte(v))
			if err != nil {
				t.Fatal(err)
			}
			tried++
			for _, e := range (gaps.Options{}).Sync(src, tr, nil).Entries {
				if e.Source.Number == c[0] && e.Target != nil && len(e.Review) == 0 {
					t.Errorf("%s, %s left out and %s printed as %s: carried to %s unmarked: %.60q", p[1], c[0], c[1], c[0], e.Source.ID, e.Target.Text)
				}
			}
		}
	}
	if tried < 20 {
		t.Errorf("%d variants written, want 20 or more", tried)
	}
	t.Logf("%d variants", tried)
}
