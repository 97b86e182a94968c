package gaps_test

import (
	"os"
	"path/filepath"
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

// bulleted is the UDHR page md with its numbers lost: each of its last
// 30 "## " headings (the articles') and the blank lines after it made a
// "- " bullet on the article's first paragraph, and, where drop is not
// 0, article drop taken out whole (its bullet and paragraphs).
func bulleted(md string, drop int) string {
	lines := strings.Split(md, "\n")
	var heads []int
	for k, l := range lines {
		if strings.HasPrefix(l, "## ") {
			heads = append(heads, k)
		}
	}
	if len(heads) < 30 {
		return ""
	}
	heads = heads[len(heads)-30:]
	bounds := append(slices.Clone(heads), len(lines))
	out := make([]string, 0, len(lines))
	for k := 0; k < len(lines); k++ {
		if drop > 0 && k >= bounds[drop-1] && k < bounds[drop] {
			continue
		}
		if slices.Contains(heads, k) {
			j := k + 1
			for j < len(lines) && lines[j] == "" {
				j++
			}
			if j < len(lines) {
				out = append(out, "- "+lines[j])
			}
			k = j
			continue
		}
		out = append(out, lines[k])
	}
	return strings.Join(out, "\n")
}

// omissionLangs are the pages the quick suite perturbs.
var omissionLangs = []string{"fr", "ru", "de", "es", "ja", "zh", "ar"}

// found says how gaps finds article n missing from its report r: by a
// missing finding on rule:n ("missing"), by an omission finding whose
// run holds rule:n ("omission"), or not ("").
func found(r *gaps.Report, n int) string {
	id := "rule:" + strconv.Itoa(n)
	for _, f := range r.Findings {
		if f.Severity != gaps.Error {
			continue
		}
		if f.Check == gaps.Missing && f.SourceID == id {
			return "missing"
		}
		if f.Check == gaps.Omission && len(f.Evidence) > 0 && slices.Contains(strings.Split(strings.TrimPrefix(f.Evidence[0], "items: "), ", "), id) {
			return "omission"
		}
	}
	return ""
}

// omissionSweep perturbs each UDHR page of langs: its numbers lost
// (bulleted) whole, and with each article of arts deleted in turn. It
// returns, pooled, the deletions gaps finds (a missing or an omission
// error naming the article) of those made, and the omission findings
// of the whole bulleted pages (doubts of the aligner where nothing is
// left out); a whole page's extra finding fails t (the draft holds
// every text). Every omission's items are marked for review in the draft
// (sync's): a neighbour's text carried to their places is never
// carried silently; and no target item the draft holds is extra.
func omissionSweep(t *testing.T, langs []string, arts []int) (hit, made, wrong int) {
	enRaw, err := os.ReadFile(testcorpus.Path(t, "udhr/udhr-1948-en.md"))
	if err != nil {
		t.Fatal(err)
	}
	read := func(name, md string) *corpus.Document {
		d, err := ingest.Options{}.Bytes(name, []byte(md))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return d
	}
	en := read("udhr-1948-en.md", string(enRaw))
	for _, lang := range langs {
		raw, err := os.ReadFile(testcorpus.Path(t, filepath.Join("udhr", "udhr-1948-"+lang+".md")))
		if err != nil {
			t.Fatal(err)
		}
		whole := bulleted(string(raw), 0)
		if whole == "" {
			t.Errorf("%s: fewer than 30 article headings", lang)
			continue
		}
		r := gaps.Options{}.Gaps(en, read(lang+"-bullets.md", whole), nil)
		for _, f := range r.Findings {
			switch f.Check {
			case gaps.Extra:
				t.Errorf("%s bulleted, nothing deleted: %s %s %s: %s", lang, f.Check, f.SourceID, f.TargetID, f.Message)
			case gaps.Missing:
				// (The Tibetan, Dzongkha and Khmer pages, whose words no
				// space divides, are misread with their numbers lost:
				// the items their projection cannot place.)
				t.Logf("%s bulleted, nothing deleted: %s %s: %s", lang, f.Check, f.SourceID, f.Message)
			case gaps.Omission:
				t.Logf("%s bulleted, nothing deleted: %s %s: %s", lang, f.Check, f.SourceID, f.Message)
				wrong++
			}
		}
		var lost []int
		n := 0
		for _, a := range arts {
			r := gaps.Options{}.Gaps(en, read(lang+"-bullets-del.md", bulleted(string(raw), a)), nil)
			made++
			if found(r, a) != "" {
				hit++
				n++
			} else {
				lost = append(lost, a)
			}
			checkOmissionMarked(t, lang, a, r)
		}
		t.Logf("%s: %d of %d deletions found; not found: %v", lang, n, len(arts), lost)
	}
	return hit, made, wrong
}

// checkOmissionMarked fails t where an item of an omission finding of
// r is not marked for review in its draft, or where an extra item's
// text is in the draft.
func checkOmissionMarked(t *testing.T, lang string, a int, r *gaps.Report) {
	d := r.Draft()
	review := map[string]bool{}
	for i := range d.Entries {
		if e := &d.Entries[i]; len(e.Review) > 0 || e.Target == nil {
			review[e.Source.ID] = true
		}
	}
	for _, f := range r.Findings {
		if f.Check != gaps.Omission {
			continue
		}
		for id := range strings.SplitSeq(strings.TrimPrefix(f.Evidence[0], "items: "), ", ") {
			if !review[id] {
				t.Errorf("%s without article %d: %s is in an omission but carried with no review mark", lang, a, id)
			}
		}
	}
}

// TestOmissionNumbersLost: a UDHR page whose article headings became
// bullets (numbers lost) and that lacks one article: gaps finds the
// article missing, or names the run of places its neighbours' texts
// were stretched over (omission, an error), and the draft marks each
// of those places for review; the same page with nothing deleted gives
// no extra, missing or omission finding. The quick suite deletes every
// third article of seven pages (70 deletions): 53 found, held with no
// margin (see TestOmissionNumbersLostAll for every page and article).
func TestOmissionNumbersLost(t *testing.T) {
	var arts []int
	for a := 2; a <= 30; a += 3 {
		arts = append(arts, a)
	}
	hit, made, wrong := omissionSweep(t, omissionLangs, arts)
	t.Logf("pooled: %d of %d deletions found, %d omissions on the whole pages", hit, made, wrong)
	if hit < 53 || wrong > 0 {
		t.Errorf("pooled: %d of %d deletions found, %d omissions on the whole pages; want 53 and none", hit, made, wrong)
	}
}

// TestOmissionNumbersLostAll is TestOmissionNumbersLost for every UDHR
// page but the English and every article (1,170 deletions): 723 found,
// and 19 omissions on 13 of the 39 whole pages (am 3, dz, hy, my and
// si 2, bo, fa, ka, km, lo, ne, uk and ur 1), held with no margin.
// Where the projection of a whole page is unsure and its texts fall
// short of their items there, nothing tells it from a page that lacks
// an item.
func TestOmissionNumbersLostAll(t *testing.T) {
	longtest.Skip(t)
	files, err := filepath.Glob(filepath.Join(testcorpus.Path(t, "udhr"), "udhr-1948-*.md"))
	if err != nil {
		t.Fatal(err)
	}
	var langs []string
	for _, f := range files {
		lang := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "udhr-1948-"), ".md")
		if lang != "en" {
			langs = append(langs, lang)
		}
	}
	var arts []int
	for a := 1; a <= 30; a++ {
		arts = append(arts, a)
	}
	hit, made, wrong := omissionSweep(t, langs, arts)
	t.Logf("pooled: %d of %d deletions found, %d omissions on the whole pages", hit, made, wrong)
	if hit < 723 || wrong > 19 {
		t.Errorf("pooled: %d of %d deletions found, %d omissions on the whole pages; want 723 and at most 19", hit, made, wrong)
	}
}
