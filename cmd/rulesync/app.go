package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/atomicfile"
	"github.com/rulesync/rulesync/internal/sched"
	"github.com/rulesync/rulesync/reports"
)

// Exit statuses.
const (
	exitOK          = 0
	exitChanges     = 1   // diff --exit-code found changes; gaps --fail-on found findings
	exitBad         = 2   // bad usage or unreadable input
	exitInterrupted = 130 // stopped by an interrupt (128 + SIGINT), as shells report it
)

// interruptGrace is how long a command may take to stop once
// interrupted before run gives up on it: the library calls stop at once
// where the work is long (the PDF engine, alignment, comparison, checks,
// fetches); a text parser stops when its parse ends.
const interruptGrace = 3 * time.Second

// run is main without the process: it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// An interrupt or a termination request cancels the command's
	// context: the command stops, exits with status 130 and writes no
	// output (a build removes its unfinished directory). A second signal
	// ends the command at once, its temporary files removed.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	done := make(chan int, 1)
	go func() {
		status := 3
		defer func() {
			if r := recover(); r != nil {
				fmt.Fprintf(stderr, "rulesync: internal error: %v\n", r)
			}
			done <- status
		}()
		status = runApp(ctx, args, stdin, stdout, stderr)
	}()
	select {
	case status := <-done:
		return status
	case <-ctx.Done():
		stop()
	}
	again := make(chan os.Signal, 1)
	signal.Notify(again, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(again)
	select {
	case status := <-done:
		return status
	case <-again:
	case <-time.After(interruptGrace):
	}
	// The command did not stop in time: its unfinished outputs go with it.
	atomicfile.Abandon()
	fmt.Fprintln(stderr, "rulesync: interrupted; nothing written")
	return exitInterrupted
}

