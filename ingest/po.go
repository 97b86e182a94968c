package ingest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/internal/lazyre"
)

// The "po" format reads a gettext catalogue as the translation it holds:
// a PO that rulesync wrote (msgctxt = item id, "rule:12" or
// "rule:12/title" for a title), or one a translator edited in Poedit,
// Weblate or another tool that keeps msgctxt. Each msgctxt becomes an
// item with that id and the msgstr as its text or title; an empty
// msgstr is no translation; a fuzzy entry sets the item's "stale" flag
// when it gives the source it was translated from ("#| msgid", as
// msgmerge and rulesync write for a changed source), else "review".
// The header gives the language (Language) and the source edition the
// catalogue was made for (X-Rulesync-Source-Edition, else
// Project-Id-Version), which becomes the document's edition. An entry
// without msgctxt takes the first reference ("#: reg:1a") that is an
// item id, as converters that drop msgctxt keep it. Obsolete (#~)
// entries, the translations a catalogue keeps with no place in its
// source (msgmerge's, and sync's orphans), are no items: they are read
// as the document's Obsolete, keyed and checked as the other entries
// are. A POT (every msgstr empty) holds no translation.

func init() {
	register(&format{name: "po", doc: "a gettext PO catalogue keyed by item id (msgctxt), as rulesync writes it", binary: textual(parsePO)})
}

// poEntry is one message of a catalogue, with where it starts.
type poEntry struct {
	line            int // of its first line (comments included)
	ctxLine, ctxCol int // of the msgctxt keyword
	ctx, id, str    string
	hasCtx          bool
	fuzzy           bool
	previous        bool   // the source it was translated from is given (#| msgid)
	prevID          string // that source (the previous msgid)
	// ref is the first reference (#:) that is an item id: the id of an
	// entry whose msgctxt a converter dropped (Translate Toolkit's
	// xliff2po keeps the references).
	ref             string
	refLine, refCol int
	known           []string // notes on the markup as exported (ExportedMarkup)
	draft           string   // the draft annotation (DraftAnnotation), without its prefix
}

// poError locates a fault of a PO file.
func poError(line, col int, format string, args ...any) error {
	return &corpusjson.ParseError{Position: corpus.Position{Line: line, Col: col}, Msg: "PO: " + fmt.Sprintf(format, args...)}
}

var poKeywordRe = lazyre.New(`^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)(?:\s+|$)`)

// readPO splits a catalogue into its entries and its obsolete ("#~")
// entries. It fails, at the line and column of the fault, on a line
// that is neither a comment, a keyword with a string nor a string
// continuing one, on a malformed string, and on a keyword out of order,
// in an obsolete entry as in the others, and on an entry of one kind
// broken by a line of the other before its msgstr.
func readPO(text string) (live, obsolete []poEntry, err error) {
	r, ob := &poReader{}, &poReader{}
	lines := strings.Split(text, "\n")
	for n, raw := range lines {
		l := strings.TrimRight(raw, "\r")
		t := strings.TrimSpace(l)
		col := len(l) - len(strings.TrimLeft(l, " \t")) + 1
		var err error
		switch {
		case t == "":
		case strings.HasPrefix(t, "#~"):
			if err = r.leave(n+1, col, "an obsolete (#~) line"); err == nil {
				// The comments before an obsolete entry are its own
				// (gettext writes them as those of any entry).
				if ob.comments.line == 0 {
					ob.comments = r.comments
				}
				r.comments = poComments{}
				err = obsoleteError(ob.obsoleteLine(t, n+1, col))
			}
		default:
			if err = obsoleteError(ob.leave(n+1, col, "a line that is not obsolete (#~)")); err == nil {
				ob.comments = poComments{}
				err = r.line(t, n+1, col)
			}
		}
		if err != nil {
			return nil, nil, err
		}
	}
	if obsolete, err = ob.end(len(lines)); err != nil {
		return nil, nil, obsoleteError(err)
	}
	if live, err = r.end(len(lines)); err != nil {
		return nil, nil, err
	}
	return live, obsolete, nil
}

