package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"

	"github.com/urfave/cli/v3"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
)

// A PO catalogue, XLIFF file or TMX memory rulesync writes gives each
// unit's source (a PO's msgid, an XLIFF <source>, the srclang segment of
// a TMX tu) as the text (or title) of its item in the source edition it
// was made for. A unit whose source is another text was edited since (by
// hand, or by a tool that rewrote it): its translation was made for that
// other text, not for the item's, whatever the unit says of itself.

// editedMsgid is a unit of an interchange file whose source is not its
// item's text.
type editedMsgid struct {
	line, col int
	ctx       string
	why       string // the reason the draft gives (reviewEdited)
}

// unitTerms are the words that name a unit and its source in the
// warnings of one interchange format.
type unitTerms struct {
	unit, source, unitsPlural, draft string
}

// interchangeTerms are each interchange format's unitTerms.
var interchangeTerms = map[string]unitTerms{
	"po":    {unit: "msgctxt", source: "msgid", unitsPlural: "entries", draft: "the catalogue's msgid"},
	"xliff": {unit: "trans-unit", source: "<source>", unitsPlural: "units", draft: "the XLIFF unit's source element"},
	"tmx":   {unit: "tu", source: "source segment", unitsPlural: "units", draft: "the TMX unit's source segment"},
}

// checkMsgids checks the sources of the units of tr, a translation read
// from a PO, XLIFF or TMX file whose text is text, against the edition
// it is compared with (the base, else the source), and returns the
// edited units (editedMsgids), each warned about at its line, naming it;
// under --strict the command fails with exit status 2 instead. Nothing
// is checked for another format, without the text, or for a file made
// for another edition (statedMismatch says so).
func checkMsgids(c *call, name, text string, tr, src, base *corpus.Document) ([]editedMsgid, error) {
	terms, ok := interchangeTerms[tr.Source.Format]
	if !ok || text == "" || statedMismatch(tr, src, base) != "" {
		return nil, nil
	}
	orig, role := src, "SOURCE"
	if base != nil {
		orig, role = base, "--base"
	}
	units, err := ingest.InterchangeUnits(tr.Source.Format, text, tr.Lang)
	if err != nil {
		return nil, nil // read once already; the reading's error was its own
	}
	edited := editedMsgids(units, orig)
	if len(edited) == 0 {
		return nil, nil
	}
	if name == "-" {
		name = "<stdin>"
	}
	what := "entry"
	if terms.unitsPlural != "entries" {
		what = "unit"
	}
	msg := func(e editedMsgid) string {
		return fmt.Sprintf("%s:%d:%d: %s %q: its %s is not the text of %s in %s (%s): the %s was edited, and its translation, made for another text, needs review",
			name, e.line, e.col, terms.unit, e.ctx, terms.source, e.ctx, orig.Name(), role, what)
	}
	if c.Bool("strict") {
		more := ""
		if len(edited) > 1 {
			more = fmt.Sprintf(" (and %d more such %s)", len(edited)-1, terms.unitsPlural)
		}
		return nil, cli.Exit(fmt.Sprintf("%s: --strict: %s%s", c.Command.Name, msg(edited[0]), more), exitBad)
	}
	if !quiet(c) {
		writeEdited(c.App.ErrWriter, c.Command.Name, name, edited, msg, terms, verbose(c))
	}
	for i := range edited {
		edited[i].why = fmt.Sprintf("%s (line %d) is not the source's text: the translation was made for another text", terms.draft, edited[i].line)
	}
	return edited, nil
}

// flagEdited marks the items of tr that edited entries translate for
// review, as a fuzzy entry's are.
func flagEdited(tr *corpus.Document, edited []editedMsgid) {
	for _, e := range edited {
		id, _, _ := strings.Cut(e.ctx, "/")
		if it := tr.Item(id); it != nil {
			it.SetFlag(corpus.FlagReview)
		}
	}
}

// syncDraft is the draft sync writes of r: r's draft, with the entries
// of edited msgids marked for review (reviewEdited), and let go of what
// the writer does not read (Draft.Release). r's own draft, which every
// r.Draft() returns, is left as it is: the changes are made on a copy.
func syncDraft(r *gaps.Report, edited []editedMsgid) *gaps.Draft {
	d := *reviewEdited(r.Draft(), edited)
	d.Release()
	return &d
}

