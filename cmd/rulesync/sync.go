package main

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/reports"
)

// syncCommand is `rulesync sync`: the translation re-laid on the
// source's current structure.
func syncCommand() *cli.Command {
	return &cli.Command{
		Name:      "sync",
		Usage:     "write the translation re-laid on the source's current structure: carried, stale and untranslated items marked",
		ArgsUsage: "SOURCE TRANSLATION",
		Description: "Every SOURCE item once, in SOURCE's order, with its number as SOURCE prints it: the translation's text\n" +
			"where the source did not change since the edition translated (--base), that text marked {{rulesync:stale}}\n" +
			"with the source's redline where it did, the source's text marked {{rulesync:untranslated}} where there is\n" +
			"no translation. Written in the translation's format where rulesync can write it (md, text, csv, tsv, po,\n" +
			"xliff, tmx, json), else in SOURCE's, else Markdown; --to chooses. Translation items with no place in SOURCE are\n" +
			"listed on standard error and in --report FILE (JSON). `rulesync gaps SOURCE DRAFT` lists every marked item\n" +
			"until the translator removes its marker. --base given several times: provenance chooses.",
		Flags: append(sourceFlags("input-format"),
			&cli.StringSliceFlag{Name: "base", Usage: "the source edition the translation was made from (`FILE`; repeat to let provenance choose)"},
			&cli.StringFlag{Name: "to", Usage: "output `FORMAT`: " + strings.Join(reports.DraftFormats, ", ") + " (default: the translation's, else the source's, else md)"},
			&cli.StringFlag{Name: "report", Usage: "write the sync report (counts, orphaned items) as JSON to `FILE`"},
			&cli.BoolFlag{Name: "whole", Usage: "write every item of SOURCE, where the translation covers only some kinds of them (its draft holds those kinds and the items it translates)"},
			&cli.StringSliceFlag{Name: "series", Usage: "a source edition between the base and SOURCE (`FILE`; repeat, oldest first): each stale item says which editions changed it"},
			outputFlag()),
		Action: act(runSync),
	}
}

