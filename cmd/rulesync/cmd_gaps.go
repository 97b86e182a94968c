package main

import (
	"github.com/urfave/cli/v2"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
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
			failOnFlag(),
			outputFlag()),
		Action: func(c *cli.Context) error {
			if c.NArg() != 2 {
				return arity(c, "SOURCE and TRANSLATION")
			}
			if err := checkReportFlags(c); err != nil {
				return err
			}
			docs, err := loadAll(c, append(c.Args().Slice(), c.StringSlice("base")...))
			if err != nil {
				return err
			}
			src, tr, bases := docs[0], docs[1], docs[2:]
			var base *corpus.Document
			var pv *gaps.Provenance
			opt := gaps.Options{Context: c.Context}
			switch len(bases) {
			case 0:
			case 1:
				base = bases[0]
			default:
				// The base is not given: provenance picks it among the
				// candidates, and the report says so.
				if pv, err = opt.Provenance(tr, bases...); err != nil {
					if c.Context.Err() != nil {
						return interrupted(c)
					}
					return cli.Exit("gaps: --base: "+err.Error(), exitBad)
				}
				if pv.Best < 0 {
					return cli.Exit("gaps: --base: the translation "+pv.Answer()+"; give one --base", exitBad)
				}
				base = pv.Candidates[pv.Best]
			}
			r := opt.Gaps(src, tr, base)
			if c.Context.Err() != nil {
				return interrupted(c)
			}
			r.Provenance = pv
			return writeReport(c, r)
		},
	}
}
