package ingest

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/corpus/corpusjson"
)

// unitsToItems makes the translation document of an interchange file:
// one item per id, in the order of first appearance, its title from the
// "/title" unit and its text from the other. A unit without a
// translation (an empty msgstr or target) keeps its item: an item none
// of whose units is translated is marked untranslated, its title and
// text the source's beside them (as a Markdown draft writes the source's
// text after {{rulesync:untranslated}}); one whose text is translated
// and whose title is not has the source's title, marked
// title-untranslated. An item's kind is its id's prefix's, or the kind
// its draft note names (rulesync writes it where the prefix does not
// say it). An id that is not one, a draft note's kind that names none,
// or an id that comes twice, is an error at its line; what names the
// id field in messages.
func unitsToItems(units []unit, d *corpus.Document, what string) error {
	index := map[string]int{}
	seen := map[string]int{}  // ctx -> line
	empty := map[int]uint8{}  // item -> its units without translation (unitTitle, unitText)
	filled := map[int]uint8{} // item -> its units with one
	translated := 0
	for _, u := range units {
		if first, ok := seen[u.ctx]; ok {
			return unitError(u, "duplicate %s %q (first at line %d)", what, u.ctx, first)
		}
		seen[u.ctx] = u.line
		if frame, ok := frameUnit(u.ctx); ok {
			// The document's title and version, the lines between
			// items: no item's.
			switch t := strings.TrimSpace(u.target); {
			case t == "":
			case frame == frameTitle:
				d.Title = t
			case frame == frameVersion:
				d.Version = t
			}
			continue
		}
		id, field, _ := strings.Cut(u.ctx, "/")
		if !corpus.WellFormedID(id) || field != "" && field != "title" {
			return unitError(u, "%s %q is not an item id (\"rule:12\", \"reg:1a/title\")", what, u.ctx)
		}
		kind, err := unitKind(u)
		if err != nil {
			return err
		}
		i, ok := index[id]
		if !ok {
			i = len(d.Items)
			index[id] = i
			d.Items = append(d.Items, idItem(id))
		}
		it := &d.Items[i]
		if kind != "" {
			it.Kind = kind
		}
		bit := unitText
		if field == "title" {
			bit = unitTitle
		}
		if strings.TrimSpace(u.target) == "" {
			empty[i] |= bit
			setField(it, field, untranslatedSource(u))
			continue
		}
		filled[i] |= bit
		translated++
		setUnit(it, field, u)
	}
	if translated == 0 {
		return errors.New("no translated entry: every target is empty (a template, or nothing translated yet)")
	}
	for i, e := range empty {
		markUntranslated(&d.Items[i], e, filled[i])
	}
	return nil
}

// markUntranslated marks an item some of whose units (empty, as bits)
// have no translation, filled those that have one: untranslated where
// none has, title-untranslated where the text has and the title not
// (corpus.FlagEmptyUnit with either).
func markUntranslated(it *corpus.Item, empty, filled uint8) {
	switch {
	case filled == 0:
		it.SetFlag(corpus.FlagUntranslated)
		it.SetFlag(corpus.FlagEmptyUnit)
	case empty&unitTitle != 0 && filled&unitText != 0 && it.Title != "":
		it.SetFlag(corpus.FlagTitleUntranslated)
		it.SetFlag(corpus.FlagEmptyUnit)
	case empty&unitText != 0:
		// A title translated alone: the text stays empty, as the
		// translation has it.
		it.Text = ""
	}
}

// The units of an item, as bits: its title's, its text's.
const (
	unitTitle uint8 = 1 << iota
	unitText
)

// unitError is a parse error at the unit's id.
func unitError(u unit, format string, args ...any) error {
	return &corpusjson.ParseError{Position: corpus.Position{Line: u.line, Col: u.col}, Msg: fmt.Sprintf(format, args...)}
}

// untranslatedSource is what stands in for the translation of a unit
// without one: its source text, or "" where that is the unit's id in
// parentheses (the title a translation gave an item whose source has
// none: no source's title to stand in).
func untranslatedSource(u unit) string {
	if s := strings.TrimSpace(u.source); s == "("+u.ctx+")" {
		return ""
	}
	return u.source
}

// unitKind is the kind a unit's draft note names ("kind"), or "" where
// it names none; a name that is no kind is an error at the unit.
func unitKind(u unit) (corpus.Kind, error) {
	if !strings.Contains(u.draft, `"kind"`) {
		return "", nil
	}
	var n struct {
		Kind string `json:"kind"`
	}
	if err := json.Unmarshal([]byte(u.draft), &n); err != nil || n.Kind == "" {
		return "", nil
	}
	if k := corpus.Kind(n.Kind); slices.Contains(corpus.Kinds(), k) {
		return k, nil
	}
	return "", unitError(u, "the draft note of %q names the kind %q, which is none (%s)", u.ctx, n.Kind, kindList())
}

// kindList names the kinds, for messages.
func kindList() string {
	var ks []string
	for _, k := range corpus.Kinds() {
		ks = append(ks, string(k))
	}
	return strings.Join(ks, ", ")
}

// setField sets the item's title (field "title") or text to s.
func setField(it *corpus.Item, field, s string) {
	if field == "title" {
		it.Title = s
	} else {
		it.Text = s
	}
}

// setUnit sets the item's field from a translated unit: its target
// without the codes that pair with none, its inline faults against the
// source beside it, its review and stale states.
func setUnit(it *corpus.Item, field string, u unit) {
	faults, drop := pairCodes(u.ctx, u.target, u.codes)
	u.target = dropCodes(u.target, drop)
	if u.hasSource {
		faults = append(faults, withoutKnown(inlineFaults(u.ctx, u.source, u.target), u.known)...)
	}
	setField(it, field, u.target)
	if u.review {
		it.SetFlag(corpus.FlagReview)
	}
	if u.stale {
		it.SetFlag(corpus.FlagStale)
		if field == "title" {
			it.PreviousTitle = u.previous
		} else {
			it.PreviousText = u.previous
		}
	}
	it.Inline = append(it.Inline, faults...)
}

// idItem makes an empty item with id, its kind and number read from the
// id ("reg:1e1a" is regulation 1e1a; "sec:article-A" is article A;
// "rule:_2_6" is number 6 under the heading at outline place _2).
func idItem(id string) corpus.Item {
	prefix, name, _ := strings.Cut(id, ":")
	it := corpus.Item{ID: id, Kind: corpus.KindItem}
	if k, ok := idKinds[prefix]; ok {
		it.Kind = k
	}
	switch {
	case prefix == "sec" && strings.HasPrefix(name, "article-"):
		it.Number = strings.TrimPrefix(name, "article-")
	case prefix != "sec" && prefix != "item" && prefix != "pre":
		// A numbering that starts again under a heading qualifies the
		// number by it ("rule:_2_6", "rule:3_1": number 6, 1).
		it.Number = name[strings.LastIndex(name, "_")+1:]
	}
	return it
}