// line reads a line of the catalogue (t, trimmed, at line ln and column
// col) that is not blank.
func (r *poReader) line(t string, ln, col int) error {
	switch {
	case strings.HasPrefix(t, "#"):
		return r.comment(t, ln, col)
	case strings.HasPrefix(t, "\""):
		return r.continued(t, ln, col)
	default:
		return r.keyword(t, ln, col)
	}
}

// obsoleteLine reads a line of an obsolete entry ("#~ msgid ...", at
// line ln and column col) as the line after "#~": "#~|" is a previous
// msgid's comment ("#|").
func (r *poReader) obsoleteLine(t string, ln, col int) error {
	rest := t[len("#~"):]
	if strings.HasPrefix(rest, "|") {
		return r.comment("#"+rest, ln, col+1)
	}
	inner := strings.TrimLeft(rest, " \t")
	if inner == "" {
		return nil
	}
	return r.line(inner, ln, col+len("#~")+len(rest)-len(inner))
}

// leave ends the entry being read, whose msgstr was read, at a line of
// the other kind (what, at line ln and column col): one before its
// msgstr is an error. A string after it continues nothing.
func (r *poReader) leave(ln, col int, what string) error {
	if r.cur == nil {
		return nil
	}
	if !r.complete() {
		return poError(ln, col, "%s inside the entry of line %d, before its msgstr", what, r.cur.line)
	}
	r.close()
	r.cur, r.field = nil, ""
	return nil
}

// obsoleteError says that a fault of the catalogue is in an obsolete
// entry.
func obsoleteError(err error) error {
	var pe *corpusjson.ParseError
	if errors.As(err, &pe) {
		pe.Msg = strings.Replace(pe.Msg, "PO: ", "PO: obsolete (#~) entry: ", 1)
	}
	return err
}

// poReader reads a catalogue line by line, one method per kind of line.
type poReader struct {
	out   []poEntry
	cur   *poEntry // the entry being read
	field string   // its last keyword, whose string may continue
	// What the comments before the next entry say.
	comments poComments
	// The strings of the entry being read, msgctxt, msgid and msgstr,
	// written piece by piece: a string continued over many lines, joined
	// by +=, took time quadratic in their number.
	ctx, id, str strings.Builder
}

// poComments is what the comments before an entry say of it.
type poComments struct {
	line            int  // the first of them
	fuzzy           bool // "#, fuzzy"
	previous        bool // a previous msgid ("#| msgid")
	prevLine        int  // the line of its "#| msgid"
	prevID          string
	prevField       string // the previous field ("#| msgctxt", "#| msgid") a "#| \"...\"" line continues
	ref             string
	refLine, refCol int      // the first item id among the references ("#:")
	known           []string // notes on the markup as exported (ExportedMarkup)
	draft           string   // the draft annotation (DraftAnnotation)
}

// complete reports whether the entry being read has its msgstr.
func (r *poReader) complete() bool { return r.cur != nil && strings.HasPrefix(r.field, "msgstr") }

// open starts an entry at line ln, with the comments before it.
func (r *poReader) open(ln int) {
	r.close()
	c := r.comments
	start := ln
	if c.line > 0 {
		start = c.line
	}
	r.cur = &poEntry{line: start, fuzzy: c.fuzzy, previous: c.previous, prevID: c.prevID, ref: c.ref, refLine: c.refLine, refCol: c.refCol, known: c.known, draft: c.draft}
	r.comments, r.field = poComments{}, ""
}

