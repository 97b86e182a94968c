package main

import (
	"bytes"
	"fmt"

	"github.com/urfave/cli/v3"

	"github.com/rulesync/rulesync/align"
)

// alignCommand is "rulesync align": the pairs of a source's items and a
// translation's or another edition's.
func alignCommand() *cli.Command {
	formats := []string{"text", "json"}
	return &cli.Command{
		Name:      "align",
		Usage:     "pair the items of a source document with a translation or another edition, with scores and evidence",
		ArgsUsage: "SOURCE TARGET [TARGET...] (document JSON files or any source ingest reads)",
		Description: "With one TARGET: a table of pairs (source, target, score, evidence; '?' marks a low-confidence pair)\n" +
			"and the unmatched items of each side. With several: one row per SOURCE item and its partner in each.\n" +
			"--to json writes {pairs, unmatched_source, unmatched_target} (a list of them for several targets).",
		Flags: withCommon(sourceFlags("format"), toFlag(formats, false),
			&cli.BoolFlag{Name: "json", Usage: "write JSON instead of a table (--to json)"},
			&cli.StringFlag{Name: "glossary", Usage: "TBX termbase `FILE` to use instead of the shipped one"},
			outputFlag()),
		Action: act(func(c *call) error {
			if c.NArg() < 2 {
				return arity(c, "SOURCE and TARGET")
			}
			to, err := toFormat(c, formats)
			if err != nil {
				return err
			}
			color, err := outputColor(c)
			if err != nil {
				return err
			}
			var opt align.Options
			if path := c.String("glossary"); path != "" {
				g, err := loadGlossary(c, path)
				if err != nil {
					return err
				}
				opt.Glossary = g
			}
			docs, err := loadAll(c, c.Args().Slice())
			if err != nil {
				return err
			}
			opt.Context = c.Context
			rds := opt.ThroughEach(docs[0], docs[1:]...)
			if c.Context.Err() != nil {
				return interrupted(c)
			}
			als := make([]*align.Alignment, len(rds))
			for i, rd := range rds {
				if err := align.Covered(rd.Alignment).Err(); err != nil && !rd.Partial {
					// A target that holds a part of the source (a
					// chapter) is aligned with the part it holds.
					return cli.Exit(fmt.Sprintf("align: %s: %v", c.Args().Get(i+1), err), exitBad)
				}
				if err := checkBelong(c, rd.Alignment, c.Args().Get(0), c.Args().Get(i+1)); err != nil {
					return err
				}
				if err := checkTranslation(c, opt, rd.Alignment, c.Args().Get(0), c.Args().Get(i+1)); err != nil {
					return err
				}
				als[i] = rd.Alignment
			}
			if to == "json" && len(als) == 1 {
				// writeJSON's bytes, a pair at a time, to the output.
				return outputFunc(c, als[0].WriteJSON, c.App.Writer)
			}
			var buf bytes.Buffer
			switch {
			case to == "json":
				err = writeJSON(&buf, map[string]any{"alignments": als})
			case len(als) == 1:
				err = writeAlignment(&buf, als[0], color)
			default:
				err = writePivot(&buf, als, color)
			}
			if err != nil {
				return cli.Exit(err.Error(), exitBad)
			}
			return output(c, buf.Bytes(), c.App.Writer)
		}),
	}
}
