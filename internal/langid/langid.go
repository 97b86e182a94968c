// Package langid identifies the language of rule texts as
// github.com/pemistahl/lingua-go v1.4.0 does, from its models compacted
// into ngrams.bin (gen.go writes it; lingua-go itself is used by the
// tests only, as the reference).
//
// lingua-go was chosen by measurement (bench/langid, README): on the real
// translations of ../shared/corpus it reads every document and 94% of
// the items right, where github.com/abadojack/whatlanggo reads 75% of the
// items and cannot read Armenian or Kazakh at all. It is used in its low
// accuracy mode (trigram models only) and with the languages of
// Languages: the high accuracy mode reads 2% more of 30-letter snippets
// for 20 times the memory (755 MB against 39 MB of models).
//
// Scoring as lingua-go does without lingua-go saves what it costs a
// process to load its models (unzip, unmarshal and hash them: about
// 250 ms and 48 MB for the 28 languages of Latin script) and 128 MB of
// the binary (lingua-go embeds all five n-gram orders of 75 languages).
package langid

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Languages are the languages rulesync tells apart, as ISO 639-1 codes:
// English, the languages of the real corpus, of the UDHR pages and of
// the WCA Regulations' translations, and those of generated corpora
// that lingua-go knows (chosen), then every other language of the models that alone writes
// its script (owners: Bengali, Gujarati, Punjabi, Tamil, Telugu).
var Languages = append(slices.Clip(chosen), owners...)

// owners are scriptOwners(chosen), written out: working them out reads
// every model's scripts, which every process paid at its start whether
// it read a language or not (TestOwners holds the list to scriptOwners).
var owners = []string{"bn", "gu", "pa", "ta", "te"}

// chosen are the languages of Languages chosen by name; Urdu, Mongolian
// and Swahili were added for the UDHR pages in them, which read as "und"
// (Urdu's letters foreign to Persian, Mongolian's to Russian) and as
// Malay, and no output on the dev corpus changed. Hindi and Marathi are
// left out: Nepali, which no model knows, writes their script and
// letters and would read as one of them, where it reads as "und-Deva".
var chosen = []string{
	"en", "ja", "zh", "ko", "ru", "uk", "be", "kk", "bg", "mk", "sr", "hy", "ka", "he", "ar", "fa",
	"pt", "es", "ca", "fr", "it", "de", "nl", "da", "sv", "nb", "fi", "et", "lv", "lt", "pl", "cs",
	"sk", "sl", "hr", "bs", "hu", "ro", "tr", "el", "th", "vi", "id", "ms", "eo", "ur", "mn", "sw",
}

// scriptOwners are the languages of the models, not in have, that are
// the only language of the models written in their script, in code
// order. A text of such a script is the language's by lingua-go's rules
// before any n-gram (rules.oneScript), and its n-grams are read only
// for a text of that script: without it such a text was "und-Beng",
// with it no text of another script reads otherwise.
func scriptOwners(have []string) []string {
	writers := make([][]string, len(scripts))
	for c, ss := range languageScripts() {
		for _, s := range ss {
			writers[s] = append(writers[s], c)
		}
	}
	var out []string
	for _, ws := range writers {
		if len(ws) == 1 && !slices.Contains(have, ws[0]) {
			out = append(out, ws[0])
		}
	}
	slices.Sort(out)
	return out
}

// Result is a language identified: a BCP 47 language tag ("ru"), "und"
// when the text is too short or in no language of Languages, and the
// confidence in [0, 1].
type Result struct {
	Lang       string
	Confidence float64
}

func (r Result) String() string {
	return fmt.Sprintf("%s (confidence %.2f)", r.Lang, r.Confidence)
}

// minLetters is the fewest letters Detect reads a language from: below
// that, a language is a guess (a 30-letter snippet is read right 91% of
// the time, an item of 40 or more 94%), unless lingua-go is certain of
// it, as it is of a script only one language of Languages writes (kana,
// Hangul, Armenian): then minShortLetters are enough ("プレイヤーは席に
// いなければならない。" is 17 letters).
const (
	minLetters      = 20
	minShortLetters = 5
)

// detectors are built once per set of languages.
var detectors sync.Map // string (languages joined) -> *detector

