// Package lexicon holds rulesync's knowledge of natural languages as
// data: month names and the other words of dates, the words for
// "version", the names of kinds of items and of part series, example
// labels, navigation and contents words, negations, modal verbs,
// function and stop words, inflectional endings, number words, the words
// of durations, decimal separators, citation words and deletion notes,
// each concept a file of data/ with its words by language. Every word list and every expression made of words elsewhere
// in rulesync is built from these tables; adding a language is adding
// lines to the files (docs/languages.md).
//
// The files are embedded and each is parsed on first use, never at
// program start. The package imports nothing of
// rulesync.
package lexicon

import (
	"embed"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// A Concept is one table of the lexicon, the file data/<concept>.txt.
type Concept string

// The concepts. Each file's header says what its words are for and how
// its lines are read.
const (
	// Months: one line a language, its twelve months separated by "|",
	// each month's forms separated by spaces (see MonthNames).
	Months Concept = "months"
	// VersionWords: the words for "version", matched as the start of a
	// word.
	VersionWords Concept = "version"
	// Kinds: the names of the divisions whose items are numbered apart,
	// keyed by kind ("rp", "addendum", "definition").
	Kinds Concept = "kinds"
	// PartSeries: the words of part labels whose parts take a letter,
	// keyed by the letter.
	PartSeries Concept = "parts"
	// Negations: the words of negation.
	Negations Concept = "negation"
	// Modals: the modal verbs and words of obligation.
	Modals Concept = "modals"
	// FunctionWords: the words of a title that carry no scope.
	FunctionWords Concept = "function"
	// DeletionNotes: the words of the notes left where text was removed,
	// keyed by the note's form ("note" in brackets, "dated" before a
	// year).
	DeletionNotes Concept = "deletion"
	// NumberWords: the number words, each "word=value" (see NumberValues).
	NumberWords Concept = "numbers"
	// StopWords: the function words left out of same-language word
	// similarity.
	StopWords Concept = "stop"
	// Citations: the words of citations, keyed by the citation's form
	// ("rule", "and", "rp", "cjk").
	Citations Concept = "citations"
	// DateWords: the words of dates besides the month names, keyed by
	// their place ("joiner", "after", "before").
	DateWords Concept = "dates"
	// Navigation: the words of a web page's navigation and of page
	// numbers, keyed by their use ("link", "page", "of", "list").
	Navigation Concept = "navigation"
	// Contents: the titles of a table of contents.
	Contents Concept = "contents"
	// Examples: the words that label examples.
	Examples Concept = "examples"
	// Suffixes: the inflectional endings stripped from a title's words.
	Suffixes Concept = "suffixes"
	// DecimalMark: each language's decimal separator ("," or ".").
	DecimalMark Concept = "decimal"
	// TimeWords: the words of durations, keyed by their use ("unit",
	// "word", "count"; see Values).
	TimeWords Concept = "time"
)

// concepts lists every concept.
var concepts = []Concept{Months, DateWords, VersionWords, Kinds, PartSeries, Negations, Modals, FunctionWords, DeletionNotes, NumberWords, StopWords, Citations, Navigation, Contents, Examples, Suffixes, DecimalMark, TimeWords}

// keyed says which concepts have a key before the language.
var keyed = map[Concept]bool{Kinds: true, PartSeries: true, DeletionNotes: true, Citations: true, DateWords: true, Navigation: true, TimeWords: true}

//go:embed data/*.txt
var files embed.FS

// An Entry is one line of a table: an optional key (the kind of Kinds,
// the letter of PartSeries), the language's BCP 47 tag, and the words,
// in the order the line lists them.
type Entry struct {
	Key   string
	Lang  string
	Words []string
	Line  int // the line of the file, from 1
}

// tables holds each concept's lines and word set, each made on first
// use: a command reads a few of the concepts, and the set of one
// concept, not of all.
var (
	tablesOnce sync.Once
	tables     map[Concept]*table
)

// tableOf is concept c's table; nil for no concept of the lexicon.
func tableOf(c Concept) *table {
	tablesOnce.Do(makeTables)
	return tables[c]
}

// makeTables makes the tables, each empty until its first use.
func makeTables() {
	out := make(map[Concept]*table, len(concepts))
	for _, c := range concepts {
		t := &table{}
		t.entries = sync.OnceValue(func() []Entry {
			es, err := parse(c)
			if err != nil {
				// The files are the program's own: a test fails first.
				panic(err)
			}
			return es
		})
		t.set = sync.OnceValue(func() map[string]bool {
			m := map[string]bool{}
			for _, w := range Words(c, "") {
				m[w] = true
			}
			return m
		})
		out[c] = t
	}
	tables = out
}

// table is one concept's lines, parsed once, and the set of its words.
type table struct {
	entries func() []Entry
	set     func() map[string]bool
}

// parse reads the file of concept c: "#" starts a comment line; every
// other non-empty line is [key TAB] lang TAB words, the words separated
// by "|" (Months keeps its twelve "|"-separated fields as one word each,
// split by MonthNames).
func parse(c Concept) ([]Entry, error) {
	name := "data/" + string(c) + ".txt"
	data, err := files.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("lexicon: %s: %v", name, err)
	}
	return parseText(name, string(data), keyed[c])
}