func runSync(c *call) error {
	if c.NArg() != 2 {
		return cli.Exit(fmt.Sprintf("sync: want SOURCE and TRANSLATION, got %d arguments (see 'rulesync sync --help')", c.NArg()), exitBad)
	}
	for _, flag := range []string{"output", "report"} {
		if err := checkOutput(c, flag, c.String(flag)); err != nil {
			return err
		}
	}
	srcName, trName := c.Args().Get(0), c.Args().Get(1)
	// --strict weighs the inputs' warnings once all are read
	// (strictShared).
	c.strictLater = true
	src, srcData, err := loadInput(c, srcName, true)
	if err != nil {
		return err
	}
	c.draftNotes = map[string]string{}
	tr, trData, err := loadInput(c, trName, true)
	trNotes := c.draftNotes
	c.draftNotes = nil
	if err != nil {
		return err
	}
	if err := checkLanguages(c, src, tr, srcName, trName); err != nil {
		return err
	}
	bases, err := loadAll(c, c.StringSlice("base"))
	if err != nil {
		return err
	}
	c.strictLater = false
	if err := strictRead(c, srcName, trName, src, tr, bases); err != nil {
		return err
	}
	rep := &reports.SyncReport{BaseChosen: "given"}
	opt := gaps.Options{Context: c.Context}
	base, pv, err := pickBase(c, opt, tr, bases)
	if err != nil {
		return err
	}
	// The source's items that are the base's hold the base's strings:
	// the bytes of one edition, not two (corpusjson.Share).
	corpusjson.Share(src, base)
	bname := baseName(c, bases, base)
	if err := checkBaseStates(c, tr, base, trName, bname); err != nil {
		return err
	}
	switch {
	case len(bases) == 0:
		// No base: the translation is taken to follow the source;
		// provenance says how far it does.
		rep.BaseChosen = "source"
		pv, err := opt.Provenance(tr, src)
		opt.Read = pv // its reading through the source
		var unplaced *gaps.UnplaceableError
		switch {
		case err != nil && c.Context.Err() != nil:
			return interrupted(c)
		case errors.As(err, &unplaced):
			// The report below says so, as gaps does.
		case err != nil:
			return cli.Exit("sync: "+err.Error(), exitBad)
		default:
			rep.BaseNote = reports.ProvenanceNote(pv)
		}
	case pv != nil:
		rep.BaseChosen, rep.BaseNote = "provenance", reports.ProvenanceNote(pv)
		opt.Read = pv // its reading through the base chosen
	}
	if err := checkKeyed(trName, trData, tr, src, base); err != nil {
		return err
	}
	edited, err := checkMsgids(c, trName, interchangeText(c, trName, trData, tr), tr, src, base)
	if err != nil {
		return err
	}
	format, err := reports.DraftFormat(&gaps.Draft{Source: src, Translation: tr}, c.String("to"))
	if err != nil {
		return cli.Exit("sync: --to: "+err.Error(), exitBad)
	}
	if format, err = byOutput(c, format, c.IsSet("to"), reports.DraftFormats); err != nil {
		return err
	}
	// The texts the draft reads, decoded now: the bytes are not used
	// after, and not held through the checks (the JSON of two documents
	// of 200k items is 180 MB).
	o := reports.DraftOptions{Format: format}
	if reports.DraftReadsText(format, src) {
		o.SourceText = decoded(srcData, src)
	}
	if reports.DraftReadsText(format, tr) {
		o.TranslationText = decoded(trData, tr)
	}
	o.KeptNotes = reports.KeptNotes(trData, tr, trNotes)
	r := opt.Gaps(src, tr, base)
	if c.Context.Err() != nil {
		return interrupted(c)
	}
	if err := r.Unplaceable(); err != nil {
		if err := unrelatedBase(c, r, bname, srcName); err != nil {
			return err
		}
		return cli.Exit(unplaceable("sync", srcName, trName, err), exitBad)
	}
	if err := checkReportBelongs(c, r, srcName, trName, bname); err != nil {
		return err
	}
	// The draft (opt.Sync), then what it no longer needs of the checks
	// let go before it is written and read back.
	d := syncDraft(r, edited)
	if c.Bool("whole") {
		d = d.Whole()
	}
	if rep.Series, err = syncSeries(c, base, src); err != nil {
		return err
	}
	now, err := buildNow()
	if err != nil {
		return cli.Exit("sync: "+err.Error(), exitBad)
	}
	o.Now = now
	var buf bytes.Buffer
	st, err := reports.WriteDraft(&buf, d, o)
	if err != nil {
		return cli.Exit("sync: "+err.Error(), exitBad)
	}
	if err := conserve(c, d, buf.Bytes(), format); err != nil {
		return err
	}
	rep.Draft, rep.Format, rep.Stats = d, format, st
	if path := c.String("report"); path != "" {
		var js bytes.Buffer
		if err := writeJSON(&js, rep); err != nil {
			return cli.Exit("sync: "+err.Error(), exitBad)
		}
		if err := outputTo(c, "report", path, js.Bytes(), nil); err != nil {
			return err
		}
	}
	if err := output(c, buf.Bytes(), c.App.Writer); err != nil {
		return err
	}
	return rep.Text(c.App.ErrWriter)
}

// decoded is the text of an input read from text, for the layouts of
// Markdown and text drafts and the inline markup of Markdown and HTML;
// "" for a binary one and for a document JSON.
func decoded(data []byte, d *corpus.Document) string {
	switch d.Source.Format {
	case "pdf", "docx":
		return ""
	}
	// A document JSON records the format of its first reading, but its
	// text is the JSON, not that format's: a draft laid out on it was the
	// JSON with the items written after it.
	if corpusjson.IsDocument(data[:min(len(data), 64)]) {
		return ""
	}
	text, _, err := corpus.DecodeText(data, d.Source.Encoding)
	if err != nil {
		return ""
	}
	return text
}

