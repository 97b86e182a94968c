package reports

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
)

// The interchange files translators' tools read: gettext PO (Weblate,
// po4a, Poedit), XLIFF 1.2, TMX 1.4b and TBX. Each unit is a source item
// by its id; titles are units of their own ("rule:12/title").

// segment is one translatable string: an item's title or text.
type segment struct {
	ctx      string // the unit id: "rule:12" or "rule:12/title"
	source   string
	target   string
	previous string // the source the translation was made from, when stale
	prevCtx  string // its unit id, when it was another item's (moved)
	stale    bool   // needs review because the source changed (or the translation says so)
	state    gaps.State
	// fuzzy is why a translated segment needs review before it counts as
	// translated (a cut preview, an error found, a changed source, a
	// text moved from another item), or "".
	fuzzy    string
	note     string   // the source's redline, for a stale segment
	findings []string // the findings on the item, "check (severity): message"
	// found says how the translation's item was placed on its source
	// item when it prints no label of its own (foundBy), or "".
	found    string
	idSource string  // how: corpus.IDAligned or corpus.IDProjected
	conf     float64 // how sure
	// draft is the segment's draft note (draftNote), or "".
	draft string
}

// translated reports whether the segment counts as translated: it has a
// target and nothing to review. PO writes the rest with an empty msgstr
// or as fuzzy, XLIFF without approved="yes".
func (s *segment) translated() bool { return s.target != "" && s.fuzzy == "" }

// segments turns a draft's segments (gaps.Draft.Segments: each field,
// title and text, on its own, of the items the translation covers or
// has a text for) into translatable strings with their markup: fuzzy,
// with the reason, where the segment needs review.
func segments(d *gaps.Draft, mk markup) []segment {
	var out []segment
	for _, g := range d.Segments() {
		e := g.Entry
		if !g.Title && strings.TrimSpace(e.Source.Title) == "" && e.Target != nil {
			// A title the translation gives an item the source has
			// none for: a unit of its own (its msgid the unit id, as
			// a run of lines' whose source is blank), so that the
			// draft from the file has it as the draft from the
			// translation has.
			if t := mk.target(d, e, true); strings.TrimSpace(t) != "" {
				out = append(out, titleOnly(e, t))
			}
		}
		var findings []string
		for _, f := range e.Findings {
			if f.Check == gaps.Missing && e.Target != nil {
				continue // carried here from the item it moved from
			}
			findings = append(findings, fmt.Sprintf("%s (%s): %s", f.Check, f.Severity, f.Message))
		}
		s := segment{ctx: g.ID(), source: mk.field(e.Source, g.Title), state: g.State(), findings: findings,
			target: mk.target(d, e, g.Title), fuzzy: g.Why, previous: g.Previous}
		s.prevCtx, s.stale = g.PrevID, g.Stale
		if s.found = foundBy(e.Target); s.found != "" {
			s.idSource, s.conf = e.Target.IDSource, e.Target.Confidence
		}
		if g.Stale && e.Previous != nil && e.MovedFrom == "" {
			s.note = "source changed: " + diff.WordDiff.Render(e.Redline)
		}
		out = append(out, s)
	}
	return out
}

// titleOnly is the segment of the title target the translation gives
// entry e, whose source item has none: its msgid the unit id, stale
// where the source had a title when translated (the earlier title its
// previous msgid) or the translation marks it so, fuzzy where the entry
// has reasons to review, as gaps.Draft.Segments decides for the others.
func titleOnly(e *gaps.Entry, target string) segment {
	ctx := e.Source.ID + "/title"
	s := segment{ctx: ctx, source: "(" + ctx + ")", target: target, state: gaps.Translated}
	switch {
	case e.State == gaps.StaleState && e.Previous != nil && strings.TrimSpace(e.Previous.Title) != "":
		s.stale, s.fuzzy, s.previous = true, "the source changed since the translation", e.Previous.Title
	case e.State == gaps.StaleState && e.Previous == nil:
		s.stale, s.fuzzy = true, "marked stale in the translation"
	default:
		s.fuzzy = strings.Join(append(slices.Clone(e.Review), e.Errors()...), "; ")
	}
	if s.stale {
		s.state = gaps.StaleState
	}
	return s
}

