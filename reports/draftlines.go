package reports

import (
	"bytes"
	"slices"
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
)

// writeLines writes a Markdown (markdown set) or text draft to buf. With
// the source's text, its lines are the skeleton: what stands between items
// (front matter, headings that are no item, a table of contents) is
// kept, from the translation where the translation has the same two
// items around it, else from the source; each item is the translation's
// own lines (with the translation's text) where the translation was read
// from the same kind of text and the item found in it, relabelled with
// the source's number and indentation and its citations renumbered; the
// source's label line with the translation's text where not; the
// source's lines where there is no translation. Without the source's
// text the lines are made from the documents. The lines are joined by
// line breaks, and the draft ends with one.
func writeLines(buf *bytes.Buffer, d *gaps.Draft, o DraftOptions, markdown bool, st *DraftStats, idMarks map[int]bool) {
	lw := newLineWriter(d, o, markdown, st, idMarks)
	lw.buf = buf
	if lw.src == nil {
		lw.made()
	} else {
		st.Skeleton = true
		lw.skeleton()
	}
	if b := buf.Bytes(); len(b) == 0 || b[len(b)-1] != '\n' {
		buf.WriteByte('\n')
	}
}

// sameKind reports whether a document read from format is lines a
// Markdown or text draft takes as its own: Markdown and plain text are
// both lines, and either serves as the skeleton of either (a Markdown
// file the structure recognizer read is "text").
func sameKind(format string) bool {
	f := draftFormatOf[format]
	return f == "md" || f == "text"
}

// hasSkeleton reports whether a Markdown or text draft of d is laid on
// the lines of the source's text (else it is made from the documents):
// a partial translation's draft holds some of the source's items only
// (gaps.Draft.Holds), and is made from the documents.
func hasSkeleton(d *gaps.Draft, o DraftOptions) bool {
	return o.SourceText != "" && sameKind(d.Source.Source.Format) && !d.Partial()
}

// newLineWriter sets up the writing of a draft's lines (see writeLines).
func newLineWriter(d *gaps.Draft, o DraftOptions, markdown bool, st *DraftStats, idMarks map[int]bool) *lineWriter {
	lw := &lineWriter{d: d, markdown: markdown, st: st, idMarks: idMarks}
	if markdown {
		if lw.mk = o.mk; lw.mk == nil {
			lw.mk = inlineMarkup(d, o)
		}
	}
	if hasSkeleton(d, o) {
		lw.src = o.layouts.locate(o.SourceText, d.Source, markdown || draftFormatOf[d.Source.Source.Format] == "md")
	}
	if o.TranslationText != "" && d.Translation.Source.Format == "html" {
		// Its lines are no draft's, but its heading lines hold the
		// translator's words (trHeading, madeHeading).
		lw.trHTML = o.layouts.locate(o.TranslationText, d.Translation, true)
		lw.trIndex = indexItems(d.Translation)
	}
	if o.TranslationText != "" && sameKind(d.Translation.Source.Format) {
		// A Markdown translation's lines (and a Markdown source's,
		// above) are found by their text, links and tags aside, in a
		// text draft too, which writes them as they are, links kept:
		// an item found in one draft and not in the other would read
		// back with its citations in one only.
		lw.tr = o.layouts.locate(o.TranslationText, d.Translation, markdown || draftFormatOf[d.Translation.Source.Format] == "md")
		lw.trIndex = indexItems(d.Translation)
		lw.written = make([]bool, len(d.Translation.Items))
		for i := range d.Entries {
			for _, t := range d.Entries[i].Targets {
				if j, ok := lw.trIndex[t]; ok {
					lw.written[j] = true
				}
			}
		}
	}
	lw.frame = o.frame
	lw.plainLabels = o.plainLabels
	lw.madeLevels, lw.titleMarked = o.madeLevels, o.titleMarked
	lw.runOn, lw.siblings = o.runOn, o.siblings
	return lw
}

// indexItems maps each item of d to its index.
func indexItems(d *corpus.Document) map[*corpus.Item]int {
	m := make(map[*corpus.Item]int, len(d.Items))
	for j := range d.Items {
		m[&d.Items[j]] = j
	}
	return m
}

