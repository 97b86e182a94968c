package lexicon

import (
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// covers checks that concept c has words for the languages want (tags
// separated by spaces, in any order) and no others, and that no line of
// it repeats a word.
func covers(t *testing.T, c Concept, want string) {
	t.Helper()
	got := slices.Sorted(slices.Values(Langs(c)))
	w := strings.Fields(want)
	slices.Sort(w)
	if !slices.Equal(got, w) {
		t.Errorf("%s covers %s, want %s", c, strings.Join(got, " "), strings.Join(w, " "))
	}
	for _, e := range Entries(c) {
		seen := map[string]bool{}
		for _, x := range e.Words {
			if seen[x] {
				t.Errorf("data/%s.txt:%d: %q twice", c, e.Line, x)
			}
			seen[x] = true
		}
	}
}

// TestFiles checks that every file of data/ is a concept's and parses,
// and that every concept has its file.
func TestFiles(t *testing.T) {
	names, err := fs.Glob(files, "data/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	var have []string
	for _, c := range concepts {
		have = append(have, "data/"+string(c)+".txt")
		if _, err := parse(c); err != nil {
			t.Error(err)
		}
		if len(Entries(c)) == 0 {
			t.Errorf("%s has no lines", c)
		}
	}
	slices.Sort(have)
	if !slices.Equal(names, have) {
		t.Errorf("data/ holds %q, the concepts are %q", names, have)
	}
}

// TestParseErrors checks that a malformed line is named with its file,
// line and fault.
func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ tag string }{{"en"}, {"pt-BR"}, {"zh-Hant"}, {"yue"}} {
		if !validTag(c.tag) {
			t.Errorf("validTag(%q) = false", c.tag)
		}
	}
	for _, tag := range []string{"", "EN", "english", "e", "pt_BR", "pt-", "-x"} {
		if validTag(tag) {
			t.Errorf("validTag(%q) = true", tag)
		}
	}
	for _, c := range []struct {
		text string
		key  bool
		want string
	}{
		{"# c\nen\tnot|no\nxx yy\n", false, "lexicon: f.txt:3: want lang, a tab and words"},
		{"en\tnot||no\n", false, "lexicon: f.txt:1: an empty word"},
		{"English\tnot\n", false, `lexicon: f.txt:1: "English" is not a language tag`},
		{"en\tnot\n", true, "lexicon: f.txt:1: want key, a tab, lang, a tab and words"},
	} {
		if _, err := parseText("f.txt", c.text, c.key); err == nil || err.Error() != c.want {
			t.Errorf("parseText(%q) = %v, want %s", c.text, err, c.want)
		}
	}
	if es, err := parseText("f.txt", "rp\ten\trp|recommended procedure\n", true); err != nil || len(es) != 1 || es[0].Key != "rp" || es[0].Lang != "en" || len(es[0].Words) != 2 {
		t.Errorf("parseText of a keyed line = %+v, %v", es, err)
	}
}

// TestMonths: twelve months a line, every form lower case, the month a
// form names within the year, and the languages covered.
func TestMonths(t *testing.T) {
	covers(t, Months, "en pt es ca fr it de nl sv da nb fi et hu pl cs sk sl hr ro tr id ms lt lv eo el ru uk be kk bg sr mk hy he ar")
	for _, e := range Entries(Months) {
		if len(e.Words) == 1 && strings.HasPrefix(e.Words[0], "prefixes ") {
			continue
		}
		if len(e.Words) != 12 {
			t.Errorf("data/months.txt:%d: %s has %d months, want 12", e.Line, e.Lang, len(e.Words))
		}
		for _, f := range strings.Fields(strings.Join(e.Words, " ")) {
			if f != strings.ToLower(f) {
				t.Errorf("data/months.txt:%d: %q is not lower case", e.Line, f)
			}
		}
	}
	if ns := MonthNames()["listopada"]; len(ns) != 2 || ns[0] != (MonthName{"pl", 11, 1}) || ns[1] != (MonthName{"hr", 10, 1}) {
		t.Errorf("listopada names %v, want Polish November then Croatian October", ns)
	}
	if ns := MonthNames()["לאפריל"]; len(ns) != 1 || ns[0].Month != 4 {
		t.Errorf("לאפריל (a prefixed form) names %v, want April", ns)
	}
	if got := MonthForms("en", 9); !slices.Equal(got, []string{"september", "sep", "sept"}) {
		t.Errorf(`MonthForms("en", 9) = %q`, got)
	}
}

// TestVersionWords: the words for "version" and their languages.
func TestVersionWords(t *testing.T) {
	covers(t, VersionWords, "en fr de pt es ca it nl fi nb ro id ms cs sk hr sr hu pl sl tr vi el ru bg uk kk ko ja zh he ar hy")
	if got := Words(VersionWords, "pt-BR"); !slices.Equal(got, []string{"versão"}) {
		t.Errorf(`Words(VersionWords, "pt-BR") = %q`, got)
	}
}

