package reports

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/dates"
)

// A draft is written in the translation's own format where rulesync can
// write it, else in the source's, else in Markdown: Markdown and text
// keep the source's lines around the items and the translation's own
// lines of each item; a table (CSV, TSV) has a row per item with an id
// column; PO, XLIFF and TMX are the interchange files of the draft; JSON
// is a document as ingest writes it. Every format carries the markers of
// corpus.Marker in the item's text (PO and XLIFF say the same with their
// own fuzzy and needs-review states, TMX with rulesync's props), so
// ingest reads a draft back with
// the source's items and the flags its markers set.

// DraftFormats are the formats a draft is written in, by their --to names.
var DraftFormats = []string{"md", "text", "csv", "tsv", "po", "xliff", "tmx", "json"}

// draftFormatOf maps the ingest formats rulesync can write back to the
// draft format that writes them.
var draftFormatOf = map[string]string{
	"markdown": "md", "text": "text", "numbered": "text", "guide": "text", "addendum": "text", "reader": "text",
	"csv": "csv", "tsv": "tsv", "po": "po", "xliff": "xliff", "tmx": "tmx", "json": "json", "items": "json",
}

// DraftFormat chooses the format of a draft: want (a --to name, or an
// alias: markdown, txt, xlf) when given; else the translation's format
// when rulesync can write it (Markdown for a text translation of a
// Markdown source: the lines are the source's); else the source's; else
// Markdown.
func DraftFormat(d *gaps.Draft, want string) (string, error) {
	switch want {
	case "markdown":
		want = "md"
	case "txt":
		want = "text"
	case "xlf":
		want = "xliff"
	}
	if want != "" {
		for _, f := range DraftFormats {
			if f == want {
				return want, nil
			}
		}
		return "", fmt.Errorf("unknown format %q (want %s)", want, strings.Join(DraftFormats, ", "))
	}
	if f, ok := draftFormatOf[d.Translation.Source.Format]; ok {
		if f == "text" && d.Source.Source.Format == "markdown" {
			// Lines laid out as the source's Markdown are Markdown (the
			// translation, Markdown too, may have been read as text).
			return "md", nil
		}
		return f, nil
	}
	if f, ok := draftFormatOf[d.Source.Source.Format]; ok {
		return f, nil
	}
	return "md", nil
}

// DraftReadsText reports whether WriteDraft in format (one of
// DraftFormats) reads the text doc was read from (DraftOptions.SourceText
// or TranslationText), so that a caller holds it only then: a PO, XLIFF
// or TMX draft always (its frame); a Markdown or text draft the lines of
// Markdown and text and the inline markup of HTML; any draft the units of
// a translation read from PO, XLIFF or TMX (adoptFrame). A document
// read from its JSON records the format of its first reading, and its
// text (the JSON) is held as that format's.
func DraftReadsText(format string, doc *corpus.Document) bool {
	switch doc.Source.Format {
	case "po", "xliff", "tmx":
		return true
	}
	switch format {
	case "po", "xliff", "tmx":
		return true
	case "", "md", "text":
		f := draftFormatOf[doc.Source.Format]
		return f == "md" || f == "text" || doc.Source.Format == "html"
	}
	return false
}