// lineWriter gathers the lines of a draft.
type lineWriter struct {
	d        *gaps.Draft
	markdown bool
	src, tr  *layout
	// trHTML is the layout of an HTML translation's text (nil for any
	// other): where an item's line is a heading, it gives the
	// translator's words of the heading (trHeading).
	trHTML  *layout
	trIndex map[*corpus.Item]int // translation item -> its index
	// written[j] says translation item j is an entry's: its text is
	// written as that entry, so lines of the translation between
	// items (front, gaps) that may hold it are not taken
	// (clearBetween).
	written []bool
	// buf is where the lines go, each after a line break but the first
	// (lines counts them).
	buf   *bytes.Buffer
	lines int
	st    *DraftStats
	// idMarks are the entries whose layout does not give the source's
	// id back: they carry an id marker.
	idMarks map[int]bool
	// mk is the inline markup of the documents' items (Markdown only).
	mk markup
	// frame is what an interchange file the translation was read from
	// holds of the draft's frame (nil for any other translation).
	frame *frame
	// plainLabels: escape the lines of items' texts that read as labels
	// (DraftOptions.plainLabels).
	plainLabels bool
	// madeLevels, titleMarked: see DraftOptions.
	madeLevels, titleMarked bool
	// runOn, siblings: see DraftOptions.
	runOn    map[string]bool
	siblings map[int]bool
}

// idMark is the id marker of entry i, or "".
func (lw *lineWriter) idMark(i int) string {
	if !lw.idMarks[i] {
		return ""
	}
	return corpus.IDMarker(lw.d.Entries[i].Source.ID, lw.d.Entries[i].Source.Kind)
}

func (lw *lineWriter) emit(lines ...string) {
	for _, l := range lines {
		if lw.lines > 0 {
			lw.buf.WriteByte('\n')
		}
		lw.buf.WriteString(l)
		lw.lines++
	}
}

// trAt returns the index of the translation item of entry i placed
// there alone and found in the translation's text, or -1.
func (lw *lineWriter) trAt(i int) int {
	if lw.tr == nil || i < 0 || i >= len(lw.d.Entries) {
		return -1
	}
	e := &lw.d.Entries[i]
	if e.Target == nil || len(e.Targets) != 1 {
		return -1
	}
	j, ok := lw.trIndex[e.Target]
	if !ok || !lw.tr.found(j) {
		return -1
	}
	return j
}

// nextFound is the next item after j found in l, or -1.
func nextFound(l *layout, j int) int {
	for k := j + 1; k < len(l.own); k++ {
		if l.own[k][0] >= 0 {
			return k
		}
	}
	return -1
}

func (lw *lineWriter) skeleton() {
	d := lw.d
	front, bare := lw.frontLines()
	lw.emit(lw.frontMatter(front)...)
	for i := range d.Entries {
		gap, gapBare := lw.gapLines(i)
		// Lines of the source an interchange file left untranslated
		// are marked on the item next to them: the first item for the
		// lines before it, else the item before.
		var why []string
		if i == 0 && bare {
			why = append(why, frameUntranslated("before"))
		}
		if gapBare {
			why = append(why, frameUntranslated("after"))
		}
		lw.entry(i, why)
		lw.emit(gap...)
	}
}

// frameUntranslated is the reason to review an item next to lines of
// the source that an interchange file left untranslated (where says
// which side: "before", "after").
func frameUntranslated(where string) string {
	return "the lines " + where + " this item are the source's: the file the translation was read from leaves them untranslated; translate them, or delete them where the translation has no such lines"
}

// front is the lines before the first item (see frontLines).
func (lw *lineWriter) front() []string {
	lines, _ := lw.frontLines()
	return lines
}

