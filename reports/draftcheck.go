package reports

import (
	"bytes"
	"io"
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
)

// The check of a Markdown or text draft: it is written, read back as
// ingest reads it, and written again with what the reading showed (id
// markers, escaped label lines, the translation's heading levels).

// writeChecked writes a Markdown or text draft and reads it back as
// ingest would: an item that does not come back with the source's id
// gets an id marker (corpus.IDMarker) and the draft is written again, so
// that ingest reads every draft with the source's ids (checkSkeleton,
// checkMade).
//
// The draft read back is not held while it is read (readBack), and the
// one checked is written again at the end: writing it costs a small part
// of reading it, and the read of 200k items holds some 250 MB.
func writeChecked(w io.Writer, d *gaps.Draft, o DraftOptions, markdown bool, st *DraftStats) error {
	marks := map[int]bool{}
	if hasSkeleton(d, o) {
		checkSkeleton(d, o, markdown, st, marks)
		if st.IDsDiffer > 0 {
			o = siblingWhereFewer(d, o, markdown, st, marks)
		}
	} else {
		o, marks = checkLevels(d, o, markdown, st)
		if len(st.Unwritten) > 0 {
			o = titleWhereFewer(d, o, markdown, st, marks)
		}
	}
	if len(st.Unwritten) > 0 {
		o = plainWhereFewer(d, o, markdown, st, marks)
	}
	if len(st.Unwritten) > 0 && markdown {
		o = runOnWhereFewer(d, o, st, marks)
	}
	checked := *st
	var buf bytes.Buffer
	*st = DraftStats{}
	writeLines(&buf, d, o, markdown, st, marks)
	st.IDMarkers, st.IDsDiffer, st.Reread, st.Unwritten, st.Differ = checked.IDMarkers, checked.IDsDiffer, checked.Reread, checked.Unwritten, checked.Differ
	_, err := w.Write(buf.Bytes())
	return err
}

// checkSkeleton marks the items of a draft in the source's own layout
// that do not read back with their ids, and reads it again, round after
// round (an item marked can change how the items after it read: a
// translator's heading nested otherwise than the source's), madeRounds
// at most. An unnumbered heading's id is the slug of its title in the
// language it is written in: it is not marked; one named by its place
// in the outline of unnumbered headings (corpus.PlaceID: "sec:_1.1",
// which the translation's heading levels can give otherwise) is.
func checkSkeleton(d *gaps.Draft, o DraftOptions, markdown bool, st *DraftStats, marks map[int]bool) {
	for round := 0; ; round++ {
		back, err := readBack(d, o, markdown, st, marks)
		st.IDMarkers = len(marks)
		if err != nil {
			st.Reread, st.IDsDiffer = err.Error(), len(d.Entries)
			return
		}
		st.Unwritten, st.missing = unwritten(back, d), len(missingIDs(back, d))
		st.IDsDiffer, st.Differ = 0, nil
		for _, i := range missingIDs(back, d) {
			if d.Entries[i].Source.Number != "" || corpus.PlaceID(d.Entries[i].Source.ID) {
				st.IDsDiffer++
				st.Differ = append(st.Differ, d.Entries[i].Source.ID)
				if round < madeRounds-1 {
					marks[i] = true
				}
			}
		}
		if st.IDsDiffer == 0 || round >= madeRounds-1 {
			return
		}
	}
}

