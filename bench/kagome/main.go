// Command kagome measures whether a Japanese morphological analyser
// (github.com/ikawaha/kagome with the IPA and UniDic dictionaries) makes
// rulesync's Japanese redlines read better than its own script-run
// segmentation (diff.Segment), on edits an editor makes to the real
// Japanese rule texts in ../shared/corpus.
//
// It lives in a module of its own so that the analyser and its
// dictionaries (tens of megabytes) are not a dependency of rulesync
// unless the measurement says they should be.
//
//	cd bench/kagome && go run . > ../kagome.md
//
// Each edit is one an editor makes, placed without regard to either
// segmentation: a glossary term replaced by another, a number (not the
// digits of an id such as 4b2) changed, a modal or negated ending
// reversed (judged on the runes that differ), a clause deleted or one
// inserted. A redline shows the edit "whole" when every rune the edit
// replaced is marked; the runes it marks beyond the edit are noise.
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/ikawaha/kagome-dict/dict"
	"github.com/ikawaha/kagome-dict/ipa"
	"github.com/ikawaha/kagome-dict/uni"
	"github.com/ikawaha/kagome/v2/tokenizer"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/ingest"
)

// sources are the Japanese texts of the real corpus.
var sources = []string{
	"wca/wca-regulations-2021-05-01-ja.md",
	"seeds/tda-2024-ja-reader-page.txt",
	"seeds/wsop-2009-ja-rules-page9.txt",
	"seeds/holdem-basics-guide-ja.txt",
	"seeds/general-poker-rules-ja.txt",
}

// An edit is what an editor did to one text: the runes [start, end) of
// the old text became repl. The redline should show that span whole and
// little else.
type edit struct {
	kind       string
	old        string
	start, end int // runes of old
	repl       string
}

func (e edit) new() string {
	rs := []rune(e.old)
	return string(rs[:e.start]) + e.repl + string(rs[e.end:])
}

// A segmenter makes a redline of two texts.
type segmenter struct {
	name    string
	redline func(old, new string) []diff.Span
}

// over makes a redline over the segments of seg.
func over(seg func(string) []string) func(old, new string) []diff.Span {
	return func(old, new string) []diff.Span {
		_, spans := diff.RedlineSegments(seg(old), seg(new))
		return spans
	}
}

func main() {
	dir := flag.String("corpus", "../../../shared/corpus", "the real corpus")
	seed := flag.Uint64("seed", 1, "seed of the edits")
	showName := flag.String("show", "", "print to standard error each edit this segmentation (a name in the table) marks more or less of than the edit")
	flag.Parse()
	var texts []string
	for _, rel := range sources {
		d, err := ingest.Options{}.File(filepath.Join(*dir, rel))
		if err != nil {
			fmt.Fprintln(os.Stderr, "kagome:", err)
			os.Exit(2)
		}
		for _, it := range d.Items {
			if t := strings.TrimSpace(it.Text); utf8.RuneCountInString(t) >= 20 && japanese(t) {
				texts = append(texts, t)
			}
		}
	}
	edits := makeEdits(texts, rand.New(rand.NewPCG(*seed, 2)))

	segs := []segmenter{
		{"characters (no segmentation)", over(func(s string) []string { return strings.Split(s, "") })},
		{"script runs (diff.Segment alone)", over(diff.Segment)},
		{"script runs, shared Japanese edges kept (diff.Redline, rulesync)", func(old, new string) []diff.Span {
			_, spans := diff.Redline(old, new)
			return spans
		}},
	}
	var loads []string
	for _, d := range []struct {
		name string
		load func() *dict.Dict
	}{{"kagome, IPA dictionary", ipa.Dict}, {"kagome, UniDic", uni.Dict}} {
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		t0 := time.Now()
		tk, err := tokenizer.New(d.load(), tokenizer.OmitBosEos())
		if err != nil {
			fmt.Fprintln(os.Stderr, "kagome:", err)
			os.Exit(1)
		}
		el := time.Since(t0)
		runtime.GC()
		runtime.ReadMemStats(&m1)
		loads = append(loads, fmt.Sprintf("| %s | %.0f ms | %.0f MB |", d.name, el.Seconds()*1000, float64(m1.HeapAlloc-m0.HeapAlloc)/(1<<20)))
		segs = append(segs, segmenter{d.name, over(morphemes(tk))})
	}

	fmt.Printf("Japanese redlines: %d edits of %d real Japanese texts (%s), seed %d.\n\n", len(edits), len(texts), strings.Join(sources, ", "), *seed)
	fmt.Println("| segmentation | edit kind | edits | whole: the edited words shown whole | marked runes outside the edit, mean | hunks, mean | exact: no more, no less than the edit | redline time per edit |")
	fmt.Println("| --- | --- | --- | --- | --- | --- | --- | --- |")
	kinds := map[string]bool{}
	for _, e := range edits {
		kinds[e.kind] = true
	}
	var kindList []string
	for k := range kinds {
		kindList = append(kindList, k)
	}
	sort.Strings(kindList)
	kindList = append(kindList, "all")
	for _, s := range segs {
		for _, k := range kindList {
			var n, whole, exact int
			var over, hunks float64
			var el time.Duration
			for _, e := range edits {
				if k != "all" && e.kind != k {
					continue
				}
				t0 := time.Now()
				spans := s.redline(e.old, e.new())
				el += time.Since(t0)
				w, o, h := score(e, spans)
				if *showName == s.name && (o > 0 || !w) && e.kind == k {
					fmt.Fprintf(os.Stderr, "%s whole=%v: %q -> %q: %s\n", e.kind, w, string([]rune(e.old)[e.start:e.end]), e.repl, show(spans, e.start))
				}
				n++
				if w {
					whole++
				}
				if w && o == 0 {
					exact++
				}
				over += float64(o)
				hunks += float64(h)
			}
			if n == 0 {
				continue
			}
			fmt.Printf("| %s | %s | %d | %.1f%% | %.2f | %.2f | %.1f%% | %.0f µs |\n", s.name, k, n,
				100*float64(whole)/float64(n), over/float64(n), hunks/float64(n), 100*float64(exact)/float64(n),
				el.Seconds()*1e6/float64(n))
		}
	}
	fmt.Println()
	fmt.Println("| analyser | dictionary load | heap |")
	fmt.Println("| --- | --- | --- |")
	for _, l := range loads {
		fmt.Println(l)
	}
}