// frontLines is the lines before the first item: the translation's,
// else the source's with the translation's title and version, and the
// lines of the frame of an interchange file (lw.frame); untranslated
// says that file left some of them untranslated (frame.lines).
func (lw *lineWriter) frontLines() (lines []string, untranslated bool) {
	if lw.tr != nil && lw.clearBetween(-1, nextFound(lw.tr, -1)) {
		return titledFront(lw.d, lw.srcGap(-1), lw.trFront(), lw.markdown), false
	}
	src := lw.srcGap(-1)
	subst := frameSubst(lw.d, src, lw.markdown)
	lines, untranslated = lw.frame.lines(ingest.FrameFront, src, subst, lw.markdown)
	lw.st.VersionUnwritten = unwrittenVersion(lw.d, subst, lines, lw.markdown)
	return lines, untranslated
}

// srcGap is the source's lines between item i and the next (i = -1:
// before the first), where the next item was found in the source's
// text; none where it was not: the lines up to the next item found then
// hold the items between, which their entries write (an id read twice
// from the draft).
func (lw *lineWriter) srcGap(i int) []string {
	if next := nextFound(lw.src, i); next != i+1 && (next >= 0 || i+1 < len(lw.src.own)) {
		return nil
	}
	return lw.src.gap(i)
}

// gapLines is the lines between entry i and the next: the
// translation's where the translation has the two items next to each
// other (the last item last), else the source's, with the lines of the
// frame of an interchange file; untranslated says that file left some
// of them untranslated (frame.lines).
func (lw *lineWriter) gapLines(i int) (lines []string, untranslated bool) {
	if t, ok := lw.trGap(i); ok {
		return t, false
	}
	src := lw.srcGap(i)
	return lw.frame.lines(ingest.FrameAfter(lw.d.Entries[i].Source.ID, 0), src, src, lw.markdown)
}

// trGap is the translation's lines after entry i, when the draft takes
// them (see gapAfter).
func (lw *lineWriter) trGap(i int) ([]string, bool) {
	a := lw.trAt(i)
	if a < 0 {
		return nil, false
	}
	if i < len(lw.d.Entries)-1 {
		b := lw.trAt(i + 1)
		if b >= 0 && nextFound(lw.tr, a) == b && lw.clearBetween(a, b) {
			return lw.tr.gap(a), true
		}
		return nil, false
	}
	if nextFound(lw.tr, a) < 0 && lw.clearBetween(a, -1) {
		return lw.tr.gap(a), true
	}
	return nil, false
}

// clearBetween reports whether no translation item after a and before b
// (a = -1: from the first; b = -1: to the last) is written as an entry:
// the translation's lines between two items found in its text hold the
// items between them that were not found, and one an entry writes would
// be written twice, in the lines and as the entry (an id read twice
// from the draft). An item that is no entry's (orphaned) stays in the
// lines.
func (lw *lineWriter) clearBetween(a, b int) bool {
	if b < 0 {
		b = len(lw.written)
	}
	for j := a + 1; j < b; j++ {
		if lw.written[j] {
			return false
		}
	}
	return true
}

// frontMatter is the translation's front matter, its version line (one
// that states the edition the translation followed) renamed to the
// source's edition and marked for review.
func (lw *lineWriter) frontMatter(lines []string) []string {
	d := lw.d
	out := append([]string(nil), lines...)
	v := d.Translation.Version
	nv, ok := redateVersion(d)
	if !ok {
		return out
	}
	for i, l := range out {
		if k := strings.Index(l, v); k >= 0 {
			note := corpus.Note("the translation followed " + editionOf(d) + "; the source is " + d.Source.Name() + " now: check that the translation says so")
			out[i] = strings.TrimRight(l[:k]+nv+l[k+len(v):], " ") + " " + corpus.Marker(corpus.FlagReview) + " " + note
			lw.st.VersionLine = out[i]
			break
		}
	}
	return out
}

func editionOf(d *gaps.Draft) string {
	if d.Base != nil {
		return d.Base.Name()
	}
	return d.Translation.Name()
}

// frameNote is the note of entry e, marked ms, with note the reasons
// found now: the note the frame wrote for its target, kept as written,
// unless e is marked for review and that note gives no reason to (the
// frame's of an entry then missing, which the translator filled in
// through the file): a review marker carries its reason.
func (lw *lineWriter) frameNote(e *gaps.Entry, ms []string, note string) string {
	n, ok := lw.frame.note(e)
	if !ok || slices.Contains(ms, corpus.Marker(corpus.FlagReview)) && !strings.Contains(n, "review: ") && note != "" {
		return note
	}
	return n
}

