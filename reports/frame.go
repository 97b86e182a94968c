package reports

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strings"
	"unicode"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
)

// An interchange file written for a draft carries what the Markdown or
// text draft writes from the translation besides the items' titles and
// texts, so that the draft written back from the file is the draft
// written straight from the translation:
//
//   - the frame, as segments a translator translates: the document's
//     title and version, and the translation's lines before the first
//     item and between items where they differ from the source's (one
//     segment per line where the two have the same lines, blank lines
//     at the same places and the same block markup, else one for the
//     lines together; ids in ingest.FrameTitle and ingest.FrameAfter);
//   - per unit, a draft note (ingest.DraftAnnotation, JSON): why the
//     entry needs review, the id the translation gave the item, and,
//     where the translation's own lines of the item differ from the
//     source's label line with the translation's text, those lines with
//     a checksum of the title and text they hold. The lines are written
//     back while the file holds that title and text; once a translator
//     changed either, the draft writes the new text on the source's
//     label line.

// draftNote is a unit's draft note (see above).
type draftNote struct {
	// Fuzzy says the unit was written fuzzy (PO), needing review
	// (XLIFF, TMX); Review is the entry's reasons to review then (the
	// errors found on it aside, which gaps finds again).
	Fuzzy  bool   `json:"fuzzy,omitempty"`
	Review string `json:"review,omitempty"`
	// Stale says the unit was written stale (the source changed), which
	// a PO without the earlier source ("#| msgid") cannot say.
	Stale bool `json:"stale,omitempty"`
	// Was is the id the translation gave the item, where it is not the
	// source's.
	Was string `json:"was,omitempty"`
	// Note is the note the draft gives the entry (its redline, where it
	// moved from, why to review), written back while the file keeps the
	// states it was written with.
	Note string `json:"note,omitempty"`
	// Lines are the translation's own lines of the item, Sum the
	// checksum of the title and text they hold (textSum).
	Lines []string `json:"lines,omitempty"`
	Sum   string   `json:"sum,omitempty"`
	// Head is the translator's heading of the item in a draft made
	// from the documents (madeHeading), Sum then the checksum of the
	// title and text it heads (on no label line); Level its level.
	Head  string `json:"head,omitempty"`
	Level int    `json:"level,omitempty"`
	// Date and Followed are the translation's date and the edition it
	// followed (the document's version unit), which rename its version
	// line as the draft from the translation does.
	Date     string `json:"date,omitempty"`
	Followed string `json:"followed,omitempty"`
	// Lead and Trail are the blank lines a unit of a run of lines whole
	// has before and after its text, which its target leaves out:
	// gettext wants a msgid and its msgstr to agree on a first and a
	// last newline, and the msgid (runSource) has none. Empty says the
	// translation's run has no text at all (Lead blank lines, maybe
	// none), which an empty target, no translation, cannot say.
	Lead  int  `json:"lead,omitempty"`
	Trail int  `json:"trail,omitempty"`
	Empty bool `json:"empty,omitempty"`
	// Kind is the item's kind where its id's prefix does not say it
	// (corpus.KindOfPrefix), which ingest reads as the item's kind.
	Kind corpus.Kind `json:"kind,omitempty"`
}

