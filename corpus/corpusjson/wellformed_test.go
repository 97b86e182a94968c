package corpusjson

import (
	"errors"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
)

// TestUnmarshalWellFormed: a document JSON whose edition or language
// holds control characters, or whose ids or refs are not ids, is refused
// with the line and column of the value; what the report formats print
// of them cannot then break out of a PO header or a Markdown heading.
func TestUnmarshalWellFormed(t *testing.T) {
	item := func(id, refs string) string {
		return `{"id": "` + id + `", "kind": "rule", "number": "1", "title": "T", "text": "x", "parts": [], "refs": [` + refs + `], "flags": [], "section": "", "marks": []}`
	}
	doc := func(edition, lang string, items ...string) string {
		return "{\n  \"edition\": " + edition + ",\n  \"lang\": " + lang + ",\n  \"title\": \"\",\n  \"source\": {\"format\": \"json\", \"sha256\": \"\"},\n  \"items\": [\n    " + strings.Join(items, ",\n    ") + "\n  ]\n}\n"
	}
	good := item("rule:1", `"rule:2#B"`)
	for _, c := range []struct {
		name, in  string
		line, col int
		want      string
	}{
		{"edition with a line break", doc(`"e2\" <img src=x onerror=alert(1)>\n\"Plural-Forms: nplurals=1;"`, `"en"`, good), 2, 14, "edition"},
		{"edition with an escape", doc(`"tda\u001b[31m"`, `"en"`, good), 2, 14, "control character"},
		{"language with a tab", doc(`"tda-2024"`, `"en\tx"`, good), 3, 11, "lang"},
		{"language not a tag", doc(`"tda-2024"`, `"en\"><x"`, good), 3, 11, "lang"},
		{"id with markup", doc(`"tda-2024"`, `"en"`, item(`rule:1\"><x`, "")), 7, 12, `id "rule:1\"><x"`},
		{"id without a prefix", doc(`"tda-2024"`, `"en"`, item("1", "")), 7, 12, "id"},
		{"ref with a space", doc(`"tda-2024"`, `"en"`, item("rule:1", `"rule:2 x"`)), 7, 0, "ref"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Unmarshal([]byte(c.in))
			var pe *ParseError
			if !errors.As(err, &pe) || !strings.Contains(pe.Msg, c.want) || pe.Line != c.line || (c.col > 0 && pe.Col != c.col) {
				t.Errorf("%v; want a ParseError at %d:%d saying %q", err, c.line, c.col, c.want)
			}
		})
	}
	if _, err := Unmarshal([]byte(doc(`"tda-2024"`, `"pt-BR"`, good, item("sec:статья-1-сущность", ""), item("guide:1e2+", ""), item("add:40-A", "")))); err != nil {
		t.Errorf("a good document refused: %v", err)
	}
	for _, id := range []string{"rule:36", "rp:5", "add:40-A", "reg:1e2", "guide:1e2+", "sec:wca-大会規則-ガイドライン", "item:12", "rule:3-2"} {
		if !corpus.WellFormedID(id) {
			t.Errorf("WellFormedID(%q) = false", id)
		}
	}
	for _, id := range []string{"", "rule", "rule:", ":1", "Rule:1", "rule:1 ", "rule:1\"", "rule:<x>", "rule:1#B", "rule:-1"} {
		if corpus.WellFormedID(id) {
			t.Errorf("WellFormedID(%q) = true", id)
		}
	}
}