// TestKinds: the kinds named, each with the languages of its names.
func TestKinds(t *testing.T) {
	covers(t, Kinds, "en pt es fr de it nl pl ru ja zh ko")
	langs := map[string][]string{}
	for _, e := range Entries(Kinds) {
		langs[e.Key] = append(langs[e.Key], e.Lang)
	}
	for _, k := range []string{"rp", "addendum", "definition"} {
		if len(langs[k]) < 11 {
			t.Errorf("kind %s named in %v only", k, langs[k])
		}
	}
	if len(langs) != 3 {
		t.Errorf("kinds %v, want rp, addendum and definition", langs)
	}
}

// TestPartSeries: the series letters and their words' languages.
func TestPartSeries(t *testing.T) {
	covers(t, PartSeries, "en fr pt es it nl pl ru de ja zh ko")
	for _, e := range Entries(PartSeries) {
		if r, n := utf8.DecodeRuneInString(e.Key); n != len(e.Key) || r < 'A' || r > 'Z' {
			t.Errorf("data/parts.txt:%d: series %q is not a capital letter", e.Line, e.Key)
		}
	}
}

// TestDocs checks the table of docs/languages.md against the data: a row
// for each concept, listing the languages it covers.
func TestDocs(t *testing.T) {
	data, err := os.ReadFile("../../docs/languages.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string][]string{}
	for _, l := range strings.Split(string(data), "\n") {
		cells := strings.Split(l, "|")
		if len(cells) < 4 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`data/") {
			continue
		}
		file := strings.Trim(strings.TrimSpace(cells[1]), "`")
		var langs []string
		for _, f := range strings.Split(cells[len(cells)-2], ",") {
			if f = strings.TrimSpace(f); f != "" {
				langs = append(langs, f)
			}
		}
		rows[file] = langs
	}
	for _, c := range concepts {
		file := "data/" + string(c) + ".txt"
		want := slices.Sorted(slices.Values(Langs(c)))
		got, ok := rows[file]
		if !ok {
			t.Errorf("docs/languages.md: no row for %s", file)
			continue
		}
		if !slices.Equal(got, want) {
			t.Errorf("docs/languages.md: %s covers %s, the data %s", file, strings.Join(got, ", "), strings.Join(want, ", "))
		}
	}
	if len(rows) != len(concepts) {
		t.Errorf("docs/languages.md has %d rows of concepts, want %d", len(rows), len(concepts))
	}
}

// TestNegations: the words of negation and their languages.
func TestNegations(t *testing.T) {
	covers(t, Negations, "en pt fr de")
	holds(t, Negations, "not", "cannot", "não", "pas", "keine")
}

// TestModals: the modal verbs and their languages.
func TestModals(t *testing.T) {
	covers(t, Modals, "en pt es fr de")
	if !Set(Modals)["shall"] || !Set(Modals)["muss"] || Set(Modals)["not"] {
		t.Errorf("modals: shall %v, muss %v, not %v", Set(Modals)["shall"], Set(Modals)["muss"], Set(Modals)["not"])
	}
}

// TestFunctionWords: the function words of titles and their languages.
func TestFunctionWords(t *testing.T) {
	covers(t, FunctionWords, "en")
}

// TestDeletionNotes: the two forms of a deletion note, their languages,
// and the expression their words make.
func TestDeletionNotes(t *testing.T) {
	covers(t, DeletionNotes, "en")
	for _, e := range Entries(DeletionNotes) {
		if e.Key != "note" && e.Key != "dated" {
			t.Errorf("data/deletion.txt:%d: form %q, want note or dated", e.Line, e.Key)
		}
	}
	if got := Alternation(KeyWords(DeletionNotes, "note")); got != `deleted|removed|omitted|intentionally\s+left\s+blank` {
		t.Errorf("the notes' alternation is %s", got)
	}
}

// TestNumberWords: every pair reads as a word and a value, and the
// languages covered.
func TestNumberWords(t *testing.T) {
	covers(t, NumberWords, "en pt es fr de")
	for _, e := range Entries(NumberWords) {
		for _, w := range e.Words {
			w, _ := numberTimes(w)
			if _, _, err := numberWord(w); err != nil {
				t.Errorf("data/numbers.txt:%d: %v", e.Line, err)
			}
		}
	}
	if v := NumberValues()["pt"]; v["cento"] != 101 || v["mil"] != 1000 || v["duas"] != 2 {
		t.Errorf("pt: cento %d, mil %d, duas %d", v["cento"], v["mil"], v["duas"])
	}
	for _, bad := range []string{"one", "one=", "=1", "one=0", "one=x"} {
		if _, _, err := numberWord(bad); err == nil {
			t.Errorf("numberWord(%q) read", bad)
		}
	}
}

// TestStopWords: the stop words and their languages.
func TestStopWords(t *testing.T) {
	covers(t, StopWords, "en pt es fr de")
	holds(t, StopWords, "the", "não", "los", "avec", "für")
}

// holds fails t for each of words that concept c does not hold.
func holds(t *testing.T, c Concept, words ...string) {
	t.Helper()
	for _, w := range words {
		if !Set(c)[w] {
			t.Errorf("%q is not in %v", w, c)
		}
	}
}

// TestCitations: the forms of citation, their languages, and the words
// of each form a citation expression is made of.
func TestCitations(t *testing.T) {
	covers(t, Citations, "en pt es fr de it ja zh")
	langs := map[string]string{}
	for _, e := range Entries(Citations) {
		langs[e.Key] += " " + e.Lang
	}
	for form, want := range map[string]string{"rule": " en pt es fr de it", "and": " en pt es fr de it", "rp": " en ja", "cjk": " ja zh"} {
		if langs[form] != want {
			t.Errorf("citation form %s in%s, want%s", form, langs[form], want)
		}
	}
	if len(langs) != 4 {
		t.Errorf("citation forms %v, want rule, and, rp and cjk", langs)
	}
	ws := LongestFirst(KeyWords(Citations, "rule"))
	for i, w := range ws {
		for _, later := range ws[i+1:] {
			if strings.HasPrefix(later, w) {
				t.Errorf("LongestFirst: %q before %q", w, later)
			}
		}
	}
	if len(ws) != 12 || ws[0] != "règles" || ws[len(ws)-1] != "rule" {
		t.Errorf("LongestFirst(the rule words) = %q", ws)
	}
}

// TestDateWords: the forms of date words, their languages, and three
// words a line for the signs and words of a date's parts.
func TestDateWords(t *testing.T) {
	covers(t, DateWords, "en pt es ca fr ru eo hy ja zh ko vi")
	for _, e := range Entries(DateWords) {
		switch e.Key {
		case "joiner":
		case "after", "before":
			if len(e.Words) != 3 {
				t.Errorf("data/dates.txt:%d: %s has %d words, want 3", e.Line, e.Key, len(e.Words))
			}
		default:
			t.Errorf("data/dates.txt:%d: form %q, want joiner, after or before", e.Line, e.Key)
		}
	}
}

// TestNavigation: the uses of navigation words and their languages.
func TestNavigation(t *testing.T) {
	covers(t, Navigation, "ja en pt es fr de")
	for _, e := range Entries(Navigation) {
		if e.Key != "link" && e.Key != "page" && e.Key != "of" && e.Key != "list" {
			t.Errorf("data/navigation.txt:%d: use %q, want link, page, of or list", e.Line, e.Key)
		}
	}
}

// TestContents: the titles of a table of contents and their languages.
func TestContents(t *testing.T) {
	covers(t, Contents, "ja zh en pt es de fr")
}

// TestExamples: the words of example labels and their languages.
func TestExamples(t *testing.T) {
	covers(t, Examples, "en pt es fr de it ja")
}

// TestSuffixes: the inflectional endings and their languages.
func TestSuffixes(t *testing.T) {
	covers(t, Suffixes, "en")
}

// TestDecimalMark: one separator, a comma or a point, a language.
func TestDecimalMark(t *testing.T) {
	covers(t, DecimalMark, "en pt es fr de it nl ru tr pl")
	for _, e := range Entries(DecimalMark) {
		if len(e.Words) != 1 || e.Words[0] != "," && e.Words[0] != "." {
			t.Errorf("data/decimal.txt:%d: %q, want one \",\" or \".\"", e.Line, e.Words)
		}
	}
}

// TestTimeWords: the uses of duration words, their languages, and the
// form of each use's words.
func TestTimeWords(t *testing.T) {
	covers(t, TimeWords, "ja en pt es de")
	for _, e := range Entries(TimeWords) {
		switch e.Key {
		case "unit", "count":
			for _, w := range e.Words {
				if _, _, err := numberWord(w); err != nil {
					t.Errorf("data/time.txt:%d: %v", e.Line, err)
				}
			}
		case "word":
			for _, w := range e.Words {
				if len(w) < 3 || strings.Trim(w, "abcdefghijklmnopqrstuvwxyz") != "" {
					t.Errorf("data/time.txt:%d: %q is not lower-case ASCII of three letters or more", e.Line, w)
				}
			}
		default:
			t.Errorf("data/time.txt:%d: use %q, want unit, word or count", e.Line, e.Key)
		}
	}
}
