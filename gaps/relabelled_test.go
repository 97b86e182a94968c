package gaps_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestRelabelledPlaced: a translation whose printed numbers do not
// follow its source's items (two articles joined or one split in two,
// the headings after them renumbered; the article headings removed, so
// that the numbered paragraphs of one article are read as the items) is
// read through its source by its text, not refused as a text of another
// document. The variants are written from udhr files whose headings
// print digits, at test time (relabel). gaps places at least half the
// source's items on each (Unplaceable is nil), and, joined or split,
// all but the two items the variant changed.
func TestRelabelledPlaced(t *testing.T) {
	dir := testcorpus.Path(t, "udhr")
	read := func(t *testing.T, name string, src []byte) *corpus.Document {
		d, err := ingest.Options{}.Bytes(name, src)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	_, en := testcorpus.TextDoc(t, "udhr/udhr-1948-en.md")
	for _, lang := range []string{"ja", "fr", "ru", "ko", "hi", "ar"} {
		b, err := os.ReadFile(filepath.Join(dir, "udhr-1948-"+lang+".md"))
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range []string{"joined", "split", "no-headings"} {
			t.Run(lang+"/"+v, func(t *testing.T) {
				md, ok := relabel(string(b), v)
				if !ok {
					t.Fatalf("the %s variant could not be written", v)
				}
				tr := read(t, "udhr-"+lang+"-"+v+".md", []byte(md))
				r := gaps.Options{}.Gaps(en, tr, nil)
				if err := r.Unplaceable(); err != nil {
					t.Fatalf("refused: %v", err)
				}
				t.Logf("%d of %d source items placed", r.Placed, r.Placeable)
				if v != "no-headings" && r.Placed < r.Placeable-2 {
					t.Errorf("%d of %d source items placed; want all but the two the variant changed", r.Placed, r.Placeable)
				}
			})
		}
	}
}

// relabel writes the variant v of a Markdown udhr file md: "joined",
// the fifth article's heading dropped (its text joins the fourth's) and
// each heading after it given the one before it; "split", the second
// article's second paragraph (or the rest of its first paragraph after
// the first sentence) headed by the third article's heading, and each
// heading after that given the one after it (the last its number plus
// one); "no-headings",
// the articles' headings dropped. The first heading (the preamble's) is
// kept. ok is false where md has too few headings, or no sentence or
// number to cut and count on.
func relabel(md, v string) (string, bool) {
	lines := strings.Split(md, "\n")
	var heads []int
	for i, l := range lines {
		if strings.HasPrefix(l, "## ") {
			heads = append(heads, i)
		}
	}
	if len(heads) < 8 {
		return "", false
	}
	heads = heads[1:] // the preamble's heading stays
	texts := make([]string, len(heads))
	for k, h := range heads {
		texts[k] = lines[h]
	}
	switch v {
	case "joined":
		lines[heads[4]] = "\x00"
		for k := 5; k < len(heads); k++ {
			lines[heads[k]] = texts[k-1]
		}
	case "split":
		// The second article's second paragraph, else the second half of
		// its first sentence, made an article of its own.
		var paras []int
		for p := heads[1] + 1; p < heads[2]; p++ {
			if strings.TrimSpace(lines[p]) != "" {
				paras = append(paras, p)
			}
		}
		last, ok := testcorpus.NextNumber(texts[len(texts)-1])
		if !ok || len(paras) == 0 {
			return "", false
		}
		if len(paras) >= 2 {
			lines[paras[1]] = texts[2] + "\n\n" + lines[paras[1]]
		} else {
			a, rest, ok := firstSentence(lines[paras[0]])
			if !ok {
				return "", false
			}
			lines[paras[0]] = a + "\n\n" + texts[2] + "\n\n" + rest
		}
		for k := 2; k < len(heads); k++ {
			if k+1 < len(heads) {
				lines[heads[k]] = texts[k+1]
			} else {
				lines[heads[k]] = last
			}
		}
	case "no-headings":
		for _, h := range heads {
			lines[h] = "\x00"
		}
	}
	var out []string
	for _, l := range lines {
		if l != "\x00" {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n"), true
}

// firstSentence cuts s after its first sentence terminal that has ten
// runes or more on either side.
func firstSentence(s string) (string, string, bool) {
	for i, r := range s {
		if unicode.Is(unicode.Sentence_Terminal, r) {
			j := i + utf8.RuneLen(r)
			a, rest := strings.TrimSpace(s[:j]), strings.TrimSpace(s[j:])
			if utf8.RuneCountInString(a) >= 10 && utf8.RuneCountInString(rest) >= 10 {
				return a, rest, true
			}
		}
	}
	return "", "", false
}

// TestRelabelledDevPlaced is TestRelabelledPlaced on the numbered dev
// translations, relabelled as read (relabelDoc): two items an eighth of
// the way in joined, or one split, and every item after them given the
// number and id of the item before or after it. gaps places at least
// half of the source's items on each. It logs how many of the items the
// variant kept whole are read with the source id the original's are:
// today most are read by their shifted labels (FIDE ru 42 of 346, the
// Debian Constitution ja 133 of 146), as their pairs as a whole still
// share well beyond chance (a few items rich in numbers, a page's
// header, weigh most of the share), so the labels are kept.
func TestRelabelledDevPlaced(t *testing.T) {
	longtest.Skip(t)
	for _, p := range gapsPairs {
		if strings.HasPrefix(p.tr, "seeds/") {
			continue // unnumbered pages: nothing to relabel
		}
		for _, v := range []string{"joined", "split"} {
			t.Run(p.tr[strings.LastIndex(p.tr, "/")+1:]+"/"+v, func(t *testing.T) {
				src, orig := testcorpus.Doc(t, p.src), testcorpus.Doc(t, p.tr)
				tr := relabelDoc(orig, v)
				r := gaps.Options{}.Gaps(src, tr, nil)
				if err := r.Unplaceable(); err != nil {
					t.Fatalf("refused: %v", err)
				}
				// The items the variant kept whole: the source id the
				// original's reading gives each, against the variant's.
				want := map[string]string{}
				od := align.Options{}.Through(src, orig).Doc
				for j := range od.Items {
					want[od.Items[j].Text] = od.Items[j].ID
				}
				vd := align.Options{}.Through(src, tr).Doc
				n, right := 0, 0
				for j := range vd.Items {
					if id, ok := want[vd.Items[j].Text]; ok {
						n++
						if vd.Items[j].ID == id {
							right++
						}
					}
				}
				t.Logf("%d of %d source items placed; %d of %d kept items read with the original's source id; affinity %+v", r.Placed, r.Placeable, right, n, r.Affinity)
			})
		}
	}
}

// relabelDoc is d with the variant v of relabel made on its items: at
// the first numbered item an eighth of the way in, "joined" gives it the
// next item's text too and "split" cuts its text in two items (at a line
// or sentence, else in the middle); each item after the change takes the
// number and id of the item before it (joined) or after it (split; the
// last a number and id no item has).
func relabelDoc(d *corpus.Document, v string) *corpus.Document {
	out := *d
	items := slices.Clone(d.Items)
	k := len(items) / 8
	for k+2 < len(items) && items[k].Number == "" {
		k++
	}
	nums, ids := make([]string, len(items)), make([]string, len(items))
	for j := range items {
		nums[j], ids[j] = items[j].Number, items[j].ID
	}
	switch v {
	case "joined":
		items[k].Text += "\n" + items[k+1].Text
		items = slices.Delete(items, k+1, k+2)
		for j := k + 1; j < len(items); j++ {
			items[j].Number, items[j].ID = nums[j], ids[j]
		}
	case "split":
		a, b := cutText(items[k].Text)
		second := items[k]
		items[k].Text, second.Text = a, b
		items = slices.Insert(items, k+1, second)
		for j := k + 1; j < len(items); j++ {
			if j < len(nums) {
				items[j].Number, items[j].ID = nums[j], ids[j]
			} else {
				items[j].Number, items[j].ID = "9999", "rule:9999"
			}
		}
	}
	out.Items = items
	return &out
}

// cutText cuts a text at its first line break, else after its first
// sentence, else in the middle.
func cutText(s string) (string, string) {
	if a, b, ok := strings.Cut(strings.TrimSpace(s), "\n"); ok {
		return a, b
	}
	if a, b, ok := firstSentence(s); ok {
		return a, b
	}
	rs := []rune(s)
	return string(rs[:len(rs)/2]), string(rs[len(rs)/2:])
}