// obsolete is a translation whose item the current source does not have
// (removed since, or never there): PO keeps it as an obsolete "#~" entry,
// as msgmerge does, so that it is never lost.
type obsolete struct {
	ctx, source, target string
}

func obsoletes(d *gaps.Draft) []obsolete {
	var out []obsolete
	for _, o := range d.Orphans {
		for _, field := range []string{"title", "text"} {
			t, src, ctx := o.Target.Text, "", o.Target.ID
			if field == "title" {
				t, ctx = o.Target.Title, ctx+"/title"
			}
			if strings.TrimSpace(t) == "" {
				continue
			}
			if o.Was != nil {
				src = o.Was.Text
				if field == "title" {
					src = o.Was.Title
				}
			}
			if src == "" {
				src = "(" + o.Reason + ")"
			}
			out = append(out, obsolete{ctx, src, t})
		}
	}
	return out
}

// poHeader writes the header entry. template is for a POT: its fields
// keep gettext's placeholders (msginit fills them for a new language).
func poHeader(p *printer, source *corpus.Document, lang string, now time.Time, template bool) {
	p.f("msgid \"\"\nmsgstr \"\"\n")
	date := now.UTC().Format("2006-01-02 15:04-0700")
	rev, translator, team := date, "none named (written by rulesync)", "none named (language "+lang+")"
	if template {
		rev, translator, team, lang = "YEAR-MO-DA HO:MI+ZONE", "FULL NAME <EMAIL@ADDRESS>", "LANGUAGE <LL@li.org>", ""
	}
	for _, f := range [][2]string{{"Project-Id-Version", source.Edition}, {"POT-Creation-Date", date}, {"PO-Revision-Date", rev},
		{"Last-Translator", translator}, {"Language-Team", team},
		{"Language", lang}, {"MIME-Version", "1.0"}, {"Content-Type", "text/plain; charset=UTF-8"},
		{"Content-Transfer-Encoding", "8bit"}, {"X-Generator", "rulesync"}, {"X-Rulesync-Source-Edition", source.Edition}} {
		p.f("%s", poField(f[0], f[1]))
	}
}

// PO writes the translation as a gettext catalogue: msgctxt is the item
// id, msgid the current source text, msgstr the translation (empty when
// there is none). A segment is fuzzy, with the reason in a translator
// comment ("# rulesync: ..."), where its source changed since the
// translation (with the earlier source as "#| msgid", as msgmerge writes
// it), where the translation is a cut preview or a finding of error
// severity is on it, and where it moved from another item; the findings
// on an item are extracted comments ("#."), and so is how the
// translation's item was placed there when it prints no label of its
// source's (by alignment or projection, with the confidence); translations the current
// source has no place for are obsolete entries ("#~"). The header names
// the language, the source edition (Project-Id-Version and
// X-Rulesync-Source-Edition), and sets Last-Translator and Language-Team
// to placeholders that say no one is named, so that msgfmt -c passes.
func PO(w io.Writer, r *gaps.Report, now time.Time) error {
	return DraftPO(w, r.Draft(), DraftOptions{Now: now})
}

