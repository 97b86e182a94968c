package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/rulesync/rulesync/reports"
)

// buildCommand is "rulesync build": a workspace built into its outputs
// and site.
func buildCommand() *cli.Command {
	return &cli.Command{
		Name:      "build",
		Usage:     "build a workspace: changelogs, translation worklists, PO/XLIFF/TMX/TBX files and an HTML site",
		ArgsUsage: " ",
		Description: "Reads the manifest (TOML: [[source]] name/path/url/format/edition/lang, [[diff]] old/new,\n" +
			"[[translation]] name/source/base), ingests every source (cached by its bytes), and writes OUTDIR,\n" +
			"replacing it only when the new build is complete. A source that cannot be read is reported and\n" +
			"left out with what depends on it (each changelog, translation and series left out is named);\n" +
			"everything else is written, and the exit status is 2.\n" +
			"The sources' formats are the manifest's (format = ...), and the output is a directory of many\n" +
			"formats: build has no --from or --to.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "config", Aliases: []string{"c"}, Value: "rulesync.toml", Usage: "the workspace manifest `FILE`"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Value: "rulesync-out", Usage: "the output `DIR`"},
			maxBytesFlag(),
			maxBlocksFlag(),
			&cli.StringSliceFlag{Name: "root", Usage: "let the manifest read sources (and keep its cache) under `DIR` too (repeat for more), besides its folder and its git repository, whatever its roots say"},
			&cli.StringFlag{Name: "cache", Usage: "keep the build's cache in `DIR`, instead of the manifest's cache (which must lie where its sources may)"},
			&cli.BoolFlag{Name: "allow-private-urls", Usage: "let the manifest's allow_private_urls take effect (URL sources on loopback, private and link-local addresses)"},
			colorFlag(),
		},
		Action: act(func(c *call) error {
			stdout, stderr := c.App.Writer, c.App.ErrWriter
			if c.NArg() != 0 {
				return cli.Exit("build: takes no arguments; name the manifest with -c (see 'rulesync build --help')", exitBad)
			}
			color, err := useColor(c, stdout)
			if err != nil {
				return err
			}
			if err := checkOutput(c, "output", c.String("output")); err != nil {
				return err
			}
			if err := checkOutput(c, "cache", c.String("cache")); err != nil {
				return err
			}
			max, err := maxBytes(c)
			if err != nil {
				return err
			}
			ws, err := reports.LoadWorkspace(c.String("config"))
			if err != nil {
				return cli.Exit(err.Error(), exitBad)
			}
			if max > 0 {
				ws.MaxBytes = max
			}
			if c.IsSet("max-blocks") {
				ws.MaxBlocks = c.Int("max-blocks")
			}
			ws.Granted = reports.Grants{Roots: c.StringSlice("root"), PrivateURLs: c.Bool("allow-private-urls"), Cache: c.String("cache")}
			b := &reports.Build{Workspace: ws, Out: c.String("output")}
			// Steps are shown on a terminal; a log gets the summary only.
			if terminal(stdout) {
				b.Progress = func(e reports.Event) { progressLine(stderr, e) }
			}
			sum, err := b.Run(c.Context)
			if errors.Is(err, context.Canceled) {
				return cli.Exit(fmt.Sprintf("build: %v", err), exitInterrupted)
			}
			if err != nil {
				return cli.Exit(fmt.Sprintf("build: %v", err), exitBad)
			}
			for _, n := range sum.Notes {
				fmt.Fprintln(stderr, "rulesync: build: "+n)
			}
			if err := writeSummary(stdout, sum, c.String("output"), color); err != nil {
				return cli.Exit(err.Error(), exitBad)
			}
			// What ingest warned of, source by source, as ingest, gaps
			// and sync say it: after the summary, with the errors, the
			// last the build says.
			for _, d := range sum.Documents {
				writeWarnings(c, stderr, d.Input, d.Warnings)
			}
			if len(sum.Failed)+len(sum.Skipped)+len(sum.Unplaced) > 0 {
				var msgs []string
				for _, f := range sum.Failed {
					msgs = append(msgs, fmt.Sprintf("source %s: %v", f.Name, f.Err))
				}
				for _, k := range sum.Skipped {
					msgs = append(msgs, k.String())
				}
				for _, f := range sum.Unplaced {
					msgs = append(msgs, fmt.Sprintf("translation %s: %v", f.Name, f.Err))
				}
				return cli.Exit("build: "+strings.Join(msgs, "\nbuild: ")+"\nbuild: everything else was written", exitBad)
			}
			return nil
		}),
	}
}
