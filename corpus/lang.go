package corpus

//go:generate go run langnames_gen.go

import (
	_ "embed"
	"fmt"
	"sort"
	"strings"
	"sync"

	"golang.org/x/text/language"
)

// CanonicalLang parses a BCP 47 tag and returns its canonical form ("pt-br"
// -> "pt-BR", "jpn" -> "ja"). Which language a text is in is
// internal/langid's to tell.
func CanonicalLang(s string) (string, error) {
	t, err := language.Parse(strings.TrimSpace(s))
	if err != nil {
		return "", err
	}
	return t.String(), nil
}

// LangName names a language tag in English and in the language itself
// ("ja" -> "Japanese", "日本語"; "pt-AO" -> "Portuguese (Angola)",
// "português"), from CLDR's display names; both are "" for a tag that
// does not parse or has no name ("und"). The names are those of
// golang.org/x/text/language/display's English tag namer and self namer,
// looked up the same way in a table made from them (langnames.txt, by
// langnames_gen.go): display itself is not linked, for its package init
// (0.4 ms of every start of rulesync).
func LangName(tag string) (english, self string) {
	t, err := language.Parse(strings.TrimSpace(tag))
	if err != nil || t == language.Und {
		return "", ""
	}
	n := langNames()
	return n.english(t), n.self(t)
}

//go:embed langnames.txt
var langNamesText string

// nameSet is the names of one kind of tag key: a language ("pt"), or a
// language with a script or region ("pt-BR", "zh-Hant"), the long keys;
// a key may have an empty name.
type nameSet struct {
	names map[string]string
	long  []string // the keys with a script or region, sorted
}

// langNameTable is langnames.txt read: English names of language keys
// (lang), scripts and regions, and each language key's name in itself
// (selves).
type langNameTable struct {
	lang, selves   nameSet
	script, region map[string]string
	noScript       language.Script // Zzzz, "no script"
	noRegion       language.Region // ZZ, "no region"
}

// langNames reads the table once, on the first use.
var langNames = sync.OnceValue(func() *langNameTable {
	n := &langNameTable{
		lang:     nameSet{names: map[string]string{}},
		selves:   nameSet{names: map[string]string{}},
		script:   map[string]string{},
		region:   map[string]string{},
		noScript: language.MustParseScript("Zzzz"),
		noRegion: language.MustParseRegion("ZZ"),
	}
	for _, line := range strings.Split(langNamesText, "\n") {
		kind, rest, ok := strings.Cut(line, "\t")
		if !ok {
			continue // a comment or the end
		}
		key, name, ok := strings.Cut(rest, "\t")
		if !ok {
			panic(fmt.Sprintf("corpus: langnames.txt: %q has no name field", line))
		}
		switch kind {
		case "L":
			n.lang.add(key, name)
		case "N":
			n.selves.add(key, name)
		case "S":
			n.script[key] = name
		case "R":
			n.region[key] = name
		}
	}
	sort.Strings(n.lang.long)
	sort.Strings(n.selves.long)
	return n
})

func (s *nameSet) add(key, name string) {
	s.names[key] = name
	if strings.Contains(key, "-") {
		s.long = append(s.long, key)
	}
}

// index finds the key of base with scr or reg: base with the script or
// the region when the set has that key (the script or region is then
// named by the key and returned empty), else base alone; ok is false
// when the set has neither. It is display's tagSet.index.
func (n *langNameTable) index(s *nameSet, base language.Base, scr language.Script, reg language.Region) (key string, ok bool, _ language.Script, _ language.Region) {
	lang := base.String()
	if scr != (language.Script{}) || reg != (language.Region{}) {
		if scr == n.noScript {
			scr = language.Script{}
		}
		if reg == n.noRegion {
			reg = language.Region{}
		}
		scrStr, regStr := scr.String(), reg.String()
		for i := sort.SearchStrings(s.long, lang); i < len(s.long) && strings.HasPrefix(s.long[i], lang); i++ {
			switch s.long[i][len(lang)+1:] {
			case scrStr:
				return s.long[i], true, language.Script{}, reg
			case regStr:
				return s.long[i], true, scr, language.Region{}
			}
		}
	}
	_, ok = s.names[lang]
	return lang, ok, scr, reg
}

// english is display.English.Tags().Name(t): the name of the longest key
// of t the table has, or of a parent of t, with the script and region
// the key does not name in brackets ("Portuguese (Angola)").
func (n *langNameTable) english(t language.Tag) string {
	const form = language.All &^ language.SuppressScript
	if c, err := form.Canonicalize(t); err == nil {
		t = c
	}
	base, sRaw, rRaw := t.Raw()
	key, ok, scr, reg := n.index(&n.lang, base, sRaw, rRaw)
	for ok {
		if str := n.lang.names[key]; str != "" {
			hasS, hasR := scr != (language.Script{}), reg != (language.Region{})
			ss, sr := "", ""
			if hasS {
				ss = n.script[scr.String()]
			}
			if hasR {
				sr = n.region[reg.String()]
			}
			switch {
			case ss != "" && sr != "":
				return fmt.Sprintf("%s (%s, %s)", str, ss, sr)
			case ss != "" || sr != "":
				return fmt.Sprintf("%s (%s%s)", str, ss, sr)
			}
			return str
		}
		scr, reg = sRaw, rRaw
		if t = t.Parent(); t == language.Und {
			return ""
		}
		base, s, r := t.Raw()
		key, ok, _, _ = n.index(&n.lang, base, s, r)
	}
	return ""
}

// self is display.Self.Name(t): t's name in its own language, "" when
// the table has none or t's script is not its language's own.
func (n *langNameTable) self(t language.Tag) string {
	t, _ = language.All.Compose(t)
	base, scr, reg := t.Raw()
	baseScript := language.Script{}
	if scr == (language.Script{}) && reg != (language.Region{}) {
		// A region may imply a script other than the language's own
		// (sr-ME is Latin): name that script.
		s1, _ := t.Script()
		if baseScript = langScript(base); baseScript != s1 {
			scr = s1
		}
	}
	key, ok, scr, _ := n.index(&n.selves, base, scr, reg)
	if !ok {
		return ""
	}
	// A script left over that is not the language's own has no name.
	if scr != (language.Script{}) {
		if baseScript == (language.Script{}) {
			baseScript = langScript(base)
		}
		if baseScript != scr {
			return ""
		}
	}
	return n.selves.names[key]
}

// langScript is the script a language is written in by default.
func langScript(b language.Base) language.Script {
	t, _ := language.Raw.Compose(b)
	s, _ := t.Script()
	return s
}

// SameLanguage reports whether tags a and b name one language: the same
// base language ("pt" and "pt-BR"), or a script alone ("und-Deva", what
// language identification says of a script several languages write)
// and a language written in that script by default ("hi"). Either tag
// unknown ("" or "und") or unparsable is no answer: false.
func SameLanguage(a, b string) bool {
	ta, errA := language.Parse(strings.TrimSpace(a))
	tb, errB := language.Parse(strings.TrimSpace(b))
	if errA != nil || errB != nil || ta == language.Und || tb == language.Und {
		return false
	}
	// A base the tag states is Exact; one guessed from a script alone
	// ("und-Deva": hi) is not.
	ba, ca := ta.Base()
	bb, cb := tb.Base()
	if ca == language.Exact && cb == language.Exact {
		return ba == bb
	}
	sa, _ := ta.Script()
	sb, _ := tb.Script()
	return sa == sb
}