// DraftPO writes a draft as PO (see PO). With the texts the documents
// were read from (o), the msgid and msgstr of an item read from
// Markdown carry its inline markup as po4a writes it: links, emphasis,
// code and inline HTML in Markdown's syntax.
func DraftPO(w io.Writer, d *gaps.Draft, o DraftOptions) error {
	d, o = prepared(d, o)
	now := o.Now
	p := &printer{w: w}
	p.f("# Translation of %s into %s.\n", poComment(d.Source.Name()), poComment(d.Translation.Lang))
	p.f("# Written by rulesync from %s", poComment(docName(d.Translation)))
	if d.Base != nil {
		p.f(", made from %s", poComment(docName(d.Base)))
	}
	p.f(".\n")
	poHeader(p, d.Source, d.Translation.Lang, now, false)
	mk := o.mk
	for _, s := range o.segs {
		p.f("\n")
		if s.fuzzy != "" {
			p.f("# rulesync: %s\n", poComment(s.fuzzy))
		}
		for _, f := range s.findings {
			p.f("#. %s\n", poComment(f))
		}
		if s.note != "" {
			p.f("#. %s\n", strings.ReplaceAll(s.note, "\n", "\n#. "))
		}
		if s.found != "" {
			p.f("#. %s\n", poComment(s.found))
		}
		for _, n := range markupNotes(s.ctx, s.source, s.target, mk) {
			p.f("# %s\n", poComment(n))
		}
		if s.draft != "" {
			p.f("# %s\n", poComment(s.draft))
		}
		p.f("#: %s\n", poComment(s.ctx))
		if s.fuzzy != "" {
			p.f("#, fuzzy\n")
			if s.previous != "" {
				ctx := s.ctx
				if s.prevCtx != "" {
					ctx = s.prevCtx
				}
				p.f("#| msgctxt %s\n", poQuote(ctx))
				p.f("#| msgid %s\n", strings.ReplaceAll(poQuote(s.previous), "\n", "\n#| "))
			}
		}
		p.f("msgctxt %s\nmsgid %s\nmsgstr %s\n", poQuote(s.ctx), poQuote(s.source), poQuote(poAgree(s.source, s.target)))
	}
	for _, o := range obsoletes(d) {
		p.f("\n#~ msgctxt %s\n", strings.ReplaceAll(poQuote(o.ctx), "\n", "\n#~ "))
		p.f("#~ msgid %s\n", strings.ReplaceAll(poQuote(o.source), "\n", "\n#~ "))
		p.f("#~ msgstr %s\n", strings.ReplaceAll(poQuote(o.target), "\n", "\n#~ "))
	}
	return p.err
}

// poAgree is msgstr with a newline at its start and at its end exactly
// where msgid has one, as gettext wants of a message (msgfmt -c: "'msgid'
// and 'msgstr' entries do not both end with '\n'"). The frame's runs of
// lines keep their blank lines in the draft note (runSegment) and an
// item's text has none at its ends that the draft writes, so that
// nothing is lost; an empty msgstr, no translation, stays empty.
func poAgree(msgid, msgstr string) string {
	if msgstr == "" {
		return ""
	}
	for _, edge := range []struct {
		has  func(string, string) bool
		trim func(string, string) string
		add  func(string) string
	}{
		{strings.HasPrefix, strings.TrimLeft, func(s string) string { return "\n" + s }},
		{strings.HasSuffix, strings.TrimRight, func(s string) string { return s + "\n" }},
	} {
		switch want := edge.has(msgid, "\n"); {
		case want && !edge.has(msgstr, "\n"):
			msgstr = edge.add(msgstr)
		case !want && edge.has(msgstr, "\n"):
			msgstr = edge.trim(msgstr, "\n")
		}
	}
	return msgstr
}

