package ingest_test

import (
	"bytes"
	"maps"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// Label words replaced by unseen words: every real dev and udhr file is
// rewritten at run time with the words that stand beside the numbers at
// its lines' starts ("Article 1", "1 бап", "제 1 조", "अनुच्छेद १.")
// replaced, wherever they occur as words, by random letters of the same
// script that no list of any language holds. An id comes from numbering
// and place only: the rewritten file must give the ids of the file as
// published, and no id may hold a word (a run of letters beyond the
// numbering's own letters: a single letter or a roman numeral).

// cjkNumerals are the CJK numerals: letters to Unicode, numbers to a
// label (labelcjk.go reads them), so no word is made of them.
const cjkNumerals = "〇零一二三四五六七八九十百千萬万壹贰貳两兩叁參肆伍陆陸柒捌玖拾佰仟"

// runeClass sorts the runes of a line's head: numerals (digits of any
// set, other numbers, CJK numerals), letters (with their marks), the
// separators a label puts between its word and its number, and the rest.
func runeClass(r rune) byte {
	switch {
	case unicode.IsDigit(r) || unicode.Is(unicode.No, r) || strings.ContainsRune(cjkNumerals, r):
		return 'n'
	case unicode.IsLetter(r) || unicode.Is(unicode.M, r):
		return 'w'
	case unicode.IsSpace(r) || strings.ContainsRune("-:፡.་", r):
		return 's'
	}
	return 'o'
}

// token is a run of runes of one class.
type token struct {
	class byte
	text  string
}

func tokens(s string) []token {
	var out []token
	for _, r := range s {
		c := runeClass(r)
		if n := len(out); n > 0 && out[n-1].class == c {
			out[n-1].text += string(r)
			continue
		}
		out = append(out, token{c, string(r)})
	}
	return out
}

// lineMarkup is what a line may start with before its text: white space,
// Markdown heading, quote, emphasis and list marks, and HTML tags.
var lineMarkup = regexp.MustCompile(`^(?:\s|#+|>|\*+|_+|[-+] |<[^>]*>)*`)

// numberingLetter reports whether w could be a letter of a numbering
// ("a" of "1a", "B" of "B.2", "II"): one letter of a cased script, or a
// roman numeral.
func numberingLetter(w string) bool {
	rs := []rune(w)
	if len(rs) == 1 && (unicode.IsUpper(rs[0]) || unicode.IsLower(rs[0])) {
		return true
	}
	return strings.Trim(strings.ToUpper(w), "IVXLCDM") == ""
}

// labelWords are the words of text that stand right before or right after
// a number at the start of two lines or more (a label's word), apart from
// numbering letters.
func labelWords(text string) []string {
	count := map[string]int{}
	for line := range strings.SplitSeq(text, "\n") {
		line = line[len(lineMarkup.FindString(line)):]
		ts := tokens(line)
		var ws []string
		// "Article 1", "第一条", "אנוצ'ד १": a word, separators, a numeral.
		if len(ts) >= 2 && ts[0].class == 'w' && (ts[1].class == 'n' || len(ts) >= 3 && ts[1].class == 's' && ts[2].class == 'n') {
			ws = append(ws, ts[0].text)
		}
		// "1 бап", "1조", "1. cikk", "第一条": a numeral, then a word.
		for i, t := range ts {
			if t.class != 'n' {
				continue
			}
			if i+1 < len(ts) && ts[i+1].class == 'w' {
				ws = append(ws, ts[i+1].text)
			} else if i+2 < len(ts) && ts[i+1].class == 's' && ts[i+2].class == 'w' {
				ws = append(ws, ts[i+2].text)
			}
			break
		}
		for _, w := range ws {
			if !numberingLetter(w) {
				count[w]++
			}
		}
	}
	var out []string
	for w, n := range count {
		if n >= 2 {
			out = append(out, w)
		}
	}
	sort.Strings(out)
	return out
}

// scriptLetters caches the letters of each script a replacement draws
// from, by case.
var scriptLetters = map[string]map[byte][]rune{}

// letterCase is 'u' (upper), 'l' (lower) or 'n' (no case) for r.
func letterCase(r rune) byte {
	switch {
	case unicode.IsUpper(r):
		return 'u'
	case unicode.IsLower(r):
		return 'l'
	}
	return 'n'
}

// scriptOf is the name of r's script, "" where unicode.Scripts has none.
func scriptOf(r rune) string {
	for name, tab := range unicode.Scripts {
		if name != "Common" && name != "Inherited" && unicode.Is(tab, r) {
			return name
		}
	}
	return ""
}

// unseenWord is a word of random letters of the scripts and cases of w's
// letters, one for each (its marks dropped: a heading keeps its length,
// which reStructuredText's underlines hold it to).
func unseenWord(rng *rand.Rand, w string) string {
	var b strings.Builder
	for _, r := range w {
		if unicode.IsLetter(r) {
			b.WriteRune(randomLetter(rng, r))
		}
	}
	return b.String()
}

// randomLetter is a letter of r's script and case, drawn at random; no
// numeral.
func randomLetter(rng *rand.Rand, r rune) rune {
	name := scriptOf(r)
	if name == "" {
		return r
	}
	byCase, ok := scriptLetters[name]
	if !ok {
		byCase = map[byte][]rune{}
		for _, rg := range unicode.Scripts[name].R16 {
			for c := rune(rg.Lo); c <= rune(rg.Hi); c += rune(rg.Stride) {
				if unicode.IsLetter(c) && !strings.ContainsRune(cjkNumerals, c) {
					byCase[letterCase(c)] = append(byCase[letterCase(c)], c)
				}
			}
		}
		for _, rg := range unicode.Scripts[name].R32 {
			for c := rune(rg.Lo); c <= rune(rg.Hi) && len(byCase['n']) < 1<<16; c += rune(rg.Stride) {
				if unicode.IsLetter(c) {
					byCase[letterCase(c)] = append(byCase[letterCase(c)], c)
				}
			}
		}
		scriptLetters[name] = byCase
	}
	pool := byCase[letterCase(r)]
	if len(pool) == 0 {
		return r
	}
	return pool[rng.IntN(len(pool))]
}

// tagOrText splits a page into its markup (kept as it is: HTML tags and
// entities, link destinations, the label markers and references of a
// site generator, "@@rule:name@@" and "[[rule:name]]") and its text.
var tagOrText = regexp.MustCompile(`<[^>]*>|&[#0-9A-Za-z]+;|\]\([^)]*\)|@@[^@\n]*@@|\[\[[^\]\n]*\]\]|[^<&\]@\[]+|[<&\]@\[]`)

// replaceWords replaces, in the text outside tags, every whole word of
// repl (a maximal run of letters and marks, numerals apart) by its
// replacement.
func replaceWords(text string, repl map[string]string) string {
	var b strings.Builder
	for _, seg := range tagOrText.FindAllString(text, -1) {
		if len(seg) > 1 && strings.ContainsRune("<&]@[", rune(seg[0])) {
			b.WriteString(seg)
			continue
		}
		for _, t := range tokens(seg) {
			if w, ok := repl[t.text]; ok && t.class == 'w' {
				b.WriteString(w)
			} else {
				b.WriteString(t.text)
			}
		}
	}
	return b.String()
}

// wordIn is the first run of letters of id (past its prefix) that is no
// numbering letter, or "". Ids of anchors ("item:Access_Control", the
// publisher's own names in its markup) are not looked at.
func wordIn(id string) string {
	prefix, frag, _ := strings.Cut(id, ":")
	if prefix == "item" {
		return ""
	}
	for _, t := range tokens(frag) {
		if t.class == 'w' && !numberingLetter(t.text) {
			return t.text
		}
	}
	return ""
}

// TestLabelWordsUnseen: see above.
func TestLabelWordsUnseen(t *testing.T) {
	longtest.Skip(t)
	files := devFiles(t)
	dir, names := udhrFiles(t)
	for _, n := range names {
		files[n] = filepath.Join(dir, n)
	}
	replaced := 0
	eachRead(t, files, func(t *testing.T, k int, name string, data []byte, orig *corpus.Document) {
		words := labelWords(string(data))
		if len(words) == 0 {
			t.Logf("no label words")
			return
		}
		rng := rand.New(rand.NewPCG(uint64(k), 32))
		repl := map[string]string{}
		for _, w := range words {
			repl[w] = unseenWord(rng, w)
		}
		out := replaceWords(string(data), repl)
		d, err := ingest.Options{Lang: orig.Lang}.Read(name, strings.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		replaced++
		t.Logf("%d label words replaced: %v", len(repl), repl)
		for _, it := range append(slices.Clone(orig.Items), d.Items...) {
			if w := wordIn(it.ID); w != "" {
				t.Errorf("id %s holds the word %q", it.ID, w)
			}
		}
		if got, want := itemIDs(d), itemIDs(orig); got != want {
			t.Errorf("ids differ from the file's as published: %s", firstDiff(got, want))
		}
	})
	if replaced < len(files)/2 {
		t.Errorf("label words found in %d of %d files, want most", replaced, len(files))
	}
}

// wordRemovedHeading is a heading of the word-removed variant: "## 4. ".
var wordRemovedHeading = regexp.MustCompile(`(?m)^(## )([0-9]+\. )`)

// TestVariantLabelWords writes every dev file as Markdown with numbered
// headings ("## 4. Title": the word-removed variant), then with a word of
// random letters, in the script of the document's text, before each
// number ("## Ꮿꮢꮯ 4. Title"): the ids must be the same, and hold no
// word. Then with the kind names its headings print ("Glossary",
// "Recommended Procedures") replaced by random letters: the ids must be
// the same. The Social Contract's two numberings (1-5, then the guidelines
// 1-10 after an unnumbered heading of the same level) must keep apart
// without the word: ids the heading between them qualifies, not
// "rule:Artikel-1".
func TestVariantLabelWords(t *testing.T) {
	longtest.Skip(t)
	files := devFiles(t)
	for k, name := range slices.Sorted(maps.Keys(files)) {
		t.Run(name, func(t *testing.T) {
			d, err := ingest.Options{}.File(files[name])
			if err != nil {
				t.Fatal(err)
			}
			file, src, _ := testcorpus.Write(d, testcorpus.WordRemoved)
			if !wordRemovedHeading.Match(src) {
				t.Skip("no numbered headings")
			}
			rng := rand.New(rand.NewPCG(uint64(k), 7))
			word := unseenWord(rng, scriptSample(d))
			worded := wordRemovedHeading.ReplaceAll(src, []byte("${1}"+word+" ${2}"))
			bare, err := ingest.Options{Lang: d.Lang}.Read(file, bytes.NewReader(src))
			if err != nil {
				t.Fatal(err)
			}
			got, err := ingest.Options{Lang: d.Lang}.Read(file, bytes.NewReader(worded))
			if err != nil {
				t.Fatal(err)
			}
			for _, it := range got.Items {
				if w := wordIn(it.ID); w != "" {
					t.Errorf("id %s holds the word %q", it.ID, w)
				}
			}
			if g, w := itemIDs(got), itemIDs(bare); g != w {
				t.Errorf("ids with %q before the numbers differ from the ids without: %s", word, firstDiff(g, w))
			}
			// The kind names the headings print ("## Glossary of
			// terms"), replaced by random letters of their script:
			// the ids must be the same.
			renamed, n := kindNamesReplaced(rng, src)
			if n == 0 {
				return
			}
			t.Logf("kind names of %d headings replaced", n)
			got, err = ingest.Options{Lang: d.Lang}.Read(file, bytes.NewReader(renamed))
			if err != nil {
				t.Fatal(err)
			}
			if g, w := itemIDs(got), itemIDs(bare); g != w {
				t.Errorf("ids with the kind names of %d headings replaced differ: %s", n, firstDiff(g, w))
			}
		})
	}
}

// kindHeading is a Markdown heading line.
var kindHeading = regexp.MustCompile(`(?m)^(#{1,6} )(.+)$`)

// kindNamesReplaced replaces in src the kind name of every heading that
// holds one (ingest.KindName) by random letters of its script, and
// returns how many it replaced.
func kindNamesReplaced(rng *rand.Rand, src []byte) ([]byte, int) {
	n := 0
	out := kindHeading.ReplaceAllFunc(src, func(line []byte) []byte {
		m := kindHeading.FindSubmatch(line)
		text := string(m[2])
		span := ingest.KindName(text)
		if span == "" {
			return line
		}
		n++
		return []byte(string(m[1]) + strings.Replace(text, span, unseenWord(rng, span), 1))
	})
	return out, n
}

// scriptSample is a word of five letters of the script most of d's
// text's letters are in (as a sample for unseenWord), cased as a heading
// word is ("Abcde").
func scriptSample(d *corpus.Document) string {
	count := map[string]int{}
	example := map[string]rune{}
	for _, it := range d.Items {
		for _, r := range it.Text {
			if unicode.IsLetter(r) {
				s := scriptOf(r)
				count[s]++
				if _, ok := example[s]; !ok || unicode.IsUpper(r) {
					example[s] = r
				}
			}
		}
	}
	best := ""
	for s, n := range count {
		if n > count[best] || n == count[best] && s < best {
			best = s
		}
	}
	r := example[best]
	return string(r) + strings.Repeat(string(unicode.ToLower(r)), 4)
}
