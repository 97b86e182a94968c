package corpus

import (
	"testing"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

// TestLangName names tags in English and in themselves, and nothing for
// a tag that is no language.
func TestLangName(t *testing.T) {
	for _, c := range []struct{ tag, en, self string }{
		{"ja", "Japanese", "日本語"},
		{"pt", "Portuguese", "português"},
		{"pt-BR", "Brazilian Portuguese", "português"},
		{"pt-AO", "Portuguese (Angola)", "português"},
		{"en", "English", "English"},
		{"zh-Hant", "Traditional Chinese", "繁體中文"},
		{"und", "", ""},
		{"not a tag", "", ""},
	} {
		if en, self := LangName(c.tag); en != c.en || self != c.self {
			t.Errorf("LangName(%q) = %q, %q, want %q, %q", c.tag, en, self, c.en, c.self)
		}
	}
}

// TestLangNameDisplay: LangName names every tag as
// golang.org/x/text/language/display does, whose names its table holds:
// every language key and self key CLDR names; each language that has
// keys with a script or region (pt-BR, zh-Hant, sr-Latn) with every
// region and every script, and each other language with a dozen regions
// and half a dozen scripts (a different few for each); tags with a
// script and a region, and tags the table has no key for. A new
// golang.org/x/text with other names fails it until go generate
// ./corpus remakes the table.
func TestLangNameDisplay(t *testing.T) {
	var tags []string
	full := map[string]bool{}
	for _, k := range append(display.Values.Tags(), display.Self.Supported.Tags()...) {
		tags = append(tags, k.String())
		if b, _ := k.Base(); b.String() != k.String() {
			full[b.String()] = true
		}
	}
	var bases []string
	for _, k := range display.Values.Tags() {
		if b, _ := k.Base(); b.String() == k.String() {
			bases = append(bases, k.String())
		}
	}
	regions := display.Values.Regions()
	scripts := display.Values.Scripts()
	for i, b := range bases {
		for j, r := range regions {
			if full[b] || (i+j)%len(regions) < 12 {
				tags = append(tags, b+"-"+r.String())
			}
		}
		for j, s := range scripts {
			if full[b] || (i+j)%len(scripts) < 6 {
				tags = append(tags, b+"-"+s.String())
			}
		}
		// A script and a region: a few of each, a different few for
		// each language.
		for j := range 4 {
			s, r := scripts[(i+j*41)%len(scripts)], regions[(i*7+j*73)%len(regions)]
			tags = append(tags, b+"-"+s.String()+"-"+r.String())
		}
	}
	tags = append(tags, "qaa", "xx", "sr-ME", "sr-Latn-RS", "zh-TW", "zh-HK", "zh-Hans-SG", "es-419", "en-150", "iw", "sh", "tl", "mo", "no", "nb", "de-CH-1996", "ja-JP-u-ca-japanese", "x-private")
	n := 0
	for _, tag := range tags {
		p, err := language.Parse(tag)
		if err != nil || p == language.Und {
			continue
		}
		n++
		en, self := LangName(tag)
		if want := display.English.Tags().Name(p); en != want {
			t.Errorf("LangName(%q) English %q, display %q (go generate ./corpus remakes langnames.txt)", tag, en, want)
		}
		if want := display.Self.Name(p); self != want {
			t.Errorf("LangName(%q) self %q, display %q (go generate ./corpus remakes langnames.txt)", tag, self, want)
		}
	}
	if n < 20000 {
		t.Errorf("compared only %d tags", n)
	}
	t.Logf("compared %d tags with display", n)
}