// parseText is parse of the text of file name; key says whether its
// lines have a key.
func parseText(name, data string, key bool) ([]Entry, error) {
	var out []Entry
	for i, l := range strings.Split(data, "\n") {
		if l == "" || l[0] == '#' {
			continue
		}
		fs := strings.Split(l, "\t")
		var e Entry
		e.Line = i + 1
		switch {
		case key && len(fs) == 3:
			e.Key, e.Lang = fs[0], fs[1]
		case !key && len(fs) == 2:
			e.Lang = fs[0]
		default:
			want := "lang, a tab and words"
			if key {
				want = "key, a tab, lang, a tab and words"
			}
			return nil, fmt.Errorf("lexicon: %s:%d: want %s", name, i+1, want)
		}
		if !validTag(e.Lang) {
			return nil, fmt.Errorf("lexicon: %s:%d: %q is not a language tag", name, i+1, e.Lang)
		}
		for _, w := range strings.Split(fs[len(fs)-1], "|") {
			if w = strings.TrimSpace(w); w == "" {
				return nil, fmt.Errorf("lexicon: %s:%d: an empty word", name, i+1)
			}
			e.Words = append(e.Words, w)
		}
		out = append(out, e)
	}
	return out, nil
}

// validTag reports whether s looks like a BCP 47 language tag: a primary
// subtag of two or three small letters, then subtags of letters and
// digits ("pt-BR", "zh-Hant").
func validTag(s string) bool {
	for i, sub := range strings.Split(s, "-") {
		if sub == "" || len(sub) > 8 || i == 0 && (len(sub) < 2 || len(sub) > 3) {
			return false
		}
		for _, r := range sub {
			ok := r >= 'a' && r <= 'z' || i > 0 && (r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
			if !ok {
				return false
			}
		}
	}
	return true
}

// Entries returns the lines of concept c in file order. The caller must
// not change them.
func Entries(c Concept) []Entry {
	if t := tableOf(c); t != nil {
		return t.entries()
	}
	return nil
}

// Words returns the words of concept c for language lang (its primary
// subtag: "pt-BR" reads the lines of "pt"), or of every language when
// lang is "", in file order without repeats.
func Words(c Concept, lang string) []string {
	return words(c, func(e Entry) bool { return lang == "" || SameLang(e.Lang, lang) })
}

// words returns the words of the lines of concept c that keep keeps, in
// file order without repeats.
func words(c Concept, keep func(Entry) bool) []string {
	var out []string
	seen := map[string]bool{}
	for _, e := range Entries(c) {
		if !keep(e) {
			continue
		}
		for _, w := range e.Words {
			if !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
	}
	return out
}

// Set returns the words of concept c in every language, as a set. The
// caller must not change it.
func Set(c Concept) map[string]bool {
	if t := tableOf(c); t != nil {
		return t.set()
	}
	return nil
}

// KeyWords returns the words of concept c's lines with key key, of every
// language, in file order without repeats.
func KeyWords(c Concept, key string) []string {
	return words(c, func(e Entry) bool { return e.Key == key })
}

// Alternation returns words as the alternatives of a regular expression,
// in their order: each quoted, a space matching any run of white space
// ("intentionally left blank").
func Alternation(words []string) string {
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			b.WriteByte('|')
		}
		b.WriteString(strings.ReplaceAll(regexp.QuoteMeta(w), " ", `\s+`))
	}
	return b.String()
}

