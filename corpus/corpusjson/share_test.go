package corpusjson

import (
	"bytes"
	"fmt"
	"testing"
	"unsafe"

	"github.com/rulesync/rulesync/corpus"
)

// TestShare: an edition decoded after another, its items renumbered and
// some changed, shared with the first: it encodes as before; each string
// equal to one of the first's is that one, and every other is a copy,
// none left in the bytes Decode cut it from.
func TestShare(t *testing.T) {
	old := &corpus.Document{Edition: "x-1", Lang: "en"}
	cur := &corpus.Document{Edition: "x-2", Lang: "en"}
	for i := range 200 {
		it := corpus.Item{ID: fmt.Sprintf("rule:%d", i+1), Kind: corpus.KindRule, Number: fmt.Sprint(i + 1),
			Title: fmt.Sprintf("title %d", i), Text: fmt.Sprintf("the text of rule %d, ünïcode", i),
			Parts: []corpus.Part{{Label: "a", Text: fmt.Sprintf("part %d", i)}}, Refs: []string{"rule:1"}, Flags: []corpus.Flag{corpus.FlagTruncated},
			Marks: []corpus.Mark{{Start: 0, End: 3, Kind: "strong"}}}
		old.Items = append(old.Items, it)
		// The new edition inserts an item every 50 and changes every
		// 7th text: the others say the same under another number.
		if i%50 == 10 {
			cur.Items = append(cur.Items, corpus.Item{ID: fmt.Sprintf("rule:%d", len(cur.Items)+1), Kind: corpus.KindRule, Number: fmt.Sprint(len(cur.Items) + 1), Title: "new", Text: "inserted"})
		}
		it.ID, it.Number = fmt.Sprintf("rule:%d", len(cur.Items)+1), fmt.Sprint(len(cur.Items)+1)
		if i%7 == 0 {
			it.Text += " changed"
		}
		it.Parts = []corpus.Part{{Label: "a", Text: fmt.Sprintf("part %d", i)}}
		cur.Items = append(cur.Items, it)
	}
	decode := func(d *corpus.Document) (*corpus.Document, []byte) {
		js, err := Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		got, err := (&Decoder{}).Decode(bytes.NewReader(js))
		if err != nil {
			t.Fatal(err)
		}
		return got, js
	}
	like, _ := decode(old)
	d, js := decode(cur)
	before := map[*corpus.Item]uintptr{}
	for i := range d.Items {
		before[&d.Items[i]] = uintptr(unsafe.Pointer(unsafe.StringData(d.Items[i].Text)))
	}
	Share(d, like)
	if back, _ := Marshal(d); !bytes.Equal(back, js) {
		t.Fatalf("shared, the document encodes otherwise")
	}
	texts := map[uintptr]bool{}
	for i := range like.Items {
		texts[uintptr(unsafe.Pointer(unsafe.StringData(like.Items[i].Text)))] = true
	}
	shared, own := 0, 0
	for i := range d.Items {
		it := &d.Items[i]
		at := uintptr(unsafe.Pointer(unsafe.StringData(it.Text)))
		switch {
		case texts[at]:
			shared++
		case at == before[it]:
			t.Errorf("%s: its text is left where Decode cut it", it.ID)
		default:
			own++
		}
	}
	// 200 items, 29 changed (every 7th), and 4 inserted.
	if shared != 171 || own != 33 {
		t.Errorf("texts shared %d, own %d; want 171 and 33", shared, own)
	}
}
