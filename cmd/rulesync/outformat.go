package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v3"
)

// extFormats are the output formats the extensions of an -o FILE name.
var extFormats = map[string]string{
	".md": "md", ".markdown": "md",
	".txt": "text", ".text": "text",
	".html": "html", ".htm": "html",
	".json": "json",
	".po":   "po", ".pot": "po",
	".xlf": "xliff", ".xliff": "xliff",
	".tmx": "tmx",
	".csv": "csv", ".tsv": "tsv",
}

// outputNames is the format the extension of the command's -o FILE
// names ("x.po": "po"), and that file; "" when there is no -o or its
// extension names no format.
func outputNames(c *call) (format, file string) {
	if !hasFlag(c, "output") {
		return "", ""
	}
	file = c.String("output")
	return extFormats[strings.ToLower(filepath.Ext(file))], file
}

// byOutput reconciles the output format to (given by the user when
// explicit, else the command's default) with -o FILE's extension: an
// extension that names a format decides it where --to was not given,
// and must agree with --to where it was; formats are those the command
// writes. An -o FILE whose extension names another format than the one
// written would be read as that format by whatever opens it ("x.po"
// holding Markdown), so a disagreement is an exit-2 error, never a
// silent choice.
func byOutput(c *call, to string, explicit bool, formats []string) (string, error) {
	named, file := outputNames(c)
	switch {
	case named == "" || named == to:
		return to, nil
	case explicit:
		return "", cli.Exit(fmt.Sprintf("%s: -o %s names %s output, but --to is %s: make them agree", c.Command.Name, file, named, to), exitBad)
	case !slices.Contains(formats, named):
		return "", cli.Exit(fmt.Sprintf("%s: -o %s names %s output, which %s does not write (it writes %s): give --to, or another name", c.Command.Name, file, named, c.Command.Name, strings.Join(formats, ", ")), exitBad)
	}
	return named, nil
}
