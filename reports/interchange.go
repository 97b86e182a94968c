package reports

import (
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/gaps"
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
	state    gaps.State
	note     string
}

// segments turns units into translatable strings, skipping empty ones.
func segments(units []gaps.Unit) []segment {
	var out []segment
	for _, u := range units {
		for _, field := range []string{"title", "text"} {
			get := func(it *corpus.Item) string {
				if it == nil {
					return ""
				}
				if field == "title" {
					return it.Title
				}
				return it.Text
			}
			src := get(u.Source)
			if strings.TrimSpace(src) == "" {
				continue
			}
			s := segment{ctx: u.Source.ID, source: src, target: get(u.Target), state: u.State}
			if field == "title" {
				s.ctx += "/title"
			}
			if u.State == gaps.StaleState && get(u.Previous) != src {
				s.previous = get(u.Previous)
				s.note = "source changed: " + diff.WordDiff.Render(u.Redline)
			} else if u.State == gaps.StaleState {
				s.state = gaps.Translated // this field did not change
			}
			if s.target == "" {
				s.state = gaps.New
			}
			out = append(out, s)
		}
	}
	return out
}

// PO writes the translation as a gettext catalogue: msgctxt is the item
// id, msgid the current source text, msgstr the aligned translation
// (empty when there is none). A translation of an earlier source text is
// marked "#, fuzzy" with the earlier text as "#| msgid", as Weblate and
// po4a users expect; the header names the languages and editions.
func PO(w io.Writer, r *gaps.Report, now time.Time) error {
	p := &printer{w: w}
	p.f("# Translation of %s into %s.\n", poComment(r.Source.Edition), poComment(r.Translation.Lang))
	p.f("# Written by rulesync from %s", poComment(docName(r.Translation)))
	if r.Base != nil {
		p.f(", made from %s", poComment(docName(r.Base)))
	}
	p.f(".\nmsgid \"\"\nmsgstr \"\"\n")
	date := now.UTC().Format("2006-01-02 15:04-0700")
	for _, f := range [][2]string{{"Project-Id-Version", r.Source.Edition}, {"POT-Creation-Date", date}, {"PO-Revision-Date", date},
		{"Language", r.Translation.Lang}, {"MIME-Version", "1.0"}, {"Content-Type", "text/plain; charset=UTF-8"},
		{"Content-Transfer-Encoding", "8bit"}, {"X-Generator", "rulesync"}} {
		p.f("%s", poField(f[0], f[1]))
	}
	for _, s := range segments(r.Units()) {
		p.f("\n")
		if s.note != "" {
			p.f("#. %s\n", strings.ReplaceAll(s.note, "\n", "\n#. "))
		}
		p.f("#: %s\n", poComment(s.ctx))
		if s.state == gaps.StaleState {
			p.f("#, fuzzy\n")
			p.f("#| msgctxt %s\n", poQuote(s.ctx))
			p.f("#| msgid %s\n", strings.ReplaceAll(poQuote(s.previous), "\n", "\n#| "))
		}
		p.f("msgctxt %s\nmsgid %s\nmsgstr %s\n", poQuote(s.ctx), poQuote(s.source), poQuote(s.target))
	}
	return p.err
}

// XLIFF writes the translation as XLIFF 1.2: one trans-unit per segment,
// its target's state "translated", "needs-review-translation" (the source
// changed since) or "new", with the source's redline as a note.
func XLIFF(w io.Writer, r *gaps.Report) error {
	p := &printer{w: w}
	p.f("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	p.f("<xliff version=\"1.2\" xmlns=\"urn:oasis:names:tc:xliff:document:1.2\">\n")
	p.f("<file original=\"%s\" source-language=\"%s\" target-language=\"%s\" datatype=\"plaintext\" tool-id=\"rulesync\">\n",
		xmlText(r.Source.Edition), xmlText(r.Source.Lang), xmlText(r.Translation.Lang))
	p.f("<header><tool tool-id=\"rulesync\" tool-name=\"rulesync\"/></header>\n<body>\n")
	for _, s := range segments(r.Units()) {
		state := map[gaps.State]string{gaps.Translated: "translated", gaps.StaleState: "needs-review-translation", gaps.New: "new"}[s.state]
		p.f("<trans-unit id=\"%s\" resname=\"%s\" xml:space=\"preserve\">\n", xmlText(s.ctx), xmlText(s.ctx))
		p.f("<source>%s</source>\n", xmlText(s.source))
		p.f("<target state=\"%s\">%s</target>\n", state, xmlText(s.target))
		if s.note != "" {
			p.f("<note from=\"rulesync\">%s</note>\n", xmlText(s.note))
		}
		p.f("</trans-unit>\n")
	}
	p.f("</body>\n</file>\n</xliff>\n")
	return p.err
}

// TMX writes a translation memory (TMX 1.4b) of every aligned pair: the
// source text the translation was made from (the earlier one for a stale
// pair) beside the translation.
func TMX(w io.Writer, r *gaps.Report, now time.Time) error {
	p := &printer{w: w}
	p.f("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tmx version=\"1.4\">\n")
	p.f("<header creationtool=\"rulesync\" creationtoolversion=\"0.1\" datatype=\"plaintext\" segtype=\"paragraph\" adminlang=\"en\" srclang=\"%s\" o-tmf=\"rulesync\" creationdate=\"%s\"/>\n<body>\n",
		xmlText(r.Source.Lang), now.UTC().Format("20060102T150405Z"))
	for _, s := range segments(r.Units()) {
		if s.target == "" {
			continue
		}
		src := s.source
		if s.previous != "" {
			src = s.previous
		}
		p.f("<tu tuid=\"%s\">\n<tuv xml:lang=\"%s\"><seg>%s</seg></tuv>\n<tuv xml:lang=\"%s\"><seg>%s</seg></tuv>\n</tu>\n",
			xmlText(s.ctx), xmlText(r.Source.Lang), xmlText(src), xmlText(r.Translation.Lang), xmlText(s.target))
	}
	p.f("</body>\n</tmx>\n")
	return p.err
}

// TBX writes the glossary concepts that occur in any of the documents,
// with their terms in the documents' languages, in the TBX of ISO
// 30042:2008 (martif, termEntry, langSet, tig), which translators' tools
// and Translate Toolkit read. (align reads this form and TBX-Basic v3.)
func TBX(w io.Writer, g *align.Glossary, docs ...*corpus.Document) error {
	langs := map[string]bool{}
	used := map[int]bool{}
	for _, d := range docs {
		lang := d.Lang
		if i := strings.IndexAny(lang, "-_"); i >= 0 {
			lang = lang[:i]
		}
		langs[lang] = true
		for _, it := range d.Items {
			for _, c := range g.Find(it.Title+"\n"+it.Text, lang) {
				used[c] = true
			}
		}
	}
	p := &printer{w: w}
	p.f("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<martif type=\"TBX\" xml:lang=\"en\">\n")
	p.f("<martifHeader><fileDesc><sourceDesc><p>rulesync glossary</p></sourceDesc></fileDesc></martifHeader>\n<text><body>\n")
	for i, c := range g.Concepts {
		if !used[i] {
			continue
		}
		p.f("<termEntry id=\"%s\">\n", xmlText(c.ID))
		for _, l := range slices.Sorted(maps.Keys(langs)) {
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
