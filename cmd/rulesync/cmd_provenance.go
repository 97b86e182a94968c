package main

import (
	"bytes"

	"github.com/urfave/cli/v3"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/reports"
)

// provenanceCommand is "rulesync provenance": which edition a
// translation was made from.
func provenanceCommand() *cli.Command {
	formats := []string{"text", "json"}
	return &cli.Command{
		Name:      "provenance",
		Usage:     "which source edition a translation was made from, from content alone",
		ArgsUsage: "TRANSLATION CANDIDATE [CANDIDATE...]",
		Flags: withCommon(sourceFlags("format"), toFlag(formats, false),
			&cli.BoolFlag{Name: "json", Usage: "write JSON (--to json)"},
			outputFlag()),
		Action: act(func(c *call) error {
			if c.NArg() < 2 {
				return arity(c, "TRANSLATION and at least one CANDIDATE")
			}
			to, err := toFormat(c, formats)
			if err != nil {
				return err
			}
			if _, err := outputColor(c); err != nil {
				return err
			}
			docs, err := loadAll(c, c.Args().Slice())
			if err != nil {
				return err
			}
			pv, err := gaps.Options{Context: c.Context}.Provenance(docs[0], docs[1:]...)
			if c.Context.Err() != nil {
				return interrupted(c)
			}
			if err != nil {
				return cli.Exit("provenance: "+err.Error(), exitBad)
			}
			var buf bytes.Buffer
			if to == "json" {
				err = writeJSON(&buf, pv)
			} else {
				err = reports.ProvenanceText(&buf, pv)
			}
			if err != nil {
				return cli.Exit(err.Error(), exitBad)
			}
			return output(c, buf.Bytes(), c.App.Writer)
		}),
	}
}
