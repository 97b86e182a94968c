package ingest_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/ingest"
)

// FuzzJSON fuzzes the document JSON reader (a document as rulesync writes
// it, or a bare array of items), seeded with the document of every format
// fixture (items with parts, sections, refs and flags), the JSON files of
// the repository's test data and of the command's script tests, the bad
// documents of TestBadInput and deep nesting. Besides what checkRead holds for every reader, the reader
// promises the text unchanged: each item's title and text, and each
// part's, hold the words encoding/json reads from the input, in order.
func FuzzJSON(f *testing.F) {
	for _, d := range fixtureDocs(f) {
		if js, err := corpusjson.Marshal(d); err == nil && len(js) <= fuzzMaxInput {
			f.Add(js)
		}
	}
	scriptSeeds(f, ".json")
	more, _ := filepath.Glob(filepath.Join("..", "*", "testdata", "*", "*.json"))
	for _, p := range more {
		if data, err := os.ReadFile(p); err == nil && len(data) <= fuzzMaxInput {
			f.Add(data)
		}
	}
	for _, s := range []string{
		`{"edition": "x", "lang": "en", "items": [`,
		`[]`,
		`{"edition":"x","lang":"en","items":[{"id":"rule:1"},{"id":"rule:1"}]}`,
		`[{"number":"1","title":"T","text":"a\u00e9\ud83d\ude00 b","parts":[{"label":"a","text":"c"}]}]`,
		`{"Items":[{"ID":"rule:1","Text":"a"}],"items":[{"id":"rule:2","text":"b"}]}`,
		`{"items":[{"id":"rule:1","text":"a","x":` + strings.Repeat(`[{"a":`, 300) + `1` + strings.Repeat(`}]`, 300) + `}]}`,
		strings.Repeat(`[`, 2000),
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > fuzzMaxInput {
			return
		}
		checkRead(t, "fuzz.json", data, "json")
		d, err := ingest.Options{Format: "json", Now: fuzzNow}.Bytes("fuzz.json", data)
		if err != nil {
			return
		}
		checkJSONText(t, data, d)
	})
}

// fixtureName is the file name a format fixture's input is read under:
// its format's extension, so that the reader is the fixture's.
func fixtureName(fixture string) string {
	for _, p := range []struct{ prefix, ext string }{{"markdown", ".md"}, {"html", ".html"}, {"csv", ".csv"}, {"tsv", ".tsv"}, {"items", ".csv"}} {
		if strings.HasPrefix(fixture, p.prefix) {
			return fixture + p.ext
		}
	}
	return fixture + ".txt"
}

// jsonText is what encoding/json reads of an item: its title, text and
// parts' titles and texts.
type jsonText struct {
	Title, Text string
	Parts       []struct{ Title, Text string }
}

// checkJSONText holds the document d read from data to the item texts
// encoding/json reads from it, where it reads them.
func checkJSONText(t *testing.T, data []byte, d *corpus.Document) {
	var items []jsonText
	if err := json.Unmarshal(data, &items); err != nil {
		var doc struct{ Items []jsonText }
		if json.Unmarshal(data, &doc) != nil {
			return
		}
		items = doc.Items
	}
	if len(items) != len(d.Items) {
		t.Fatalf("%d items in the input, %d in the document", len(items), len(d.Items))
	}
	for k, in := range items {
		it := d.Items[k]
		pairs := [][2]string{{in.Title, it.Title}, {in.Text, it.Text}}
		if len(in.Parts) != len(it.Parts) {
			t.Fatalf("item %s: %d parts in the input, %d in the document", it.ID, len(in.Parts), len(it.Parts))
		}
		for j, p := range in.Parts {
			pairs = append(pairs, [2]string{p.Title, it.Parts[j].Title}, [2]string{p.Text, it.Parts[j].Text})
		}
		for _, p := range pairs {
			if !slices.Equal(words(p[0]), words(p[1])) {
				t.Fatalf("item %s: input says %q, the document %q", it.ID, p[0], p[1])
			}
		}
	}
}
