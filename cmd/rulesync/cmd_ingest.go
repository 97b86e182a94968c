package main

import (
	"io"

	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/urfave/cli/v3"
)

// ingestCommand is "rulesync ingest": a source read into its document
// JSON.
func ingestCommand() *cli.Command {
	return &cli.Command{
		Name:      "ingest",
		Usage:     "read a rulebook source and write its document JSON",
		ArgsUsage: "INPUT (a file, an http(s) URL, or - for standard input)",
		Flags:     withCommon(sourceFlags("format"), toFlag([]string{"json"}, false), outputFlag()),
		Action: act(func(c *call) error {
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
			// Written item by item: the JSON of a table of 100k rows
			// (45 MB) is never held whole beside the document.
			return outputFunc(c, func(w io.Writer) error { return corpusjson.Encode(w, d) }, c.App.Writer)
		}),
	}
}