// DraftOptions says how to write a draft. The zero value writes
// Markdown made from the documents alone.
type DraftOptions struct {
	// Format is one of DraftFormats; "" means "md".
	Format string
	// SourceText and TranslationText are the texts the documents were
	// read from (decoded), when they were read from Markdown, text or
	// HTML: a Markdown or text draft then keeps the source's lines
	// between items and the translation's own lines of each item (of
	// Markdown or text); a Markdown, PO, XLIFF or TMX draft carries the
	// inline markup of Markdown and HTML items (links, emphasis, code,
	// inline HTML). Empty: the lines are made from the documents, and
	// the texts are without markup.
	SourceText, TranslationText string
	// Now is the time a PO, XLIFF or TMX draft records.
	Now time.Time
	// KeptNotes are the notes of a CSV, TSV or JSON draft the
	// translation was read from, by item id (KeptNotes): the draft
	// written keeps them as it keeps those a Markdown draft's lines hold.
	KeptNotes map[string]string
	// frame is what the interchange file the translation was read from
	// holds of the draft's frame (adoptFrame), or nil.
	frame *frame
	// mk is the inline markup of the draft's documents (inlineMarkup)
	// and segs the segments of its interchange files (fileSegments),
	// where they were found once for all the files written of one draft
	// (prepared); nil: each writer finds them.
	mk   markup
	segs []segment
	// template is set for a template's segments (POT): the source's
	// runs of lines between its items are units of their own.
	template bool
	// layouts keeps the layouts of the draft's texts (locate) for the
	// writings of one draft's lines (writeChecked writes them for each
	// reading back and once more); nil: each writing finds them.
	layouts *layoutMemo
	// pairsOnly has a TMX file hold the translated pairs alone (TMX's
	// memory of a report), not a unit for each segment without
	// translation (the draft: sync --to tmx, build).
	pairsOnly bool
	// plainLabels has a Markdown draft escape the first character of a
	// line of an item's text that reads as a label (plainLabel), set
	// where the draft read back has items no entry wrote.
	plainLabels bool
	// madeLevels writes the translator's headings of a draft made
	// from the documents at the levels of the draft's own headings
	// (madeEntry), not at the translation's (checkMade chooses).
	madeLevels bool
	// titleMarked writes the title of a draft made from the documents
	// with the title marker (corpus.TitleMarker), set where the draft
	// read back has its title as an item no entry wrote (titleWhereFewer).
	titleMarked bool
	// runOn are the paragraphs of items' texts (runOnKey) a Markdown
	// draft runs on after the one before them, a blank for their line
	// break, set where the draft read back has them as items no entry
	// wrote (runOnWhereFewer).
	runOn map[string]bool
	// siblings are the entries of a draft in the source's layout whose
	// source lines are not found that are written in the label line of
	// the entry before them, their number in its place, not as a
	// heading of their own (which reads back in the middle of a list
	// as no item), set where they do not read back with their ids
	// (siblingWhereFewer).
	siblings map[int]bool
}

// prepared is d and o as the writers of a draft's files read them: the
// frame of an interchange translation adopted (adoptFrame), and the
// inline markup and the interchange files' segments found, once for the
// draft and its PO, XLIFF and TMX (a build writes the four; each found
// them again).
func prepared(d *gaps.Draft, o DraftOptions) (*gaps.Draft, DraftOptions) {
	d, o = preparedMarkup(d, o)
	if o.segs == nil {
		o.segs = fileSegments(d, o, o.mk)
	}
	return d, o
}

// preparedMarkup is prepared without the interchange files' segments:
// what a Markdown or text draft reads.
func preparedMarkup(d *gaps.Draft, o DraftOptions) (*gaps.Draft, DraftOptions) {
	d, o = adoptFrame(d.Held(), o)
	if o.layouts == nil {
		o.layouts = &layoutMemo{}
	}
	if o.mk == nil {
		o.mk = inlineMarkup(d, o)
	}
	return d, o
}

// DraftStats says how a draft was written.
type DraftStats struct {
	// Kept counts the items written from the translation's own lines;
	// Made those written from the document (the source's text or
	// layout did not hold them where they could be found).
	Kept, Made int
	// VersionLine is the front matter line that named the edition the
	// translation followed and now names the source's, or "".
	VersionLine string
	// VersionUnwritten is the version an interchange file gives the
	// translation (its document:version unit) where no line of the
	// draft holds it: the file's own version line, which the draft
	// writes, says another (the unit was edited, the line not); "" when
	// the draft holds it.
	VersionUnwritten string
	// IDMarkers counts the items of a Markdown or text draft given an id
	// marker because their layout reads back with another id; IDsDiffer
	// those whose ids still differ when the draft is read back (0 when
	// it reads back with the source's ids), with Reread the reason when
	// it could not be checked.
	IDMarkers, IDsDiffer int
	Reread               string
	// Differ are the ids of the entries IDsDiffer counts, in the
	// draft's order.
	Differ []string
	// FrameReview counts the entries of a Markdown or text draft marked
	// for review only for the lines next to them that the interchange
	// file it was read from left untranslated (no reason of their own).
	FrameReview int
	// Skeleton is set when the lines around the items are the source's
	// text's (else they were made from the documents).
	Skeleton bool
	// Unwritten are the items the draft reads back that no entry
	// wrote, each its id as read and the entry it follows ("rule:3.9
	// after rule:3.8.2.2.2"): a line of an item's text that reads as a
	// label, which a text draft cannot escape, nor run on after the
	// line before it where it begins its item's text (a Markdown draft
	// escapes it, a text draft runs it on, where that leaves fewer such
	// items: plainWhereFewer).
	Unwritten []string
	// RunOn counts the lines of items' text a text draft runs on after
	// the line before them, a blank for their line break: each read as
	// a label where it began a line, and plain text has no escape
	// (plainWhereFewer; a Markdown draft escapes them).
	RunOn int
	// missing counts, in the draft checked last, the entries not read
	// back (plainWhereFewer).
	missing int
}

