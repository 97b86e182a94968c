package reports

import (
	"bytes"
	"encoding/csv"
	"io"
	"slices"
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
)

// A CSV, TSV or JSON draft that sync wrote keeps its entries' notes
// where no reader of its items looks: a table's note column, and the
// {{rulesync:note ...}} a document JSON's texts hold, which its reader
// drops (corpus.DropNotes). Synced again, the draft keeps them as a
// Markdown draft keeps the notes in its lines (heldNote, mergedNote):
// the redline of what changed in the source stays with a stale text.

// KeptNotes are the notes of the items of a CSV, TSV or JSON draft
// that sync wrote, the translation tr read from data: each note's text
// (no "{{rulesync:note" around it) by item id; nil for any other input,
// or one that holds no note. A document JSON's are those its reading
// gave (ingest.Options.Notes: its bytes are not held), in fromJSON. A
// table's are its note column's, as a Markdown draft's are the notes
// its lines still hold.
func KeptNotes(data []byte, tr *corpus.Document, fromJSON map[string]string) map[string]string {
	switch {
	case len(fromJSON) > 0:
		return fromJSON
	case tr.Source.Format == "csv":
		return tableNotes(data, ',')
	case tr.Source.Format == "tsv":
		return tableNotes(data, '\t')
	}
	return nil
}

// tableNotes are the notes of a table draft's rows (draftTable), by the
// id column; nil where the table has no id and note columns.
func tableNotes(data []byte, sep rune) map[string]string {
	r := csv.NewReader(bytes.NewReader(data))
	r.Comma, r.FieldsPerRecord, r.LazyQuotes = sep, -1, true
	head, err := r.Read()
	if err != nil {
		return nil
	}
	col := func(name string) int { return slices.Index(head, name) }
	id, note := col("id"), col("note")
	if id < 0 || note < 0 {
		return nil
	}
	out := map[string]string{}
	for {
		row, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return out
		}
		cell := func(k int) string {
			if k < 0 || k >= len(row) {
				return ""
			}
			return row[k]
		}
		if n := strings.TrimSpace(cell(note)); n != "" {
			out[cell(id)] = n
		}
	}
	return out
}

// keptNote is the note held for the translation item of entry e
// (KeptNotes), "" for none.
func keptNote(held map[string]string, e *gaps.Entry) string {
	if held == nil || e.Target == nil || len(e.Targets) != 1 {
		return ""
	}
	return held[e.Target.ID]
}

// entryRefs are the citations of the texts entry e holds as they were
// read: its translation items' (in order, each once), else its source
// item's. Never nil: a document JSON's item lists its refs.
func entryRefs(e *gaps.Entry) []string {
	if e.Target == nil {
		return append([]string{}, e.Source.Refs...)
	}
	refs := []string{}
	for _, t := range e.Targets {
		for _, r := range t.Refs {
			if !slices.Contains(refs, r) {
				refs = append(refs, r)
			}
		}
	}
	return refs
}

// keepDocumentMarkers writes again on doc's title and version (a JSON
// draft's) the markers tr, the translation, had on its own (a draft read
// again: corpus.Document.DocumentMarkers), which its reading took out:
// the version line a draft marked for review stays marked until the
// translator takes the marker out.
func keepDocumentMarkers(doc, tr *corpus.Document) {
	for _, m := range tr.DocumentMarkers() {
		v := &doc.Version
		if m[1] == "title" {
			v = &doc.Title
		}
		if mk := corpus.Marker(corpus.Flag(m[0])); !strings.Contains(*v, mk) && strings.TrimSpace(*v) != "" {
			*v += " " + mk
		}
	}
}