func (n draftNote) String() string {
	if n.empty() {
		return ""
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(n)
	return ingest.DraftAnnotation + strings.TrimSpace(b.String())
}

func (n draftNote) empty() bool {
	return !n.Fuzzy && !n.Stale && n.Review == "" && n.Was == "" && n.Note == "" && len(n.Lines) == 0 && n.Head == "" && n.Date == "" && n.Followed == "" &&
		n.Lead == 0 && n.Trail == 0 && !n.Empty && n.Kind == ""
}

// runSegment is the unit of the run of lines tr whole, ctx its id, src
// the source's lines: its target the lines from the first that is not
// blank to the last, the blank lines around them in its draft note
// (Lead, Trail, Empty).
func runSegment(ctx string, src, tr []string) segment {
	lead := 0
	for lead < len(tr) && tr[lead] == "" {
		lead++
	}
	trail := 0
	for trail < len(tr)-lead && tr[len(tr)-1-trail] == "" {
		trail++
	}
	n := draftNote{Lead: lead, Trail: trail, Empty: lead == len(tr)}
	return segment{ctx: ctx, source: runSource(ctx, src), target: strings.Join(tr[lead:len(tr)-trail], "\n"), state: gaps.Translated, draft: n.String()}
}

// runLines are the lines of the unit u of a run of lines whole (see
// runSegment), and whether it gives them: a target, or a note that the
// run has no text.
func runLines(u ingest.InterchangeUnit) ([]string, bool) {
	var n draftNote
	if u.Draft != "" {
		json.Unmarshal([]byte(u.Draft), &n)
	}
	if u.Target == "" && !n.Empty {
		return nil, false
	}
	out := make([]string, 0, n.Lead+n.Trail+1)
	out = append(out, make([]string, n.Lead)...)
	if u.Target != "" {
		out = append(out, strings.Split(u.Target, "\n")...)
		out = append(out, make([]string, n.Trail)...)
	}
	return out, true
}

// textSum is the checksum of an item's title and text as a file holds
// them and of the source's label line they are written on.
func textSum(title, text, label string) string {
	h := sha256.Sum256([]byte(title + "\x00" + text + "\x00" + label))
	return hex.EncodeToString(h[:8])
}

// frameSubst is the source's lines before the first item with the
// source's title and version replaced by the translation's, whose raw
// HTML is written as text (mdNoHTMLBut) where md (a Markdown draft), as
// an item's text is.
func frameSubst(d *gaps.Draft, src []string, md bool) []string {
	out := slices.Clone(src)
	for _, p := range [][2]string{{d.Source.Title, d.Translation.Title}, {d.Source.Version, d.Translation.Version}} {
		if strings.TrimSpace(p[0]) == "" || strings.TrimSpace(p[1]) == "" {
			continue
		}
		t := p[1]
		if md {
			t = mdNoHTMLBut(oneLine(t), p[0])
		}
		for k, l := range out {
			if i := strings.LastIndex(l, p[0]); i >= 0 {
				out[k] = l[:i] + t + l[i+len(p[0]):]
			}
		}
	}
	return out
}

// sameShape reports whether two runs of lines can be paired line by
// line: as many, blank at the same places, each pair with the same
// block markup (mdLineStartRe).
func sameShape(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if (strings.TrimSpace(a[k]) == "") != (strings.TrimSpace(b[k]) == "") {
			return false
		}
		if blockMark(a[k]) != blockMark(b[k]) {
			return false
		}
		if strings.TrimSpace(a[k][len(blockMark(a[k])):]) == "" && a[k] != b[k] {
			return false // nothing to translate but the markup
		}
	}
	return true
}

// blockMark is the block markup a Markdown line starts with: "## ",
// "> ", "- ", its indentation.
func blockMark(l string) string {
	m := mdLineStartRe.FindString(l)
	return m
}

// frameSegments are the segments of lines of the frame: ctx the unit id
// of the run of lines (ingest.FrameFront, ingest.FrameAfter), src the
// source's lines, subst the lines the draft writes without the file
// (the source's, with the translation's title and version), tr the
// translation's, which the draft from the translation writes.
func frameSegments(ctx string, src, subst, tr []string) []segment {
	if slices.Equal(subst, tr) {
		return nil
	}
	if !sameShape(src, tr) {
		return []segment{runSegment(ctx, src, tr)}
	}
	var out []segment
	for k := range tr {
		if subst[k] == tr[k] {
			continue
		}
		m := blockMark(src[k])
		out = append(out, segment{ctx: ingest.FrameLine(ctx, k+1), source: src[k][len(m):], target: tr[k][len(m):], state: gaps.Translated})
	}
	return out
}

// frame is what an interchange file holds of the draft's frame: its
// units by id, and the draft notes of its items by item id.
type frame struct {
	units map[string]ingest.InterchangeUnit
	notes map[string]draftNote
	// asWritten are the items whose units all have the state they were
	// written with (fuzzy or not).
	asWritten map[string]bool
}