// WriteDraft writes d in o.Format and says how.
func WriteDraft(w io.Writer, d *gaps.Draft, o DraftOptions) (*DraftStats, error) {
	st := &DraftStats{}
	d, o = adoptFrame(d.Held(), o)
	var err error
	switch o.Format {
	case "", "md":
		if o.layouts == nil {
			o.layouts = &layoutMemo{}
		}
		if o.mk == nil {
			// Found once for every writing of the lines (writeChecked).
			o.mk = inlineMarkup(d, o)
		}
		err = writeChecked(w, d, o, true, st)
	case "text":
		if o.layouts == nil {
			o.layouts = &layoutMemo{}
		}
		err = writeChecked(w, d, o, false, st)
	case "csv":
		err = draftTable(w, d, ',', o.KeptNotes)
	case "tsv":
		err = draftTable(w, d, '\t', o.KeptNotes)
	case "po":
		err = DraftPO(w, d, o)
	case "xliff":
		err = DraftXLIFF(w, d, o)
	case "tmx":
		err = DraftTMX(w, d, o)
	case "json":
		err = corpusjson.Encode(w, draftDocument(d, o.KeptNotes))
	default:
		err = fmt.Errorf("unknown draft format %q", o.Format)
	}
	return st, err
}

// noteRedline writes a redline for a note: deleted and inserted text in
// [-...-] and [+...+], long unchanged stretches cut to their ends.
var noteMarkers = diff.Markers{DelStart: "[-", DelEnd: "-]", InsStart: "[+", InsEnd: "+]"}

func compactRedline(spans []diff.Span) string {
	out := make([]diff.Span, len(spans))
	copy(out, spans)
	const keep = 30
	for i := range out {
		if out[i].Op != diff.Equal {
			continue
		}
		r := []rune(out[i].Text)
		switch {
		case len(r) <= 2*keep+5:
		case i == 0:
			out[i].Text = "…" + wordsFrom(r[len(r)-keep:])
		case i == len(out)-1:
			out[i].Text = wordsTo(r[:keep]) + "…"
		default:
			out[i].Text = wordsTo(r[:keep]) + " … " + wordsFrom(r[len(r)-keep:])
		}
	}
	return noteMarkers.Render(out)
}

// wordsFrom drops a word cut at the start of r (to the first space),
// wordsTo one cut at its end; text without spaces is kept as it is.
func wordsFrom(r []rune) string {
	s := string(r)
	if i := strings.IndexByte(s, ' '); i >= 0 && i < len(s)-1 {
		return s[i+1:]
	}
	return s
}

func wordsTo(r []rune) string {
	s := string(r)
	if i := strings.LastIndexByte(s, ' '); i > 0 {
		return s[:i]
	}
	return s
}

// marks returns the markers of an entry, in corpus.MarkerFlags order,
// and the note that says why ("" when there is nothing to say).
func marks(d *gaps.Draft, e *gaps.Entry) ([]string, string) {
	var ms, notes []string
	switch {
	case e.State == gaps.New:
		ms = append(ms, corpus.Marker(corpus.FlagUntranslated))
	case e.State == gaps.StaleState:
		ms = append(ms, corpus.Marker(corpus.FlagStale))
		switch {
		case e.MovedFrom != "":
			notes = append(notes, fmt.Sprintf("moved: %s of %s has this text", e.MovedFrom, d.Base.Name()))
		case e.Previous != nil && d.Base != nil:
			if e.Previous.Title != e.Source.Title {
				notes = append(notes, fmt.Sprintf("title %s: %q -> %q", d.Base.Name(), e.Previous.Title, e.Source.Title))
			}
			if len(e.Redline) > 0 && e.Previous.Text != e.Source.Text {
				notes = append(notes, fmt.Sprintf("source %s -> %s: %s", d.Base.Name(), d.Source.Name(), compactRedline(e.Redline)))
			}
		}
	}
	if len(e.Review) > 0 && e.State != gaps.New {
		ms = append(ms, corpus.Marker(corpus.FlagReview))
		notes = append(notes, "review: "+strings.Join(e.Review, "; "))
	}
	if e.From != "" && e.MovedFrom == "" && !strings.HasPrefix(e.From, "sec:") && !strings.HasPrefix(e.From, "item:") {
		notes = append(notes, "was "+e.From)
	}
	if len(notes) == 0 {
		return ms, ""
	}
	return ms, corpus.Note(strings.Join(notes, "; "))
}

