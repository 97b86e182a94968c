package main

import (
	"fmt"

	"github.com/urfave/cli/v3"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
)

// reportFormats are what gaps and check write: text for a terminal, a
// Markdown worklist, JSON.
var reportFormats = []string{"text", "md", "json"}

// failOnFlag is --fail-on, the severity from which gaps and check exit 1.
func failOnFlag() cli.Flag {
	return &cli.StringFlag{Name: "fail-on", Usage: "exit 1 when a finding of this `SEVERITY` or worse exists: error or warning"}
}

// gapsCommand is "rulesync gaps": a translation checked against its
// source.
func gapsCommand() *cli.Command {
	return &cli.Command{
		Name:      "gaps",
		Usage:     "what a translation lacks or gets wrong against its source: a translator's worklist",
		ArgsUsage: "SOURCE TRANSLATION",
		Description: "Checks missing, extra, stale (with --base), truncated, untranslated, numbers, refs, parts,\n" +
			"enumeration, duplicate, terminology and mismatch. --base names the source edition the translation was\n" +
			"made from; given several times, the one the translation follows is chosen by content (provenance).\n" +
			"The text lists errors first, then warnings, then info. Exit status 1 when a finding at or above\n" +
			"--fail-on exists.",
		Flags: withCommon(sourceFlags("input-format"), toFlag(reportFormats, true),
			&cli.StringSliceFlag{Name: "base", Usage: "the source edition the translation was made from (`FILE`; repeat to let provenance choose)"},
			&cli.StringSliceFlag{Name: "series", Usage: "a source edition between the base and SOURCE (`FILE`; repeat, oldest first): each stale item lists the editions that changed it, with their redlines"},
			failOnFlag(),
			outputFlag()),
		Action: act(func(c *call) error {
			if c.NArg() != 2 {
				return arity(c, "SOURCE and TRANSLATION")
			}
			if err := checkReportFlags(c); err != nil {
				return err
			}
			series := c.StringSlice("series")
			if len(series) > 0 && len(c.StringSlice("base")) == 0 {
				return cli.Exit("gaps: --series needs --base, the edition the series starts from", exitBad)
			}
			// The translation's bytes are kept where they cannot be
			// read again (standard input, a URL), for checkMsgids.
			trName := c.Args().Get(1)
			docs, data, err := loadAllData(c, append(append(c.Args().Slice(), series...), c.StringSlice("base")...),
				func(i int) bool { return i == 1 && (trName == "-" || ingest.IsURL(trName)) })
			if err != nil {
				return err
			}
			src, tr, between, bases := docs[0], docs[1], docs[2:2+len(series)], docs[2+len(series):]
			if err := checkLanguages(c, src, tr, c.Args().Get(0), c.Args().Get(1)); err != nil {
				return err
			}
			opt := gaps.Options{Context: c.Context}
			base, pv, err := pickBase(c, opt, tr, bases)
			if err != nil {
				return err
			}
			// The source's items that are the base's hold the base's strings:
			// the bytes of one edition, not two (corpusjson.Share).
			corpusjson.Share(src, base)
			opt.Read = pv // its reading through the base chosen
			text := interchangeText(c, trName, data[1], tr)
			if msg := statedMismatch(tr, src, base); msg != "" {
				// Its ids are another edition's: compared with this
				// one, what changed since is not found stale.
				msg = c.Args().Get(1) + ": " + msg
				if c.Bool("strict") {
					return cli.Exit("gaps: --strict: "+msg, exitBad)
				}
				fmt.Fprintf(c.App.ErrWriter, "gaps: warning: %s\n", msg)
			} else if err := checkKeyedIDs(c.Args().Get(1), []byte(text), tr, src, base); err != nil {
				// Made for this edition, an id that names none of its
				// items is a fault of the file, as sync says.
				return err
			}
			bname := baseName(c, bases, base)
			if err := checkBaseStates(c, tr, base, c.Args().Get(1), bname); err != nil {
				return err
			}
			if err := checkNoBase(c, tr, src, base, c.Args().Get(1), c.Args().Get(0)); err != nil {
				return err
			}
			edited, err := checkMsgids(c, trName, text, tr, src, base)
			if err != nil {
				return err
			}
			flagEdited(tr, edited)
			r := opt.Gaps(src, tr, base)
			if c.Context.Err() != nil {
				return interrupted(c)
			}
			if err := r.Unplaceable(); err != nil {
				if err := unrelatedBase(c, r, bname, c.Args().Get(0)); err != nil {
					return err
				}
				return cli.Exit(unplaceable("gaps", c.Args().Get(0), c.Args().Get(1), err), exitBad)
			}
			if err := checkReportBelongs(c, r, c.Args().Get(0), c.Args().Get(1), bname); err != nil {
				return err
			}
			r.Provenance = pv
			if len(series) > 0 {
				if err := seriesEvidence(c, r, base, between, src); err != nil {
					return err
				}
			}
			return writeReport(c, r)
		}),
	}
}

// chooseBase is the base edition of a translation among the --base
// documents: none without one, the one given, or, given several, the one
// provenance picks (pv says how; nil otherwise). A tie or a bad candidate
// is an exit-2 error naming --base.
func chooseBase(c *call, opt gaps.Options, tr *corpus.Document, bases []*corpus.Document) (base *corpus.Document, pv *gaps.Provenance, err error) {
	switch len(bases) {
	case 0:
		return nil, nil, nil
	case 1:
		return bases[0], nil, nil
	}
	if pv, err = opt.Provenance(tr, bases...); err != nil {
		if c.Context.Err() != nil {
			return nil, nil, interrupted(c)
		}
		return nil, nil, cli.Exit(c.Command.Name+": --base: "+err.Error(), exitBad)
	}
	if pv.Best < 0 {
		return nil, nil, cli.Exit(c.Command.Name+": --base: the translation "+pv.Answer()+"; give one --base", exitBad)
	}
	return pv.Candidates[pv.Best], pv, nil
}
