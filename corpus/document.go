// Package corpus defines the normalized document model that every rulesync tool reads and writes.
package corpus

import (
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
)

// Kind says what an Item is within its rulebook.
type Kind string

// The kinds of item rulesync knows, the only ones a document holds
// (Unmarshal refuses others); tools treat an item without a kind like
// KindItem.
const (
	KindRule       Kind = "rule"       // a numbered rule ("36: Substantial Action")
	KindRP         Kind = "rp"         // a recommended procedure ("RP-5")
	KindAddendum   Kind = "addendum"   // an illustration-addendum entry ("Rule 40-A: ...")
	KindRegulation Kind = "regulation" // a WCA-style regulation ("1e2)")
	KindGuideline  Kind = "guideline"  // a WCA-style guideline ("1e2+)")
	KindDefinition Kind = "definition" // a defined term of a rulebook's definitions or glossary
	KindSection    Kind = "section"    // a heading with the text under it
	KindPreamble   Kind = "preamble"   // introductory text of a document or part of one
	KindItem       Kind = "item"       // anything else
)

// Kinds returns the kinds rulesync knows, in the order of their
// declaration: the only kinds a document holds.
func Kinds() []Kind {
	return []Kind{KindRule, KindRP, KindAddendum, KindRegulation, KindGuideline, KindDefinition, KindSection, KindPreamble, KindItem}
}

// Flag marks a property of an Item.
type Flag string

// Flags set by the ingesters.
const (
	// FlagTruncated marks an item whose text the publisher cut short
	// (a preview ending in "…", or cut mid-sentence).
	FlagTruncated Flag = "truncated"
	// FlagEmptyUnit marks an item of a PO, XLIFF or TMX file read from
	// a unit without translation (an empty msgstr or target), beside
	// FlagUntranslated (no unit of the item is translated) or
	// FlagTitleUntranslated (its title's is not): the source's text
	// beside the unit stands in, as after a draft's marker, and the
	// checks take the unit as no translation, as in a template.
	FlagEmptyUnit Flag = "empty-unit"
)

// UnknownEdition is the Edition of a document that states none.
const UnknownEdition = "unknown"

// Document is one edition of a rulebook in one language.
//
// The zero value is an empty document; Items are in document order.
type Document struct {
	// Edition names the edition, as rulebook slug and date or year:
	// "tda-2024", "wsop-2009", "wca-2024-01-01"; for a rulebook rulesync
	// does not know by name, the version or else the date the source
	// states ("1.7", "2023-01-01"); "unknown" when it states none.
	Edition string `json:"edition"`
	// Lang is a BCP 47 language tag ("en", "ja", "pt-BR").
	Lang string `json:"lang"`
	// Title is the document title as printed, if any.
	Title string `json:"title"`
	// Version is the version the source states ("1.0"), if any.
	Version string `json:"version,omitempty"`
	// Date is the publication date the source states, in ISO 8601 and only
	// as precise as the source: "2024", "2024-10" or "2024-10-09".
	Date string `json:"date,omitempty"`
	// DateText is the date as the source prints it ("14-го августа 2016"),
	// when ingest read Date from the text.
	DateText string `json:"date_text,omitempty"`
	Source   Source `json:"source"`
	Items    []Item `json:"items"`
	// Notes records what the ingester dropped (page chrome, navigation) and
	// any warnings about the source.
	Notes []string `json:"notes,omitempty"`
	// Obsolete are the translations the file keeps with no place in the
	// source it was made for (a PO catalogue's obsolete "#~" entries):
	// no items of the document, which a sync from it lists as orphans
	// again. Empty for every other input.
	Obsolete []Obsolete `json:"obsolete,omitempty"`

	// index finds the items by id for Item (an *itemIndex, made at the
	// first look-up of a document of more than a few items).
	index atomic.Value
}

// Obsolete is a translation that a translators' file keeps though the
// source it was made for has no place for it: the obsolete ("#~")
// entries of a PO catalogue, which msgmerge writes for a message the
// template dropped and rulesync sync for an orphan (a translation item
// with no place in the source).
type Obsolete struct {
	// Item is the translation: the id its entries name (msgctxt), its
	// kind and number read from the id, its title and text (msgstr).
	Item Item `json:"item"`
	// SourceTitle and SourceText are the source's title and text the
	// entries give beside the translation (msgid), where they give one.
	SourceTitle string `json:"source_title,omitempty"`
	SourceText  string `json:"source_text,omitempty"`
	// Reason is why it has no place, where the entries say it instead of
	// a source text (a msgid in parentheses, as sync writes it:
	// "(no counterpart in wca-2021-05-01)").
	Reason string `json:"reason,omitempty"`
}