// reviewEdited returns the draft with each entry that carries the item
// of an edited entry given a reason to review (the translation item's
// own flags are the file's state, which the draft writer reads from the
// file again): d itself when there is none, else a copy (d is not
// changed).
func reviewEdited(d *gaps.Draft, edited []editedMsgid) *gaps.Draft {
	if len(edited) == 0 {
		return d
	}
	why := map[string]string{}
	for _, e := range edited {
		id, _, _ := strings.Cut(e.ctx, "/")
		if why[id] == "" {
			why[id] = e.why
		}
	}
	c := *d
	c.Entries = slices.Clone(d.Entries)
	for i := range c.Entries {
		e := &c.Entries[i]
		for _, t := range e.Targets {
			if w := why[t.ID]; w != "" && !slices.Contains(e.Review, w) {
				// Clipped: the append must not write into d's array.
				e.Review = append(slices.Clip(e.Review), w)
			}
		}
	}
	return &c
}

// writeEdited writes a warning per edited unit to w: five and how many
// more, or all of them with all set.
func writeEdited(w io.Writer, cmd, name string, edited []editedMsgid, msg func(editedMsgid) string, terms unitTerms, all bool) {
	const shown = 5
	for i, e := range edited {
		if i == shown && !all {
			fmt.Fprintf(w, "%s: warning: %s: and %d more %s whose %s is not their item's text (-v lists them)\n", cmd, name, len(edited)-shown, terms.unitsPlural, terms.source)
			return
		}
		fmt.Fprintf(w, "%s: warning: %s\n", cmd, msg(e))
	}
}

// editedMsgids returns the translated units whose source (a PO's msgid)
// is not the text of their item in orig (its title for a "/title" unit),
// in the file's order. A source is its item's text when it is the same
// but for white space, or when it reads as that text once its inline
// markup (written in Markdown's syntax from a Markdown or HTML source)
// is taken as markup. Units of the draft's frame, of no item of orig,
// without a translation, or standing for a field the item has not
// ("(rule:12/title)") are not checked, nor units the file marks stale:
// they need review already, and their source may be the earlier text
// their translation was made from (a TMX memory writes that one).
func editedMsgids(units []ingest.InterchangeUnit, orig *corpus.Document) []editedMsgid {
	var out []editedMsgid
	for _, u := range units {
		if strings.TrimSpace(u.Target) == "" || u.Stale || u.Source == "("+u.ID+")" {
			continue
		}
		id, field, _ := strings.Cut(u.ID, "/")
		if field != "" && field != "title" {
			continue
		}
		it := orig.Item(id)
		if it == nil {
			continue
		}
		want := it.Text
		if field == "title" {
			want = it.Title
		}
		if !sameText(u.Source, want) {
			out = append(out, editedMsgid{line: u.Line, col: u.Col, ctx: u.ID})
		}
	}
	return out
}

// sameText reports whether msgid is text: the same but for white space
// and the characters of Markdown's inline syntax, as they are or once
// msgid's inline Markdown (written from a Markdown or HTML source) is
// read as markup, and text's too (a source may print "**2.**Where",
// which Markdown does not read as emphasis where msgid's context
// does). Only the words and their letters count: what a translator or
// a tool edits.
func sameText(msgid, text string) bool {
	if msgid == text {
		return true
	}
	want := bare(text)
	if bare(msgid) == want {
		return true
	}
	plain, _ := ingest.MarkdownInline(msgid)
	p := bare(plain)
	if p == want {
		return true
	}
	plainText, _ := ingest.MarkdownInline(text)
	return p == bare(plainText)
}

// bare is s without white space and the characters of Markdown's
// inline syntax (emphasis, code, escapes, headings, tags, brackets).
func bare(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || strings.ContainsRune("*_`~\\#<>[]", r) {
			return -1
		}
		return r
	}, s)
}

// interchangeText is the text of tr, a translation read from name, when
// it was read from a PO, XLIFF or TMX file: from data, the bytes read,
// or, without them, the file read again (within --max-bytes); "" for
// another format or a file that cannot be read again.
func interchangeText(c *call, name string, data []byte, tr *corpus.Document) string {
	if !keyedFormat(tr) {
		return ""
	}
	if data == nil {
		if name == "-" || ingest.IsURL(name) {
			return ""
		}
		max, err := maxBytes(c)
		if err != nil {
			return ""
		}
		if data, err = (ingest.Options{MaxBytes: max}).ReadFile(name); err != nil {
			return ""
		}
	}
	return decoded(data, tr)
}