// checkKeyed checks a translation read from a PO, XLIFF or TMX file, whose
// ids are those of the source edition it was made for: that edition must
// be the one it is compared with (the base, else the source), and each id
// must name an item of it. A fault is an error at the line and column of
// the id in the file.
func checkKeyed(name string, data []byte, tr, src, base *corpus.Document) error {
	if !keyedFormat(tr) {
		return nil
	}
	if msg := statedMismatch(tr, src, base); msg != "" {
		return cli.Exit(name+": "+msg, exitBad)
	}
	return checkKeyedIDs(name, data, tr, src, base)
}

// checkKeyedIDs checks that each id of a translation read from a PO,
// XLIFF or TMX file names an item of the edition it is compared with
// (the base, else the source): one that names none is an error at its
// line and column in the file (data), exit status 2.
func checkKeyedIDs(name string, data []byte, tr, src, base *corpus.Document) error {
	if !keyedFormat(tr) {
		return nil
	}
	orig, role := src, "SOURCE"
	if base != nil {
		orig, role = base, "--base"
	}
	// The ids of orig, as orig.Item finds them (one look through the
	// items per id grew with the square of the items).
	ids := make(map[string]bool, len(orig.Items))
	for i := range orig.Items {
		ids[orig.Items[i].ID] = true
	}
	for i := range tr.Items {
		id := tr.Items[i].ID
		if bare, _, _ := strings.Cut(id, "#"); ids[bare] {
			continue
		}
		// A document JSON's bytes are not kept (ingest.FileWithBytes):
		// its error names the input without a place.
		place := name
		if line, col := findQuoted(data, id); line > 0 {
			place = fmt.Sprintf("%s:%d:%d", name, line, col)
		}
		what := map[string]string{"po": "msgctxt", "xliff": "trans-unit", "tmx": "tuid"}[tr.Source.Format]
		return cli.Exit(fmt.Sprintf("%s: %s %q names no item of %s (%s)", place, what, id, orig.Name(), role), exitBad)
	}
	return nil
}

// findQuoted gives the line and column (1-based) where "id (quoted) first
// stands in data, or 0, 0.
func findQuoted(data []byte, id string) (int, int) {
	for _, q := range []string{"\"" + id + "\"", "\"" + id + "/"} {
		if i := bytes.Index(data, []byte(q)); i >= 0 {
			line := bytes.Count(data[:i], []byte("\n")) + 1
			col := i - bytes.LastIndexByte(data[:i], '\n')
			return line, col
		}
	}
	return 0, 0
}

// buildNow is the time written into a PO or XLIFF draft: SOURCE_DATE_EPOCH
// when set (an error when it is not a number of seconds), else the
// clock's.
func buildNow() (time.Time, error) {
	t, ok, err := corpus.SourceDateEpoch()
	if err != nil || ok {
		return t, err
	}
	return time.Now(), nil
}

// conserve checks that a draft, in any format, writes every line and
// sentence of the translation's items or lists it among d's orphans:
// each item some of whose text it would lose is an orphan with that
// text (reports.Unconserved), and a warning names them (exit status 2
// under --strict).
func conserve(c *call, d *gaps.Draft, draft []byte, format string) error {
	lost, err := reports.Unconserved(d, format, draft)
	if err != nil {
		return cli.Exit("sync: the "+format+" draft does not read back: "+err.Error(), exitBad)
	}
	if len(lost) == 0 {
		return nil
	}
	d.Orphans = append(d.Orphans, lost...)
	ids := make([]string, 0, len(lost))
	for _, o := range lost {
		ids = append(ids, o.Target.ID)
	}
	return warnStrict(c, fmt.Sprintf("the draft does not write some of the text of %d translation items, listed as orphaned: %s", len(lost), strings.Join(ids, ", ")))
}