// checkMade marks the items of a draft made from the documents: every
// item not headed by the translator's own heading (madeHeading) at
// once, as its heading says nothing of kinds ("RP-5" reads back as a
// rule); an item headed by the translator's heading ("### 제 1 조")
// where the draft does not read back with its id, kind and title (a
// marked heading reads as its title all but a number it begins with:
// "제 1 조" would be the title), round after round, and, where such an
// item still does not after madeRounds, every item, which is then
// headed by its number and title.
func checkMade(d *gaps.Draft, o DraftOptions, markdown bool, st *DraftStats, marks map[int]bool) {
	lw := newLineWriter(d, o, markdown, &DraftStats{}, nil)
	for i := range d.Entries {
		if e := &d.Entries[i]; e.Target == nil || first(lw.madeHeading(e)) == "" {
			marks[i] = true
		}
	}
	for round := 0; ; round++ {
		back, err := readBack(d, o, markdown, st, marks)
		st.IDMarkers = len(marks)
		if err != nil {
			st.Reread, st.IDsDiffer = err.Error(), len(d.Entries)
			return
		}
		missing := missingIDs(back, d)
		st.IDsDiffer, st.Differ = len(missing), nil
		for _, i := range missing {
			st.Differ = append(st.Differ, d.Entries[i].Source.ID)
		}
		st.Unwritten, st.missing = unwritten(back, d), len(missing)
		wrong := otherTitles(back, d, marks)
		for _, i := range missing {
			if !marks[i] {
				wrong = append(wrong, i)
			}
		}
		if len(wrong) == 0 {
			return
		}
		for _, i := range wrong {
			marks[i] = true
		}
		if round >= madeRounds-1 {
			for i := range d.Entries {
				marks[i] = true
			}
		}
	}
}

// checkLevels marks the items of a draft made from the documents
// (checkMade) with the translator's headings at the translation's
// levels, and at the draft's own ("##" for a section, "###" else), and
// keeps the one that writes more of the translator's headings (the
// translation's levels where as many): a translator's heading among
// the draft's own may nest otherwise than in the translation, and read
// back as another item.
func checkLevels(d *gaps.Draft, o DraftOptions, markdown bool, st *DraftStats) (DraftOptions, map[int]bool) {
	marks := map[int]bool{}
	checkMade(d, o, markdown, st, marks)
	kept := madeKept(d, o, markdown, marks)
	if kept == 0 || !markdown {
		return o, marks
	}
	alt, altSt, altMarks := o, &DraftStats{}, map[int]bool{}
	alt.madeLevels = true
	checkMade(d, alt, markdown, altSt, altMarks)
	if madeKept(d, alt, markdown, altMarks) > kept {
		*st = *altSt
		return alt, altMarks
	}
	return o, marks
}

// madeKept counts the entries a draft made from the documents heads
// with the translator's heading, marks the entries with an id marker.
func madeKept(d *gaps.Draft, o DraftOptions, markdown bool, marks map[int]bool) int {
	lw := newLineWriter(d, o, markdown, &DraftStats{}, marks)
	n := 0
	for i := range d.Entries {
		e := &d.Entries[i]
		if e.Target == nil {
			continue
		}
		if w, _ := lw.madeHeading(e); w != "" && (!marks[i] || markedTitle(d, e, w)) {
			n++
		}
	}
	return n
}

// madeRounds is how many times checkMade marks the items headed by the
// translator's heading that read back otherwise before it marks every
// item, and how many times checkSkeleton reads a draft: an item marked
// can change how the items after it read (a numbering it began), and
// most drafts read back at the second.
const madeRounds = 3

// otherTitles returns the entries not in marks whose item the
// read-back draft gives with another title than the translation's.
func otherTitles(back *corpus.Document, d *gaps.Draft, marks map[int]bool) []int {
	at := map[string]*corpus.Item{}
	for k := range back.Items {
		at[back.Items[k].ID] = &back.Items[k]
	}
	var out []int
	for i := range d.Entries {
		e := &d.Entries[i]
		if marks[i] {
			continue
		}
		if b := at[e.Source.ID]; b == nil || corpus.Fold(strings.TrimSpace(b.Title)) != corpus.Fold(strings.TrimSpace(d.Title(e))) {
			out = append(out, i)
		}
	}
	return out
}

// readBack writes the draft, the entries of marks with an id marker, and
// reads it as ingest would, without its notes (withoutNotes: ingest drops
// them before anything reads the bytes; here they are dropped line by
// line where they stand, noteless, not by a scan of the whole draft). Only
// ingest holds the draft while it reads it.
func readBack(d *gaps.Draft, o DraftOptions, markdown bool, st *DraftStats, marks map[int]bool) (*corpus.Document, error) {
	buf := &bytes.Buffer{}
	*st = DraftStats{}
	writeLines(buf, d, o, markdown, st, marks)
	return ingest.Options{}.Bytes("draft", noteless(buf.Bytes()))
}

