package gaps

import (
	"fmt"
	"iter"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/langid"
)

// untranslated finds source-language text left in a translation: the
// whole item in the source's language, or a sentence or a run of one
// script of five words or more that the source item states word for
// word (an English clause in a Japanese text). Which language a text is
// in is read by internal/langid, the detector ingest uses, asked only
// "the source's language or the translation's?"; the words must also be
// the source's, so that a text in a third language (a generated cipher,
// a quotation) is not taken for the source's.
func (c *checker) untranslated(base Finding, s, t *corpus.Item, txt *pairText) {
	sl, tl := c.orig.Lang, c.r.Translation.Lang
	if baseLang(sl) == baseLang(tl) || !langid.Known(sl) || !langid.Known(tl) || corpus.Len(t.Text) < 20 {
		return
	}
	flag := func(msg string, whole bool) {
		f := base
		f.Check, f.Severity, f.Message, f.whole = Untranslated, Warning, msg, whole
		c.r.add(f)
	}
	// The source's text in comparison form, made where a test reads it.
	var src string
	source := func() string {
		if src == "" {
			src = strings.ToLower(corpus.JoinFolded(txt.sTitle, txt.sText))
		}
		return src
	}
	tf := txt.tText
	if corpus.Len(t.Text) >= 60 && c.sharedWords(strings.ToLower(tf), source()) >= 0.6 {
		if r := langid.Among(t.Text, sl, tl); baseLang(r.Lang) == baseLang(sl) && r.Confidence >= 0.9 {
			flag(fmt.Sprintf("the item reads as %s, the source's language (confidence %.2f)", sl, r.Confidence), true)
			return
		}
	}
	segs := segments(tf)
	for _, seg := range segs {
		if !fieldsAtLeast(seg, 5) || !strings.Contains(source(), strings.ToLower(seg)) {
			continue
		}
		if r := langid.Among(seg, sl, tl); baseLang(r.Lang) == baseLang(sl) && r.Confidence >= 0.9 {
			// A text of one sentence is the whole text left.
			flag("source text left untranslated: “"+seg+"”", len(segs) == 1)
			return
		}
	}
}

// sharedWords is the share of the words of t that s has too. A
// translation's text has few words where its script writes no spaces:
// those are looked for in s's words one by one, and a set of s's words
// is built only when that would take longer (it was most of the
// untranslated check at 100,000 items). The words of s are cut into the
// checker's buffer.
func (c *checker) sharedWords(t, s string) float64 {
	nt := 0
	for range words(t) {
		nt++
	}
	if nt == 0 {
		return 0
	}
	sw := c.words[:0]
	for w := range words(s) {
		sw = append(sw, w)
	}
	clear(sw[len(sw):cap(sw)]) // no texts of another pair held
	c.words = sw
	has := func(w string) bool { return slices.Contains(sw, w) }
	if nt*len(sw) > 1024 {
		// One set for every pair but a long one's (a map keeps its
		// room: cleared, a large one would cost its size each time).
		set := c.set
		if set == nil || len(sw) > 1024 {
			set = make(map[string]bool, len(sw))
			if len(sw) <= 1024 {
				c.set = set
			}
		}
		clear(set)
		for _, w := range sw {
			set[w] = true
		}
		has = func(w string) bool { return set[w] }
	}
	shared := 0
	for w := range words(t) {
		if has(w) {
			shared++
		}
	}
	return float64(shared) / float64(nt)
}

// words yields the words of s as strings.FieldsFunc(s, notWord) gives
// them, without a slice of them.
func words(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		start := -1
		for i := 0; i < len(s); {
			// ASCII without the decoding and the tables: its letters
			// and digits are the ones unicode.IsLetter and IsDigit say.
			n, not := 1, false
			if c := s[i]; c < utf8.RuneSelf {
				not = !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9')
			} else {
				var r rune
				r, n = utf8.DecodeRuneInString(s[i:])
				not = notWord(r)
			}
			if not {
				if start >= 0 && !yield(s[start:i]) {
					return
				}
				start = -1
			} else if start < 0 {
				start = i
			}
			i += n
		}
		if start >= 0 {
			yield(s[start:])
		}
	}
}

// fieldsAtLeast reports whether len(strings.Fields(s)) >= n, without
// the slice of fields.
func fieldsAtLeast(s string, n int) bool {
	k, in := 0, false
	for _, r := range s {
		if unicode.IsSpace(r) {
			in = false
		} else if !in {
			in = true
			if k++; k >= n {
				return true
			}
		}
	}
	return k >= n
}

func notWord(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

// segments splits s at the ends of sentences and where the script of
// its letters changes (Latin to Han, ...): the pieces a translator may
// have left in the source's language. Each is trimmed of spaces and
// punctuation.
func segments(s string) []string {
	var out []string
	start, cur := 0, scriptNone
	cut := func(end int) {
		if seg := strings.Trim(s[start:end], " \t\n,.;:!?、。，．；：！？「」“”\"'()（）"); seg != "" {
			out = append(out, seg)
		}
		start = end
	}
	for i, r := range s {
		switch {
		case strings.ContainsRune(".!?;。！？；\n", r):
			cut(i)
			cur = scriptNone
		case unicode.IsLetter(r):
			if sc := scriptOf(r); sc != cur {
				if cur != scriptNone {
					cut(i)
				}
				cur = sc
			}
		}
	}
	cut(len(s))
	return out
}

// script is a writing system, coarsely: Chinese characters and kana are
// one (a Japanese sentence is not cut at each change), as are all the
// scripts not listed.
type script int

const (
	scriptNone script = iota
	scriptLatin
	scriptCyrillic
	scriptGreek
	scriptArabic
	scriptHebrew
	scriptArmenian
	scriptHangul
	scriptCJK
	scriptOther
)

var scriptTables = []struct {
	t  *unicode.RangeTable
	sc script
}{
	{unicode.Latin, scriptLatin}, {unicode.Cyrillic, scriptCyrillic}, {unicode.Greek, scriptGreek},
	{unicode.Arabic, scriptArabic}, {unicode.Hebrew, scriptHebrew}, {unicode.Armenian, scriptArmenian},
	{unicode.Hangul, scriptHangul}, {unicode.Han, scriptCJK}, {unicode.Hiragana, scriptCJK}, {unicode.Katakana, scriptCJK},
}

func scriptOf(r rune) script {
	if r < 0x80 {
		return scriptLatin
	}
	for _, st := range scriptTables {
		if unicode.Is(st.t, r) {
			return st.sc
		}
	}
	return scriptOther
}