// detectorOf returns the detector among langs (BCP 47 tags; those
// lingua-go does not know are left out), nil when fewer than two of them
// are known.
func detectorOf(langs []string) *detector {
	key := strings.Join(langs, ",")
	if d, ok := detectors.Load(key); ok {
		return d.(*detector)
	}
	var ls []int
	for _, l := range langs {
		if x := language(l); x >= 0 {
			ls = append(ls, x)
		}
	}
	if len(ls) < 2 {
		return nil
	}
	slices.Sort(ls)
	d, _ := detectors.LoadOrStore(key, newDetector(slices.Compact(ls)))
	return d.(*detector)
}

// language returns the index in the languages table of a BCP 47 tag's
// language, or -1 when lingua-go does not know it.
func language(tag string) int {
	base := strings.ToLower(tag)
	if i := strings.IndexAny(base, "-_"); i >= 0 {
		base = base[:i]
	}
	switch base {
	case "no", "nn":
		base = "nb"
	case "iw":
		base = "he"
	}
	if i, ok := languages().index[base]; ok {
		return i
	}
	return -1
}

// code is the ISO 639-1 code of a language of the table.
func code(lang int) string { return languages().codes[lang] }

// Detect identifies the language of text among Languages, after Clean.
func Detect(text string) Result {
	return Among(text, Languages...)
}

// Among identifies the language of text among langs only (BCP 47 tags;
// those lingua-go does not know are left out), after Clean: the
// untranslated check asks "source language or translation language?",
// which two-way is surer than among all. It returns "und" when text is
// too short to tell (see minLetters) or fewer than two of langs are
// known.
func Among(text string, langs ...string) Result {
	s := Clean(text)
	n := letters(s)
	if n < minShortLetters {
		return Result{"und", 0}
	}
	d := detectorOf(langs)
	if d == nil {
		return Result{"und", 0}
	}
	l, c := d.best(s)
	answer := l
	if c == 0 {
		answer = -1
	}
	if tag, share, ok := byScript(s, d, answer); ok {
		return Result{tag, share}
	}
	if c == 0 || n < minLetters && c < 0.99 {
		return Result{"und", 0}
	}
	return Result{code(l), c}
}

// foreignLetters reports whether text writes, in the script most of its
// letters are in, letters that lang's model has never seen: at least 2
// such letters and 1 in 200 of that script's. The text is then in a
// language the models do not know (Urdu's "ے" in a text Persian scores
// best), and no language is the answer. Not counted: letters of other
// scripts (Latin chess notation in a Russian rulebook); Latin script and
// scripts of syllables; a text whose most letters are in a script lang
// is not written in (the English part of a Korean translation in
// progress).
func foreignLetters(text string, lang int) bool {
	script, _ := dominantScript(text)
	table, ok := unicode.Scripts[script]
	if !ok || !writes(lang, script) || script == "Latin" || scriptSize(table) > 5000 {
		// Syllables (Hangul, Han): a model holds the common ones only.
		// Latin: the models hold its letters with diacritics composed
		// or not (Vietnamese's "â" is none of its model's letters).
		return false
	}
	m := languages().models[lang]()
	known := map[rune]bool{}
	in, foreign := 0, 0
	for _, r := range text {
		if !unicode.IsLetter(r) || !unicode.Is(table, r) {
			continue
		}
		in++
		r = unicode.ToLower(r)
		k, ok := known[r]
		if !ok {
			k = m.prob(ngramKey(r)) > 0
			known[r] = k
		}
		if !k {
			foreign++
		}
	}
	return foreign >= 2 && foreign*200 >= in
}

// scriptSize is how many code points the script table holds.
func scriptSize(t *unicode.RangeTable) int {
	n := 0
	for _, r := range t.R16 {
		n += int(r.Hi-r.Lo)/int(r.Stride) + 1
	}
	for _, r := range t.R32 {
		n += int(r.Hi-r.Lo)/int(r.Stride) + 1
	}
	return n
}

// Known reports whether tag names a language Among can tell.
func Known(tag string) bool { return language(tag) >= 0 }

// DocumentResult is the language of a document and what it rests on.
type DocumentResult struct {
	Result
	// Agree of Sampled texts were read as Lang; Confidence is the share
	// of the sampled letters they hold.
	Agree, Sampled int
	// ByTitle is set when the title decided (see Document); Majority is
	// then the language most of the text reads as.
	ByTitle  bool
	Majority string
}