// Name is how messages and reports name the document, every one of
// them the same way: its Edition, or, where it states none, the base name
// of the file it was read from, else the URL it was fetched from, else
// its title (the same "unknown" for every such document tells a reader
// nothing); Edition where it has none of these.
func (d *Document) Name() string {
	if d.Edition != "" && d.Edition != UnknownEdition {
		return d.Edition
	}
	switch {
	case d.Source.Path != "":
		return filepath.Base(d.Source.Path)
	case d.Source.URL != "":
		return d.Source.URL
	case d.Title != "":
		return d.Title
	}
	return d.Edition
}

// Source is the provenance of a Document.
type Source struct {
	Path     string `json:"path,omitempty"`      // file path, when read from disk
	URL      string `json:"url,omitempty"`       // URL asked for, when fetched
	FinalURL string `json:"final_url,omitempty"` // URL after redirects
	Status   int    `json:"status,omitempty"`    // HTTP status, when fetched
	Format   string `json:"format"`              // ingest format that read it
	Encoding string `json:"encoding,omitempty"`  // character encoding of the raw bytes
	SHA256   string `json:"sha256"`              // hex sha256 of the raw bytes
	Ingested string `json:"ingested,omitempty"`  // RFC 3339 time of ingest
}

// Item is one addressable unit of a rulebook: a rule, a recommended
// procedure, an addendum entry, a regulation or a section.
type Item struct {
	// ID is stable across runs and unique in its document, and made
	// from the item's numbering and outline place only (see "Item ids"
	// in id.go): "rule:36", "rule:RP-5", "rule:1e2", "rule:_14_40-A",
	// "sec:3.2", "sec:_2", and when the source prints no number
	// "item:<n>" (its 1-based position), "item:4.9.1" (its place among
	// unnumbered headings) or "item:<anchor>" (the HTML id the page
	// gives it).
	ID   string `json:"id"`
	Kind Kind   `json:"kind"`
	// Number is the number as printed ("36", "40-A", "1e2"); empty when
	// the source prints none.
	Number string `json:"number"`
	// Printed is the label as the document prints it, its punctuation
	// after it left out, where it prints a word or a counter with the
	// number ("Article 12", "Статья 3", "第十二条"): what Label names the
	// item by. Empty where the label is the number alone or there is
	// none. It labels the item for display and decides nothing of its id.
	Printed string `json:"printed,omitempty"`
	Title   string `json:"title"`
	// Text is the whole normalized body, parts included; paragraphs are
	// separated by "\n".
	Text  string `json:"text"`
	Parts []Part `json:"parts"`
	// Refs are the ids of the items this one cites, in order of first
	// citation. A citation of a part has a fragment: "rule:71#B".
	Refs  []string `json:"refs"`
	Flags []Flag   `json:"flags"`
	// Section is the title of the heading the item sits under.
	Section string `json:"section"`
	// Marks are the spans of Text the publisher marked as changed (a
	// redline edition's coloured, underlined or struck runs), in document
	// order; empty when the source carries no such formatting.
	Marks []Mark `json:"marks"`
	// IDSource says how a translation read through its source found the
	// item's id (IDLabel, IDAligned, IDProjected), or that a draft's id
	// marker gave it (IDMarked); empty for an item read alone, whose id
	// is its own reading.
	IDSource string `json:"id_source,omitempty"`
	// Confidence is how sure that reading is, in [0, 1]: the alignment's
	// score for the item (1 for a label the source prints too); 0 when
	// IDSource is empty.
	Confidence float64 `json:"confidence,omitempty"`
	// Inline are the faults of the inline markup (links, emphasis, code,
	// inline HTML: the placeholders of translators' tools) of an item
	// read from a PO, XLIFF or TMX file, against the source text the
	// file gives beside each translation; empty for any other input.
	Inline []InlineFault `json:"inline,omitempty"`
	// PreviousTitle and PreviousText are the source title and text a
	// stale translation was made from, where the file it was read from
	// gives them (a fuzzy PO entry's previous msgid, "#| msgid"); empty
	// otherwise, and for a field the file gives none for.
	PreviousTitle string `json:"previous_title,omitempty"`
	PreviousText  string `json:"previous_text,omitempty"`
}