// LongestFirst returns words sorted longest first, words of one length
// in their order: as alternatives of an expression, a word is then
// preferred to its own prefix ("rules" to "rule"), as an optional
// ending would be.
func LongestFirst(words []string) []string {
	out := slices.Clone(words)
	slices.SortStableFunc(out, func(a, b string) int { return len(b) - len(a) })
	return out
}

// Langs returns the languages concept c has words for, in file order.
func Langs(c Concept) []string {
	var out []string
	seen := map[string]bool{}
	for _, e := range Entries(c) {
		if !seen[e.Lang] {
			seen[e.Lang] = true
			out = append(out, e.Lang)
		}
	}
	return out
}

// SameLang reports whether two BCP 47 tags name one language: their
// primary subtags are equal, case aside, Norwegian's "no", "nb" and "nn"
// being one.
func SameLang(a, b string) bool { return base(a) == base(b) }

// base is the primary subtag of a tag, lower case, with Norwegian's
// three tags as "nb".
func base(t string) string {
	t = strings.ToLower(t)
	if i := strings.IndexAny(t, "-_"); i >= 0 {
		t = t[:i]
	}
	if t == "no" || t == "nn" {
		return "nb"
	}
	return t
}

// MonthName is a month a word names in a language: the language's tag,
// the month (1 to 12) and the place of the form among the month's forms
// (0 for the first).
type MonthName struct {
	Lang  string
	Month int
	Form  int
}

// MonthNames maps each month form of Months (lower case), and each form
// with a language's prefixes ("ל" + "אפריל"), to the months it names, in
// file order.
var MonthNames = sync.OnceValue(func() map[string][]MonthName {
	m := map[string][]MonthName{}
	prefixes := map[string][]string{}
	es := Entries(Months)
	for _, e := range es {
		if len(e.Words) == 1 {
			if ps, ok := strings.CutPrefix(e.Words[0], "prefixes "); ok {
				prefixes[e.Lang] = strings.Fields(ps)
			}
		}
	}
	for _, e := range es {
		if len(e.Words) != 12 {
			continue // prefixes; the test holds every other line to 12
		}
		for i, forms := range e.Words {
			for k, f := range strings.Fields(forms) {
				n := MonthName{e.Lang, i + 1, k}
				m[f] = append(m[f], n)
				for _, p := range prefixes[e.Lang] {
					m[p+f] = append(m[p+f], n)
				}
			}
		}
	}
	return m
})

// MonthForms returns the forms of month (1 to 12) in language lang, as
// Months lists them, or nil.
func MonthForms(lang string, month int) []string {
	for _, e := range Entries(Months) {
		if len(e.Words) == 12 && e.Lang == lang {
			return strings.Fields(e.Words[month-1])
		}
	}
	return nil
}

// NumberValues maps each language of NumberWords to its number words and
// their values ("one=1": one is 1).
var NumberValues = sync.OnceValue(func() map[string]map[string]int {
	out := map[string]map[string]int{}
	for _, e := range Entries(NumberWords) {
		m := out[e.Lang]
		if m == nil {
			m = map[string]int{}
			out[e.Lang] = m
		}
		for _, w := range e.Words {
			w, _ = numberTimes(w)
			word, v, err := numberWord(w)
			if err != nil {
				// The files are the program's own: a test fails first.
				panic(fmt.Sprintf("lexicon: line %d: %v", e.Line, err))
			}
			m[word] = v
		}
	}
	return out
})

// A Pair is a word and its value, written "word=value".
type Pair struct {
	Word  string
	Value int
}

// Pairs reads the "word=value" pairs of an entry (NumberWords,
// TimeWords' units and counts), in order.
func Pairs(e Entry) []Pair {
	var out []Pair
	for _, w := range e.Words {
		word, v, err := numberWord(w)
		if err != nil {
			// The files are the program's own: a test fails first.
			panic(fmt.Sprintf("lexicon: line %d: %v", e.Line, err))
		}
		out = append(out, Pair{word, v})
	}
	return out
}

// numberWord reads a "word=value" pair of NumberWords.
func numberWord(w string) (string, int, error) {
	word, num, ok := strings.Cut(w, "=")
	v, err := strconv.Atoi(num)
	if !ok || word == "" || err != nil || v <= 0 {
		return "", 0, fmt.Errorf("%q: want word=value, the value a positive integer", w)
	}
	return word, v, nil
}
