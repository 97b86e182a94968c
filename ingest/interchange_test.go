package ingest_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
)

// testPO is a catalogue as rulesync writes it and a translator leaves
// it: a translated title and text, a fuzzy entry with the source it was
// made from (the source changed: stale), a fuzzy one without (review),
// an untranslated one, a translated text with its title untranslated and
// a kind its draft note names, an obsolete one.
const testPO = `# Translation of wca-2024-01-01 into ja.
msgid ""
msgstr ""
"Project-Id-Version: wca-2024-01-01\n"
"Language: ja\n"
"Content-Type: text/plain; charset=UTF-8\n"
"X-Rulesync-Source-Edition: wca-2024-01-01\n"

#: sec:article-1/title
msgctxt "sec:article-1/title"
msgid "Officials"
msgstr "大会役員"

#: reg:1a
msgctxt "reg:1a"
msgid "A competition must include a WCA Delegate."
msgstr ""
"大会には WCA 代理人を\n"
"置かなければならない。"

# rulesync: the source changed since the translation
#. stale (error): the source changed
#: reg:1b
#, fuzzy
#| msgctxt "reg:1b"
#| msgid "The old text."
msgctxt "reg:1b"
msgid "The new text."
msgstr "古い訳。"

#: reg:1c
#, fuzzy
msgctxt "reg:1c"
msgid "Moved text."
msgstr "移動した訳。"

#: reg:1d
msgctxt "reg:1d"
msgid "Not translated."
msgstr ""

msgctxt "rule:1e/title"
msgid "Scrambling"
msgstr ""

#. rulesync draft: {"kind":"guideline"}
msgctxt "rule:1e"
msgid "Scramble [it](#4f)."
msgstr "[スクランブル](#4f)する。"

#~ msgctxt "reg:Y1"
#~ msgid "Removed."
#~ msgstr "削除された。"

#, fuzzy
#~ msgctxt "reg:Y2/title"
#~ msgid "(no counterpart in wca-2021-05-01)"
#~ msgstr "取り消し"

#~ msgctxt "reg:Y2"
#~ msgid "(no counterpart in wca-2021-05-01)"
#~ msgstr ""
#~ "追加"
#~ "された。"

#~ msgctxt "reg:Y3"
#~ msgid "Never translated."
#~ msgstr ""
`