func (r DocumentResult) String() string {
	s := fmt.Sprintf("%s (confidence %.2f: %d of %d sampled items)", r.Lang, r.Confidence, r.Agree, r.Sampled)
	if name := ScriptOf(r.Lang); name != "" {
		s += fmt.Sprintf("; most letters are in %s script, which no language of the models is written in", strings.ReplaceAll(name, "_", " "))
	}
	if r.ByTitle {
		s += fmt.Sprintf("; the title is in %s and most of the text in %s, the language of the official editions: a translation with parts left untranslated", r.Lang, r.Majority)
	}
	return s
}

// sampleTexts is how many texts Document reads at most.
const sampleTexts = 64

// OfficialLang is the language the rulebooks rulesync meets are published
// in and translated from.
const OfficialLang = "en"

// Document identifies the language of a document from its title and
// texts (one per item): up to 64 texts taken from across the list, each
// of at least 20 letters after Clean (and its first 300 runes only), are
// identified one by one, and the language of most letters wins; reading
// stops after 12 texts when nine in ten agree with each other and with
// the title. A vote, not one detection over all
// the text: English boilerplate in a Korean page is a minority of the
// votes, where as one text it tips lingua-go towards English.
//
// One exception: a document mostly in OfficialLang whose title is in
// another language that at least 5% of the sampled texts (two or more)
// are in is a translation in progress, and is in the title's language.
// The Debian Constitution in Korean is so: its title, headings and first
// sections are Korean, the rest English.
//
// A document whose letters are all ASCII is read among asciiLanguages
// only, as a rulebook in the other languages of Latin script (Polish,
// Czech, Swedish, ...) prints letters outside ASCII. This was done when
// a process paid about 250 ms and 48 MB for lingua-go to load the
// models of the 28 languages of Latin script; ngrams.bin's tables cost
// nothing to load, but the vote among fewer languages is what the
// outputs on the real corpus rest on (among all 28, one note of FaB
// changes).
func Document(title string, texts []string) DocumentResult {
	text := func(i int) string { return texts[i] }
	return document(title, len(texts), text, func(i int) bool { return fewLetters(texts[i], "") }, allASCII(title, len(texts), text))
}

// DocumentOf is Document of the n texts head + "\n" + body of
// item(0), ..., item(n-1), for a caller whose texts are made on demand
// (an item's title and text): item is called for every text, whose
// joined copies need not be held at once, nor made at all to see
// whether their letters are ASCII (asciiLetters of the two parts is
// that of the joined text: a newline is never part of another rune).
func DocumentOf(title string, n int, item func(i int) (head, body string)) DocumentResult {
	few := func(i int) bool {
		h, b := item(i)
		return fewLetters(h, b)
	}
	return documentOf(title, n, item, few)
}

// documentOf is DocumentOf passing over the texts few reports (none
// where few is nil).
func documentOf(title string, n int, item func(i int) (head, body string), few func(i int) bool) DocumentResult {
	ascii := asciiLetters(title)
	for i := 0; i < n && ascii; i++ {
		h, b := item(i)
		ascii = asciiLetters(h) && asciiLetters(b)
	}
	text := func(i int) string {
		h, b := item(i)
		return h + "\n" + b
	}
	return document(title, n, text, few, ascii)
}

// fewLetters reports whether the first 2*textRunes runes of head + "\n"
// + body, the part of a text the vote cleans, hold fewer than minLetters
// letters, without joining them (runes as ranging over the joined text
// reads them: a newline ends any rune). Clean removes letters and never
// makes one (it puts white space where it removes a piece and collapses
// white space), so the vote would pass over such a text after cleaning
// it: most items of a table of short rules are such texts, and joining
// and cleaning each was most of the vote's time.
func fewLetters(head, body string) bool {
	n, left := 0, 2*textRunes
	count := func(s string) {
		for _, r := range s {
			if left == 0 || n >= minLetters {
				return
			}
			left--
			if r < utf8.RuneSelf {
				if 'a' <= r|0x20 && r|0x20 <= 'z' {
					n++
				}
			} else if unicode.IsLetter(r) {
				n++
			}
		}
	}
	count(head)
	if left > 0 {
		left-- // the newline
	}
	count(body)
	return n < minLetters
}