// notePrefix begins every note (corpus.Note).
const notePrefix = "{{rulesync:note"

// noteless is draft without its notes, as corpus.DropNotes makes it: each
// line that holds a note without it. A note of a draft stands on one line
// (corpus.Note), where a match of DropNotes that begins on a line ends;
// should any note begin on a line and not end on it (one that a
// translation's text brought), the whole draft is given to DropNotes.
func noteless(draft []byte) []byte {
	if !bytes.Contains(draft, []byte(notePrefix)) {
		return draft
	}
	out := make([]byte, 0, len(draft))
	for rest := draft; len(rest) > 0; {
		line := rest
		if k := bytes.IndexByte(rest, '\n'); k >= 0 {
			line = rest[:k+1]
		}
		rest = rest[len(line):]
		if !bytes.Contains(line, []byte(notePrefix)) {
			out = append(out, line...)
			continue
		}
		dropped := corpus.DropNotes(string(line))
		if strings.Contains(dropped, notePrefix) {
			return []byte(corpus.DropNotes(string(draft)))
		}
		out = append(out, dropped...)
	}
	return out
}

// missingIDs returns the entries whose source id (with its kind) the
// read-back draft does not give, in order (an item of the draft that is
// no entry's, such as the document's title read as a heading of its
// own, is passed over).
func missingIDs(back *corpus.Document, d *gaps.Draft) []int {
	at := map[string]int{}
	for k := range back.Items {
		at[back.Items[k].ID] = k
	}
	var out []int
	last := -1
	for i := range d.Entries {
		k, ok := at[d.Entries[i].Source.ID]
		if !ok || k <= last || back.Items[k].Kind != d.Entries[i].Source.Kind {
			out = append(out, i)
			continue
		}
		last = k
	}
	return out
}

// plainWhereFewer writes the lines of items' text that read as labels
// as text (DraftOptions.plainLabels: "Version 1.0 ..." in a front text
// read as an item of its own) where the draft checked (st) read back
// with items no entry wrote, and keeps that draft where it has fewer
// such items and no more entries missing.
func plainWhereFewer(d *gaps.Draft, o DraftOptions, markdown bool, st *DraftStats, marks map[int]bool) DraftOptions {
	plain := o
	plain.plainLabels = true
	back, err := readBack(d, plain, markdown, &DraftStats{}, marks)
	if err != nil {
		return o
	}
	if left := unwritten(back, d); len(left) < len(st.Unwritten) && len(missingIDs(back, d)) <= st.missing {
		st.Unwritten = left
		return plain
	}
	return o
}

// runOnWhereFewer runs each paragraph of an item's text that the
// Markdown draft checked (st) read back as an item no entry wrote (a
// short line that reads as a heading of its own, escaped as it is) on
// after the paragraph before it, a blank for its line break
// (DraftOptions.runOn), and
// keeps that draft where it reads back with fewer such items and no
// more entries missing.
func runOnWhereFewer(d *gaps.Draft, o DraftOptions, st *DraftStats, marks map[int]bool) DraftOptions {
	back, err := readBack(d, o, true, &DraftStats{}, marks)
	if err != nil {
		return o
	}
	run := o
	run.runOn = map[string]bool{}
	for _, k := range unwrittenItems(back, d) {
		// The line read as the item's heading: its title, else the
		// first line of its text.
		it := &back.Items[k]
		p := it.Title
		if p == "" {
			p, _, _ = strings.Cut(it.Text, "\n")
		}
		run.runOn[runOnKey(p)] = true
	}
	back, err = readBack(d, run, true, &DraftStats{}, marks)
	if err != nil {
		return o
	}
	if left := unwritten(back, d); len(left) < len(st.Unwritten) && len(missingIDs(back, d)) <= st.missing {
		st.Unwritten = left
		return run
	}
	return o
}

