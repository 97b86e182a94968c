package main

import (
	"bytes"
	"fmt"
	"path/filepath"

	"github.com/urfave/cli/v3"

	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/reports"
)

// diffFormats are what diff writes: text for a terminal, a Markdown
// changelog, a page, JSON.
var diffFormats = []string{"text", "md", "html", "json"}

// diffCommand is "rulesync diff": what changed between two editions.
func diffCommand() *cli.Command {
	return &cli.Command{
		Name:      "diff",
		Usage:     "what changed between two editions: added, removed, renumbered, moved, retitled, modified, split, merged",
		ArgsUsage: "OLD NEW (document JSON files or any source ingest reads)",
		Description: "Every changed item with its old and new number, a redline and a severity (substantive or editorial,\n" +
			"with the reason), after a summary table and a note on what only one edition contains. --to md gives a\n" +
			"changelog to publish, html a self-contained page, json {old, new, scope, changes: [{kind, severity,\n" +
			"old_id, new_id, title_changed, text_changed, reason, redline}]}. The text shows deletions and insertions\n" +
			"as [-...-] and {+...+}, in red and green too with colour.",
		Flags: withCommon(sourceFlags("input-format"), toFlag(diffFormats, true),
			&cli.StringFlag{Name: "only", Usage: "list only the `SEVERITY` substantive or editorial (the summary counts all)"},
			&cli.StringSliceFlag{Name: "skip", Usage: "leave out `PART`: front-matter (the unnumbered items outside any section: title page, preamble)"},
			&cli.BoolFlag{Name: "exit-code", Usage: "exit with status 1 when there are changes, as git diff --exit-code does"},
			&cli.StringFlag{Name: "equivalences", Usage: "`FILE` of further editorial equivalences (\"old => new\" lines)"},
			&cli.StringFlag{Name: "title", Usage: "the changelog's `TITLE` (default: the editions' names as their documents print them)"},
			outputFlag()),
		Action: act(func(c *call) error {
			if c.NArg() != 2 {
				return arity(c, "OLD and NEW")
			}
			to, err := toFormat(c, diffFormats)
			if err != nil {
				return err
			}
			color, err := outputColor(c)
			if err != nil {
				return err
			}
			var lo reports.ChangelogOptions
			switch only := c.String("only"); only {
			case "":
			case string(diff.Substantive), string(diff.Editorial):
				lo.Only = diff.Severity(only)
			default:
				return cli.Exit(fmt.Sprintf("diff: unknown --only %q (want substantive or editorial)", only), exitBad)
			}
			for _, part := range c.StringSlice("skip") {
				if part != "front-matter" {
					return cli.Exit(fmt.Sprintf("diff: unknown --skip %q (want front-matter)", part), exitBad)
				}
				lo.SkipFrontMatter = true
			}
			opt := diff.Options{Context: c.Context}
			if path := c.String("equivalences"); path != "" {
				eqs, err := loadEquivalences(c, path)
				if err != nil {
					return err
				}
				opt.Equivalences = append(diff.DefaultEquivalences(), eqs...)
			}
			docs, err := loadAll(c, c.Args().Slice())
			if err != nil {
				return err
			}
			if err := checkEditionLanguages(c, docs[0], docs[1], c.Args().Get(0), c.Args().Get(1)); err != nil {
				return err
			}
			lo.OldName, lo.NewName = filepath.Base(c.Args().Get(0)), filepath.Base(c.Args().Get(1))
			lo.Title = c.String("title")
			cmp := opt.Compare(docs[0], docs[1])
			if c.Context.Err() != nil {
				return interrupted(c)
			}
			if err := checkBelong(c, cmp.Alignment, c.Args().Get(0), c.Args().Get(1)); err != nil {
				return err
			}
			if to == "json" {
				// Written a change at a time, straight to the output
				// (the JSON of a diff of 100k items is held once, not
				// three times).
				if err := outputFunc(c, cmp.WriteJSON, c.App.Writer); err != nil {
					return err
				}
			} else {
				var buf bytes.Buffer
				switch to {
				case "md":
					err = lo.Markdown(&buf, cmp)
				case "html":
					err = lo.HTML(&buf, cmp)
				default:
					err = lo.Text(&buf, cmp, color)
				}
				if err != nil {
					return cli.Exit(err.Error(), exitBad)
				}
				if err := output(c, buf.Bytes(), c.App.Writer); err != nil {
					return err
				}
			}
			if c.Bool("exit-code") && len(cmp.Changes) > 0 {
				return cli.Exit("", exitChanges)
			}
			return nil
		}),
	}
}
