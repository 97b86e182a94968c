package ingest

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// Besides the items' titles and texts, an interchange file rulesync
// writes for a draft holds the draft's frame, what the draft writes
// from the translation around the items, as units of their own whose
// ids are no item's: the document's title ("document:title") and
// version ("document:version"), and the lines the translation has
// before the first item ("document:front" for the lines together,
// "document:front.3" for the third alone) and after an item
// ("rule:12/after", "rule:12/after.3"). Reading the file as a document,
// the title and version are the document's; the lines are the draft
// writer's (InterchangeUnits).

// Frame units (see frameUnit).
const (
	frameTitle   = "document:title"
	frameVersion = "document:version"
	frameFront   = "document:front"
	frameAfter   = "after"
)

// FrameTitle, FrameVersion and FrameFront are the ids of the document's
// title, its version, and the lines before its first item in an
// interchange file; FrameAfter(id, k) that of the lines after an item.
const (
	FrameTitle   = frameTitle
	FrameVersion = frameVersion
	FrameFront   = frameFront
)

// FrameAfter returns the unit id of the lines after item id: all of
// them (k 0) or the k-th (1-based).
func FrameAfter(id string, k int) string {
	return FrameLine(id+"/"+frameAfter, k)
}

// FrameLine returns the unit id of the k-th line (1-based) of the lines
// whose unit id is ctx, or ctx itself for k 0.
func FrameLine(ctx string, k int) string {
	if k == 0 {
		return ctx
	}
	return ctx + "." + strconv.Itoa(k)
}

// frameUnit reports whether ctx is a unit of the draft's frame, and
// which: frameTitle, frameVersion, or the lines (frameFront, "after").
func frameUnit(ctx string) (string, bool) {
	switch ctx {
	case frameTitle, frameVersion:
		return ctx, true
	}
	lines := func(s, base string) bool {
		rest, ok := strings.CutPrefix(s, base)
		if !ok {
			return false
		}
		if rest == "" {
			return true
		}
		n, err := strconv.Atoi(strings.TrimPrefix(rest, "."))
		return strings.HasPrefix(rest, ".") && err == nil && n > 0
	}
	if lines(ctx, frameFront) {
		return frameFront, true
	}
	if id, field, ok := strings.Cut(ctx, "/"); ok && corpus.WellFormedID(id) && lines(field, frameAfter) {
		return frameAfter, true
	}
	return "", false
}

// DraftAnnotation starts a unit's note of how the draft wrote it (a PO
// extracted comment "#.", an XLIFF <note>, a TMX <prop
// type="x-rulesync-draft">): the reason the unit needs review, the id
// the translation gave the item, the translation's own lines of the
// item. The draft writer reads it back (InterchangeUnits); it is no
// translation.
const DraftAnnotation = "rulesync draft: "

// InterchangeUnit is one unit of a PO, XLIFF or TMX file: its id, its
// source and target text (inline markup in Markdown syntax), whether it
// needs review or is stale, its draft annotation (DraftAnnotation,
// without the prefix), and the line and column of its id in the file
// (a PO's msgctxt, or the reference "#:" that gave the id).
type InterchangeUnit struct {
	ID, Source, Target string
	Review, Stale      bool
	Draft              string
	Line, Col          int
}

// obsoleteFrame are the frame units among a catalogue's obsolete entries
// that its live entries lack: msgmerge with a template (POT) makes the
// units of a translation's own lines around its items obsolete, as no
// template holds them, and the draft still writes them.
func obsoleteFrame(units, obsolete []unit) []unit {
	var out []unit
	for _, u := range obsolete {
		if _, ok := frameUnit(u.ctx); !ok || slices.ContainsFunc(units, func(v unit) bool { return v.ctx == u.ctx }) {
			continue
		}
		out = append(out, u)
	}
	return out
}

// InterchangeUnits reads the units of an interchange file (format po,
// xliff or tmx; lang chooses among a TMX's languages as Options.Lang
// does), frame units included, in the file's order. A unit without a
// translation has an empty Target.
func InterchangeUnits(format, text, lang string) ([]InterchangeUnit, error) {
	d := &corpus.Document{}
	var units []unit
	var err error
	switch format {
	case "po":
		var obsolete []unit
		units, obsolete, err = poUnits(text, d)
		units = append(units, obsoleteFrame(units, obsolete)...)
	case "xliff":
		units, err = xliffUnits(text, d)
	case "tmx":
		units, err = tmxUnits(text, Options{Lang: lang}, d)
	default:
		return nil, fmt.Errorf("%s is no interchange format (po, xliff, tmx)", format)
	}
	if err != nil {
		return nil, err
	}
	out := make([]InterchangeUnit, 0, len(units))
	for _, u := range units {
		_, drop := pairCodes(u.ctx, u.target, u.codes)
		out = append(out, InterchangeUnit{ID: u.ctx, Source: u.source, Target: dropCodes(u.target, drop),
			Review: u.review, Stale: u.stale, Draft: u.draft, Line: u.line, Col: u.col})
	}
	return out, nil
}