func (r *poReader) comment(t string, ln, col int) error {
	if r.cur != nil && !r.complete() {
		return poError(ln, col, "a comment inside the entry of line %d, before its msgstr", r.cur.line)
	}
	c := &r.comments
	if c.line == 0 {
		c.line = ln
	}
	switch {
	case strings.HasPrefix(t, "#|"):
		return c.previousLine(t, ln, col)
	case strings.HasPrefix(t, "#:") && c.ref == "":
		for _, ref := range strings.Fields(t[2:]) {
			if id, _, _ := strings.Cut(ref, "/"); corpus.WellFormedID(id) {
				c.ref, c.refLine, c.refCol = ref, ln, col+strings.Index(t, ref)
				break
			}
		}
	case strings.HasPrefix(noteText(t), ExportedMarkup):
		c.known = append(c.known, noteText(t))
	case strings.HasPrefix(noteText(t), DraftAnnotation):
		c.draft = mergeDraftNotes(c.draft, strings.TrimPrefix(noteText(t), DraftAnnotation))
	case strings.HasPrefix(t, "#,"):
		for _, f := range strings.Split(t[2:], ",") {
			if strings.TrimSpace(f) == "fuzzy" {
				c.fuzzy = true
			}
		}
	}
	return nil
}

// noteText is the text of a comment line that can hold one of
// rulesync's notes: a translator comment ("# ", which msgmerge keeps
// from the catalogue) or an extracted one ("#.", which msgmerge takes
// from the template); "" for any other line.
func noteText(t string) string {
	switch {
	case strings.HasPrefix(t, "#."):
		return strings.TrimSpace(t[2:])
	case strings.HasPrefix(t, "# "):
		return strings.TrimSpace(t[1:])
	}
	return ""
}

// mergeDraftNotes joins two draft annotations of one entry (the
// translation's, a translator comment, and the template's, an extracted
// comment, where msgmerge kept both): the fields of both, a's where both
// have one. One that is no JSON object is kept as it is where the other
// is empty, else the first is.
func mergeDraftNotes(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	var x, y map[string]json.RawMessage
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return a
	}
	for k, v := range y {
		if _, ok := x[k]; !ok {
			x[k] = v
		}
	}
	out, err := json.Marshal(x)
	if err != nil {
		return a
	}
	return string(out)
}

// previousLine reads a previous-source comment ("#| msgctxt", "#|
// msgid", "#| \"...\"" continuing either), keeping the previous msgid:
// the source the entry was translated from. A string that does not read
// (no closing quote: a file cut short) is an error at its place, as it
// is for msgfmt.
func (c *poComments) previousLine(t string, ln, col int) error {
	rest := strings.TrimLeft(t[len("#|"):], " \t")
	switch {
	case strings.HasPrefix(rest, "msgid_plural"):
		c.prevField = ""
		return nil
	case strings.HasPrefix(rest, "msgid"):
		c.previous, c.prevField, c.prevID, c.prevLine = true, "msgid", "", ln
		rest = strings.TrimLeft(rest[len("msgid"):], " \t")
	case strings.HasPrefix(rest, "msgctxt"):
		c.prevField = "msgctxt"
		rest = strings.TrimLeft(rest[len("msgctxt"):], " \t")
	case !strings.HasPrefix(rest, "\""):
		c.prevField = ""
		return nil
	}
	s, err := poUnquote(rest, ln, col+len(t)-len(rest))
	if err != nil {
		return err
	}
	if c.prevField != "msgid" {
		return nil
	}
	c.prevID += s
	return nil
}

// continued reads a string that continues the last keyword's.
func (r *poReader) continued(t string, ln, col int) error {
	if r.cur == nil || r.field == "" || r.comments.line > 0 {
		return poError(ln, col, "a string that continues no msgctxt, msgid or msgstr")
	}
	s, err := poUnquote(t, ln, col)
	if err != nil {
		return err
	}
	r.add(r.field, s)
	return nil
}