// POT writes the template of a source edition: every unit a PO of a
// translation of it holds (sync --to po, build), with the same msgctxt
// and msgid (the frame's units and the inline markup where o holds the
// text the source was read from, o.SourceText) and an empty msgstr, the
// header's fields gettext's placeholders, so that msgmerge of a PO and
// the template of its own edition changes no entry. A new language
// starts from it (msginit -i EDITION.pot -l LANG, or a copy filled in a
// PO editor), and `rulesync sync --to md SOURCE LANG.po` turns it into
// the rulebook.
func POT(w io.Writer, source *corpus.Document, o DraftOptions) error {
	o.TranslationText, o.template = "", true
	_, o = prepared(gaps.Template(source), o)
	p := &printer{w: w}
	p.f("# Template of %s for translators.\n# Written by rulesync.\n", poComment(source.Name()))
	p.f("#, fuzzy\n")
	poHeader(p, source, "", o.Now, true)
	for _, s := range append(templateFrame(source, o.segs), o.segs...) {
		p.f("\n")
		for _, n := range markupNotes(s.ctx, s.source, "", o.mk) {
			p.f("#. %s\n", poComment(n))
		}
		if s.draft != "" {
			p.f("#. %s\n", poComment(s.draft))
		}
		p.f("#: %s\nmsgctxt %s\nmsgid %s\nmsgstr \"\"\n", poComment(s.ctx), poQuote(s.ctx), poQuote(s.source))
	}
	return p.err
}

// templateFrame are the units of the source's title and version that
// segs lacks: a draft holds them where its translation gives them, and a
// template offers them to every translation.
func templateFrame(source *corpus.Document, segs []segment) []segment {
	var out []segment
	for _, u := range [][2]string{{ingest.FrameTitle, source.Title}, {ingest.FrameVersion, source.Version}} {
		if strings.TrimSpace(u[1]) == "" || slices.ContainsFunc(segs, func(s segment) bool { return s.ctx == u[0] }) {
			continue
		}
		out = append(out, segment{ctx: u[0], source: u[1], state: gaps.New})
	}
	return out
}

// XLIFF writes the translation as XLIFF 1.2: one trans-unit per segment.
// A target that counts as translated in the PO has state="translated"
// and its unit approved="yes"; a fuzzy one state="needs-review-translation"
// (not approved; state-qualifier="x-rulesync-stale" where the source
// changed) with the reason and the source's redline as notes, and
// a note says how an item that prints no label of its source's was
// placed (by alignment or projection, with the confidence); no
// translation, state="new" and an empty target. The file's original is
// the source edition.
func XLIFF(w io.Writer, r *gaps.Report) error {
	return DraftXLIFF(w, r.Draft(), DraftOptions{})
}

// DraftXLIFF writes a draft as XLIFF (see XLIFF). With the texts the
// documents were read from (o), the inline markup of an item read from
// Markdown is native code in inline elements: <bpt>/<ept> around a
// link's or emphasis' text ("[" and "](dest)"), <ph> for a tag that
// stands alone, so that a tool protects it and rulesync reads it back.
func DraftXLIFF(w io.Writer, d *gaps.Draft, o DraftOptions) error {
	d, o = prepared(d, o)
	p := &printer{w: w}
	p.f("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	p.f("<xliff version=\"1.2\" xmlns=\"urn:oasis:names:tc:xliff:document:1.2\">\n")
	p.f("<file original=\"%s\" source-language=\"%s\" target-language=\"%s\" datatype=\"plaintext\" tool-id=\"rulesync\">\n",
		xmlText(d.Source.Edition), xmlText(d.Source.Lang), xmlText(d.Translation.Lang))
	p.f("<header><tool tool-id=\"rulesync\" tool-name=\"rulesync\"/></header>\n<body>\n")
	mk := o.mk
	for _, s := range o.segs {
		state, approved := "new", ""
		switch {
		case s.translated():
			state, approved = "translated", " approved=\"yes\""
		case s.target != "" && s.stale:
			// XLIFF has no state for a changed source: rulesync's own
			// qualifier says it.
			state = "needs-review-translation\" state-qualifier=\"x-rulesync-stale"
		case s.target != "":
			state = "needs-review-translation"
		}
		p.f("<trans-unit id=\"%s\" resname=\"%s\"%s xml:space=\"preserve\">\n", xmlText(s.ctx), xmlText(s.ctx), approved)
		p.f("<source>%s</source>\n", xmlInline(s.source, mk, "id"))
		p.f("<target state=\"%s\">%s</target>\n", state, xmlInline(s.target, mk, "id"))
		if s.fuzzy != "" && s.previous != "" {
			// The earlier source the translation was made from, as
			// a PO's "#| msgid": XLIFF 1.2's previous version.
			p.f("<alt-trans alttranstype=\"previous-version\">\n<source>%s</source>\n<target>%s</target>\n</alt-trans>\n",
				xmlInline(s.previous, mk, "id"), xmlInline(s.target, mk, "id"))
		}
		if s.fuzzy != "" {
			p.f("<note from=\"rulesync\">%s</note>\n", xmlText(s.fuzzy))
		}
		if s.note != "" {
			p.f("<note from=\"rulesync\">%s</note>\n", xmlText(s.note))
		}
		for _, f := range s.findings {
			p.f("<note from=\"rulesync\">%s</note>\n", xmlText(f))
		}
		if s.found != "" {
			p.f("<note from=\"rulesync\">%s</note>\n", xmlText(s.found))
		}
		for _, n := range markupNotes(s.ctx, s.source, s.target, mk) {
			p.f("<note from=\"rulesync\">%s</note>\n", xmlText(n))
		}
		if s.draft != "" {
			p.f("<note from=\"rulesync\">%s</note>\n", xmlText(s.draft))
		}
		p.f("</trans-unit>\n")
	}
	p.f("</body>\n</file>\n</xliff>\n")
	return p.err
}