// document is Document of the n texts text(i), whose letters are all
// ASCII letters, title's too, where ascii is set; few(i) is
// fewLetters of text(i) (see vote).
func document(title string, n int, text func(i int) string, few func(i int) bool, ascii bool) DocumentResult {
	langs := Languages
	if ascii {
		langs = asciiLanguages
	}
	among := func(s string) Result { return Among(s, langs...) }
	d := detectorOf(langs)
	terms := newTerms()
	lang := func(s, leader string) string { return amongLang(s, d, terms, leader) }
	r := vote(title, n, text, few, among, lang, langs)
	sample := sampleOf(n, text, 20000)
	if l := language(r.Lang); l >= 0 && latinOnly(l) && latinLetters(sample) {
		// Neither check below can change a Latin language's answer on
		// texts whose letters are all Latin (Clean makes no letter).
		return r
	}
	whole := Clean(sample)
	if name, share := dominantScript(whole); share > 0.5 && !r.ByTitle && (!answerWrites(r.Lang, name) || strings.HasPrefix(r.Lang, "und")) {
		// Most letters of the texts are in a script the answer does not
		// write, or the answer is no language: the vote read the first
		// runes of each text, which a few lines of another script (a
		// site's menu over a page copied from a browser) can fill. The
		// texts read whole, piece by piece, decide where they answer a
		// language, or where the first answer was in another script. (A
		// translation in progress whose title is in its language and
		// most of its text in the official one is read by its title.)
		pieces := runePieces(whole, textRunes)
		again := vote("", len(pieces), func(i int) string { return pieces[i] }, nil, among, lang, langs)
		if language(again.Lang) >= 0 || !answerWrites(r.Lang, name) {
			r = again
		}
	}
	if l := language(r.Lang); l >= 0 && !latinOnly(l) && foreignLetters(whole, l) {
		// The texts write letters the language does not: a language of
		// no model (Urdu, read as Persian; Mongolian, as Russian).
		r.Result = Result{"und", 0}
	}
	return r
}

// runePieces cuts s into pieces of about n runes, at spaces where there
// are any.
func runePieces(s string, n int) []string {
	var out []string
	for s != "" {
		end, k := len(s), 0
		for i := range s {
			if k == n {
				end = i
				break
			}
			k++
		}
		if sp := strings.LastIndexAny(s[:end], " \n"); end < len(s) && sp > end/2 {
			end = sp + 1
		}
		out = append(out, s[:end])
		s = s[end:]
	}
	return out
}

// answerWrites reports whether the answer tag (a language, or "und-" and a
// script) writes the script name; "und" writes none, and disagrees with
// nothing.
func answerWrites(tag, name string) bool {
	if l := language(tag); l >= 0 {
		return writes(l, name)
	}
	if s := ScriptOf(tag); s != "" {
		return s == name
	}
	return true
}

// latinLetters reports whether every letter of s is in the Latin script.
func latinLetters(s string) bool {
	for _, r := range s {
		if r >= utf8.RuneSelf && unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) {
			return false
		}
	}
	return true
}

// sampleOf is the texts text(i) of n joined, up to about max bytes.
func sampleOf(n int, text func(int) string, max int) string {
	var b strings.Builder
	for i := 0; i < n && b.Len() < max; i++ {
		b.WriteString(text(i))
		b.WriteByte('\n')
	}
	return b.String()
}

// amongLang is Among(text, langs...).Lang for the detector d among langs,
// through bestLang with leader (a language code, or "und") scored first
// and the log-probabilities of terms.
func amongLang(text string, d *detector, terms *terms, leader string) string {
	s := Clean(text)
	n := letters(s)
	if n < minShortLetters || d == nil {
		return "und"
	}
	if n < minLetters {
		// Among's answer rests on the confidence here.
		l, c := d.best(s)
		if c == 0 {
			l = -1
		}
		if tag, _, ok := byScript(s, d, l); ok {
			return tag
		}
		if c < 0.99 {
			return "und"
		}
		return code(l)
	}
	first := -1
	if leader != "und" {
		first = language(leader)
	}
	l, ok := d.bestLang(s, first, terms)
	if !ok {
		l = -1
	}
	if tag, _, by := byScript(s, d, l); by {
		return tag
	}
	if !ok {
		return "und"
	}
	return code(l)
}

// asciiLanguages are the languages of Languages that a rulebook may be
// written in with ASCII letters alone: English, Indonesian, Malay and
// Swahili always, Dutch nearly, and those whose accents some pages strip.
var asciiLanguages = []string{"en", "nl", "id", "ms", "de", "es", "pt", "fr", "it", "ca", "sw"}

