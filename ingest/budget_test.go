package ingest_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/ingest"
)

// budgetInputs are inputs of n units of each format whose units are
// counted before they are read, by name.
func budgetInputs(t *testing.T, n int) map[string][]byte {
	in := map[string]func(b *strings.Builder, i int){
		"rules.txt": func(b *strings.Builder, i int) { fmt.Fprintf(b, "%d. Players act in turn.\n\n", i) },
		"rules.po": func(b *strings.Builder, i int) {
			fmt.Fprintf(b, "msgctxt \"rule:%d\"\nmsgid \"Rule %d\"\nmsgstr \"Règle %d\"\n\n", i, i, i)
		},
		"rules.csv":  func(b *strings.Builder, i int) { fmt.Fprintf(b, "%d,Rule %d text\n", i, i) },
		"rules.html": func(b *strings.Builder, i int) { fmt.Fprintf(b, "<p>%d. Players <em>act</em> in turn.</p>\n", i) },
		"rules.xlf": func(b *strings.Builder, i int) {
			fmt.Fprintf(b, "<trans-unit id=\"rule:%d\"><source>R %d</source><target>T %d</target></trans-unit>\n", i, i, i)
		},
		"rules.tmx": func(b *strings.Builder, i int) {
			fmt.Fprintf(b, "<tu tuid=\"rule:%d\"><tuv xml:lang=\"en\"><seg>R %d</seg></tuv><tuv xml:lang=\"fr\"><seg>T %d</seg></tuv></tu>\n", i, i, i)
		},
	}
	head := map[string]string{
		"rules.po":   "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Language: fr\\n\"\n\n",
		"rules.csv":  "number,text\n",
		"rules.html": "<html><body>\n",
		"rules.xlf":  `<?xml version="1.0"?>` + "\n" + `<xliff version="1.2"><file source-language="en" target-language="fr" original="x" datatype="plaintext"><body>` + "\n",
		"rules.tmx":  `<?xml version="1.0"?>` + "\n" + `<tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" creationtool="t" creationtoolversion="1" o-tmf="t"/><body>` + "\n",
	}
	tail := map[string]string{"rules.html": "</body></html>\n", "rules.xlf": "</body></file></xliff>\n", "rules.tmx": "</body></tmx>\n"}
	out := map[string][]byte{}
	for name, unit := range in {
		var b strings.Builder
		b.WriteString(head[name])
		for i := 1; i <= n; i++ {
			unit(&b, i)
		}
		b.WriteString(tail[name])
		out[name] = []byte(b.String())
	}
	d, err := ingest.Options{}.Bytes("rules.txt", out["rules.txt"])
	if err != nil {
		t.Fatal(err)
	}
	var js bytes.Buffer
	if err := corpusjson.Encode(&js, d); err != nil {
		t.Fatal(err)
	}
	out["rules.json"] = js.Bytes()
	var docx strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&docx, "<w:p><w:pPr/><w:r><w:t>%d. Rule %d applies.</w:t></w:r></w:p>", i, i)
	}
	out["rules.docx"] = makeDOCX(t, docx.String(), nil)
	return out
}

// TestBudgetUnits: each format is refused, by Options.MaxBlocks, when
// it has more units than the limit (a PO's entries, XLIFF's and TMX's
// units, a table's rows, HTML's blocks, a DOCX's paragraphs, a
// document JSON's items), the error naming the input, the count, the
// limit and the flag; at the limit each reads.
func TestBudgetUnits(t *testing.T) {
	for name, data := range budgetInputs(t, 20) {
		if _, err := (ingest.Options{MaxBlocks: 25}).Bytes(name, data); err != nil {
			t.Errorf("%s of 20 units, limit 25: %v", name, err)
		}
		_, err := ingest.Options{MaxBlocks: 15}.Bytes(name, data)
		msg := fmt.Sprint(err)
		if !strings.HasPrefix(msg, name+":") || !strings.Contains(msg, "limit of 15") || !strings.Contains(msg, "--max-blocks") ||
			!strings.Contains(msg, " 16 ") && !strings.Contains(msg, " 20 ") && !strings.Contains(msg, " 21 ") {
			t.Errorf("%s of 20 units, limit 15: %v, want an error naming it, the count, the limit and --max-blocks", name, err)
		}
	}
}

// TestBudgetShared: reads given one Budget share it: what a read keeps
// (one block an item) is what the next may not take; a read refused
// takes nothing; the error says what was left of the shared limit.
func TestBudgetShared(t *testing.T) {
	inputs := budgetInputs(t, 20)
	for name, data := range inputs {
		b := ingest.NewBudget(50)
		d, err := ingest.Options{Budget: b}.Bytes(name, data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if b.Left() != 50-len(d.Items) {
			t.Errorf("%s: %d items kept, %d of 50 left, want %d", name, len(d.Items), b.Left(), 50-len(d.Items))
		}
		if _, err := (ingest.Options{Budget: b}).Bytes(name, data); err != nil {
			t.Errorf("%s read twice, 50 shared: %v", name, err)
		}
		left := b.Left()
		_, err = ingest.Options{Budget: b}.Bytes(name, data)
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%d blocks left of the limit of 50", left)) || !strings.Contains(err.Error(), "--max-blocks") {
			t.Errorf("%s read a third time, 50 shared, %d left: %v, want refused, saying what was left", name, left, err)
		}
		if name != "rules.json" && !errors.Is(err, ingest.ErrTooManyBlocks) {
			t.Errorf("%s: %v, want ErrTooManyBlocks", name, err)
		}
		if b.Left() != left {
			t.Errorf("%s: a refused read left %d of the budget, want %d (it takes nothing)", name, b.Left(), left)
		}
	}
}