// japanese reports whether text has kana or kanji in it.
func japanese(s string) bool {
	for _, r := range s {
		if unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Han) {
			return true
		}
	}
	return false
}

// morphemes segments with the analyser; text it skips (spaces) becomes a
// segment of its own, so the segments always concatenate to the input.
func morphemes(tk *tokenizer.Tokenizer) func(string) []string {
	return func(s string) []string {
		var out []string
		at := 0
		for _, t := range tk.Tokenize(s) {
			if t.Surface == "" {
				continue
			}
			i := strings.Index(s[at:], t.Surface)
			if i < 0 {
				continue
			}
			if i > 0 {
				out = append(out, s[at:at+i])
			}
			out = append(out, t.Surface)
			at += i + len(t.Surface)
		}
		if at < len(s) {
			out = append(out, s[at:])
		}
		if strings.Join(out, "") != s {
			panic("kagome segments do not give back the text")
		}
		return out
	}
}

// score compares a redline with the edit: whether every rune the edit
// replaced (old and new side) is marked, how many runes outside it are
// marked, and how many separate changed places (hunks) the redline shows.
func score(e edit, spans []diff.Span) (whole bool, over, hunks int) {
	// Marked runes of the old text and of the new, by position.
	oldRunes := []rune(e.old)
	newLen := len(oldRunes) - (e.end - e.start) + utf8.RuneCountInString(e.repl)
	oldMarked := make([]bool, len(oldRunes))
	newMarked := make([]bool, newLen)
	io, in := 0, 0
	prevChanged := false
	for _, s := range spans {
		n := utf8.RuneCountInString(s.Text)
		switch s.Op {
		case diff.Equal:
			io += n
			in += n
			prevChanged = false
			continue
		case diff.Delete:
			for i := io; i < io+n; i++ {
				oldMarked[i] = true
			}
			io += n
		case diff.Insert:
			for i := in; i < in+n; i++ {
				newMarked[i] = true
			}
			in += n
		}
		if !prevChanged {
			hunks++
		}
		prevChanged = true
	}
	// The edit's span in each text; only a changed span need be marked
	// (a replacement that keeps its first or last runes, する -> しない,
	// is still shown whole when those runes are marked too: whole asks
	// for the span, over counts the rest).
	whole = true
	for i := e.start; i < e.end; i++ {
		if !oldMarked[i] {
			whole = false
		}
	}
	rl := utf8.RuneCountInString(e.repl)
	for i := e.start; i < e.start+rl; i++ {
		if !newMarked[i] {
			whole = false
		}
	}
	for i, m := range oldMarked {
		if m && (i < e.start || i >= e.end) {
			over++
		}
	}
	for i, m := range newMarked {
		if m && (i < e.start || i >= e.start+rl) {
			over++
		}
	}
	return whole, over, hunks
}

// Endings an editor turns into their opposite (modality and negation:
// the changes a Japanese rule book's severity turns on).
var endings = [][2]string{
	{"しなければならない", "してもよい"},
	{"なければならない", "なくてもよい"},
	{"しなければなりません", "しても構いません"},
	{"できる", "できない"},
	{"できます", "できません"},
	{"してはならない", "してもよい"},
	{"してはいけません", "しても構いません"},
	{"される", "されない"},
	{"されます", "されません"},
	{"する。", "しない。"},
	{"します。", "しません。"},
	{"べきである", "なくてもよい"},
	{"必要がある", "必要はない"},
	{"あります", "ありません"},
}