// InlineFault is one fault of a translation's inline markup against its
// source's in an interchange file.
type InlineFault struct {
	// Segment is the unit of the file: the item id, with "/title" for
	// its title ("rule:12/title").
	Segment string `json:"segment"`
	// Fault is what is wrong: InlineMissing, InlineDuplicated,
	// InlineUnbalanced or InlineMalformed.
	Fault string `json:"fault"`
	// Markup is the markup concerned, as the source writes it around
	// its text ("[…](#2k)", "**…**", "<br>").
	Markup string `json:"markup"`
}

// The faults of inline markup (see InlineFault).
const (
	// InlineMissing: a mark of the source is not in the translation.
	InlineMissing = "missing"
	// InlineDuplicated: the translation has a mark more often than the
	// source.
	InlineDuplicated = "duplicated"
	// InlineUnbalanced: a tag that opens a span without the tag that
	// closes it, or closes one not opened, or the two in the wrong
	// order (XLIFF and TMX <bpt>/<ept>); its code is dropped from the
	// text.
	InlineUnbalanced = "unbalanced"
	// InlineMalformed: the syntax of a mark is left in the text without
	// making the mark (a link's "](dest" without its ")").
	InlineMalformed = "malformed"
)

// How a translation's item read through its source found its id (see
// Item.IDSource).
const (
	// IDLabel: the item prints the label of the source item it is paired
	// with.
	IDLabel = "label"
	// IDAligned: the item, whole, was paired with the source's item;
	// it prints no label of its own, or another.
	IDAligned = "aligned"
	// IDProjected: the item is made of blocks of the translation (lines,
	// list entries, paragraphs or parts of one) aligned with the source's,
	// the source item's boundaries projected onto them.
	IDProjected = "projected"
	// IDMarked: the item carries its source item's id in an id marker
	// of a draft rulesync sync wrote ("{{rulesync:id rule:_12_10}}").
	IDMarked = "marked"
)

// Mark is a span of an item's Text that the publisher formatted as a
// change. Start and End are rune offsets into Text, Start < End.
type Mark struct {
	Start int `json:"start"`
	End   int `json:"end"`
	// Kind is how the span was marked: "colour:RRGGBB" (a text colour
	// other than black), "underline", "strike", or "inserted" (a tracked
	// insertion).
	Kind string `json:"kind"`
}

// Part is a labelled sub-part of an Item: "A", "B", "a", "1", "1e1a", or a
// question of a Q&A list.
type Part struct {
	// Label is the normalized label: "A", "a", "2", "Q3".
	Label string `json:"label"`
	// Marker is the label as printed when it differs from Label (for
	// instance a mangled "ç ）" that stands for "c").
	Marker string `json:"marker,omitempty"`
	// Title is a heading the part carries (a term, a question), if any.
	Title string `json:"title,omitempty"`
	Text  string `json:"text"`
}

// Has reports whether the item carries flag f.
func (it *Item) Has(f Flag) bool {
	for _, g := range it.Flags {
		if g == f {
			return true
		}
	}
	return false
}

// SetFlag adds flag f, keeping Flags sorted and without repeats.
func (it *Item) SetFlag(f Flag) {
	if it.Has(f) {
		return
	}
	it.Flags = append(it.Flags, f)
	sort.Slice(it.Flags, func(i, j int) bool { return it.Flags[i] < it.Flags[j] })
}

// Item returns the item with the given id, or nil. A fragment ("#B") in
// id is ignored. Where two items share an id, it is the first.
//
// The first look-up makes an index of the items by id, kept with the
// document, so that one look-up per item costs time linear in the items
// (a scan per look-up grew with their square); a document's zero value
// and a copy of it work as they are. The index is made again when Items
// is another slice or has another length, or when the item it names no
// longer has the id: an item whose id is changed in place after a
// look-up is found by its new id only once Items is replaced (as every
// reader of rulesync makes its ids before anything looks them up).
// Look-ups may run concurrently; a look-up concurrent with a copy of the
// document or a change of its Items may not.
func (d *Document) Item(id string) *Item {
	id, _, _ = strings.Cut(id, "#")
	if len(d.Items) <= smallDocument {
		for i := range d.Items {
			if d.Items[i].ID == id {
				return &d.Items[i]
			}
		}
		return nil
	}
	for fresh := false; ; fresh = true {
		ix, _ := d.index.Load().(*itemIndex)
		if fresh || ix == nil || !ix.of(d.Items) {
			ix = newItemIndex(d.Items)
			d.index.Store(ix)
		}
		k, ok := ix.at[id]
		switch {
		case !ok:
			return nil
		case d.Items[k].ID == id:
			return &d.Items[k]
		case fresh:
			return nil
		}
	}
}