// allASCII reports whether every letter of title and texts is an ASCII
// letter.
func allASCII(title string, n int, text func(int) string) bool {
	if !asciiLetters(title) {
		return false
	}
	for i := range n {
		if !asciiLetters(text(i)) {
			return false
		}
	}
	return true
}

// asciiLetters reports whether every letter of s is an ASCII letter.
func asciiLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			// Runes from here: an ASCII byte is never the start of a
			// letter beyond ASCII, so the bytes before it need no
			// decoding.
			for _, r := range s[i:] {
				if r >= 0x80 && unicode.IsLetter(r) {
					return false
				}
			}
			return true
		}
	}
	return true
}

// Vote is Document with another detector, for measurements.
func Vote(title string, texts []string, detect func(string) Result) DocumentResult {
	lang := func(s, _ string) string { return detect(s).Lang }
	return vote(title, len(texts), func(i int) string { return texts[i] }, nil, detect, lang, Languages)
}

// vote is Vote of the n texts text(i) with the languages the title is
// read among; lang(s, leader) is detect(s).Lang, told the language that
// leads the vote so far ("und" before any). few(i), where few is not
// nil, reports that text(i) has too few letters to be sampled
// (fewLetters): it is passed over without being made or cleaned.
func vote(title string, n int, text func(int) string, few func(int) bool, detect func(string) Result, lang func(s, leader string) string, langs []string) DocumentResult {
	// Visit the texts spread across the list (every step-th, then the
	// ones after those, ...), cleaning each only when the vote comes to
	// it: the vote often stops after earlyTexts, and Clean's expressions
	// cost more than reading the language.
	step := max(1, n/sampleTexts)
	off, i := 0, 0
	next := func() string {
		for off < step {
			for i < n {
				if few != nil && few(i) {
					i += step
					continue
				}
				c := clipRunes(Clean(clipRunes(text(i), 2*textRunes)), textRunes)
				i += step
				if letters(c) >= minLetters {
					return c
				}
			}
			off++
			i = off
		}
		return ""
	}
	first := next()
	if first == "" {
		var b strings.Builder
		b.WriteString(title + "\n")
		for i := range n {
			if i > 0 {
				b.WriteString("\n")
			}
			b.WriteString(text(i))
		}
		r := detect(b.String())
		if r.Lang == "und" {
			return DocumentResult{Result: r}
		}
		return DocumentResult{Result: r, Agree: 1, Sampled: 1}
	}
	t := "und"
	if title != "" {
		t = titleLang(title, langs)
	}
	weight := map[string]int{}
	count := map[string]int{}
	total, sampled := 0, 0
	best := "und"
	for c := first; c != ""; c = next() {
		sampled++
		l := lang(c, best)
		n := letters(c)
		total += n
		if l != "und" {
			weight[l] += n
			count[l]++
		}
		best = "und"
		for l, w := range weight {
			if best == "und" || w > weight[best] || w == weight[best] && l < best {
				best = l
			}
		}
		// Enough: a clear majority that the title does not contradict.
		if sampled == sampleTexts || sampled >= earlyTexts && count[best]*10 >= sampled*9 && (t == "und" || t == best) {
			break
		}
	}
	if best == "und" || total == 0 {
		return DocumentResult{Result: Result{"und", 0}, Sampled: sampled}
	}
	if best == OfficialLang && t != "und" && t != best {
		if n := count[t]; n >= 2 && n*20 >= sampled {
			return DocumentResult{Result: Result{t, float64(weight[t]) / float64(total)}, Agree: n, Sampled: sampled, ByTitle: true, Majority: best}
		}
	}
	return DocumentResult{Result: Result{best, float64(weight[best]) / float64(total)}, Agree: count[best], Sampled: sampled}
}

// textRunes is how much of each text Document reads: its first 300
// runes say its language as well as all of it, at a fraction of the time
// (lingua-go's time grows with the length).
const textRunes = 300

// earlyTexts is how many texts Document reads at least: it stops there
// when nine in ten agree and the title does not say otherwise.
const earlyTexts = 12

// clipRunes returns the first n runes of s.
func clipRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// titleLang is the language of a title, "und" unless lingua-go is sure
// (a script of one language, or a title long enough): titles are short.
func titleLang(title string, langs []string) string {
	s := Clean(title)
	if letters(s) < 3 {
		return "und"
	}
	l, c := detectorOf(langs).best(s)
	if c < 0.9 {
		return "und"
	}
	return code(l)
}
