package langid

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// udhrDir is the UDHR pages of the real corpus beside the repository
// (testcorpus's place: that package imports ingest, which imports this
// one), skipping the test when it is absent.
func udhrDir(t *testing.T) string {
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "corpus", "udhr")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("real corpus not available (%s): %v", dir, err)
	}
	return dir
}

// markup is what TestUDHRScripts strips of a page: tags and Markdown's
// heading and emphasis marks.
var markup = regexp.MustCompile(`<[^>]*>|^#+ |\*\*`)

// pageTexts reads a page of the real corpus as the texts of its lines,
// without markup.
func pageTexts(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(markup.ReplaceAllString(l, " ")); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// latinLang reports whether a language code names a language written in
// Latin script.
func latinLang(tag string) bool {
	l := language(tag)
	return l >= 0 && writes(l, "Latin")
}

// TestUDHRScripts reads every page of the UDHR in 40 languages and 23
// scripts, as it is and with English page chrome added (the English
// page's first lines and every tenth line of it, a tenth of the lines):
// no page whose letters are mostly in a script other than Latin may be
// read as a language of Latin script, and a page in a script no language
// of the models writes is read as "und-" and that script's code. The
// per-file table is logged.
func TestUDHRScripts(t *testing.T) {
	dir := udhrDir(t)
	files, _ := filepath.Glob(filepath.Join(dir, "udhr-*.*"))
	english := pageTexts(t, filepath.Join(dir, "udhr-1948-en.md"))
	var chrome []string
	for i := 0; i < len(english); i += 10 {
		chrome = append(chrome, english[i])
	}
	var table []string
	nonLatin := 0
	for _, f := range files {
		name := filepath.Base(f)
		want := strings.TrimSuffix(strings.TrimPrefix(name, "udhr-1948-"), filepath.Ext(name))
		texts := pageTexts(t, f)
		script, share := dominantScript(strings.Join(texts, "\n"))
		plain := Document("", texts)
		mixed := Document(english[0], append(append([]string{}, chrome[:min(len(chrome), max(1, len(texts)/10))]...), texts...))
		table = append(table, fmt.Sprintf("%-20s %-4s %-19s %3.0f%%  %-9s %-9s", name, want, script, 100*share, plain.Lang, mixed.Lang))
		if script == "Latin" {
			if plain.Lang == want && mixed.Lang != want {
				t.Errorf("%s: read as %s, as %s with English chrome", name, plain.Lang, mixed.Lang)
			}
			continue
		}
		nonLatin++
		for _, r := range []DocumentResult{plain, mixed} {
			if latinLang(r.Lang) {
				t.Errorf("%s: mostly %s script (%.0f%%), read as %s", name, script, 100*share, r)
			}
		}
		modelled := slices.ContainsFunc(Languages, func(c string) bool { return writes(language(c), script) })
		if code, ok := scriptCodes[script]; ok && !modelled && plain.Lang != "und-"+code {
			t.Errorf("%s: mostly %s script, which no language of the models writes: read as %s, want und-%s", name, script, plain, code)
		}
		if plain.Lang == want && mixed.Lang != want {
			t.Errorf("%s: read as %s, as %s with English chrome", name, plain.Lang, mixed.Lang)
		}
	}
	t.Logf("%d pages, %d mostly in a script other than Latin\n%-20s %-4s %-19s %4s  %-9s %-9s\n%s", len(files), nonLatin,
		"file", "lang", "script", "share", "read", "+chrome", strings.Join(table, "\n"))
	if len(files) < 46 {
		t.Errorf("%d pages, want 46", len(files))
	}
}

// TestScriptAnswer checks Among's answer for one text in a script no
// language writes, alone and with an English name in it.
func TestScriptAnswer(t *testing.T) {
	am := "ማንኛውም፡ሰው፡ሲወለድ፡ነጻና፡በክብርና፡በመብትም፡እኩልነት፡ያለው፡ነው።"
	for _, s := range []string{am, am + " Universal Declaration of Human Rights"} {
		if r := Detect(s); r.Lang != "und-Ethi" {
			t.Errorf("Detect(%q) = %s, want und-Ethi", s, r)
		}
	}
	if r := Detect("The players must remain at the table during the hand."); r.Lang != "en" {
		t.Errorf("English read as %s", r)
	}
}

// TestForeignLetters writes, into every UDHR page the vote reads as a
// language of an alphabet other than Latin, a letter of its script that
// the language's model has never seen, in place of 1 in 10 of its
// commonest letter (some 1 letter in 100): a text of a language no model
// knows, which must read as "und", not as the language nearest it.
func TestForeignLetters(t *testing.T) {
	dir := udhrDir(t)
	pages, _ := filepath.Glob(filepath.Join(dir, "*.md"))
	tried := 0
	for _, p := range pages {
		texts := pageTexts(t, p)
		r := Document(texts[0], texts[1:])
		l := language(r.Lang)
		if l < 0 {
			continue
		}
		script, _ := dominantScript(Clean(strings.Join(texts, "\n")))
		table := unicodeScript(script)
		if table == nil || script == "Latin" || scriptSize(table) > 5000 {
			continue
		}
		m := languages().models[l]()
		var alien rune
		for _, rg := range table.R16 {
			for c := rune(rg.Lo); c <= rune(rg.Hi) && alien == 0; c += rune(rg.Stride) {
				if isLowerLetter(c) && m.prob(ngramKey(c)) == 0 {
					alien = c
				}
			}
		}
		if alien == 0 {
			continue
		}
		common := commonest(texts, table)
		k := 0
		changed := make([]string, len(texts))
		for i, s := range texts {
			changed[i] = strings.Map(func(c rune) rune {
				if c == common {
					if k++; k%10 == 0 {
						return alien
					}
				}
				return c
			}, s)
		}
		tried++
		if got := Document(changed[0], changed[1:]); got.Lang != "und" {
			t.Errorf("%s (%s) with %q for 1 in 10 %q: read as %s, want und", filepath.Base(p), r.Lang, alien, common, got)
		}
	}
	if tried < 5 {
		t.Errorf("only %d pages tried", tried)
	}
}

// TestLatinOnly: a language that writes Latin alone finds no foreign
// letters in any text (document skips the look for it), and some
// language writes another script.
func TestLatinOnly(t *testing.T) {
	texts := []string{"the rules of the game", "правила игры ѯѱ ѯѱ ѯѱ", "κανόνες ϳϳϳ ϳϳϳ", "قواعد ٱٱٱ ڪڪڪ", "ᠮᠣᠩᠭᠣᠯ ᠪᠢᠴᠢᠭ", "ⴰⵣⵔⵉⴼ ⵜⴰⵎⴰⵣⵉⵖⵜ"}
	others := 0
	for _, tag := range Languages {
		l := language(tag)
		if !latinOnly(l) {
			others++
			continue
		}
		for _, s := range texts {
			if foreignLetters(s, l) {
				t.Errorf("foreignLetters(%q, %s) is true, but %s writes Latin alone", s, tag, tag)
			}
		}
	}
	if others == 0 {
		t.Error("every language writes Latin alone")
	}
}

// readAs are the languages the models read as another (the design: the
// trigram models give Malay the higher probability on Indonesian text).
var readAs = map[string]string{"id": "ms"}

// TestUDHRLanguages reads every UDHR page (its lines, markup removed) as
// a document: a page in a language of Languages reads as that language
// (readAs aside), and one in a language no model knows reads as "und"
// or "und-" and its script, never as another language. The count of
// pages read as their own language is logged (25 of 46 before Bengali,
// Gujarati, Tamil, Urdu, Mongolian and Swahili were read, Swahili as
// Malay; 31 after).
func TestUDHRLanguages(t *testing.T) {
	dir := udhrDir(t)
	files, _ := filepath.Glob(filepath.Join(dir, "udhr-*.*"))
	right := 0
	var wrong []string
	for _, f := range files {
		name := filepath.Base(f)
		want := strings.TrimSuffix(strings.TrimPrefix(name, "udhr-1948-"), filepath.Ext(name))
		texts := pageTexts(t, f)
		got := Document(texts[0], texts[1:]).Lang
		if got == want {
			right++
			continue
		}
		wrong = append(wrong, name+" "+got)
		switch {
		case slices.Contains(Languages, want):
			if readAs[want] != got {
				t.Errorf("%s: read as %s, want %s", name, got, want)
			}
		case got != "und" && !strings.HasPrefix(got, "und-"):
			t.Errorf("%s: in a language no model knows, read as %s, want und", name, got)
		}
	}
	t.Logf("%d of %d pages read as their language; the others: %s", right, len(files), strings.Join(wrong, ", "))
	if len(files) < 46 {
		t.Errorf("%d pages, want 46", len(files))
	}
}

// TestOwners holds owners, the languages Languages adds to chosen, to
// scriptOwners(chosen): the list is written out so that no process works
// it out at its start.
func TestOwners(t *testing.T) {
	if got := scriptOwners(chosen); !slices.Equal(got, owners) {
		t.Errorf("scriptOwners(chosen) = %q, owners = %q: write scriptOwners' list into owners", got, owners)
	}
	if want := append(slices.Clip(chosen), scriptOwners(chosen)...); !slices.Equal(Languages, want) {
		t.Errorf("Languages = %q, want %q", Languages, want)
	}
}

// TestScriptOwners holds what scriptOwners adds to Languages: languages
// that alone write their script, so that every line of a UDHR page in
// any other script reads as it did among the chosen languages alone.
func TestScriptOwners(t *testing.T) {
	owners := scriptOwners(chosen)
	if len(owners) == 0 || !slices.Contains(owners, "bn") {
		t.Fatalf("scriptOwners = %v, want Bengali among them", owners)
	}
	own := map[string]bool{}
	for _, c := range owners {
		for _, s := range languageScripts()[c] {
			own[knownScriptNames()[s]] = true
		}
		for _, o := range Languages {
			if o != c && slices.ContainsFunc(languageScripts()[c], func(s int) bool { return writes(language(o), knownScriptNames()[s]) }) {
				t.Errorf("%s shares a script with %s", c, o)
			}
		}
	}
	dir := udhrDir(t)
	files, _ := filepath.Glob(filepath.Join(dir, "udhr-*.md"))
	lines := 0
	for _, f := range files {
		for _, s := range pageTexts(t, f) {
			if script, _ := dominantScript(s); own[script] {
				continue
			}
			lines++
			if a, b := Among(s, chosen...), Among(s, Languages...); a != b {
				t.Errorf("%s: %q reads as %s among the chosen languages, %s with the owners", filepath.Base(f), s, a, b)
			}
		}
	}
	if lines < 1000 {
		t.Errorf("%d lines read, want the pages' thousands", lines)
	}
}