// note is the note of entry e as the file keeps it, while the item's
// units have the states they were written with.
func (f *frame) note(e *gaps.Entry) (string, bool) {
	if f == nil || e.Target == nil || !f.asWritten[e.Target.ID] {
		return "", false
	}
	n, ok := f.notes[e.Target.ID]
	if !ok || n.Note == "" {
		return "", ok
	}
	return corpus.Note(n.Note), true
}

// lines are the lines of the run ctx as the frame gives them: the
// unit of the run whole, else subst with each line a unit of the run
// gives (after the source's block markup of that line). untranslated
// says the file has a unit of the run it leaves untranslated (an empty
// target with no draft note saying the translation has no text there,
// as when a translator's tool stripped rulesync's comments): the
// source's lines stand in its place, and the draft marks them. In a
// Markdown draft (md) the file's lines have their raw HTML written as
// text (mdNoHTMLBut), but for the tags the source's lines hold.
func (f *frame) lines(ctx string, src, subst []string, md bool) (out []string, untranslated bool) {
	if f == nil {
		return subst, false
	}
	if u, ok := f.units[ctx]; ok && u.Source == runSource(ctx, src) {
		if lines, ok := runLines(u); ok {
			if md {
				for k := range lines {
					lines[k] = mdNoHTMLBut(lines[k], u.Source)
				}
			}
			return lines, false
		}
		untranslated = true
	}
	out = slices.Clone(subst)
	for k := range out {
		m := blockMark(src[k])
		u, ok := f.units[ingest.FrameLine(ctx, k+1)]
		switch {
		case !ok || u.Source != src[k][len(m):]:
		case u.Target != "" && md:
			out[k] = m + mdNoHTMLBut(u.Target, src[k])
		case u.Target != "":
			out[k] = m + u.Target
		default:
			untranslated = true
		}
	}
	if ctx == ingest.FrameFront {
		// The document's title and version, which the front's lines
		// hold.
		for _, id := range []string{ingest.FrameTitle, ingest.FrameVersion} {
			if u, ok := f.units[id]; ok && u.Target == "" {
				untranslated = true
			}
		}
	}
	return out, untranslated
}

// runSource is the source text of the unit of a run of lines whole:
// the source's lines, or the unit id where they are blank.
func runSource(ctx string, src []string) string {
	if s := strings.TrimSpace(strings.Join(src, "\n")); s != "" {
		return s
	}
	return "(" + ctx + ")"
}

// entryLines are the translation's own lines of entry e as the file
// kept them, while the file's title and text are those they hold and
// the source's label line (srcFirst) is the one they were written on;
// nil otherwise.
func (f *frame) entryLines(d *gaps.Draft, e *gaps.Entry, mk markup, srcFirst string) []string {
	if f == nil || e.Target == nil {
		return nil
	}
	n, ok := f.notes[e.Target.ID]
	if !ok || len(n.Lines) == 0 || n.Sum != textSum(mk.target(d, e, true), mk.target(d, e, false), srcFirst) {
		return nil
	}
	return slices.Clone(n.Lines)
}