// entry writes the lines of entry i, marked for review for each reason
// of why besides its own.
func (lw *lineWriter) entry(i int, why []string) {
	d := lw.d
	e := &d.Entries[i]
	ms, note := marks(d, e)
	note = lw.frameNote(e, ms, note)
	if len(why) > 0 {
		if review := corpus.Marker(corpus.FlagReview); e.State != gaps.New && !slices.Contains(ms, review) {
			ms = append(ms, review)
			lw.st.FrameReview++
		}
		text := strings.Join(why, "; ")
		if note != "" {
			text = strings.TrimSuffix(strings.TrimPrefix(note, "{{rulesync:note "), "}}") + "; " + text
		}
		note = corpus.Note(text)
	}
	lines, own, marked := lw.entryLines(i)
	old := lw.heldNote(i)
	if own {
		lines, _ = remarked(lines)
	}
	note = mergedNote(note, old)
	tail := lw.idMark(i)
	if marked {
		tail = ""
	}
	lines = insertMarks(lines, e.Source.Number, ms, tail, note, lw.markdown)
	lw.emit(lines...)
}

// entryLines are the lines of entry i before its markers: the source's
// without a translation; the translation's own, relabelled, where it is
// found in its text (own set); the translation's as an interchange file
// kept them (lw.frame), while its title and text are those they hold;
// the source's label line with the translation's text; made from the
// document where the source's lines are not found (idMarked: headed by
// its id marker).
func (lw *lineWriter) entryLines(i int) (lines []string, own, idMarked bool) {
	d := lw.d
	e := &d.Entries[i]
	var srcLines []string
	if lw.src.found(i) {
		srcLines = lw.src.item(i)
	}
	switch j := lw.trAt(i); {
	case e.Target == nil && srcLines != nil:
		lines = append([]string(nil), srcLines...)
		lw.st.Kept++
	case e.Target != nil && j >= 0 && srcLines != nil:
		lines = append([]string(nil), lw.tr.item(j)...)
		lines = relabel(lines, srcLines[0], e.Target.Number, e.Source.Number, lw.markdown)
		if len(d.Renumbered) > 0 {
			lines = strings.Split(corpus.RenumberRefs(strings.Join(lines, "\n"), d.Renumbered), "\n")
		}
		lines = lw.titleLeftOut(lines, e)
		if gap, _ := lw.trGap(i); !holdsText(append(lw.tr.item(j), gap...), e.Target.Text) {
			// Its text stands elsewhere in the translation, not in
			// its lines nor in those after them that the draft
			// writes (a heading's, read from a paragraph after the
			// list of its items): written after its own lines.
			lines = append(lines, lw.textAfter(e)...)
		}
		own = true
		lw.st.Kept++
	case srcLines != nil:
		if kept := lw.frame.entryLines(lw.d, e, lw.mk, srcLines[0]); kept != nil {
			lines = kept
			lw.st.Kept++
			break
		}
		lines = lw.withText(srcLines, e)
		lw.st.Made++
	default:
		if label := lw.siblingLabel(i); label != "" {
			lines = lw.withText([]string{label}, e)
		} else {
			lines, idMarked = lw.madeEntry(i)
		}
		lw.st.Made++
	}
	return lines, own, idMarked
}

// siblingLabel is the label line of entry i in the layout of the entry
// before it (its list marker, indent and label, with i's number in
// place of its own: "        - 5b5e)" after "        - 5b5d) ..."),
// where DraftOptions.siblings names i and the entry before is of its
// kind, numbered and found in the source's lines; "" else.
func (lw *lineWriter) siblingLabel(i int) string {
	if !lw.siblings[i] || i == 0 || !lw.src.found(i-1) {
		return ""
	}
	e, prev := &lw.d.Entries[i], lw.d.Entries[i-1].Source
	if e.Source.Number == "" || prev.Number == "" || prev.Kind != e.Source.Kind {
		return ""
	}
	first := lw.src.item(i - 1)[0]
	label := strings.TrimRight(first[:labelEnd(first, prev.Number, lw.markdown)], " ")
	k := strings.LastIndex(label, prev.Number)
	if k < 0 {
		return ""
	}
	return label[:k] + e.Source.Number + label[k+len(prev.Number):] + " "
}