// TMX writes a translation memory (TMX 1.4b) of every aligned pair: the
// source text the translation was made from (the earlier one for a stale
// pair) beside the translation; a unit whose translation prints no label
// of its source's has props x-rulesync-id-source (aligned, projected) and
// x-rulesync-confidence. The header's prop
// x-rulesync-source-edition names the source edition.
func TMX(w io.Writer, r *gaps.Report, now time.Time) error {
	return DraftTMX(w, r.Draft(), DraftOptions{Now: now, pairsOnly: true})
}

// DraftTMX writes a draft as TMX (see TMX). With the texts the
// documents were read from (o), the inline markup of an item read from
// Markdown is native code in <bpt>/<ept> and <ph>, as in XLIFF. A
// segment without translation is a unit with the source's variant
// alone, so that the draft reads back with every item of the source, as
// the PO does (sync --to tmx, build's interchange file); the memory TMX
// writes of a report holds the translated pairs only.
func DraftTMX(w io.Writer, d *gaps.Draft, o DraftOptions) error {
	d, o = prepared(d, o)
	now := o.Now
	p := &printer{w: w}
	p.f("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tmx version=\"1.4\">\n")
	p.f("<header creationtool=\"rulesync\" creationtoolversion=\"0.1\" datatype=\"plaintext\" segtype=\"paragraph\" adminlang=\"en\" srclang=\"%s\" o-tmf=\"rulesync\" creationdate=\"%s\">\n",
		xmlText(d.Source.Lang), now.UTC().Format("20060102T150405Z"))
	p.f("<prop type=\"x-rulesync-source-edition\">%s</prop>\n</header>\n<body>\n", xmlText(d.Source.Edition))
	mk := o.mk
	for _, s := range o.segs {
		if s.target == "" && o.pairsOnly && !strings.Contains(s.draft, `"empty":true`) {
			continue // no translation; a run of lines without text is one
		}
		src := s.source
		if s.previous != "" {
			src = s.previous
		}
		p.f("<tu tuid=\"%s\">\n", xmlText(s.ctx))
		if s.found != "" {
			p.f("<prop type=\"x-rulesync-id-source\">%s</prop>\n<prop type=\"x-rulesync-confidence\">%.2f</prop>\n", xmlText(s.idSource), s.conf)
		}
		for _, n := range markupNotes(s.ctx, src, s.target, mk) {
			p.f("<prop type=\"x-rulesync-markup\">%s</prop>\n", xmlText(n))
		}
		switch {
		case s.stale:
			p.f("<prop type=\"x-rulesync-stale\">%s</prop>\n", xmlText(s.fuzzy))
		case s.fuzzy != "":
			p.f("<prop type=\"x-rulesync-review\">%s</prop>\n", xmlText(s.fuzzy))
		}
		if s.draft != "" {
			p.f("<prop type=\"x-rulesync-draft\">%s</prop>\n", xmlText(strings.TrimPrefix(s.draft, ingest.DraftAnnotation)))
		}
		p.f("<tuv xml:lang=\"%s\"><seg>%s</seg></tuv>\n", xmlText(d.Source.Lang), xmlInline(src, mk, "i"))
		if s.target != "" || strings.Contains(s.draft, `"empty":true`) {
			// A run of lines without text is one; a segment without
			// translation has its source's variant alone, as TMX
			// holds a unit not translated yet.
			p.f("<tuv xml:lang=\"%s\"><seg>%s</seg></tuv>\n", xmlText(d.Translation.Lang), xmlInline(s.target, mk, "i"))
		}
		p.f("</tu>\n")
	}
	p.f("</body>\n</tmx>\n")
	return p.err
}