// keyword reads a msgctxt, msgid, msgid_plural or msgstr line, checking
// that it comes where it may.
func (r *poReader) keyword(t string, ln, col int) error {
	m := poKeywordRe.FindStringSubmatch(t)
	if m == nil {
		word, _, _ := strings.Cut(t, " ")
		return poError(ln, col, "unexpected %q: a PO line is a comment (#), a keyword (msgctxt, msgid, msgstr) with a string, or a string", word)
	}
	kw := m[1]
	switch {
	case kw == "msgctxt" || kw == "msgid" && r.field != "msgctxt":
		if r.cur != nil && !r.complete() {
			return poError(ln, col, "%s before the msgstr of the entry of line %d", kw, r.cur.line)
		}
		r.open(ln)
		if kw == "msgctxt" {
			r.cur.hasCtx, r.cur.ctxLine, r.cur.ctxCol = true, ln, col
		}
	case kw == "msgid":
		// after this entry's msgctxt
	case kw == "msgid_plural":
		if r.field != "msgid" {
			return poError(ln, col, "msgid_plural without a msgid before it")
		}
		return poError(ln, col, "msgid_plural: rulesync catalogues have no plural forms (one msgstr per entry)")
	case strings.HasPrefix(kw, "msgstr[") && kw != "msgstr[0]":
		return poError(ln, col, "%s: rulesync catalogues have no plural forms (one msgstr per entry)", kw)
	default: // msgstr, msgstr[0]
		if r.cur == nil || r.field != "msgid" {
			return poError(ln, col, "%s without a msgid before it", kw)
		}
	}
	r.field = kw
	if kw == "msgstr[0]" {
		r.field = "msgstr"
	}
	rest := strings.TrimLeft(t[len(kw):], " \t")
	restCol := col + len(t) - len(rest)
	if rest == "" {
		return poError(ln, restCol, "%s without a string", kw)
	}
	s, err := poUnquote(rest, ln, restCol)
	if err != nil {
		return err
	}
	r.add(r.field, s)
	return nil
}

// end closes the last entry of a catalogue of n lines.
func (r *poReader) end(n int) ([]poEntry, error) {
	if r.cur != nil && !r.complete() {
		return nil, poError(n, 1, "the file ends inside the entry of line %d, before its msgstr", r.cur.line)
	}
	if r.comments.previous {
		// A previous msgid belongs to the entry after it: with none,
		// the file was cut short (msgfmt: a syntax error).
		return nil, poError(n, 1, "the file ends after the previous msgid of line %d (#| msgid), with no entry for it: cut short?", r.comments.prevLine)
	}
	r.close()
	return r.out, nil
}

// close adds the entry being read, if any, to the entries read.
func (r *poReader) close() {
	if r.cur == nil {
		return
	}
	r.cur.ctx, r.cur.id, r.cur.str = r.ctx.String(), r.id.String(), r.str.String()
	r.ctx, r.id, r.str = strings.Builder{}, strings.Builder{}, strings.Builder{}
	r.out = append(r.out, *r.cur)
}

// add writes s to the string of field of the entry being read.
func (r *poReader) add(field, s string) {
	switch field {
	case "msgctxt":
		r.ctx.WriteString(s)
	case "msgid":
		r.id.WriteString(s)
	case "msgstr":
		r.str.WriteString(s)
	}
}

// poUnquote reads one C-style string of a PO line ("..." with \n, \t,
// \", \\ escapes); col is the column of its opening quote.
func poUnquote(s string, line, col int) (string, error) {
	if !strings.HasPrefix(s, "\"") {
		return "", poError(line, col, "want a string in double quotes, got %q", s)
	}
	var b strings.Builder
	for i := 1; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			return "", poError(line, col+i, "not UTF-8")
		case r == '"':
			if rest := strings.TrimSpace(s[i+1:]); rest != "" {
				return "", poError(line, col+i+1, "text after the closing quote: %q", rest)
			}
			return b.String(), nil
		case r == '\\':
			if i+1 >= len(s) {
				return "", poError(line, col+i, "a backslash at the end of the line")
			}
			switch c := s[i+1]; c {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case '"', '\\':
				b.WriteByte(c)
			case 'a', 'b', 'f', 'v':
				b.WriteByte(map[byte]byte{'a': 7, 'b': 8, 'f': 12, 'v': 11}[c])
			default:
				return "", poError(line, col+i, "unknown escape \\%c", c)
			}
			i += 2
			continue
		}
		b.WriteRune(r)
		i += size
	}
	return "", poError(line, col, "the string has no closing quote")
}