func TestPOReadBack(t *testing.T) {
	d, err := ingest.Options{}.Bytes("ja.po", []byte(testPO))
	if err != nil {
		t.Fatal(err)
	}
	if d.Source.Format != "po" || d.Lang != "ja" || d.Edition != "wca-2024-01-01" {
		t.Errorf("format %s, lang %s, edition %s; want po, ja, wca-2024-01-01", d.Source.Format, d.Lang, d.Edition)
	}
	var got []string
	for _, it := range d.Items {
		got = append(got, fmt.Sprintf("%s %s %q %q %v", it.ID, it.Kind, it.Title, it.Text, it.Flags))
	}
	want := []string{
		`sec:article-1 section "大会役員" "" []`,
		`reg:1a regulation "" "大会には WCA 代理人を\n置かなければならない。" []`,
		`reg:1b regulation "" "古い訳。" [stale]`,
		`reg:1c regulation "" "移動した訳。" [review]`,
		`reg:1d regulation "" "Not translated." [empty-unit untranslated]`,
		`rule:1e guideline "Scrambling" "[スクランブル](#4f)する。" [empty-unit title-untranslated]`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("items:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The obsolete entries are no items: the translations kept apart,
	// with the source text or the reason their msgids give.
	got = nil
	for _, o := range d.Obsolete {
		got = append(got, fmt.Sprintf("%s %s %q %q %q %q %q", o.Item.ID, o.Item.Kind, o.Item.Title, o.Item.Text, o.SourceTitle, o.SourceText, o.Reason))
	}
	want = []string{
		`reg:Y1 regulation "" "削除された。" "" "Removed." ""`,
		`reg:Y2 regulation "取り消し" "追加された。" "" "" "no counterpart in wca-2021-05-01"`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("obsolete:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestInterchangeDetected checks that detection never reads a PO, an
// XLIFF or a TMX file as anything else: a PO's comments start with '#'
// (it was read as Markdown), an XLIFF file has tags (it was HTML).
func TestInterchangeDetected(t *testing.T) {
	xliff := `<?xml version="1.0" encoding="UTF-8"?>
<!-- written by a tool -->
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
<file original="wca-2024-01-01" source-language="en" target-language="ja" datatype="plaintext">
<body>
<trans-unit id="reg:1a" resname="reg:1a" approved="yes"><source>A.</source><target state="translated">エー。</target></trans-unit>
<trans-unit id="reg:1b" resname="reg:1b"><source>B.</source><target state="needs-review-translation">ビー。</target></trans-unit>
<trans-unit id="reg:1c" resname="reg:1c"><source>C.</source><target state="new"></target></trans-unit>
<trans-unit id="reg:1d"><source>D <g id="1">bold</g>.</source><target>ディー<g id="1">太字</g>。</target></trans-unit>
</body></file></xliff>`
	tmx := `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header srclang="en" creationtool="x" creationtoolversion="1" datatype="plaintext" segtype="paragraph" adminlang="en" o-tmf="x">
<prop type="x-rulesync-source-edition">wca-2024-01-01</prop></header><body>
<tu tuid="reg:1a"><tuv xml:lang="en"><seg>A.</seg></tuv><tuv xml:lang="ja"><seg>エー。</seg></tuv></tu>
</body></tmx>`
	for _, c := range []struct {
		name, text, format string
		items              []string
	}{
		{"ja.po", testPO, "po", nil},
		{"ja.xlf", xliff, "xliff", []string{"reg:1a  エー。 []", "reg:1b  ビー。 [review]", "reg:1c  C. [empty-unit untranslated]", "reg:1d  ディー太字。 []"}},
		{"ja.tmx", tmx, "tmx", []string{"reg:1a  エー。 []"}},
		// Translate Toolkit's po2xliff: numeric ids, the PO reference
		// "reg:1a" kept as file "reg", line "1a", the header a unit.
		{"tt.xlf", `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.1" version="1.1"><file original="ja.po" source-language="en-US" datatype="plaintext"><body>
<trans-unit xml:space="preserve" id="2" approved="no" restype="x-gettext-domain-header"><source>Language: ja
</source><target state="translated">Language: ja
X-Rulesync-Source-Edition: wca-2024-01-01
</target></trans-unit>
<trans-unit xml:space="preserve" id="3" approved="yes"><source>A.</source><target state="translated">エー。</target>
<context-group name="po-reference" purpose="location"><context context-type="sourcefile">reg</context><context context-type="linenumber">1a</context></context-group></trans-unit>
</body></file></xliff>`, "xliff", []string{"reg:1a  エー。 []"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if f := ingest.Detect(c.text); f != c.format {
				t.Errorf("Detect: %s, want %s", f, c.format)
			}
			d, err := ingest.Options{}.Bytes(c.name, []byte(c.text))
			if err != nil {
				t.Fatal(err)
			}
			if d.Source.Format != c.format || d.Lang != "ja" || d.Edition != "wca-2024-01-01" {
				t.Errorf("format %s, lang %s, edition %s", d.Source.Format, d.Lang, d.Edition)
			}
			if c.items == nil {
				return
			}
			var got []string
			for _, it := range d.Items {
				got = append(got, fmt.Sprintf("%s %s %s %v", it.ID, it.Title, it.Text, it.Flags))
			}
			if !slices.Equal(got, c.items) {
				t.Errorf("items %q, want %q", got, c.items)
			}
		})
	}
	// Markdown that mentions msgid is still Markdown.
	if f := ingest.Detect("# Rules\n\nmsgid is a word here.\n\n## 1\n\n- 1a) x\n- 1b) y\n- 1c) z\n"); f == "po" {
		t.Errorf("Markdown detected as %s", f)
	}
}

// TestPOErrors checks that a broken catalogue is an *ingest.Error at the
// line and column of the fault.
func TestPOErrors(t *testing.T) {
	head := "msgid \"\"\nmsgstr \"Language: ja\\n\"\n\n"
	for _, c := range []struct {
		name, text string
		line, col  int
		want       string
	}{
		{"unclosed.po", head + "msgctxt \"reg:1a\"\nmsgid \"A\nmsgstr \"x\"\n", 5, 7, "no closing quote"},
		{"dup.po", head + "msgctxt \"reg:1a\"\nmsgid \"A\"\nmsgstr \"x\"\n\nmsgctxt \"reg:1a\"\nmsgid \"A\"\nmsgstr \"y\"\n", 8, 1, `duplicate msgctxt "reg:1a" (first at line 4)`},
		{"escape.po", head + "msgctxt \"reg:1a\"\nmsgid \"A\"\nmsgstr \"x\\q\"\n", 6, 10, `unknown escape \q`},
		{"keyword.po", head + "msgctxt \"reg:1a\"\nmsgid \"A\"\nmsgstring \"x\"\n", 6, 1, `unexpected "msgstring"`},
		{"order.po", head + "msgctxt \"reg:1a\"\nmsgstr \"x\"\n", 5, 1, "msgstr without a msgid"},
		{"cut.po", head + "msgctxt \"reg:1a\"\nmsgid \"A\"\n", 6, 1, "ends inside the entry of line 4"},
		{"noid.po", head + "msgctxt \"a b\"\nmsgid \"A\"\nmsgstr \"x\"\n", 4, 1, `msgctxt "a b" is not an item id`},
		{"noctx.po", head + "msgid \"A\"\nmsgstr \"x\"\n", 4, 1, "without msgctxt"},
		{"kind.po", head + "#. rulesync draft: {\"kind\":\"chapter\"}\nmsgctxt \"rule:1\"\nmsgid \"A\"\nmsgstr \"x\"\n", 5, 1, `names the kind "chapter", which is none`},
		// Plural forms are refused at the first sign of them, by name.
		{"plural.po", head + "msgctxt \"reg:1a\"\nmsgid \"A\"\nmsgid_plural \"As\"\nmsgstr[0] \"x\"\nmsgstr[1] \"y\"\n", 6, 1, "msgid_plural: rulesync catalogues have no plural forms"},
		{"plural1.po", head + "msgctxt \"reg:1a\"\nmsgid \"A\"\nmsgstr[0] \"x\"\nmsgstr[1] \"y\"\n", 7, 1, "msgstr[1]: rulesync catalogues have no plural forms"},
		// Obsolete entries are read, and checked, as the others are.
		{"obsunclosed.po", head + "#~ msgctxt \"reg:1a\"\n#~ msgid \"A\n#~ msgstr \"x\"\n", 5, 10, `obsolete (#~) entry: the string has no closing quote`},
		{"obsorder.po", head + "#~ msgctxt \"reg:1a\"\n#~ msgstr \"x\"\n", 5, 4, "obsolete (#~) entry: msgstr without a msgid"},
		{"obscut.po", head + "#~ msgctxt \"reg:1a\"\n#~ msgid \"A\"\n", 6, 1, "obsolete (#~) entry: the file ends inside the entry of line 4"},
		{"obsbroken.po", head + "#~ msgctxt \"reg:1a\"\n#~ msgid \"A\"\nmsgstr \"x\"\n", 6, 1, "obsolete (#~) entry: a line that is not obsolete (#~) inside the entry of line 4, before its msgstr"},
		{"obsinside.po", head + "msgctxt \"reg:1a\"\nmsgid \"A\"\n#~ msgstr \"x\"\n", 6, 1, "an obsolete (#~) line inside the entry of line 4, before its msgstr"},
		{"obsnoid.po", head + "#~ msgctxt \"a b\"\n#~ msgid \"A\"\n#~ msgstr \"x\"\n", 4, 4, `obsolete (#~) entry: msgctxt "a b" is not an item id`},
		{"obsnoctx.po", head + "#~ msgid \"A\"\n#~ msgstr \"x\"\n", 4, 1, "an obsolete (#~) entry without msgctxt"},
		{"obsdup.po", head + "#~ msgctxt \"reg:1a\"\n#~ msgid \"A\"\n#~ msgstr \"x\"\n\n#~ msgctxt \"reg:1a\"\n#~ msgid \"A\"\n#~ msgstr \"y\"\n", 8, 4, `obsolete (#~) entry: duplicate msgctxt "reg:1a" (first at line 4)`},
		// A previous msgid (#|) is read as msgfmt reads it: a file cut
		// inside its string, or after it, is an error, not a catalogue
		// with its second half untranslated.
		{"prevunclosed.po", head + "#, fuzzy\n#| msgid \"A\n#| \"B\"\nmsgctxt \"reg:1a\"\nmsgid \"A\"\nmsgstr \"x\"\n", 5, 10, "the string has no closing quote"},
		{"prevcut.po", head + "msgctxt \"reg:1a\"\nmsgid \"A\"\nmsgstr \"x\"\n\n#, fuzzy\n#| msgctxt \"reg:1b\"\n#| msgid \"B\"\n#| \"C", 11, 4, "the string has no closing quote"},
		{"prevend.po", head + "msgctxt \"reg:1a\"\nmsgid \"A\"\nmsgstr \"x\"\n\n#, fuzzy\n#| msgid \"B\"\n", 10, 1, "the file ends after the previous msgid of line 9"},
		{"prevctx.po", head + "#| msgctxt \"reg:1\nmsgctxt \"reg:1a\"\nmsgid \"A\"\nmsgstr \"x\"\n", 4, 12, "the string has no closing quote"},
		{"unclosed.xlf", "<?xml version=\"1.0\"?>\n<xliff version=\"1.2\">\n<file><body>\n<trans-unit id=\"reg:1a\"><source>A</source><target>x</target>\n", 4, 1, `<trans-unit id="reg:1a"> is not closed (unexpected EOF, at line 5, column 1)`},
		{"nested.xlf", "<?xml version=\"1.0\"?>\n<xliff version=\"1.2\">\n<file><body>\n<trans-unit id=\"reg:1a\"><source>A</source>\n  <trans-unit id=\"reg:1b\"><source>B</source></trans-unit>\n</body></file></xliff>\n", 4, 1, `<trans-unit id="reg:1a"> is not closed (another <trans-unit> at line 5, column 3)`},
		{"bad.xlf", "<?xml version=\"1.0\"?>\n<xliff version=\"1.2\">\n<file><body><trans-unit id=\"reg:1a\"><target>x</targ></trans-unit>\n", 3, 0, "XML: "},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ingest.Options{}.Bytes(c.name, []byte(c.text))
			var ie *ingest.Error
			if !errors.As(err, &ie) {
				t.Fatalf("error %v, want an *ingest.Error", err)
			}
			if ie.Line != c.line || c.col > 0 && ie.Col != c.col || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), c.name+":") {
				t.Errorf("error %q (line %d, column %d), want %s:%d:%d and %q", err, ie.Line, ie.Col, c.name, c.line, c.col, c.want)
			}
		})
	}
}

// TestDraftMarkersRead checks that a draft's markers set flags and leave
// the text, its notes are dropped whatever they hold, an id marker gives
// the id, and a marker on the version line is kept as a note of the
// document.
func TestDraftMarkersRead(t *testing.T) {
	md := "# <wca-title>WCA 大会規則\n\n<version>バージョン：2024年1月1日 {{rulesync:review}} {{rulesync:note was 2021; [-a-](2k) **b** [+c+]}}\n\n" +
		"## <article-1><officials><officials> 第1条：大会役員\n\n" +
		"- 1a) {{rulesync:stale}} 大会には代理人を置く。 {{rulesync:note source 2021 -> 2024: [-the-][+a+](see) *x* `y` }}\n" +
		"- 1b) {{rulesync:untranslated}} The organization team is responsible.\n" +
		"- 1c) 訳された。\n" +
		"    - 1c1) {{rulesync:review}} 移動した。\n"
	d, err := ingest.Options{}.Bytes("draft.md", []byte(md))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, it := range d.Items {
		got = append(got, fmt.Sprintf("%s %q %v", it.ID, it.Text, it.Flags))
	}
	want := []string{`sec:1 "" []`, `rule:1a "大会には代理人を置く。" [stale]`, `rule:1b "The organization team is responsible." [untranslated]`,
		`rule:1c "訳された。" []`, `rule:1c1 "移動した。" [review]`}
	if !slices.Equal(got, want) {
		t.Errorf("items:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if d.Version != "2024年1月1日" || d.Date != "2024-01-01" || d.Edition != "wca-2024-01-01" {
		t.Errorf("version %q, date %q, edition %q", d.Version, d.Date, d.Edition)
	}
	if m := d.DocumentMarkers(); len(m) != 1 || m[0] != [2]string{"review", "version"} {
		t.Errorf("document markers %v, want the version line's review", m)
	}
	// An id marker: a heading the layout reads as a rule is rp:5.
	txt := "# Rules\n\n### 4 Phones {{rulesync:id rp:4}}\n\nText.\n\n### 5 {{rulesync:stale}} Electronic devices {{rulesync:id rp:5}}\n\nText of it.\n\n### 6 Other\n\nMore text.\n"
	d, err = ingest.Options{}.Bytes("draft.md", []byte(txt))
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, it := range d.Items {
		ids = append(ids, it.ID+" "+string(it.Kind)+" "+it.Number+" "+it.Title)
	}
	if !slices.Contains(ids, "rp:5 rp 5 Electronic devices") {
		t.Errorf("items %q, want rp:5 from its id marker", ids)
	}
	if corpus.HasMarkers(strings.Join(ids, " ")) {
		t.Errorf("markers left in %q", ids)
	}
}