// fileSegments are the segments an interchange file of the draft holds:
// the items' (segments), each with its draft note, and, with the texts
// the documents were read from, the frame's: the document's title and
// version first, the lines before the first item, and after each
// entry's segments the lines after it.
func fileSegments(d *gaps.Draft, o DraftOptions, mk markup) []segment {
	segs := segments(d, mk)
	lines := map[string]draftNote{} // entry id -> its own lines, where they tell
	var front []segment
	after := map[string][]segment{}
	withText := o.SourceText != "" || o.TranslationText != ""
	switch {
	case withText && o.frame != nil:
		// A translation read from such a file: its frame again.
		front = append(docSegments(d), o.frame.again(d, o, lines, after)...)
	case withText:
		front = append(docSegments(d), framedLines(d, o, lines, after)...)
	}
	// Each entry's segments by their index in segs (a copy of every
	// segment per entry was as large as the segments themselves), and
	// the file's segments in a slice made once at their number.
	byEntry := map[string][]int32{}
	for k := range segs {
		id, _, _ := strings.Cut(segs[k].ctx, "/")
		byEntry[id] = append(byEntry[id], int32(k))
	}
	size := len(front)
	for i := range d.Entries {
		id := d.Entries[i].Source.ID
		size += len(byEntry[id]) + len(after[id])
	}
	out := make([]segment, len(front), size)
	copy(out, front)
	front = nil
	for i := range d.Entries {
		e := &d.Entries[i]
		id := e.Source.ID
		// The note goes on the first unit with a translation (TMX
		// writes no other).
		first := 0
		for k, j := range byEntry[id] {
			if segs[j].target != "" {
				first = k
				break
			}
		}
		for k, j := range byEntry[id] {
			s := segs[j]
			n := draftNote{Fuzzy: s.fuzzy != "", Stale: s.stale, Was: e.From}
			if n.Fuzzy {
				n.Review = strings.Join(e.Review, "; ")
			}
			if k == first {
				if l, ok := lines[id]; ok {
					n.Lines, n.Head, n.Level, n.Sum = l.Lines, l.Head, l.Level, l.Sum
				}
				_, note := marks(d, e)
				if kept, ok := o.frame.note(e); ok {
					note = kept
				}
				n.Note = strings.TrimSuffix(strings.TrimPrefix(note, "{{rulesync:note "), "}}")
				n.Kind = unsaidKind(e.Source)
			}
			s.draft = n.String()
			out = append(out, s)
		}
		out = append(out, after[id]...)
	}
	return out
}

// unsaidKind is the item's kind where its id's prefix does not say it
// (corpus.KindOfPrefix), else "".
func unsaidKind(it *corpus.Item) corpus.Kind {
	prefix, _, _ := strings.Cut(it.ID, ":")
	if it.Kind == "" || it.Kind == corpus.KindOfPrefix(prefix) {
		return ""
	}
	return it.Kind
}

// templateRuns are the frame's units of a template (DraftOptions.template):
// each line of the source's runs of lines between its items that holds
// more to translate than the document's title or version (units of
// their own), by its place in its run, as a draft of a translation
// writes it where the translation's run has the source's shape; the runs
// after the items go in after, by item id.
func templateRuns(d *gaps.Draft, src *layout, after map[string][]segment) []segment {
	run := func(ctx string, lines []string) []segment {
		var out []segment
		for k, l := range lines {
			t := l[len(blockMark(l)):]
			if !hasWords(t, d.Source.Title, d.Source.Version) {
				continue
			}
			out = append(out, segment{ctx: ingest.FrameLine(ctx, k+1), source: t, state: gaps.New})
		}
		return out
	}
	for i := range d.Entries {
		id := d.Entries[i].Source.ID
		if s := run(ingest.FrameAfter(id, 0), src.gap(i)); s != nil {
			after[id] = s
		}
	}
	return run(ingest.FrameFront, src.gap(-1))
}

// hasWords reports whether line l holds a letter outside the texts
// given (the document's title and version, units of their own) and
// outside HTML tags.
func hasWords(l string, given ...string) bool {
	for _, g := range given {
		if g = strings.TrimSpace(g); g != "" {
			l = strings.ReplaceAll(l, g, "")
		}
	}
	tag := false
	for _, r := range l {
		switch {
		case r == '<':
			tag = true
		case r == '>':
			tag = false
		case !tag && unicode.IsLetter(r):
			return true
		}
	}
	return false
}

// docSegments are the document's title and version, where both the
// source and the translation state them (the version's note keeps the
// translation's date and the edition it followed, which rename it).
func docSegments(d *gaps.Draft) []segment {
	var out []segment
	if s, t := d.Source.Title, d.Translation.Title; strings.TrimSpace(s) != "" && strings.TrimSpace(t) != "" {
		out = append(out, segment{ctx: ingest.FrameTitle, source: s, target: t, state: gaps.Translated})
	}
	if s, t := d.Source.Version, d.Translation.Version; strings.TrimSpace(s) != "" && strings.TrimSpace(t) != "" {
		n := draftNote{Date: d.Translation.Date, Followed: editionOf(d)}
		out = append(out, segment{ctx: ingest.FrameVersion, source: s, target: t, state: gaps.Translated, draft: n.String()})
	}
	return out
}