// poHeader reads the header entry's fields ("Language: ja\n...").
func poHeader(s string) map[string]string {
	h := map[string]string{}
	for _, l := range strings.Split(s, "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok {
			h[strings.ToLower(strings.TrimSpace(k))] = strings.TrimSpace(v)
		}
	}
	return h
}

func parsePO(text string, o Options, d *corpus.Document) error {
	units, obsolete, err := poUnits(text, d)
	if err != nil {
		return err
	}
	if d.Obsolete, err = poObsolete(obsolete); err != nil {
		return err
	}
	return unitsToItems(units, d, "msgctxt")
}

// poUnits reads a catalogue's entries as units, the header's fields
// into d, and its obsolete ("#~") entries as units apart.
func poUnits(text string, d *corpus.Document) (units, obsolete []unit, err error) {
	entries, old, err := readPO(strings.TrimPrefix(text, "\ufeff"))
	if err != nil {
		return nil, nil, err
	}
	header := false
	for _, e := range entries {
		if !e.hasCtx && e.id == "" {
			if header {
				return nil, nil, poError(e.line, 1, "a second header entry (msgid \"\")")
			}
			header = true
			h := poHeader(e.str)
			setInterchangeHeader(d, h["language"], firstOf(h["x-rulesync-source-edition"], h["project-id-version"]))
			continue
		}
		u, err := e.unit("")
		if err != nil {
			return nil, nil, err
		}
		units = append(units, u)
	}
	for _, e := range old {
		u, err := e.unit("an obsolete (#~) entry")
		if err != nil {
			return nil, nil, err
		}
		obsolete = append(obsolete, u)
	}
	return units, obsolete, nil
}

// unit is the entry as a unit, keyed by its msgctxt or else by its
// first reference that is an item id; an entry with neither is an
// error (what names an entry other than an ordinary one).
func (e poEntry) unit(what string) (unit, error) {
	if id, _, _ := strings.Cut(e.ctx, "/"); e.hasCtx && !corpus.WellFormedID(id) && e.ref != "" {
		// A context a converter made (Translate Toolkit joins the
		// reference to itself for msgids it has twice).
		e.hasCtx = false
	}
	if !e.hasCtx && e.ref != "" {
		e.hasCtx, e.ctx, e.ctxLine, e.ctxCol = true, e.ref, e.refLine, e.refCol
	}
	if !e.hasCtx {
		if what == "" {
			what = "an entry"
		}
		return unit{}, poError(e.line, 1, "%s without msgctxt (msgid %q): a rulesync catalogue keys every entry by its item id (msgctxt, or a reference #: that is one)", what, clip(e.id, 40))
	}
	return unit{line: e.ctxLine, col: e.ctxCol, ctx: e.ctx, target: e.str, source: e.id, hasSource: strings.ContainsAny(e.id, markupSyntax), known: e.known,
		review: e.fuzzy && !e.previous, stale: e.fuzzy && e.previous, draft: e.draft, previous: e.prevID}, nil
}

