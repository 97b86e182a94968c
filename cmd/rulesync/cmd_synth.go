package main

import (
	"fmt"
	"os"

	"github.com/urfave/cli/v3"

	"github.com/rulesync/rulesync/internal/synth"
)

// synthCommand is "rulesync synth": a generated corpus with known edits
// and defects.
func synthCommand() *cli.Command {
	return &cli.Command{
		Name:  "synth",
		Usage: "generate a synthetic corpus with known edits and translation defects, and its workspace",
		Description: "Writes DIR/docs/*.json (editions en-1..en-N, translations <lang>-<e>), DIR/rulesync.toml (every\n" +
			"edition pair in sequence, every translation against its edition) and DIR/truth.json (the edits and\n" +
			"defects made), for benchmarks and accuracy measurements at any size. The same seed gives the same corpus.\n" +
			"DIR must be new or empty: synth overwrites nothing. It reads no input and writes JSON and TOML only:\n" +
			"synth has no --from or --to.",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "editions", Value: 3, Usage: "`N` English editions"},
			&cli.IntFlag{Name: "langs", Value: 2, Usage: "`N` translations of each edition (at most 35)"},
			&cli.IntFlag{Name: "items", Value: 500, Usage: "`N` rules per edition"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "random seed `N` (0 or more)"},
			&cli.BoolFlag{Name: "merges", Usage: "also merge about 2% of the rules of each edition with the rule after them (truth.json: Merged)"},
			&cli.IntSliceFlag{Name: "unchanged", Usage: "make edition `N` (2 or more) the edition before it reissued, identical in content (repeat for more)"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Required: true, Usage: "the `DIR` to write (new or empty)"},
			colorFlag(),
		},
		Action: act(func(c *call) error {
			if c.NArg() != 0 {
				return cli.Exit("synth: takes no arguments; name the directory with -o (see 'rulesync synth --help')", exitBad)
			}
			if _, err := useColor(c, c.App.Writer); err != nil {
				return err
			}
			dir := c.String("output")
			if err := checkOutput(c, "output", dir); err != nil {
				return err
			}
			if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
				return cli.Exit(fmt.Sprintf("synth: %s is not empty (%d entries, %s among them); give a new or empty directory: synth overwrites nothing", dir, len(entries), entries[0].Name()), exitBad)
			}
			n, l, k := c.Int("editions"), c.Int("langs"), c.Int("items")
			if n < 1 || l < 0 || l > len(synth.Languages) || k < 1 {
				return cli.Exit(fmt.Sprintf("synth: want 1 or more editions, 0 to %d languages and 1 or more items", len(synth.Languages)), exitBad)
			}
			o := synth.Options{Unchanged: c.IntSlice("unchanged"), Merges: c.Bool("merges")}
			for _, u := range o.Unchanged {
				if u < 2 || u > n {
					return cli.Exit(fmt.Sprintf("synth: --unchanged %d: want an edition from 2 to %d (one with an edition before it)", u, n), exitBad)
				}
			}
			if err := o.Write(c.Context, dir, c.Uint64("seed"), n, l, k); err != nil {
				if c.Context.Err() != nil {
					return interrupted(c)
				}
				return outputError(c, "output", dir, err)
			}
			fmt.Fprintf(c.App.Writer, "wrote %s: %d documents of %d items\n", dir, n*(1+l), k)
			return nil
		}),
	}
}