// framedLines compares the Markdown draft written straight from the
// translation with the one written from the items' segments alone: the
// runs of lines it takes from the translation (before the first item,
// between two items) where they differ are segments (returned for the
// front, in after by entry id), and the entries whose own lines differ
// from the source's label line with their text have them in lines.
func framedLines(d *gaps.Draft, o DraftOptions, lines map[string]draftNote, after map[string][]segment) []segment {
	direct := newLineWriter(d, o, true, &DraftStats{}, nil)
	if direct.src == nil {
		madeHeads(d, direct, lines)
		return nil
	}
	if direct.tr == nil {
		if o.template {
			return templateRuns(d, direct.src, after)
		}
		return nil
	}
	plain := *direct
	plain.tr, plain.frame = nil, nil
	src := direct.src.gap(-1)
	front := frameSegments(ingest.FrameFront, src, frameSubst(d, src, false), direct.front())
	for i := range d.Entries {
		id := d.Entries[i].Source.ID
		if t, ok := direct.trGap(i); ok {
			s := direct.src.gap(i)
			after[id] = frameSegments(ingest.FrameAfter(id, 0), s, s, t)
		}
		own, isOwn, _ := direct.entryLines(i)
		if !isOwn {
			continue
		}
		if made, _, _ := plain.entryLines(i); !slices.Equal(own, made) {
			e := &d.Entries[i]
			lines[id] = draftNote{Lines: own, Sum: textSum(direct.mk.target(d, e, true), direct.mk.target(d, e, false), direct.src.item(i)[0])}
		}
	}
	return front
}

// adoptFrame reads the frame and the draft notes of the interchange
// file the translation was read from (o.TranslationText) into o, and
// returns the draft as the notes say it was written: each item's id in
// the translation (the note "was ..."); the reasons to review of an
// entry the file still has as rulesync wrote it (fuzzy, needing review)
// in place of the file's state and what gaps checks on the file's item,
// none where the reasons were the errors found on it, which gaps finds
// again; the translation's date
// and the edition it followed, which rename its version line. d is not
// changed. Any other translation: d and o as they are.
func adoptFrame(d *gaps.Draft, o DraftOptions) (*gaps.Draft, DraftOptions) {
	format := d.Translation.Source.Format
	if o.frame != nil || o.TranslationText == "" || format != "po" && format != "xliff" && format != "tmx" {
		return d, o
	}
	units, err := ingest.InterchangeUnits(format, o.TranslationText, d.Translation.Lang)
	if err != nil {
		return d, o
	}
	f := &frame{units: map[string]ingest.InterchangeUnit{}, notes: map[string]draftNote{}, asWritten: map[string]bool{}}
	// ours: the item's units that need review all were written so.
	ours := map[string]bool{}
	for _, u := range units {
		f.units[u.ID] = u
		var n draftNote
		if u.Draft != "" {
			json.Unmarshal([]byte(u.Draft), &n)
		}
		id, _, _ := strings.Cut(u.ID, "/")
		if _, seen := ours[id]; !seen {
			ours[id], f.asWritten[id] = true, true
		}
		if u.Review && !n.Fuzzy {
			ours[id] = false
		}
		if (u.Review || u.Stale) != n.Fuzzy {
			f.asWritten[id] = false
		}
		m := f.notes[id]
		m.Stale = m.Stale || n.Stale && u.Review
		if n.Note != "" {
			m.Note = n.Note
		}
		if n.Review != "" {
			m.Review = n.Review
		}
		if n.Was != "" {
			m.Was = n.Was
		}
		if len(n.Lines) > 0 || n.Head != "" {
			m.Lines, m.Head, m.Level, m.Sum = n.Lines, n.Head, n.Level, n.Sum
		}
		m.Date, m.Followed = firstOf(m.Date, n.Date), firstOf(m.Followed, n.Followed)
		f.notes[id] = m
	}
	o.frame = f
	c := *d
	if v := f.notes[ingest.FrameVersion]; v.Date != "" || v.Followed != "" {
		t := *d.Translation
		t.Date = firstOf(t.Date, v.Date)
		if v.Followed != "" && d.Base == nil {
			t.Edition = v.Followed
		}
		c.Translation = &t
	}
	c.Entries = slices.Clone(d.Entries)
	for i := range c.Entries {
		e := &c.Entries[i]
		if e.Target == nil {
			continue
		}
		n := f.notes[e.Target.ID]
		if e.From == "" && n.Was != "" {
			e.From = n.Was
		}
		// A stale unit with the source it was made from is read stale,
		// not as needing review: the reasons rulesync wrote on it are
		// the note's all the same.
		written := e.Target.Has(corpus.FlagReview) || e.Target.Has(corpus.FlagStale)
		if !written || !ours[e.Target.ID] || len(e.Review) == 0 && n.Review == "" {
			continue
		}
		if n.Stale && e.State == gaps.Translated {
			e.State = gaps.StaleState // written stale, read as needing review
		}
		// The reasons rulesync wrote stand for the file's state and for
		// what gaps checks again on the file's item (whose number is
		// read from its id).
		e.Review = nil
		if n.Review != "" {
			e.Review = []string{n.Review}
		}
	}
	return &c, o
}