// smallDocument is the number of items up to which Item scans them
// rather than make an index.
const smallDocument = 16

// itemIndex is the position of the first item of each id in one slice
// of items (its first element's address and its length).
type itemIndex struct {
	first *Item
	n     int
	at    map[string]int32
}

func newItemIndex(items []Item) *itemIndex {
	ix := &itemIndex{first: &items[0], n: len(items), at: make(map[string]int32, len(items))}
	for k := len(items) - 1; k >= 0; k-- {
		ix.at[items[k].ID] = int32(k)
	}
	return ix
}

// of reports whether ix indexes items.
func (ix *itemIndex) of(items []Item) bool {
	return len(items) == ix.n && &items[0] == ix.first
}

// Header is how reports name a document in their JSON: its edition
// (Document.Name: where it states none, the name messages give it),
// language and title.
type Header struct {
	Edition string `json:"edition"`
	Lang    string `json:"lang"`
	Title   string `json:"title"`
}

// Header returns the document's Header; a nil document has none (nil,
// which JSON writes as null).
// WarningNote starts a note that says something about the input looks
// wrong (holes in its numbering, text dropped, little structure): the
// commands print these on standard error, --strict fails on them, and
// reports written to files carry them (Warnings).
const WarningNote = "warning: "

// Warnings returns d's warning notes (WarningNote) without the prefix,
// nil for none or a nil d.
func (d *Document) Warnings() []string {
	if d == nil {
		return nil
	}
	var w []string
	for _, n := range d.Notes {
		if rest, ok := strings.CutPrefix(n, WarningNote); ok {
			w = append(w, rest)
		}
	}
	return w
}

func (d *Document) Header() *Header {
	if d == nil {
		return nil
	}
	return &Header{d.Name(), d.Lang, d.Title}
}

// Count returns how many items are of kind k.
func (d *Document) Count(k Kind) int {
	n := 0
	for i := range d.Items {
		if d.Items[i].Kind == k {
			n++
		}
	}
	return n
}

// Validate checks the invariants every tool relies on: an edition and a
// language without control characters, ids that are non-empty and unique, and marks inside their
// item's text.
func (d *Document) Validate() error {
	if d.Edition == "" {
		return fmt.Errorf("document has no edition")
	}
	if d.Lang == "" {
		return fmt.Errorf("document has no language")
	}
	if strings.ContainsFunc(d.Edition, unicode.IsControl) || strings.ContainsFunc(d.Lang, unicode.IsControl) {
		return fmt.Errorf("edition %q, language %q: a control character", d.Edition, d.Lang)
	}
	seen := make(map[string]bool, len(d.Items))
	for i := range d.Items {
		id := d.Items[i].ID
		if id == "" {
			return fmt.Errorf("item %d has no id", i+1)
		}
		if seen[id] {
			return fmt.Errorf("item %d: duplicate id %q", i+1, id)
		}
		seen[id] = true
		if _, msg := d.Items[i].Malformed(i); msg != "" {
			return errors.New(msg)
		}
		n := -1
		for _, m := range d.Items[i].Marks {
			if n < 0 {
				n = utf8.RuneCountInString(d.Items[i].Text)
			}
			if m.Start < 0 || m.Start >= m.End || m.End > n {
				return fmt.Errorf("item %s: mark [%d,%d) outside its text of %d characters", id, m.Start, m.End, n)
			}
		}
	}
	for i := range d.Obsolete {
		if id := d.Obsolete[i].Item.ID; !WellFormedID(id) {
			return fmt.Errorf("obsolete %d: id %q is not an item id", i+1, id)
		}
	}
	return nil
}

// Malformed checks that the id and refs of it, the item at index i of
// its document (from 0), have the form of ids (WellFormedID,
// WellFormedRef); it returns the first faulty value and the fault, or
// two empty strings.
func (it *Item) Malformed(i int) (value, fault string) {
	if it.ID != "" && !WellFormedID(it.ID) {
		return it.ID, fmt.Sprintf("item %d: id %q is not an id (a prefix, ':' and letters, digits, '-', '.', '+' or '_')", i+1, it.ID)
	}
	for _, r := range it.Refs {
		if !WellFormedRef(r) {
			return r, fmt.Sprintf("item %s: ref %q is not an id", it.ID, r)
		}
	}
	return "", ""
}
