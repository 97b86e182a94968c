package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/history"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/reports"
)

// historyFormats are what history writes, as diff does.
var historyFormats = []string{"text", "md", "html", "json"}

// historyCommand is "rulesync history": the life of every item across a
// series of editions.
func historyCommand() *cli.Command {
	return &cli.Command{
		Name:      "history",
		Usage:     "the life of every item across a series of editions: added, each change, renumbered, moved, split, merged, removed",
		ArgsUsage: "EDITION EDITION... (oldest first; or none with --git or --config)",
		Description: "Compares each edition with the next and follows every item through the series, through renumberings,\n" +
			"moves, splits and merges: one history per item, each change dated by its edition with its severity and\n" +
			"redline. --item ID (ID@EDITION for an id of an older edition) shows one item; --since EDITION is the\n" +
			"cumulative changelog of everything after that edition, by item, with the net redline. --git REPO --path\n" +
			"FILE reads the editions from a git repository (no git program needed): every commit from --first to --last\n" +
			"that changed the file, or with --tags the tagged commits; each blob is read once, and --cache DIR keeps\n" +
			"the documents and comparisons for the next run. --config FILE --series NAME follows the [[series]] NAME of a\n" +
			"workspace manifest (its sources, read as build reads them, or its repository). json is {editions, since, note, items: [{id, label,\n" +
			"first, last, names, events: [{edition, kind, severity, old_ids, new_ids, reason, redline}]}]}.",
		Flags: withCommon(sourceFlags("input-format"), toFlag(historyFormats, false),
			&cli.StringFlag{Name: "item", Usage: "show only the item `ID` (ID@EDITION names it in that edition)"},
			&cli.StringFlag{Name: "since", Usage: "the cumulative changelog of every change after `EDITION`"},
			&cli.StringFlag{Name: "git", Usage: "read the editions from the git repository `REPO`"},
			&cli.StringFlag{Name: "path", Usage: "with --git: the `FILE` in the repository"},
			&cli.StringFlag{Name: "first", Usage: "with --git: the first edition's `REV` (default: the first commit with the file)"},
			&cli.StringFlag{Name: "last", Usage: "with --git: the last edition's `REV` (default: HEAD)"},
			&cli.BoolFlag{Name: "tags", Usage: "with --git: the editions are the tagged commits (--first and --last name tags)"},
			&cli.StringFlag{Name: "cache", Usage: "with --git: keep documents and comparisons in `DIR` for the next run"},
			&cli.StringFlag{Name: "config", Aliases: []string{"c"}, Usage: "read the editions of a [[series]] of the workspace manifest `FILE`"},
			&cli.StringFlag{Name: "series", Usage: "with --config: the series `NAME` (default: the manifest's only series)"},
			&cli.StringFlag{Name: "equivalences", Usage: "`FILE` of further editorial equivalences (\"old => new\" lines)"},
			outputFlag()),
		Action: act(runHistory),
	}
}

func runHistory(c *call) error {
	to, err := toFormat(c, historyFormats)
	if err != nil {
		return err
	}
	color, err := outputColor(c)
	if err != nil {
		return err
	}
	if c.String("item") != "" && c.String("since") != "" {
		return cli.Exit("history: give --item or --since, not both", exitBad)
	}
	opt := history.Options{Diff: diff.Options{Context: c.Context}}
	if path := c.String("equivalences"); path != "" {
		eqs, err := loadEquivalences(c, path)
		if err != nil {
			return err
		}
		opt.Diff.Equivalences = append(diff.DefaultEquivalences(), eqs...)
	}
	h, err := buildHistory(c, opt)
	if c.Context.Err() != nil {
		return interrupted(c)
	}
	var exit cli.ExitCoder
	if errors.As(err, &exit) {
		return err
	}
	if err != nil {
		return cli.Exit("history: "+err.Error(), exitBad)
	}
	v := h.All()
	if ref := c.String("item"); ref != "" {
		l, _, note, err := h.Lookup(ref)
		if err != nil {
			return cli.Exit("history: --item: "+err.Error(), exitBad)
		}
		v.Lives, v.Note = []*history.Life{l}, note
	}
	if since := c.String("since"); since != "" {
		e, err := h.EditionIndex(since)
		if err != nil {
			return cli.Exit("history: --since: "+err.Error(), exitBad)
		}
		v = h.SinceView(e)
	}
	if to == "json" {
		return outputFunc(c, v.WriteJSON, c.App.Writer)
	}
	var buf bytes.Buffer
	switch to {
	case "md":
		err = reports.HistoryMarkdown(&buf, v)
	case "html":
		err = reports.HistoryHTML(&buf, v)
	default:
		err = reports.HistoryText(&buf, v, color)
	}
	if err != nil {
		return cli.Exit(err.Error(), exitBad)
	}
	return output(c, buf.Bytes(), c.App.Writer)
}