// markupNotes are the notes on a segment's markup as written
// (ingest.ExportedMarkup): where the translation's markup differs from
// its source's already (a link the translation never had), the file
// says so, and reading it back reports only what a translator changed
// since.
func markupNotes(ctx, source, target string, mk markup) []string {
	if len(mk) == 0 || target == "" {
		return nil
	}
	var out []string
	for _, f := range ingest.InlineFaults(ctx, source, target) {
		out = append(out, ingest.FaultNote(f))
	}
	return out
}

// TBX writes the glossary concepts that occur in any of the documents,
// with their terms in the documents' languages, in the TBX of ISO
// 30042:2008 (martif, termEntry, langSet, tig), which translators' tools
// and Translate Toolkit read. (align reads this form and TBX-Basic v3.)
func TBX(w io.Writer, g *align.Glossary, docs ...*corpus.Document) error {
	u := newTermsUsed(g)
	for _, d := range docs {
		u.add(d)
	}
	return u.write(w)
}

// termsUsed is what a glossary's TBX takes from the documents it is
// made for, one at a time: their languages and the concepts their items
// use.
type termsUsed struct {
	g     *align.Glossary
	langs map[string]bool
	used  map[int]bool
}

func newTermsUsed(g *align.Glossary) *termsUsed {
	return &termsUsed{g: g, langs: map[string]bool{}, used: map[int]bool{}}
}

// add takes in a document's language and the concepts its items use.
func (u *termsUsed) add(d *corpus.Document) {
	lang := d.Lang
	if i := strings.IndexAny(lang, "-_"); i >= 0 {
		lang = lang[:i]
	}
	u.langs[lang] = true
	for _, it := range d.Items {
		for _, c := range u.g.Find(it.Title+"\n"+it.Text, lang) {
			u.used[c] = true
		}
	}
}

// write writes the TBX of the concepts used, in the languages taken in.
func (u *termsUsed) write(w io.Writer) error {
	p := &printer{w: w}
	p.f("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<martif type=\"TBX\" xml:lang=\"en\">\n")
	p.f("<martifHeader><fileDesc><sourceDesc><p>rulesync glossary</p></sourceDesc></fileDesc></martifHeader>\n<text><body>\n")
	for i, c := range u.g.Concepts {
		if !u.used[i] {
			continue
		}
		p.f("<termEntry id=\"%s\">\n", xmlText(c.ID))
		for _, l := range slices.Sorted(maps.Keys(u.langs)) {
			if len(c.Terms[l]) == 0 {
				continue
			}
			p.f("<langSet xml:lang=\"%s\">", xmlText(l))
			for _, t := range c.Terms[l] {
				p.f("<tig><term>%s</term></tig>", xmlText(t))
			}
			p.f("</langSet>\n")
		}
		p.f("</termEntry>\n")
	}
	p.f("</body></text>\n</martif>\n")
	return p.err
}