// DraftDocument is the draft as a document: the source's items (ids,
// kinds, numbers, sections) with the translation's titles and texts, or
// the source's where there is none, markers in the text (a title the
// translation lacks is the source's after its own marker); the source's
// edition, the translation's language and title, and its version
// renamed to the source's, marked for review.
func DraftDocument(d *gaps.Draft) *corpus.Document {
	return draftDocument(d, nil)
}

// draftDocument is DraftDocument with the notes a draft the translation
// was read from held (KeptNotes) kept in its items' texts, and each
// item's citations those of the texts it holds as they were read (the
// translation's items', else the source's), which its text, written
// without its links, may not show.
func draftDocument(d *gaps.Draft, held map[string]string) *corpus.Document {
	doc := &corpus.Document{Edition: d.Source.Edition, Lang: d.Translation.Lang, Title: d.Translation.Title,
		Version: d.Translation.Version, Date: d.Source.Date}
	if doc.Title == "" {
		doc.Title = d.Source.Title
	}
	if v, ok := redateVersion(d); ok {
		doc.Version = v + " " + corpus.Marker(corpus.FlagReview)
	}
	keepDocumentMarkers(doc, d.Translation)
	doc.Source = corpus.Source{Format: "json", SHA256: d.Translation.Source.SHA256}
	for i := range d.Entries {
		e := &d.Entries[i]
		it := corpus.Item{ID: e.Source.ID, Kind: e.Source.Kind, Number: e.Source.Number, Section: e.Source.Section,
			Title: e.Source.Title, Text: e.Source.Text, Parts: e.Source.Parts}
		if e.Target != nil {
			it.Title, it.Text, it.Parts = d.Title(e), d.Text(e), nil
			if len(e.Targets) == 1 {
				it.Parts = e.Target.Parts
			}
			if it.Title == "" && strings.TrimSpace(e.Source.Title) != "" {
				it.Title = untranslatedTitle("", e.Source.Title)
			}
		}
		ms, note := marks(d, e)
		note = mergedNote(note, keptNote(held, e))
		lead := strings.Join(ms, " ")
		if note != "" {
			lead = strings.TrimSpace(lead + " " + note)
		}
		if lead != "" {
			it.Text = strings.TrimSpace(lead + " " + it.Text)
		}
		it.Refs = entryRefs(e)
		doc.Items = append(doc.Items, it)
	}
	return doc
}