// withText writes the translation's title and text into the source's
// lines of the item: the heading or label line keeps its markup and
// number, with the translated title in place of the source's (or the
// first line of the translated text after the label), and the rest of
// the text follows as the source's following lines are indented.
func (lw *lineWriter) withText(srcLines []string, e *gaps.Entry) []string {
	d := lw.d
	title, text := lw.mk.target(d, e, true), lw.mk.target(d, e, false)
	first := srcLines[0]
	esc := func(s string) string {
		if lw.markdown {
			return mdLineEscape(s)
		}
		return s
	}
	paras := strings.Split(text, "\n")
	var out []string
	if e.Source.Title != "" && strings.Contains(first, e.Source.Title) {
		k := strings.LastIndex(first, e.Source.Title)
		t := esc(title)
		if title == "" {
			t = untranslatedTitle("", e.Source.Title)
		}
		out = append(out, first[:k]+t+first[k+len(e.Source.Title):])
		if strings.TrimSpace(text) != "" {
			indent := leading(first)
			if len(srcLines) > 1 {
				indent = leading(srcLines[len(srcLines)-1])
			}
			for _, g := range lw.paragraphs(paras) {
				out = append(out, "")
				for _, p := range g {
					out = append(out, indent+p)
				}
			}
		}
	} else if end := labelEnd(first, e.Source.Number, lw.markdown); strings.TrimSpace(first[end:]) == "" && len(srcLines) > 1 && (lw.markdown || strings.TrimSpace(srcLines[1]) == "") {
		// The label line prints the number alone ("## Article 1"),
		// the text on the lines below: so does the draft, in the
		// translator's words where the translation's heading prints
		// them ("## المادة ١").
		if words := lw.trHeading(e); words != "" {
			lead := leading(first)
			if lw.markdown {
				if m := mdLineStartRe.FindStringIndex(first); m != nil {
					lead = first[:m[1]]
				}
			}
			first = lead + esc(words)
		}
		out = append(out, first)
		indent, list := "", false
		for _, l := range srcLines[1:] {
			if strings.TrimSpace(l) != "" {
				indent, list = leading(l), listItemRe.MatchString(l)
				break
			}
		}
		if list {
			// The source's lines are a list ("1. Everyone has ..."):
			// so are the draft's, each paragraph an entry, which
			// reads back as the text's line it is, where a
			// paragraph would read its first word as a label ("༡
			// ...", a Tibetan 1: a part numbered 1 of its own).
			out = append(out, listed(indent, lw.paragraphs(paras))...)
		} else {
			for _, g := range lw.paragraphs(paras) {
				out = append(out, "")
				for _, p := range g {
					out = append(out, indent+p)
				}
			}
		}
	} else {
		out = append(out, first[:end]+esc(paras[0]))
		indent := leading(first) + "  "
		if len(srcLines) > 1 {
			indent = leading(srcLines[1])
		}
		for _, p := range paras[1:] {
			l := esc(p)
			if lw.plainLabels && !lw.markdown && ingest.ReadsAsLabel(strings.TrimSpace(p)) {
				// Plain text has no escape: the line runs on after
				// the line before it, where no label is read.
				out[len(out)-1] = strings.TrimRight(out[len(out)-1], " ") + " " + strings.TrimSpace(p)
				lw.st.RunOn++
				continue
			}
			if lw.plainLabels {
				// A line of the text after the label line that reads
				// as a label ("3.9 Արքան «շախի տակ»", the text of a
				// translation's item joined to the one before).
				l = plainLabel(p, l)
			}
			out = append(out, indent+l)
		}
	}
	if len(srcLines) > 1 && isUnderline(srcLines[1]) && len(out) > 0 {
		out = append([]string{out[0], underline(srcLines[1], out[0])}, out[1:]...)
	}
	return out
}

