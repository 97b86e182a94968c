package main

import (
	"bytes"

	"github.com/urfave/cli/v2"

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
		Action: func(c *cli.Context) error {
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
			pv := gaps.Options{}.Provenance(docs[0], docs[1:]...)
			var buf bytes.Buffer
			if to == "json" {
				best := ""
				if pv.Best >= 0 {
					best = pv.Candidates[pv.Best].Edition
				}
				var cands []map[string]any
				for k, d := range pv.Candidates {
					cands = append(cands, map[string]any{"edition": d.Edition, "votes": pv.Votes[k], "score": float64(int(pv.Score[k]*1000+0.5)) / 1000})
				}
				items := []map[string]any{}
				for _, it := range pv.Items {
					items = append(items, map[string]any{"target_id": it.TargetID, "follows": pv.Candidates[it.Candidate].Edition})
				}
				err = writeJSON(&buf, map[string]any{"translation": docs[0].Edition, "lang": docs[0].Lang, "follows": best,
					"stated_version": pv.Stated, "stated_date": docs[0].Date, "candidates": cands, "items": items})
			} else {
				err = reports.ProvenanceText(&buf, pv)
			}
			if err != nil {
				return cli.Exit(err.Error(), exitBad)
			}
			return output(c.String("output"), buf.Bytes(), c.App.Writer)
		},
	}
}