// draftTable writes one row per source item: id, number, kind, section,
// title, text (markers in it), status, note and refs (entryRefs,
// blank-separated); ingest's csv and tsv formats read it back by the id
// column, with its citations (status and note are no item's: sync keeps
// the notes, KeptNotes). held are the notes of the draft the translation
// was (KeptNotes).
func draftTable(w io.Writer, d *gaps.Draft, sep rune, held map[string]string) error {
	var b bytes.Buffer
	cw := csv.NewWriter(&b)
	cw.Comma = sep
	cw.Write([]string{"id", "number", "kind", "section", "title", "text", "status", "note", "refs"})
	for i := range d.Entries {
		e := &d.Entries[i]
		title, text := e.Source.Title, e.Source.Text
		if e.Target != nil {
			title, text = d.Title(e), d.Text(e)
			if title == "" && strings.TrimSpace(e.Source.Title) != "" {
				title = untranslatedTitle("", e.Source.Title)
			}
		}
		ms, note := marks(d, e)
		note = mergedNote(note, keptNote(held, e))
		if len(ms) > 0 {
			if text != "" {
				text = strings.Join(ms, " ") + " " + text
			} else {
				title = strings.Join(ms, " ") + " " + title
			}
		}
		note = strings.TrimSuffix(strings.TrimPrefix(note, "{{rulesync:note "), "}}")
		if sep == '\t' {
			// A TSV cell holds no tab or line break.
			title, text, note = tsvCell(title), tsvCell(text), tsvCell(note)
		}
		cw.Write([]string{e.Source.ID, e.Source.Number, string(e.Source.Kind), e.Source.Section, title, text, status(e), note, strings.Join(entryRefs(e), " ")})
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

// status names an entry's state as the sync report does: carried,
// stale or untranslated.
func status(e *gaps.Entry) string {
	return map[gaps.State]string{gaps.Translated: "carried", gaps.StaleState: "stale", gaps.New: "untranslated"}[e.State]
}

func tsvCell(s string) string {
	return strings.NewReplacer("\t", " ", "\r", "", "\n", " ").Replace(s)
}

// redateVersion returns the translation's version renamed to the source
// edition, when the translation states the date of the edition it
// follows (its base) and the source is of another date: "2021年5月1日"
// -> "2024年1月1日", written as the translation writes dates (dates.Rewrite).
func redateVersion(d *gaps.Draft) (string, bool) {
	t := d.Translation
	if t.Version == "" || t.Date == "" || d.Source.Date == "" || t.Date == d.Source.Date {
		return "", false
	}
	if d.Base != nil && d.Base.Date != "" && d.Base.Date != t.Date {
		return "", false
	}
	return dates.Rewrite(t.Version, t.Lang, t.Date, d.Source.Date)
}

// trFront is the translation's lines before the first item the draft
// places: the lines before its first item, and where the translation's
// first items have no place in the source (orphans: a note before the
// title, the title and a line under it read as an item), the lines
// between them and after them.
func (lw *lineWriter) trFront() []string {
	out := slices.Clone(lw.tr.gap(-1))
	first := lw.trAt(0)
	if first < 0 {
		return out
	}
	orphan := map[int]bool{}
	for _, o := range lw.d.Orphans {
		if j, ok := lw.trIndex[o.Target]; ok {
			orphan[j] = true
		}
	}
	for k := range first {
		if lw.tr.found(k) && !orphan[k] {
			return out
		}
	}
	if !lw.clearBetween(-1, first) {
		return out
	}
	for k := range first {
		if lw.tr.found(k) {
			out = append(out, lw.tr.gap(k)...)
		}
	}
	for len(out) > 0 && strings.TrimSpace(out[0]) == "" {
		out = out[1:]
	}
	return out
}

// titledFront is the translation's lines before the first item the
// draft places (tr) with the document's title: where the translation
// heads it with lines ingest reads as an item of its own (titled with
// the document's title) that has no place in the source (an orphan),
// and the source's lines before its first item (src) hold the source's
// title, the source's lines up to the title's line, with the
// translation's title and version in place of the source's (and the
// blank line after it), come first, so that the draft is headed by the
// translation's title and reads back with the source's items, as the
// source does.
func titledFront(d *gaps.Draft, src, tr []string, md bool) []string {
	t, s := strings.TrimSpace(d.Translation.Title), strings.TrimSpace(d.Source.Title)
	if t == "" || s == "" || !slices.ContainsFunc(d.Orphans, func(o gaps.Orphan) bool {
		return o.Target != nil && strings.TrimSpace(o.Target.Title) == t
	}) {
		return tr
	}
	k := slices.IndexFunc(src, func(l string) bool { return strings.Contains(l, s) })
	if k < 0 {
		return tr
	}
	sub := frameSubst(d, src, md)
	out := slices.Clone(sub[:k+1])
	if k+1 < len(sub) && strings.TrimSpace(sub[k+1]) == "" {
		out = append(out, "")
	}
	for len(tr) > 0 && strings.TrimSpace(tr[0]) == "" {
		tr = tr[1:]
	}
	return append(out, tr...)
}

// untranslatedTitle is a heading's number and the source's title
// standing in for a translation of it, after the title's marker
// ("RP-2 {{rulesync:title-untranslated}} Bringing in Bets is
// Discouraged"), which ingest reads as corpus.FlagTitleUntranslated
// wherever it stands, so that gaps counts the title untranslated and
// the text translated.
func untranslatedTitle(number, title string) string {
	return strings.TrimSpace(number + " " + corpus.Marker(corpus.FlagTitleUntranslated) + " " + title)
}

// first is the first of two values.
func first[T, U any](t T, _ U) T { return t }