// buildHistory follows the series: the [[series]] of a workspace, or
// the editions historyEditions reads.
func buildHistory(c *call, opt history.Options) (*history.History, error) {
	if c.IsSet("config") {
		if c.NArg() > 0 || c.IsSet("git") {
			return nil, cli.Exit("history: with --config, name no files and no --git (the editions come from the manifest)", exitBad)
		}
		ws, err := reports.LoadWorkspace(c.String("config"))
		if err != nil {
			return nil, cli.Exit(err.Error(), exitBad)
		}
		return (&reports.Build{Workspace: ws}).History(c.Context, c.String("series"), opt)
	}
	if c.IsSet("series") {
		return nil, cli.Exit("history: --series needs --config, the workspace manifest", exitBad)
	}
	// Cached comparisons hold for these equivalences only.
	eds, cache, err := historyEditions(c, fmt.Sprintf(" %v", opt.Diff.Equivalences))
	if err != nil {
		return nil, err
	}
	if cache != nil {
		opt.Steps = cache
	}
	if len(eds) < 2 {
		return nil, cli.Exit(fmt.Sprintf("history: the series has %d edition(s); it needs two or more", len(eds)), exitBad)
	}
	if err := checkSeriesLanguages(c, eds); err != nil {
		return nil, err
	}
	return opt.Build(c.Context, eds)
}

// checkSeriesLanguages warns (exit 2 under --strict), as diff does,
// where two consecutive editions of the series read as different
// languages: a translation among the editions makes every item of the
// step a substantive change.
func checkSeriesLanguages(c *call, eds []history.Edition) error {
	for i := 1; i < len(eds); i++ {
		a, b := eds[i-1], eds[i]
		if a.Doc == nil || b.Doc == nil {
			continue
		}
		if err := checkEditionLanguages(c, a.Doc, b.Doc, a.Name, b.Name); err != nil {
			return err
		}
	}
	return nil
}

// historyEditions reads the series: the files named, or the versions
// of a file in a git repository, with a cache whose Version ends with
// diffVersion (what the comparisons depend on).
func historyEditions(c *call, diffVersion string) ([]history.Edition, *history.Cache, error) {
	repo := c.String("git")
	if repo == "" {
		for _, f := range []string{"path", "first", "last", "tags", "cache"} {
			if c.IsSet(f) {
				return nil, nil, cli.Exit(fmt.Sprintf("history: --%s needs --git", f), exitBad)
			}
		}
		if c.NArg() < 2 {
			return nil, nil, arity(c, "two editions or more, oldest first (or --git REPO --path FILE)")
		}
		docs, err := loadAll(c, c.Args().Slice())
		if err != nil {
			return nil, nil, err
		}
		if err := checkOldestFirst(c, c.Args().Slice(), docs); err != nil {
			return nil, nil, err
		}
		return history.FileEditions(c.Args().Slice(), docs), nil, nil
	}
	if c.NArg() > 0 {
		return nil, nil, cli.Exit("history: with --git, name no files (the editions come from the repository)", exitBad)
	}
	if c.String("path") == "" {
		return nil, nil, cli.Exit("history: --git needs --path FILE, the file's path in the repository", exitBad)
	}
	max, err := maxBytes(c)
	if err != nil {
		return nil, nil, err
	}
	engine, err := pdfEngine(c)
	if err != nil {
		return nil, nil, err
	}
	in := ingest.Options{PDFEngine: engine, Format: fromFormat(c), Edition: c.String("edition"), Lang: c.String("lang"),
		Encoding: c.String("encoding"), Timeout: c.Duration("timeout"), MaxBytes: max, MaxBlocks: c.Int("max-blocks"), Budget: sharedBudget(c), Context: c.Context}
	cache := history.NewCache(c.String("cache"), cacheVersion(in)+diffVersion)
	g := history.Git{Repo: repo, Path: filepath.ToSlash(c.String("path")), From: c.String("first"), To: c.String("last"),
		Tags: c.Bool("tags"), Ingest: in, Cache: cache}
	eds, err := g.Editions(c.Context)
	if c.Context.Err() != nil {
		return nil, nil, interrupted(c)
	}
	if err != nil {
		return nil, nil, cli.Exit("history: "+err.Error(), exitBad)
	}
	return eds, cache, nil
}