// firstOf is the first of ss that is not empty, or "".
func firstOf(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// again is the frame of an interchange file for the file written from
// it: its units of lines whose source is still the source's (returned
// for the front, in after by entry id), and the items' own lines while
// they hold (in lines).
func (f *frame) again(d *gaps.Draft, o DraftOptions, lines map[string]draftNote, after map[string][]segment) []segment {
	lw := newLineWriter(d, o, true, &DraftStats{}, nil)
	if lw.src == nil {
		madeHeads(d, lw, lines)
		return nil
	}
	keep := func(ctx string, src []string) []segment {
		if u, ok := f.units[ctx]; ok && u.Source == runSource(ctx, src) {
			if lines, ok := runLines(u); ok {
				return []segment{runSegment(ctx, src, lines)}
			}
		}
		var out []segment
		for k := range src {
			line := ingest.FrameLine(ctx, k+1)
			if u, ok := f.units[line]; ok && u.Target != "" && u.Source == src[k][len(blockMark(src[k])):] {
				out = append(out, segment{ctx: line, source: u.Source, target: u.Target, state: gaps.Translated})
			}
		}
		return out
	}
	front := keep(ingest.FrameFront, lw.src.gap(-1))
	for i := range d.Entries {
		e := &d.Entries[i]
		after[e.Source.ID] = keep(ingest.FrameAfter(e.Source.ID, 0), lw.src.gap(i))
		if !lw.src.found(i) || e.Target == nil {
			continue
		}
		if own := f.entryLines(d, e, lw.mk, lw.src.item(i)[0]); own != nil {
			lines[e.Source.ID] = draftNote{Lines: own, Sum: f.notes[e.Target.ID].Sum}
		}
	}
	return front
}

// madeHeads puts in lines, by entry id, the translator's heading of
// each item of a draft made from the documents (madeHeading: from the
// translation's text, or from the file it was read from while it holds
// the title and text the heading was written with).
func madeHeads(d *gaps.Draft, lw *lineWriter, lines map[string]draftNote) {
	for i := range d.Entries {
		e := &d.Entries[i]
		if e.Target == nil {
			continue
		}
		if h, level := lw.madeHeading(e); h != "" {
			lines[e.Source.ID] = draftNote{Head: h, Level: level, Sum: textSum(lw.mk.target(d, e, true), lw.mk.target(d, e, false), "")}
		}
	}
}

// head is the translator's heading of entry e and its level as the
// file kept them (madeHeads), while the file's title and text are those
// it was written with; "" otherwise.
func (f *frame) head(d *gaps.Draft, e *gaps.Entry, mk markup) (string, int) {
	if f == nil || e.Target == nil {
		return "", 0
	}
	n, ok := f.notes[e.Target.ID]
	if !ok || n.Head == "" || n.Sum != textSum(mk.target(d, e, true), mk.target(d, e, false), "") {
		return "", 0
	}
	return n.Head, max(n.Level, 2)
}