// poObsolete makes the translations of a catalogue's obsolete entries:
// one per item id, in the order of first appearance, its title from the
// "/title" entry and its text from the other, each with the source text
// its msgid gives, or the reason it has no place where the msgid gives
// that in parentheses, as sync writes it. An entry without translation
// is none; an id that is not one, or a msgctxt that comes twice among
// the obsolete entries, is an error at its line.
func poObsolete(units []unit) ([]corpus.Obsolete, error) {
	var out []corpus.Obsolete
	index := map[string]int{}
	seen := map[string]int{} // ctx -> line
	for _, u := range units {
		if first, ok := seen[u.ctx]; ok {
			return nil, poError(u.line, u.col, "obsolete (#~) entry: duplicate msgctxt %q (first at line %d)", u.ctx, first)
		}
		seen[u.ctx] = u.line
		if _, ok := frameUnit(u.ctx); ok {
			continue // the document's title or version, once
		}
		id, field, _ := strings.Cut(u.ctx, "/")
		if !corpus.WellFormedID(id) || field != "" && field != "title" {
			return nil, poError(u.line, u.col, "obsolete (#~) entry: msgctxt %q is not an item id (\"rule:12\", \"reg:1a/title\")", u.ctx)
		}
		if strings.TrimSpace(u.target) == "" {
			continue // not translated
		}
		i, ok := index[id]
		if !ok {
			i = len(out)
			index[id] = i
			out = append(out, corpus.Obsolete{Item: idItem(id)})
		}
		o := &out[i]
		src := u.source
		if r, ok := strings.CutPrefix(src, "("); ok && strings.HasSuffix(r, ")") && !strings.Contains(src, "\n") {
			o.Reason, src = strings.TrimSuffix(r, ")"), ""
		}
		if field == "title" {
			o.Item.Title, o.SourceTitle = u.target, src
		} else {
			o.Item.Text, o.SourceText = u.target, src
		}
	}
	return out, nil
}

func firstOf(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// unit is one translated string of an interchange file: a PO entry, an
// XLIFF trans-unit, a TMX translation unit.
type unit struct {
	line, col int    // where its id is
	ctx       string // "rule:12" or "rule:12/title"
	target    string
	// source is the source text beside the target (hasSource: one with
	// markup, whose markup the target may have lost),
	// codes the native code of an XLIFF or TMX target: the inline
	// markup of the two is compared (inlineFaults).
	source    string
	hasSource bool
	codes     []inlineCode
	// known are the unit's notes on differences of markup it had when
	// the file was written (ExportedMarkup), which are no fault.
	known  []string
	review bool // fuzzy, needs review
	stale  bool // fuzzy with the source it was made from (#| msgid): the source changed
	// previous is that source (a stale PO entry's previous msgid), or "".
	previous string
	// draft is the unit's draft annotation (DraftAnnotation), or "".
	draft string
}

// setInterchangeHeader takes the language and the source edition an
// interchange file names: "PACKAGE VERSION" and other placeholders name
// none.
func setInterchangeHeader(d *corpus.Document, lang, edition string) {
	if tag, err := corpus.CanonicalLang(lang); lang != "" && err == nil {
		d.Lang = tag
	}
	// A file name (po2xliff writes the PO's path as the original) is no
	// edition either.
	if edition != "" && !strings.Contains(edition, "PACKAGE") && !strings.ContainsAny(edition, " \t/\\") && !strings.HasSuffix(edition, ".po") {
		d.Edition = edition
	}
}

var poStartRe = lazyre.New(`^(?:msgctxt|msgid)\s+"`)

// detectInterchange names the translators' interchange format data is
// in: "po" when the first line of its first 4 KB that is not blank or a
// comment is a msgctxt or msgid, "xliff" or "tmx" by the root element,
// whatever comes before it (see xmlRootName); "" otherwise. Detection
// consults it first, so that a catalogue is never read as Markdown (its
// comments start with '#') nor an XLIFF file as HTML or text.
func detectInterchange[T ~string | ~[]byte](data T) string {
	head := []byte(data[:min(len(data), 4096)])
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	// An XML document starts with "<" after white space: a head that
	// does not (Markdown, text) is not scanned.
	if t := bytes.TrimLeft(head, reSpace); len(t) > 0 && t[0] == '<' {
		if n := xmlRootName(data); n == "xliff" || n == "tmx" {
			return n
		}
		return ""
	}
	for len(head) > 0 {
		l, rest, _ := bytes.Cut(head, []byte("\n"))
		head = rest
		t := bytes.TrimSpace(l)
		if len(t) == 0 || t[0] == '#' {
			continue
		}
		if poStartRe.Match(t) {
			return "po"
		}
		return ""
	}
	return ""
}
