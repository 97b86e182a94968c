package ingest

import (
	"bytes"
	"slices"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// A translation draft that `rulesync sync` wrote carries markers
// ("{{rulesync:stale}}") and notes ("{{rulesync:note ...}}", the
// source's redline); see corpus.Marker. Notes are dropped from the bytes
// before any reader sees them (a redline holds brackets and asterisks a
// Markdown reader would take for links and emphasis); markers, which
// hold none, are read with the text and taken out of each item after,
// setting the item's flags.

// withoutNotes returns data without the notes of a draft; data itself
// when it has none or is a binary publication.
func withoutNotes(data []byte) []byte {
	if !bytes.Contains(data, []byte("{{rulesync:note")) || bytes.HasPrefix(data, []byte(zipMagic)) || bytes.Contains(data[:min(len(data), 1024)], []byte(pdfMagic)) {
		return data
	}
	return []byte(corpus.DropNotes(string(data)))
}

// takeMarkers takes the markers out of the items, setting their flags,
// and out of the document's title and version: a marker there (a version
// line rewritten by sync, marked for review) is kept as a note of the
// document, "marker review: version".
func takeMarkers(d *corpus.Document) {
	marked := map[string]bool{} // ids that id markers give
	fromMarker := map[int]bool{}
	draft := false
	var joined []string // the warnings of items holding several ids' markers
	for i := range d.Items {
		it := &d.Items[i]
		if w := severalIDs(it); w != "" {
			joined = append(joined, w)
		}
		if id, ok := corpus.MarkedID(it); ok {
			marked[id], fromMarker[i] = true, true
		}
		if corpus.StripItemMarkers(it) {
			draft = true
		}
	}
	// An id the reader gave by position ("item:1") yields to the same id
	// a marker gives: it is made again.
	for i := range d.Items {
		if !fromMarker[i] && marked[d.Items[i].ID] {
			d.Items[i].ID = ""
		}
	}
	for _, f := range []struct {
		name string
		v    *string
	}{{"title", &d.Title}, {"version", &d.Version}} {
		if !corpus.HasMarkers(*f.v) {
			continue
		}
		s, flags := corpus.StripMarkers(*f.v)
		*f.v = string(bytes.TrimSpace([]byte(s)))
		for _, fl := range flags {
			d.Notes = append(d.Notes, corpus.DocumentMarkerNote(fl, f.name))
		}
		draft = true
	}
	if draft {
		d.Notes = append(d.Notes, corpus.DraftNote)
	}
	if len(joined) > 0 {
		// A marked heading line of a draft the layout took into
		// another item (an old draft's heading inside a list).
		d.Notes = append(d.Notes, corpus.WarningNote+"id markers of several items in one item, one id kept: "+strings.Join(joined, "; "))
	}
}

// severalIDs names the ids of the id markers an item holds, in its
// title, text and parts, where they are more than one ("rule:5b5e,
// rule:5b5f"): the reader took a marked heading line into another
// item, and only one of them can be the item's id. "" where they are
// one or none.
func severalIDs(it *corpus.Item) string {
	var ids []string
	add := func(s string) {
		for _, id := range corpus.IDMarkers(s) {
			if !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	add(it.Title)
	add(it.Text)
	for _, p := range it.Parts {
		add(p.Title)
		add(p.Text)
	}
	if len(ids) < 2 {
		return ""
	}
	return strings.Join(ids, ", ")
}

// markedItem reports whether a heading's text holds an id marker that
// names an item (a rule's, an entry's), not a section or a preamble:
// the heading is that item, whatever its words read as.
func markedItem(text string) bool {
	if !strings.Contains(text, "{{rulesync:id ") {
		return false
	}
	id, ok := corpus.MarkedID(&corpus.Item{Title: text})
	if !ok {
		return false
	}
	prefix, _, _ := strings.Cut(id, ":")
	return prefix != "sec" && prefix != "pre"
}
