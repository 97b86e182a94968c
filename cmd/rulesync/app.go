package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/synth"
	"github.com/rulesync/rulesync/reports"
)

// outputFlag is -o FILE, which the commands that print a result share.
func outputFlag() cli.Flag {
	return &cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE` (atomically) instead of standard output"}
}

// Exit statuses.
const (
	exitOK          = 0
	exitChanges     = 1   // diff --exit-code found changes; gaps --fail-on found findings
	exitBad         = 2   // bad usage or unreadable input
	exitInterrupted = 130 // stopped by an interrupt (128 + SIGINT), as shells report it
)

// run is main without the process: it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "rulesync: internal error: %v\n", r)
			status = 3
		}
	}()
	// An interrupt or a termination request cancels the command's
	// context: a build stops, writes nothing and removes its unfinished
	// output.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	app := newApp(stdin, stdout, stderr)
	err := app.RunContext(ctx, interspersed(app, args))
	if err == nil {
		return exitOK
	}
	var ec cli.ExitCoder
	if errors.As(err, &ec) {
		if msg := err.Error(); msg != "" {
			fmt.Fprintln(stderr, "rulesync: "+msg)
		}
		return ec.ExitCode()
	}
	fmt.Fprintln(stderr, "rulesync: "+err.Error())
	return exitBad
}

func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	var formats []string
	for _, f := range ingest.Formats() {
		formats = append(formats, f[0])
	}
	// sourceFlags are the flags that say how to read inputs; the name of
	// the source-format flag is "format", or "input-format" where
	// --format names the output.
	sourceFlags := func(formatFlag string) []cli.Flag {
		return []cli.Flag{
			&cli.StringFlag{Name: formatFlag, Usage: "source format: " + strings.Join(formats, ", ") + " (default: detected from the content)"},
			&cli.StringFlag{Name: "edition", Usage: "edition name, when the source does not state it (e.g. tda-2024)"},
			&cli.StringFlag{Name: "lang", Usage: "BCP 47 language tag, when the source does not state it (e.g. ja, pt-BR)"},
			&cli.StringFlag{Name: "encoding", Usage: "character encoding of the source (e.g. shift_jis, euc-jp, windows-1252; default: from the HTTP header or the page, else detected)"},
			&cli.DurationFlag{Name: "timeout", Value: ingest.DefaultTimeout, Usage: "give up fetching a URL after this long"},
			&cli.BoolFlag{Name: "strict", Usage: "fail (exit 2) when ingest warns about the structure it found (holes in the numbering, text dropped, little structure)"},
			maxBytesFlag(),
		}
	}
	ingestFlags := sourceFlags("format")
	app := &cli.App{
		Name:      "rulesync",
		Usage:     "keep rulebooks in sync across editions and languages",
		Reader:    stdin,
		Writer:    stdout,
		ErrWriter: stderr,
		// Errors are printed once, by run.
		ExitErrHandler: func(*cli.Context, error) {},
		OnUsageError: func(c *cli.Context, err error, _ bool) error {
			return cli.Exit(err.Error(), exitBad)
		},
		Commands: []*cli.Command{
			{
				Name:      "ingest",
				Usage:     "read a rulebook source and write its document JSON",
				ArgsUsage: "INPUT (a file, an http(s) URL, or - for standard input)",
				Flags: append(ingestFlags,
					outputFlag()),
				OnUsageError: usageError,
				Action: func(c *cli.Context) error {
					in, err := oneArg(c)
					if err != nil {
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
					return output(c.String("output"), data, stdout)
				},
			},
			{
				Name:      "align",
				Usage:     "pair the items of a source document with a translation or another edition, with scores and evidence",
				ArgsUsage: "SOURCE TARGET [TARGET...] (document JSON files or any source ingest reads)",
				Description: "With one TARGET: a table of pairs (source, target, score, evidence; '?' marks a low-confidence pair)\n" +
					"and the unmatched items of each side. With several: one row per SOURCE item and its partner in each.\n" +
					"--json writes {pairs, unmatched_source, unmatched_target} (a list of them for several targets).",
				Flags: append(ingestFlags,
					&cli.BoolFlag{Name: "json", Usage: "write JSON instead of a table"},
					&cli.StringFlag{Name: "glossary", Usage: "TBX termbase `FILE` to use instead of the shipped one"},
					outputFlag()),
				OnUsageError: usageError,
				Action: func(c *cli.Context) error {
					if c.NArg() < 2 {
						return cli.Exit(fmt.Sprintf("align: want SOURCE and TARGET, got %d arguments (see 'rulesync align --help')", c.NArg()), exitBad)
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
					als := opt.Pivot(docs[0], docs[1:]...)
					var buf bytes.Buffer
					switch {
					case c.Bool("json") && len(als) == 1:
						err = writeJSON(&buf, als[0])
					case c.Bool("json"):
						err = writeJSON(&buf, map[string]any{"alignments": als})
					case len(als) == 1:
						err = writeAlignment(&buf, als[0])
					default:
						err = writePivot(&buf, als)
					}
					if err != nil {
						return cli.Exit(err.Error(), exitBad)
					}
					return output(c.String("output"), buf.Bytes(), stdout)
				},
			},
			{
				Name:      "diff",
				Usage:     "what changed between two editions: added, removed, renumbered, moved, retitled, modified, split, merged",
				ArgsUsage: "OLD NEW (document JSON files or any source ingest reads)",
				Description: "Every changed item with its old and new number, a redline and a severity (substantive or editorial,\n" +
					"with the rule that decided). --format md gives a changelog to publish, html a self-contained page,\n" +
					"json {old, new, changes: [{kind, severity, old_id, new_id, title_changed, text_changed, reason, redline}]}.",
				Flags: append(sourceFlags("input-format"),
					&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "text", Usage: "output: text, md, html or json"},
					&cli.BoolFlag{Name: "exit-code", Usage: "exit with status 1 when there are changes, as git diff --exit-code does"},
					&cli.StringFlag{Name: "equivalences", Usage: "`FILE` of further editorial equivalences (\"old => new\" lines)"},
					outputFlag()),
				OnUsageError: usageError,
				Action: func(c *cli.Context) error {
					if c.NArg() != 2 {
						return cli.Exit(fmt.Sprintf("diff: want OLD and NEW, got %d arguments (see 'rulesync diff --help')", c.NArg()), exitBad)
					}
					format := c.String("format")
					switch format {
					case "text", "md", "html", "json":
					default:
						return cli.Exit(fmt.Sprintf("diff: unknown --format %q (want text, md, html or json)", format), exitBad)
					}
					opt := diff.Options{}
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
					cmp := opt.Compare(docs[0], docs[1])
					var buf bytes.Buffer
					switch format {
					case "md":
						err = reports.Markdown(&buf, cmp)
					case "html":
						err = reports.HTML(&buf, cmp)
					case "json":
						err = writeJSON(&buf, cmp)
					default:
						err = reports.Text(&buf, cmp, c.String("output") == "" && colorful(stdout))
					}
					if err != nil {
						return cli.Exit(err.Error(), exitBad)
					}
					if err := output(c.String("output"), buf.Bytes(), stdout); err != nil {
						return err
					}
					if c.Bool("exit-code") && len(cmp.Changes) > 0 {
						return cli.Exit("", exitChanges)
					}
					return nil
				},
			},
			{
				Name:      "gaps",
				Usage:     "what a translation lacks or gets wrong against its source: a translator's worklist",
				ArgsUsage: "SOURCE TRANSLATION",
				Description: "Checks missing, extra, stale (with --base), truncated, untranslated, numbers, refs, parts,\n" +
					"enumeration, duplicate, terminology and mismatch. --base names the source edition the translation was\n" +
					"made from; given several times, the one the translation follows is chosen by content (provenance).\n" +
					"Exit status 1 when a finding at or above --fail-on exists.",
				Flags: append(sourceFlags("input-format"),
					&cli.StringSliceFlag{Name: "base", Usage: "the source edition the translation was made from (`FILE`; repeat to let provenance choose)"},
					&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "text", Usage: "output: text, md or json"},
					&cli.StringFlag{Name: "fail-on", Usage: "exit 1 when a finding of this severity or worse exists: error or warning"},
					outputFlag()),
				OnUsageError: usageError,
				Action: func(c *cli.Context) error {
					if c.NArg() != 2 {
						return cli.Exit(fmt.Sprintf("gaps: want SOURCE and TRANSLATION, got %d arguments (see 'rulesync gaps --help')", c.NArg()), exitBad)
					}
					if err := checkReportFlags(c); err != nil {
						return err
					}
					docs, err := loadAll(c, append(c.Args().Slice(), c.StringSlice("base")...))
					if err != nil {
						return err
					}
					src, tr, bases := docs[0], docs[1], docs[2:]
					var base *corpus.Document
					opt := gaps.Options{}
					switch len(bases) {
					case 0:
					case 1:
						base = bases[0]
					default:
						if pv := opt.Provenance(tr, bases...); pv.Best >= 0 {
							base = bases[pv.Best]
						} else {
							return cli.Exit("gaps: the translation follows none of the --base editions more than the others; give one", exitBad)
						}
					}
					return writeReport(c, opt.Gaps(src, tr, base))
				},
			},
			{
				Name:      "check",
				Usage:     "the checks that need no source: duplicate, enumeration, terminology, truncated",
				ArgsUsage: "DOCUMENT",
				Flags: append(sourceFlags("input-format"),
					&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "text", Usage: "output: text, md or json"},
					&cli.StringFlag{Name: "fail-on", Usage: "exit 1 when a finding of this severity or worse exists: error or warning"},
					outputFlag()),
				OnUsageError: usageError,
				Action: func(c *cli.Context) error {
					in, err := oneArg(c)
					if err != nil {
						return err
					}
					if err := checkReportFlags(c); err != nil {
						return err
					}
					d, err := load(c, in)
					if err != nil {
						return err
					}
					return writeReport(c, gaps.Options{}.Check(d))
				},
			},
			{
				Name:      "provenance",
				Usage:     "which source edition a translation was made from, from content alone",
				ArgsUsage: "TRANSLATION CANDIDATE [CANDIDATE...]",
				Flags: append(ingestFlags,
					&cli.BoolFlag{Name: "json", Usage: "write JSON"}),
				OnUsageError: usageError,
				Action: func(c *cli.Context) error {
					if c.NArg() < 2 {
						return cli.Exit(fmt.Sprintf("provenance: want TRANSLATION and at least one CANDIDATE, got %d arguments", c.NArg()), exitBad)
					}
					docs, err := loadAll(c, c.Args().Slice())
					if err != nil {
						return err
					}
					pv := gaps.Options{}.Provenance(docs[0], docs[1:]...)
					if c.Bool("json") {
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
						return writeJSON(stdout, map[string]any{"translation": docs[0].Edition, "lang": docs[0].Lang, "follows": best,
							"stated_version": pv.Stated, "stated_date": docs[0].Date, "candidates": cands, "items": items})
					}
					return reports.ProvenanceText(stdout, pv)
				},
			},
			{
				Name:      "build",
				Usage:     "build a workspace: changelogs, translation worklists, PO/XLIFF/TMX/TBX files and an HTML site",
				ArgsUsage: " ",
				Description: "Reads the manifest (TOML: [[source]] name/path/url/format/edition/lang, [[diff]] old/new,\n" +
					"[[translation]] name/source/base), ingests every source (cached by its bytes), and writes OUTDIR,\n" +
					"replacing it only when the new build is complete. A source that cannot be read is reported and\n" +
					"left out with what depends on it; everything else is written, and the exit status is 2.",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "config", Aliases: []string{"c"}, Value: "rulesync.toml", Usage: "the workspace manifest `FILE`"},
					&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Value: "rulesync-out", Usage: "the output `DIR`"},
					maxBytesFlag(),
				},
				OnUsageError: usageError,
				Action: func(c *cli.Context) error {
					if c.NArg() != 0 {
						return cli.Exit("build: takes no arguments; name the manifest with -c (see 'rulesync build --help')", exitBad)
					}
					if err := checkOutput(c.String("output")); err != nil {
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
					b := &reports.Build{Workspace: ws, Out: c.String("output")}
					// Steps are shown on a terminal; a log gets the summary only.
					if colorful(stdout) {
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
					if err := writeSummary(stdout, sum, c.String("output")); err != nil {
						return cli.Exit(err.Error(), exitBad)
					}
					if len(sum.Failed) > 0 {
						var msgs []string
						for _, f := range sum.Failed {
							msgs = append(msgs, fmt.Sprintf("source %s: %v", f.Name, f.Err))
						}
						return cli.Exit("build: "+strings.Join(msgs, "\nbuild: ")+"\nbuild: everything else was written", exitBad)
					}
					return nil
				},
			},
			{
				Name:  "synth",
				Usage: "generate a synthetic corpus with known edits and translation defects, and its workspace",
				Description: "Writes DIR/docs/*.json (editions en-1..en-N, translations <lang>-<e>), DIR/rulesync.toml (every\n" +
					"edition pair in sequence, every translation against its edition) and DIR/truth.json (the edits and\n" +
					"defects made), for benchmarks and accuracy measurements at any size. The same seed gives the same corpus.",
				Flags: []cli.Flag{
					&cli.IntFlag{Name: "editions", Value: 3, Usage: "English editions"},
					&cli.IntFlag{Name: "langs", Value: 2, Usage: "translations of each edition (at most 35)"},
					&cli.IntFlag{Name: "items", Value: 500, Usage: "rules per edition"},
					&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "random seed"},
					&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Required: true, Usage: "the `DIR` to write"},
				},
				OnUsageError: usageError,
				Action: func(c *cli.Context) error {
					if err := checkOutput(c.String("output")); err != nil {
						return err
					}
					n, l, k := c.Int("editions"), c.Int("langs"), c.Int("items")
					if n < 1 || l < 0 || l > len(synth.Languages) || k < 1 {
						return cli.Exit(fmt.Sprintf("synth: want 1 or more editions, 0 to %d languages and 1 or more items", len(synth.Languages)), exitBad)
					}
					if err := synth.Write(c.String("output"), c.Uint64("seed"), n, l, k); err != nil {
						return cli.Exit(fmt.Sprintf("synth: %v", err), exitBad)
					}
					fmt.Fprintf(stdout, "wrote %s: %d documents of %d items\n", c.String("output"), n*(1+l), k)
					return nil
				},
			},
			syncCommand(sourceFlags("input-format")),
			{
				Name:      "show",
				Usage:     "print a table of a document's items (id, number, title, flags, excerpt)",
				ArgsUsage: "INPUT (a file, an http(s) URL, or - for standard input)",
				Flags: append(ingestFlags,
					&cli.BoolFlag{Name: "json", Usage: "print the document JSON instead of a table"}),
				OnUsageError: usageError,
				Action: func(c *cli.Context) error {
					in, err := oneArg(c)
					if err != nil {
						return err
					}
					d, err := load(c, in)
					if err != nil {
						return err
					}
					if c.Bool("json") {
						return corpus.Encode(stdout, d)
					}
					return writeTable(stdout, d)
				},
			},
		},
	}
	return app
}

func usageError(c *cli.Context, err error, _ bool) error {
	return cli.Exit(fmt.Sprintf("%s: %v (see 'rulesync %s --help')", c.Command.Name, err, c.Command.Name), exitBad)
}

func oneArg(c *cli.Context) (string, error) {
	if c.NArg() != 1 {
		return "", cli.Exit(fmt.Sprintf("%s: want one INPUT, got %d arguments (see 'rulesync %s --help')", c.Command.Name, c.NArg(), c.Command.Name), exitBad)
	}
	return c.Args().First(), nil
}

// load ingests the input named on the command line, "-" for standard input.
func load(c *cli.Context, in string) (*corpus.Document, error) {
	d, _, err := loadInput(c, in, false)
	return d, err
}

// loadInput ingests the input named on the command line, "-" for
// standard input, and, with raw set, returns its bytes too.
func loadInput(c *cli.Context, in string, raw bool) (*corpus.Document, []byte, error) {
	format := c.String("format")
	if c.Command.Name == "diff" || c.Command.Name == "gaps" || c.Command.Name == "check" || c.Command.Name == "sync" {
		format = c.String("input-format")
	}
	max, err := maxBytes(c)
	if err != nil {
		return nil, nil, err
	}
	opt := ingest.Options{
		Format:   format,
		Edition:  c.String("edition"),
		Lang:     c.String("lang"),
		Encoding: c.String("encoding"),
		Timeout:  c.Duration("timeout"),
		MaxBytes: max,
	}
	var d *corpus.Document
	var data []byte
	switch {
	case in == "-" && raw:
		if data, err = opt.ReadAll("<stdin>", c.App.Reader); err == nil {
			d, err = opt.Bytes("<stdin>", data)
		}
	case in == "-":
		d, err = opt.Read("<stdin>", c.App.Reader)
	case ingest.IsURL(in) && raw:
		var p *ingest.Page
		if p, err = opt.Fetch(c.Context, in, nil); err == nil {
			data = p.Data
			d, err = opt.FromPage(p)
		}
	case ingest.IsURL(in):
		d, err = opt.URL(c.Context, in)
	case raw:
		if data, err = opt.ReadFile(in); err == nil {
			if d, err = opt.Bytes(in, data); err == nil && d.Source.Path == "" {
				d.Source.Path = in
			}
		}
	default:
		d, err = opt.File(in)
	}
	if err != nil {
		return nil, nil, cli.Exit(err.Error(), exitBad)
	}
	// What ingest found, on standard error: the summary where the command
	// is about one document, the warnings always.
	summary, warnings := ingest.Report(d)
	if c.Command.Name == "ingest" || c.Command.Name == "show" {
		for _, s := range summary {
			fmt.Fprintf(c.App.ErrWriter, "%s: %s\n", in, s)
		}
	}
	for _, w := range warnings {
		fmt.Fprintf(c.App.ErrWriter, "%s: %s\n", in, w)
	}
	if len(warnings) > 0 && c.Bool("strict") {
		return nil, nil, cli.Exit(fmt.Sprintf("%s: --strict: %d warning(s) about the structure found", in, len(warnings)), exitBad)
	}
	return d, data, nil
}

// pathless drops the path an *os.PathError repeats: the message names the
// input already.
func pathless(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// loadAll loads each input in order, stopping at the first that fails.
func loadAll(c *cli.Context, ins []string) ([]*corpus.Document, error) {
	docs := make([]*corpus.Document, len(ins))
	for i, in := range ins {
		d, err := load(c, in)
		if err != nil {
			return nil, err
		}
		docs[i] = d
	}
	return docs, nil
}

// loadGlossary reads a TBX file for align --glossary.
func loadGlossary(c *cli.Context, path string) (*align.Glossary, error) {
	return parseFile(c, path, align.ParseTBX)
}

// loadEquivalences reads a file of editorial equivalences for diff.
func loadEquivalences(c *cli.Context, path string) ([]diff.Equivalence, error) {
	return parseFile(c, path, diff.ParseEquivalences)
}

// parseFile reads the file at path, within the input size limit
// (--max-bytes), with parse, whose errors begin with the line (and
// column) where it stopped: they are shown after the path.
func parseFile[T any](c *cli.Context, path string, parse func(io.Reader) (T, error)) (T, error) {
	var zero T
	max, err := maxBytes(c)
	if err != nil {
		return zero, err
	}
	data, err := ingest.Options{MaxBytes: max}.ReadFile(path)
	if err != nil {
		return zero, cli.Exit(err.Error(), exitBad)
	}
	v, err := parse(bytes.NewReader(data))
	if err != nil {
		return zero, cli.Exit(fmt.Sprintf("%s:%v", path, err), exitBad)
	}
	return v, nil
}

// checkReportFlags validates the --format and --fail-on of gaps and check.
func checkReportFlags(c *cli.Context) error {
	switch c.String("format") {
	case "text", "md", "json":
	default:
		return cli.Exit(fmt.Sprintf("%s: unknown --format %q (want text, md or json)", c.Command.Name, c.String("format")), exitBad)
	}
	switch c.String("fail-on") {
	case "", "error", "warning", "info":
	default:
		return cli.Exit(fmt.Sprintf("%s: unknown --fail-on %q (want error or warning)", c.Command.Name, c.String("fail-on")), exitBad)
	}
	return nil
}

// writeReport writes a gaps or check report in the chosen format and
// decides the exit status by --fail-on.
func writeReport(c *cli.Context, r *gaps.Report) error {
	var buf bytes.Buffer
	var err error
	switch c.String("format") {
	case "md":
		err = reports.GapsMarkdown(&buf, r)
	case "json":
		err = writeJSON(&buf, r)
	default:
		err = reports.GapsText(&buf, r)
	}
	if err != nil {
		return cli.Exit(err.Error(), exitBad)
	}
	if err := output(c.String("output"), buf.Bytes(), c.App.Writer); err != nil {
		return err
	}
	if f := gaps.Severity(c.String("fail-on")); f != "" && r.Worst().Rank() >= f.Rank() {
		return cli.Exit("", exitChanges)
	}
	return nil
}

// colorful reports whether w is a terminal that takes colour: not when
// NO_COLOR is set.
func colorful(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	// A character device is not enough: /dev/null is one too.
	return term.IsTerminal(int(f.Fd()))
}

// writeJSON writes v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// output writes data to path atomically, or to w when path is empty or "-".
func output(path string, data []byte, w io.Writer) error {
	if path == "" || path == "-" {
		_, err := w.Write(data)
		return err
	}
	if err := checkOutput(path); err != nil {
		return err
	}
	if err := corpus.WriteFileAtomic(path, data); err != nil {
		return cli.Exit(fmt.Sprintf("%s: %v", path, pathless(err)), exitBad)
	}
	return nil
}
