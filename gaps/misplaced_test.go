package gaps_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// articleLines maps each line of a Markdown udhr page md (in comparison
// form, testcorpus.Key, ten letters or more) to the place of the
// article it is under: 0 the preamble, 1 to 30 the articles, in the
// order of the page's "## " headings (the last 30 are the articles). A
// line found under two articles maps to -1.
func articleLines(md string) map[string]int {
	lines := strings.Split(md, "\n")
	var heads []int
	for i, l := range lines {
		if strings.HasPrefix(l, "## ") {
			heads = append(heads, i)
		}
	}
	out := map[string]int{}
	if len(heads) < 30 {
		return out
	}
	first := len(heads) - 30
	place := -1
	for i, l := range lines {
		if k := sortSearch(heads, i); k >= 0 && heads[k] == i {
			place = max(k-first+1, 0)
			continue
		}
		if place < 0 {
			continue
		}
		key := testcorpus.Key(strings.TrimLeft(l, "0123456789.) -*"))
		if utf8.RuneCountInString(key) < 10 {
			continue
		}
		if p, ok := out[key]; ok && p != place {
			out[key] = -1
			continue
		}
		out[key] = place
	}
	return out
}

// sortSearch is the index of the last of hs at or before i, -1 for
// none.
func sortSearch(hs []int, i int) int {
	return sort.SearchInts(hs, i+1) - 1
}

// sourceArticle is the article a source item of the English udhr page
// belongs to, by its id ("rule:11", "rule:11(1)" are 11); 0 for the
// preamble and what is no article.
func sourceArticle(id string) int {
	_, n, ok := strings.Cut(id, ":")
	if !ok {
		return 0
	}
	end := 0
	for end < len(n) && n[end] >= '0' && n[end] <= '9' {
		end++
	}
	a, err := strconv.Atoi(n[:end])
	if err != nil {
		return 0
	}
	return a
}

// carriedElsewhere counts the entries of d that carry a text holding a
// line of another article than their source item's (by lines, the
// article each line of the original page is under, the preamble 0):
// all, and those with no reason to review, whose ids it returns.
func carriedElsewhere(d *gaps.Draft, lines map[string]int) (all, unmarked int, ids []string) {
	for i := range d.Entries {
		e := &d.Entries[i]
		if e.Target == nil || e.State == gaps.New {
			continue
		}
		want := sourceArticle(e.Source.ID)
		if want == 0 {
			continue
		}
		for _, l := range strings.Split(d.Text(e), "\n") {
			key := testcorpus.Key(strings.TrimLeft(l, "0123456789.) -*"))
			if p, ok := lines[key]; ok && p >= 0 && p != want {
				all++
				if len(e.Review) == 0 {
					unmarked++
					ids = append(ids, e.Source.ID)
				}
				break
			}
		}
	}
	return all, unmarked, ids
}

// misplacedVariants are the variants TestMisplacedMarked writes of a
// udhr page: an article deleted and the headings after it renumbered
// (deleteArticle), or the article headings removed (relabel).
var misplacedVariants = []string{"del3", "del7", "del15", "ins3", "ins7", "ins15", "no-headings"}

// misplacedVariant writes the variant v of the udhr page md.
func misplacedVariant(md, v string) (string, bool) {
	if k, ok := strings.CutPrefix(v, "ins"); ok {
		n, _ := strconv.Atoi(k)
		return testcorpus.InsertArticle(md, n)
	}
	if k, ok := strings.CutPrefix(v, "del"); ok {
		n, _ := strconv.Atoi(k)
		return testcorpus.DeleteArticle(md, n)
	}
	return relabel(md, v)
}

// TestMisplacedMarked writes, from every Markdown udhr translation, a
// page that lost one article (the third, seventh or fifteenth) with the
// headings after it renumbered, so that each later heading's number
// names the source article before its text's; one that added an
// article before them (testcorpus.InsertArticle), numbered on (where the last
// heading's number is in digits); and a page whose
// article headings were removed (its paragraphs and numbered lists
// alone). sync must not carry, unmarked, a text under an article it is
// not the translation of (by the article each line of the original
// page is under). It logs, per page and variant, the articles carried
// so unmarked and all those carried so, and holds the unmarked under
// misplacedCeiling; the original pages carry none so. Held, over the
// 39 pages, unmarked (all): article 3, 7 or 15 deleted, 0 (3), 0 (6)
// and 0 (9), where they were 625, 466 and 229 (983, 837, 547) before
// runs of shifted pairs were moved (align's shifted); added, 0 (25), 1
// (87) and 0 (79), from 440, 375 and 206; headings removed, 47 (93),
// where they were 151 (279) while the reader put the paragraphs after
// the list it reads as the items (article 23's four paragraphs) in the
// text of the heading before them, ahead of the list, where no
// placement by order could put them right. The paragraphs after the
// list stay after it, in an unnumbered item of their own; most of the
// 47 are the pages whose sentences sync cuts least well (Amharic,
// Tibetan, Dzongkha and Khmer: 38).
func TestMisplacedMarked(t *testing.T) {
	longtest.Skip(t)
	dir, names := testcorpus.UDHRFiles(t)
	_, en := testcorpus.TextDoc(t, "udhr/udhr-1948-en.md")
	total, carried := map[string]int{}, map[string]int{}
	for _, name := range names {
		if !strings.HasSuffix(name, ".md") || name == "udhr-1948-en.md" {
			continue
		}
		raw, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		lines := articleLines(string(raw))
		if len(lines) == 0 {
			continue
		}
		orig, err := ingest.Options{}.Bytes(name, raw)
		if err != nil {
			t.Fatal(err)
		}
		if all, n, _ := carriedElsewhere(gaps.Options{}.Sync(en, orig, nil), lines); all > 0 {
			t.Errorf("%s: the original carries %d texts under another article (%d unmarked)", name, all, n)
		}
		row := []string{}
		for _, v := range misplacedVariants {
			md, ok := misplacedVariant(string(raw), v)
			if !ok && strings.HasPrefix(v, "ins") {
				// No number in digits to give the heading added at the
				// end (Ethiopic numerals, number words).
				row = append(row, v+" -")
				continue
			}
			if !ok {
				t.Errorf("%s: the %s variant could not be written", name, v)
				continue
			}
			tr, err := ingest.Options{Lang: orig.Lang}.Bytes(name, []byte(md))
			if err != nil {
				t.Fatal(err)
			}
			all, n, ids := carriedElsewhere(gaps.Options{}.Sync(en, tr, nil), lines)
			total[v] += n
			carried[v] += all
			row = append(row, fmt.Sprintf("%s %d (%d)", v, n, all))
			if n > 0 {
				t.Logf("%s %s: %v", name, v, ids)
			}
		}
		t.Logf("%s: %s", name, strings.Join(row, ", "))
	}
	for _, v := range misplacedVariants {
		t.Logf("%s: %d articles carried under another's place unmarked (%d in all)", v, total[v], carried[v])
		if total[v] > misplacedCeiling[v] {
			t.Errorf("%s: %d articles carried under another's place unmarked, want %d or fewer", v, total[v], misplacedCeiling[v])
		}
	}
}

// misplacedCeiling is, per variant, the most articles TestMisplacedMarked
// lets sync carry unmarked under another's place over all the pages.
var misplacedCeiling = map[string]int{"del3": 0, "del7": 0, "del15": 0, "ins3": 0, "ins7": 1, "ins15": 0, "no-headings": 55}
