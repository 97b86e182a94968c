package main

import (
	"github.com/urfave/cli/v2"

	"github.com/rulesync/rulesync/corpus"
)

// ingestCommand is "rulesync ingest": a source read into its document
// JSON.
func ingestCommand() *cli.Command {
	return &cli.Command{
		Name:      "ingest",
		Usage:     "read a rulebook source and write its document JSON",
		ArgsUsage: "INPUT (a file, an http(s) URL, or - for standard input)",
		Flags:     withCommon(sourceFlags("format"), toFlag([]string{"json"}, false), outputFlag()),
		Action: func(c *cli.Context) error {
			in, err := oneArg(c)
			if err != nil {
				return err
			}
			if _, err := toFormat(c, []string{"json"}); err != nil {
				return err
			}
			if _, err := outputColor(c); err != nil {
				return err
			}
			d, err := load(c, in)
			if err != nil {
				return err
			}
			data, err := corpus.Marshal(d)
			if err != nil {
				return cli.Exit(err.Error(), exitBad)
			}
			return output(c, data, c.App.Writer)
		},
	}
}