var digitsRe = regexp.MustCompile(`[0-9０-９]+(?:[.,][0-9０-９]+)*`)

// makeEdits makes, for each text, one edit of each kind the text allows:
// a glossary term replaced by another concept's term, a number changed,
// a modal or negated ending reversed, a clause between 、 and 、 or 。
// deleted, and a clause inserted.
func makeEdits(texts []string, rng *rand.Rand) []edit {
	var terms []string
	for _, c := range align.DefaultGlossary().Concepts {
		for _, t := range c.Terms["ja"] {
			if utf8.RuneCountInString(t) >= 2 {
				terms = append(terms, t)
			}
		}
	}
	sort.Strings(terms)
	var out []edit
	runeIndex := func(s string, byteAt int) int { return utf8.RuneCountInString(s[:byteAt]) }
	for ti, t := range texts {
		// term
		var found [][2]int
		var foundTerm []string
		for _, term := range terms {
			for at := 0; ; {
				i := strings.Index(t[at:], term)
				if i < 0 {
					break
				}
				found = append(found, [2]int{at + i, at + i + len(term)})
				foundTerm = append(foundTerm, term)
				at += i + len(term)
			}
		}
		if len(found) > 0 {
			k := rng.IntN(len(found))
			repl := terms[rng.IntN(len(terms))]
			for repl == foundTerm[k] || strings.Contains(repl, foundTerm[k]) || strings.Contains(foundTerm[k], repl) {
				repl = terms[rng.IntN(len(terms))]
			}
			out = append(out, edit{"term replaced", t, runeIndex(t, found[k][0]), runeIndex(t, found[k][1]), repl})
		}
		// number
		// Amounts, counts, times: not the digits of an id (4b2, 3x3x3,
		// MP3), which a redline rightly shows whole.
		var locs [][]int
		for _, l := range digitsRe.FindAllStringIndex(t, -1) {
			if !asciiWord(t[:l[0]], true) && !asciiWord(t[l[1]:], false) {
				locs = append(locs, l)
			}
		}
		if len(locs) > 0 {
			l := locs[rng.IntN(len(locs))]
			n, _ := strconv.Atoi(strings.NewReplacer(",", "", ".", "").Replace(corpus.Fold(t[l[0]:l[1]])))
			out = append(out, edit{"number changed", t, runeIndex(t, l[0]), runeIndex(t, l[1]), strconv.Itoa(n*2 + 1)})
		}
		// ending
		for _, p := range endings {
			if i := strings.Index(t, p[0]); i >= 0 {
				// Judged on the runes that differ: できる -> できない
				// keeps the stem でき, and a redline that keeps it too
				// reads as the change it is.
				o, n := []rune(p[0]), []rune(p[1])
				pre := 0
				for pre < len(o) && pre < len(n) && o[pre] == n[pre] {
					pre++
				}
				suf := 0
				for suf < len(o)-pre && suf < len(n)-pre && o[len(o)-1-suf] == n[len(n)-1-suf] {
					suf++
				}
				s := runeIndex(t, i)
				out = append(out, edit{"modal or negation reversed", t, s + pre, s + len(o) - suf, string(n[pre : len(n)-suf])})
				break
			}
		}
		// clause deleted: from after a 、 to the next 、 (inclusive).
		rs := []rune(t)
		var commas []int
		for i, r := range rs {
			if r == '、' {
				commas = append(commas, i)
			}
		}
		if len(commas) >= 2 {
			k := rng.IntN(len(commas) - 1)
			out = append(out, edit{"clause deleted", t, commas[k] + 1, commas[k+1] + 1, ""})
		}
		// clause inserted: a clause of another text, after a 、.
		if len(commas) >= 1 {
			o := []rune(texts[(ti*7+3)%len(texts)])
			var oc []int
			for i, r := range o {
				if r == '、' {
					oc = append(oc, i)
				}
			}
			if len(oc) >= 2 {
				k := rng.IntN(len(oc) - 1)
				c := commas[rng.IntN(len(commas))] + 1
				out = append(out, edit{"clause inserted", t, c, c, string(o[oc[k]+1 : oc[k+1]+1])})
			}
		}
	}
	return out
}

// show renders the redline near rune at of the old text, for -show.
func show(spans []diff.Span, at int) string {
	r := []rune(diff.WordDiff.Render(spans))
	lo, hi := max(0, at-8), min(len(r), at+30)
	return string(r[lo:hi])
}

// asciiWord reports whether s ends (before) or begins (after) with an
// ASCII letter or digit, or the mark of a range or decimal.
func asciiWord(s string, before bool) bool {
	if s == "" {
		return false
	}
	var r rune
	if before {
		r, _ = utf8.DecodeLastRuneInString(s)
	} else {
		r, _ = utf8.DecodeRuneInString(s)
	}
	return r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) || strings.ContainsRune("-－~～.", r)
}