// checkOldestFirst warns (exit 2 under --strict) where the dates the
// editions named state are out of the order given: history compares
// each with the next as given, so that newest first shows every change
// backwards. A date as precise as a year or a month is out of order only
// where it precedes the other's and is no prefix of it; an edition that
// states no date is not compared.
func checkOldestFirst(c *call, names []string, docs []*corpus.Document) error {
	last := -1 // the last edition that states a date
	for i, d := range docs {
		if d.Date == "" {
			continue
		}
		if last >= 0 {
			prev := docs[last].Date
			if d.Date < prev && !strings.HasPrefix(prev, d.Date) {
				msg := fmt.Sprintf("the editions are not oldest first: %s states %s, and %s, given after it, %s; history compares each edition with the next as given", names[last], prev, names[i], d.Date)
				if c.Bool("strict") {
					return cli.Exit("history: --strict: "+msg, exitBad)
				}
				fmt.Fprintf(c.App.ErrWriter, "history: warning: %s\n", msg)
				return nil
			}
		}
		last = i
	}
	return nil
}

// cacheVersion names what a cached value depends on: this program (its
// file's size and time) and the ingest options that shape a document.
func cacheVersion(in ingest.Options) string {
	v := "rulesync"
	if exe, err := os.Executable(); err == nil {
		if fi, err := os.Stat(exe); err == nil {
			v += fmt.Sprintf(" %d %d", fi.Size(), fi.ModTime().UnixNano())
		}
	}
	return v + fmt.Sprintf(" %q %q %q %q %q", in.PDFEngine, in.Format, in.Edition, in.Lang, in.Encoding)
}

// seriesEvidence follows the source from the base through the series to
// the source and adds to each stale finding the editions that changed
// its item (reports.SeriesEvidence).
func seriesEvidence(c *call, r *gaps.Report, base *corpus.Document, between []*corpus.Document, src *corpus.Document) error {
	docs := append(append([]*corpus.Document{base}, between...), src)
	names := make([]string, len(docs))
	names[len(names)-1] = c.Args().Get(0)
	copy(names[1:], c.StringSlice("series"))
	names[0] = base.Source.Path
	h, err := history.Options{Diff: diff.Options{Context: c.Context}}.Build(c.Context, history.FileEditions(names, docs))
	if c.Context.Err() != nil {
		return interrupted(c)
	}
	if err != nil {
		return cli.Exit(c.Command.Name+": --series: "+err.Error(), exitBad)
	}
	reports.SeriesEvidence(r, h)
	return nil
}

// syncSeries is the source's history from the base through --series to
// the source, or nil without --series.
func syncSeries(c *call, base, src *corpus.Document) (*history.History, error) {
	series := c.StringSlice("series")
	if len(series) == 0 {
		return nil, nil
	}
	if base == nil {
		return nil, cli.Exit(c.Command.Name+": --series needs --base, the edition the series starts from", exitBad)
	}
	between, err := loadAll(c, series)
	if err != nil {
		return nil, err
	}
	docs := append(append([]*corpus.Document{base}, between...), src)
	names := append(append([]string{base.Source.Path}, series...), c.Args().Get(0))
	h, err := history.Options{Diff: diff.Options{Context: c.Context}}.Build(c.Context, history.FileEditions(names, docs))
	if c.Context.Err() != nil {
		return nil, interrupted(c)
	}
	if err != nil {
		return nil, cli.Exit(c.Command.Name+": --series: "+err.Error(), exitBad)
	}
	return h, nil
}
