package main

import (
	"io"

	"github.com/urfave/cli/v3"

	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/reports"
)

// showFormats are what show writes: a table, the document JSON, a
// Markdown table.
var showFormats = []string{"text", "json", "md"}

// showCommand is "rulesync show": a document's items as a table.
func showCommand() *cli.Command {
	return &cli.Command{
		Name:      "show",
		Usage:     "print a table of a document's items (id, number, title, flags, excerpt)",
		ArgsUsage: "INPUT (a file, an http(s) URL, or - for standard input)",
		Flags: withCommon(sourceFlags("format"), toFlag(showFormats, false),
			&cli.BoolFlag{Name: "json", Usage: "print the document JSON instead of a table (--to json)"}, outputFlag()),
		Action: act(func(c *call) error {
			in, err := oneArg(c)
			if err != nil {
				return err
			}
			to, err := toFormat(c, showFormats)
			if err != nil {
				return err
			}
			color, err := outputColor(c)
			if err != nil {
				return err
			}
			d, err := load(c, in)
			if err != nil {
				return err
			}
			write := func(w io.Writer) error { return writeTable(w, d, color) }
			switch to {
			case "json":
				write = func(w io.Writer) error { return corpusjson.Encode(w, d) }
			case "md":
				write = func(w io.Writer) error { return reports.DocumentMarkdown(w, d) }
			}
			// Written as it is made, to -o atomically: the table of a
			// large document is never held whole.
			return outputFunc(c, write, c.App.Writer)
		}),
	}
}