// runApp runs the command line args with ctx as the commands' context.
func runApp(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := newApp(stdin, stdout, stderr)
	args, status, done := prepare(app, args, stdout, stderr)
	if done {
		return status
	}
	err := app.Run(ctx, args)
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

// call is one run of a command: the command with its parsed flags and
// arguments, the app (the root command, whose streams the commands
// write to and read from) and the context that an interrupt cancels.
type call struct {
	*cli.Command
	App     *cli.Command
	Context context.Context
	// warned holds the inputs whose warnings the run has shown.
	warned warnedInputs
	// budget is the blocks the documents the run holds at once share
	// (sharedBudget).
	budget *ingest.Budget
	// draftNotes, when not nil, receives the notes of the items of a
	// document JSON the next input read is (ingest.Options.Notes).
	draftNotes map[string]string
	// strictLater is set while inputs are read together (loadAllData,
	// sync's): --strict weighs their warnings once all are read
	// (strictShared). firsts records, for each input loadInput read,
	// whether the run named it first there (warnedInputs.first).
	strictLater bool
	firsts      map[string]bool
}

// act makes a command's action of f, which takes the run as a call.
func act(f func(c *call) error) cli.ActionFunc {
	return func(ctx context.Context, cmd *cli.Command) error {
		return f(&call{Command: cmd, App: cmd.Root(), Context: ctx})
	}
}

// newApp is the command line: one constructor per command, each in its
// own file (cmd_*.go).
func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.Command {
	app := &cli.Command{
		Name:      "rulesync",
		Usage:     "keep rulebooks in sync across editions and languages",
		UsageText: "rulesync COMMAND [flags] ARGS...   (rulesync --version; rulesync COMMAND --help)",
		Reader:    stdin,
		Writer:    stdout,
		ErrWriter: stderr,
		// Errors are printed once, by run.
		ExitErrHandler: func(context.Context, *cli.Command, error) {},
		OnUsageError: func(_ context.Context, _ *cli.Command, err error, _ bool) error {
			return cli.Exit(err.Error(), exitBad)
		},
		HideVersion: true,
		Commands: []*cli.Command{
			ingestCommand(),
			alignCommand(),
			diffCommand(),
			gapsCommand(),
			checkCommand(),
			provenanceCommand(),
			buildCommand(),
			synthCommand(),
			showCommand(),
			syncCommand(),
			historyCommand(),
			versionCommand(),
			completionCommand(),
			manCommand(),
		},
	}
	withConventions(app.Commands)
	for _, c := range app.Commands {
		// A command's words are its inputs: no "help" subcommand (rulesync
		// diff help b reads the file help), only -h and --help.
		c.HideHelpCommand = true
		// One-letter flags combine as in git and go ("-qo FILE").
		c.UseShortOptionHandling = true
		c.OnUsageError = usageError
		onlyOnce(c.Flags)
		c.Before = func(ctx context.Context, cmd *cli.Command) (context.Context, error) {
			return ctx, before(&call{Command: cmd, App: cmd.Root(), Context: ctx})
		}
	}
	return app
}

// onlyOnce refuses a flag of one value given twice ("--to md --to
// json" said two things: the last is not silently the one meant).
func onlyOnce(flags []cli.Flag) {
	for _, f := range flags {
		switch f := f.(type) {
		case *cli.StringFlag:
			f.OnlyOnce = true
		case *cli.IntFlag:
			f.OnlyOnce = true
		case *cli.Uint64Flag:
			f.OnlyOnce = true
		case *cli.DurationFlag:
			f.OnlyOnce = true
		case *renamedFlag:
			f.StringFlag.OnlyOnce = true
		}
	}
}

// before runs before every command: the conventions every command
// shares, then guard.
func before(c *call) error {
	if err := conventionsBefore(c); err != nil {
		return err
	}
	return guard(c)
}

// usageError reports a flag the command does not know or cannot read,
// with the nearest flag it has.
func usageError(_ context.Context, cmd *cli.Command, err error, _ bool) error {
	text, hint := flagErrorText(err), flagSuggestion(cmd, err)
	if hint == "" {
		if letter, cluster, ok := unknownInCluster(cmd, err); ok {
			text = fmt.Sprintf("unknown flag -%c in -%s", letter, cluster)
		}
	}
	return cli.Exit(fmt.Sprintf("%s: %s%s (see 'rulesync %s --help')", cmd.Name, text, hint, cmd.Name), exitBad)
}

// oneArg is the one input of a command that takes one.
func oneArg(c *call) (string, error) {
	if c.NArg() != 1 {
		return "", arity(c, "one INPUT")
	}
	return c.Args().First(), nil
}

// load ingests the input named on the command line, "-" for standard
// input, for a command that holds one document at a time: it has the
// whole --max-blocks to itself.
func load(c *call, in string) (*corpus.Document, error) {
	d, _, err := ingestInput(c.Context, c, in, false, c.App.ErrWriter, c.warned.first(c, in), nil)
	return d, err
}

// loadInput ingests the input named on the command line, "-" for
// standard input, and, with raw set, returns its bytes too.
func loadInput(c *call, in string, raw bool) (*corpus.Document, []byte, error) {
	first := c.warned.first(c, in)
	if _, ok := c.firsts[in]; !ok {
		if c.firsts == nil {
			c.firsts = map[string]bool{}
		}
		c.firsts[in] = first
	}
	return ingestInput(c.Context, c, in, raw, c.App.ErrWriter, first, sharedBudget(c))
}

// ingestInput is loadInput writing what ingest found to stderr: its
// warnings only with warn set (false for a file the run has read and
// warned about already, as SOURCE given as --base too), its blocks
// taken from budget (nil: --max-blocks of its own).
func ingestInput(ctx context.Context, c *call, in string, raw bool, stderr io.Writer, warn bool, budget *ingest.Budget) (*corpus.Document, []byte, error) {
	format := fromFormat(c)
	max, err := maxBytes(c)
	if err != nil {
		return nil, nil, err
	}
	engine, err := pdfEngine(c)
	if err != nil {
		return nil, nil, err
	}
	opt := ingest.Options{
		PDFEngine:    engine,
		Format:       format,
		Edition:      c.String("edition"),
		Lang:         c.String("lang"),
		Encoding:     c.String("encoding"),
		Timeout:      c.Duration("timeout"),
		AllowPrivate: c.Bool("allow-private-urls"),
		MaxBytes:     max,
		MaxBlocks:    c.Int("max-blocks"),
		Budget:       budget,
		Context:      ctx,
		Notes:        c.draftNotes,
	}
	var d *corpus.Document
	var data []byte
	switch {
	case in == "-" && raw:
		d, data, err = opt.ReadWithBytes("<stdin>", c.App.Reader)
	case in == "-":
		d, err = opt.Read("<stdin>", c.App.Reader)
	case ingest.IsURL(in) && raw:
		var p *ingest.Page
		if p, err = opt.Fetch(ctx, in, nil); err == nil {
			data = p.Data
			d, err = opt.FromPage(p)
		}
	case ingest.IsURL(in):
		d, err = opt.URL(ctx, in)
	case raw:
		d, data, err = opt.FileWithBytes(in)
	default:
		d, err = opt.File(in)
	}
	if c.Context.Err() != nil {
		return nil, nil, interrupted(c)
	}
	if err != nil {
		return nil, nil, cli.Exit(sizeHint(err), exitBad)
	}
	// What ingest found, on standard error: the summary where the command
	// is about one document, the warnings always.
	summary, warnings := ingest.Report(d)
	if (c.Command.Name == "ingest" || c.Command.Name == "show") && !quiet(c) {
		for _, s := range summary {
			fmt.Fprintf(stderr, "%s: %s\n", in, s)
		}
	}
	if warn {
		writeWarnings(c, stderr, in, warnings)
	}
	if len(warnings) > 0 && c.Bool("strict") && !c.strictLater {
		return nil, nil, cli.Exit(fmt.Sprintf("%s: --strict: %d warning(s) about the structure found", in, len(warnings)), exitBad)
	}
	return d, data, nil
}

// interrupted is the error of a command stopped by a signal: exit status
// 130, and nothing written.
func interrupted(c *call) error {
	return cli.Exit(c.Command.Name+": interrupted; nothing written", exitInterrupted)
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

// loadAll loads the inputs, stopping at the first that fails, as if
// one after the other: their messages in their order, and the first
// failure's error. The inputs are independent and read at the same time
// (each decode of a 100k-item document JSON is a second of one core),
// each writing its messages to a buffer of its own; an input that fails
// stops the reading of those after it (a URL that does not answer is not
// waited for once an earlier file has failed), whose messages and errors
// are then not shown. Not at the same time when standard input is named
// twice, which only one read may take.
func loadAll(c *call, ins []string) ([]*corpus.Document, error) {
	docs, _, err := loadAllData(c, ins, nil)
	return docs, err
}

// loadAllData is loadAll returning the bytes of the inputs raw says to
// keep (raw(i) for the i-th; none when raw is nil) as loadInput does.
func loadAllData(c *call, ins []string, raw func(i int) bool) ([]*corpus.Document, [][]byte, error) {
	docs := make([]*corpus.Document, len(ins))
	data := make([][]byte, len(ins))
	keep := func(i int) bool { return raw != nil && raw(i) }
	stdin := 0
	for _, in := range ins {
		if in == "-" {
			stdin++
		}
	}
	if len(ins) < 2 || stdin > 1 {
		for i, in := range ins {
			d, b, err := loadInput(c, in, keep(i))
			if err != nil {
				return nil, nil, err
			}
			docs[i], data[i] = d, b
		}
		return docs, data, nil
	}
	// Which inputs warn is settled in their order, before they are read
	// at the same time: the first naming of a file shows its warnings.
	warn := make([]bool, len(ins))
	for i, in := range ins {
		warn[i] = c.warned.first(c, in)
		if _, ok := c.firsts[in]; !ok {
			if c.firsts == nil {
				c.firsts = map[string]bool{}
			}
			c.firsts[in] = warn[i]
		}
	}
	msgs := make([]bytes.Buffer, len(ins))
	errs := make([]error, len(ins))
	stops := make([]context.CancelFunc, len(ins))
	ctxs := make([]context.Context, len(ins))
	for i := range ins {
		ctxs[i], stops[i] = context.WithCancel(c.Context)
		defer stops[i]()
	}
	budget := sharedBudget(c)
	outer := c.strictLater
	c.strictLater = true
	defer func() { c.strictLater = outer }()
	sched.Each(len(ins), len(ins), func(i int) {
		docs[i], data[i], errs[i] = ingestInput(ctxs[i], c, ins[i], keep(i), &msgs[i], warn[i], budget)
		if errs[i] != nil {
			for _, stop := range stops[i+1:] {
				stop()
			}
		}
	})
	for i := range ins {
		c.App.ErrWriter.Write(msgs[i].Bytes())
		if errs[i] != nil {
			return nil, nil, errs[i]
		}
	}
	if !outer {
		if err := strictShared(c, ins, docs, warn); err != nil {
			return nil, nil, err
		}
	}
	return docs, data, nil
}

// loadGlossary reads a TBX file for align --glossary.
func loadGlossary(c *call, path string) (*align.Glossary, error) {
	return parseFile(c, path, align.ParseTBX)
}

// loadEquivalences reads a file of editorial equivalences for diff.
func loadEquivalences(c *call, path string) ([]diff.Equivalence, error) {
	return parseFile(c, path, diff.ParseEquivalences)
}

// parseFile reads the file at path, within the input size limit
// (--max-bytes), with parse, whose errors begin with the line (and
// column) where it stopped: they are shown after the path.
func parseFile[T any](c *call, path string, parse func(io.Reader) (T, error)) (T, error) {
	var zero T
	max, err := maxBytes(c)
	if err != nil {
		return zero, err
	}
	data, err := ingest.Options{MaxBytes: max}.ReadFile(path)
	if err != nil {
		return zero, cli.Exit(sizeHint(err), exitBad)
	}
	v, err := parse(bytes.NewReader(data))
	if err != nil {
		return zero, cli.Exit(fmt.Sprintf("%s:%v", path, err), exitBad)
	}
	return v, nil
}

// checkReportFlags validates the --to and --fail-on of gaps and check.
func checkReportFlags(c *call) error {
	if _, err := toFormat(c, reportFormats); err != nil {
		return err
	}
	if _, err := outputColor(c); err != nil {
		return err
	}
	switch c.String("fail-on") {
	case "", "error", "warning":
	default:
		return cli.Exit(fmt.Sprintf("%s: unknown --fail-on %q (want error or warning)", c.Command.Name, c.String("fail-on")), exitBad)
	}
	return nil
}

// writeReport writes a gaps or check report in the chosen format and
// decides the exit status by --fail-on.
func writeReport(c *call, r *gaps.Report) error {
	to, _ := toFormat(c, reportFormats)
	color, _ := outputColor(c)
	if to == "json" {
		// Written a finding at a time, straight to the output.
		if err := outputFunc(c, r.WriteJSON, c.App.Writer); err != nil {
			return err
		}
	} else {
		var buf bytes.Buffer
		var err error
		if to == "md" {
			err = reports.GapsMarkdown(&buf, r)
		} else {
			err = reports.GapsText(&buf, r, color)
		}
		if err != nil {
			return cli.Exit(err.Error(), exitBad)
		}
		if err := output(c, buf.Bytes(), c.App.Writer); err != nil {
			return err
		}
	}
	if f := gaps.Severity(c.String("fail-on")); f != "" && r.Worst().Rank() >= f.Rank() {
		return cli.Exit("", exitChanges)
	}
	return nil
}

// writeJSON writes v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// output writes data to the -o path atomically, or to w when the path is
// empty or "-" (to nothing for /dev/null, which is no file to replace);
// nothing once the command was interrupted.
func output(c *call, data []byte, w io.Writer) error {
	return outputTo(c, "output", c.String("output"), data, w)
}

// outputFunc is output with the data written by write, straight to the
// -o file (atomically) or to w, not held whole in memory first (the JSON
// of an alignment of 100k items is 97 MB).
func outputFunc(c *call, write func(io.Writer) error, w io.Writer) error {
	if c.Context.Err() != nil {
		return interrupted(c)
	}
	path := c.String("output")
	if path == os.DevNull {
		w, path = io.Discard, ""
	}
	if path == "" || path == "-" {
		bw := bufio.NewWriterSize(w, 64<<10)
		if err := write(bw); err != nil {
			return cli.Exit(err.Error(), exitBad)
		}
		return bw.Flush()
	}
	if err := checkOutput(c, "output", path); err != nil {
		return err
	}
	if err := atomicfile.WriteFunc(path, write); err != nil {
		return outputError(c, "output", path, err)
	}
	return nil
}

// outputTo writes data to path, the value of the output flag flag,
// atomically, or to w when path is empty or "-"; nothing once the
// command was interrupted.
func outputTo(c *call, flag, path string, data []byte, w io.Writer) error {
	if c.Context.Err() != nil {
		return interrupted(c)
	}
	if path == os.DevNull {
		return nil
	}
	if path == "" || path == "-" {
		_, err := w.Write(data)
		return err
	}
	if err := checkOutput(c, flag, path); err != nil {
		return err
	}
	if err := atomicfile.Write(path, data); err != nil {
		return outputError(c, flag, path, err)
	}
	return nil
}

// outputError is the error of a write of path, the value of the output
// flag flag, that failed: exit 2, naming the command, the flag and the
// path as the user wrote them, as the output, and the folder of the
// path that does not exist where that is the reason ("sync: -o
// sub/../x.md: output: no such folder: sub").
func outputError(c *call, flag, path string, err error) error {
	why := pathless(err).Error()
	if dir, reason := missingFolder(path); dir != "" {
		why = reason + ": " + dir // (guard refuses these first)
	}
	return cli.Exit(fmt.Sprintf("%s: %s: output: %s", c.Command.Name, namedPath{flag, path}, why), exitBad)
}

// noFolder is missingFolder's reason for a folder that does not exist.
const noFolder = "no such folder"

// missingFolder is the first folder of path, as written ("sub" of
// "sub/../x.md", which the system resolves before it goes up), that does
// not exist or is not a folder, and which of the two; "" when every
// folder is there.
func missingFolder(path string) (dir, reason string) {
	parts := strings.Split(filepath.ToSlash(path), "/")
	for i, p := range parts[:len(parts)-1] {
		if p == "" || p == "." || p == ".." {
			continue
		}
		dir := filepath.FromSlash(strings.Join(parts[:i+1], "/"))
		fi, err := os.Stat(dir)
		switch {
		case err != nil && errors.Is(err, fs.ErrNotExist):
			return dir, noFolder
		case err == nil && !fi.IsDir():
			return dir, "not a folder"
		}
	}
	return "", ""
}