// madeEntry writes an item the source's text does not show where it can
// be found: a heading (its number and title; Markdown "##" for a section,
// "###" else; text underlined) and its text as paragraphs. Every item
// starts with a heading, so that the draft reads back item for item; one
// with neither number nor title is headed by its id marker.
func (lw *lineWriter) madeEntry(i int) (lines []string, idMarked bool) {
	d := lw.d
	e := &d.Entries[i]
	title, text := lw.mk.field(e.Source, true), lw.mk.field(e.Source, false)
	if e.Target != nil {
		title, text = lw.mk.target(d, e, true), lw.mk.target(d, e, false)
	}
	esc := func(s string) string {
		if lw.markdown {
			return mdLineEscape(s)
		}
		return s
	}
	head := strings.TrimSpace(e.Source.Number + " " + esc(title))
	words, level := "", 0
	if e.Target != nil && lw.src == nil {
		// In a draft made from the documents, the translator's heading
		// ("### 제 1 조"), not the source's number ("### 1"), where it
		// reads back as the item: without an id marker where the
		// draft reads it so (checkMade), with one where the marked
		// heading reads as its title (markedTitle).
		words, level = lw.madeHeading(e)
		if lw.idMarks[i] && !markedTitle(d, e, words) {
			words, level = "", 0
		}
	}
	if words != "" {
		head = words
	}
	if e.Target != nil && title == "" && strings.TrimSpace(e.Source.Title) != "" {
		head = untranslatedTitle(e.Source.Number, esc(lw.mk.field(e.Source, true)))
		if words != "" {
			head = words + " " + untranslatedTitle("", esc(lw.mk.field(e.Source, true)))
		}
	}
	if head == "" {
		head, idMarked = corpus.IDMarker(e.Source.ID, e.Source.Kind), true
	}
	section := e.Source.Kind == corpus.KindSection || e.Source.Kind == corpus.KindPreamble
	var out []string
	switch {
	case lw.markdown && words != "" && !lw.madeLevels:
		out = append(out, strings.Repeat("#", level)+" "+head, "")
	case lw.markdown && section:
		out = append(out, "## "+head, "")
	case lw.markdown:
		out = append(out, "### "+head, "")
	case section:
		out = append(out, head, strings.Repeat("=", max(3, displayWidth(head))), "")
	default:
		out = append(out, head, strings.Repeat("-", max(3, displayWidth(head))), "")
	}
	var paras []string
	for _, p := range strings.Split(text, "\n") {
		if strings.TrimSpace(p) != "" {
			paras = append(paras, p)
		}
	}
	for _, g := range lw.paragraphs(paras) {
		out = append(append(out, g...), "")
	}
	return out, idMarked
}

// made writes a draft from the documents alone: the translation's (or
// source's) title as a heading, then each entry.
func (lw *lineWriter) made() {
	d := lw.d
	title := d.Translation.Title
	if title == "" {
		title = d.Source.Title
	}
	if title != "" {
		if lw.markdown {
			title = "# " + mdEscape(title)
		}
		if lw.titleMarked {
			title += " " + corpus.TitleMarker
		}
		if lw.markdown {
			lw.emit(title, "")
		} else {
			lw.emit(title, strings.Repeat("=", max(3, displayWidth(title))), "")
		}
	}
	if v, ok := redateVersion(d); ok {
		note := corpus.Note("the translation followed " + editionOf(d) + "; the source is " + d.Source.Name() + " now")
		line := v + " " + corpus.Marker(corpus.FlagReview) + " " + note
		lw.st.VersionLine = line
		lw.emit(line, "")
	}
	for i := range d.Entries {
		e := &d.Entries[i]
		ms, note := marks(d, e)
		note = mergedNote(lw.frameNote(e, ms, note), lw.heldNote(i))
		lines, marked := lw.madeEntry(i)
		tail := lw.idMark(i)
		if marked {
			tail = ""
		}
		lines = insertMarks(lines, e.Source.Number, ms, tail, note, lw.markdown)
		lw.emit(lines...)
		lw.st.Made++
	}
}