// siblingWhereFewer writes the entries of a draft in the source's
// layout that the draft checked (st) does not read back with their ids
// in the label line of the entry before them (DraftOptions.siblings:
// those whose source lines are not found, which are else headed by a
// heading of their own), and keeps that draft where fewer entries are
// missing and no more items read back that no entry wrote.
func siblingWhereFewer(d *gaps.Draft, o DraftOptions, markdown bool, st *DraftStats, marks map[int]bool) DraftOptions {
	back, err := readBack(d, o, markdown, &DraftStats{}, marks)
	if err != nil {
		return o
	}
	sib := o
	sib.siblings = map[int]bool{}
	for _, i := range missingIDs(back, d) {
		sib.siblings[i] = true
	}
	back, err = readBack(d, sib, markdown, &DraftStats{}, marks)
	if err != nil {
		return o
	}
	missing := missingIDs(back, d)
	if len(missing) >= st.IDsDiffer || len(unwritten(back, d)) > len(st.Unwritten) {
		return o
	}
	st.missing, st.IDsDiffer, st.Differ = len(missing), 0, nil
	for _, i := range missing {
		if d.Entries[i].Source.Number != "" || corpus.PlaceID(d.Entries[i].Source.ID) {
			st.IDsDiffer++
			st.Differ = append(st.Differ, d.Entries[i].Source.ID)
		}
	}
	st.Unwritten = unwritten(back, d)
	return sib
}

// titleWhereFewer writes the title of a draft made from the documents
// with the title marker (DraftOptions.titleMarked) where the draft
// checked (st) read back with items no entry wrote (the title read as
// the first item of a document whose structure comes from its
// headings), and keeps that draft where it has fewer such items and no
// more entries missing.
func titleWhereFewer(d *gaps.Draft, o DraftOptions, markdown bool, st *DraftStats, marks map[int]bool) DraftOptions {
	marked := o
	marked.titleMarked = true
	back, err := readBack(d, marked, markdown, &DraftStats{}, marks)
	if err != nil {
		return o
	}
	left, missing := unwritten(back, d), missingIDs(back, d)
	if len(left) >= len(st.Unwritten) || len(missing) > st.missing {
		return o
	}
	st.Unwritten, st.missing, st.IDsDiffer, st.Differ = left, len(missing), len(missing), nil
	for _, i := range missing {
		st.Differ = append(st.Differ, d.Entries[i].Source.ID)
	}
	return marked
}

// unwritten lists the items of the draft read back whose id no entry
// has (DraftStats.Unwritten), but for an unnumbered heading with the
// title of an unnumbered entry not read back: its id is the slug of
// its title in the words it is written in, or its place, which the
// translation's headings may give otherwise than the source's.
func unwritten(back *corpus.Document, d *gaps.Draft) []string {
	ids := make(map[string]bool, len(d.Entries))
	for i := range d.Entries {
		ids[d.Entries[i].Source.ID] = true
	}
	var out []string
	after, next := "", 0
	items := unwrittenItems(back, d)
	for k := range back.Items {
		id := back.Items[k].ID
		switch {
		case ids[id]:
			after = id
		case next < len(items) && items[next] == k:
			next++
			if after == "" {
				out = append(out, id+" before the first item")
			} else {
				out = append(out, id+" after "+after)
			}
		}
	}
	return out
}

// unwrittenItems are the indexes of the items of unwritten in back.
func unwrittenItems(back *corpus.Document, d *gaps.Draft) []int {
	ids := make(map[string]bool, len(d.Entries))
	for i := range d.Entries {
		ids[d.Entries[i].Source.ID] = true
	}
	read := make(map[string]bool, len(back.Items))
	for k := range back.Items {
		read[back.Items[k].ID] = true
	}
	titles := map[string]int{} // the titles of the unnumbered entries not read back
	for i := range d.Entries {
		if e := &d.Entries[i]; e.Source.Number == "" && !read[e.Source.ID] {
			t := d.Title(e)
			if t == "" {
				t = e.Source.Title
			}
			titles[corpus.Fold(strings.TrimSpace(t))]++
		}
	}
	var out []int
	for k := range back.Items {
		it := &back.Items[k]
		if t := corpus.Fold(strings.TrimSpace(it.Title)); !ids[it.ID] && it.Number == "" && t != "" && titles[t] > 0 {
			titles[t]--
			continue
		}
		if !ids[it.ID] {
			out = append(out, k)
		}
	}
	return out
}
