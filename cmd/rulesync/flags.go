package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/urfave/cli/v3"
	"golang.org/x/term"

	"github.com/rulesync/rulesync/ingest"
)

// The flags several commands share: how to read inputs (--from and the
// source options), what to write (--to, -o), and whether in colour
// (--color).

// outputFlag is -o FILE, which the commands that print a result share.
func outputFlag() cli.Flag {
	return &cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE` (atomically) instead of standard output"}
}

// sourceFormats lists the formats ingest reads, made once: every command
// that reads inputs names them in its help.
var sourceFormats = sync.OnceValue(func() string {
	var formats []string
	for _, f := range ingest.Formats() {
		formats = append(formats, f[0])
	}
	return strings.Join(formats, ", ")
})

// deprecatedFrom is the old name of --from in a command: "format" where
// --format named the input (ingest, show, align, provenance),
// "input-format" where it named the output (diff, gaps, check).
type deprecatedFrom string

// sourceFlags are the flags that say how to read a command's inputs:
// --from FORMAT and the source's edition, language, encoding, fetch
// timeout, strictness and size limit. old is the deprecated name --from
// had in the command, still read (with a warning).
func sourceFlags(old deprecatedFrom) []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "from", Usage: "input `FORMAT`: " + sourceFormats() + " (default: detected from the content)"},
		&renamedFlag{&cli.StringFlag{Name: string(old), Hidden: true, Usage: "deprecated: use --from"}, "from"},
		&cli.StringFlag{Name: "edition", Usage: "edition `NAME`, when the source does not state it (e.g. tda-2024)"},
		&cli.StringFlag{Name: "lang", Usage: "BCP 47 language `TAG`, when the source does not state it (e.g. ja, pt-BR)"},
		&cli.StringFlag{Name: "encoding", Usage: "character `ENCODING` of the source (e.g. shift_jis, euc-jp, windows-1252; default: from the HTTP header or the page, else detected)"},
		&cli.DurationFlag{Name: "timeout", Value: ingest.DefaultTimeout, Usage: "give up fetching a URL after `DURATION` (e.g. 30s, 2m)", Validator: positive},
		&cli.BoolFlag{Name: "allow-private-urls", Usage: "let a URL (or a redirect) reach a loopback, private or link-local address (a server on this machine or network); refused otherwise"},
		&cli.BoolFlag{Name: "strict", Usage: "fail (exit 2) when ingest warns about the structure it found (holes in the numbering, text dropped, little structure; of several inputs, a hole another prints alike is not counted)"},
		maxBytesFlag(),
		maxBlocksFlag(),
		&cli.StringFlag{Name: "pdf-engine", Value: "auto", Usage: "read PDFs with `ENGINE`: " + strings.Join(ingest.PDFEngines(), ", ") + " (auto: the build's own choice per file, said in a note when it is not the first engine)"},
	}
}

// pdfEngine is the --pdf-engine of the command, an exit-2 error when
// this build has no engine of that name.
func pdfEngine(c *call) (string, error) {
	e := c.String("pdf-engine")
	if !slices.Contains(ingest.PDFEngines(), e) {
		return "", cli.Exit(fmt.Sprintf("%s: --pdf-engine %q: this build reads PDFs with %s", c.Command.Name, e, strings.Join(ingest.PDFEngines(), ", ")), exitBad)
	}
	return e, nil
}

// toFlag is --to FORMAT, the output format; formats are those the
// command writes, the first the default. A command whose --format named
// its output keeps it (and -f) as a deprecated alias.
func toFlag(formats []string, deprecatedFormat bool) []cli.Flag {
	fs := []cli.Flag{&cli.StringFlag{Name: "to", Value: formats[0], Usage: "output `FORMAT`: " + strings.Join(formats, ", ")}}
	if deprecatedFormat {
		fs = append(fs, &renamedFlag{&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Hidden: true, Usage: "deprecated: use --to"}, "to"})
	}
	return fs
}

// withCommon joins a command's source flags, its --to and its other
// flags, and adds --color.
func withCommon(source, to []cli.Flag, more ...cli.Flag) []cli.Flag {
	fs := append(append(append([]cli.Flag{}, source...), to...), more...)
	return append(fs, colorFlag())
}

// colorFlag is --color=auto|always|never.
func colorFlag() cli.Flag {
	return &cli.StringFlag{Name: "color", Value: "auto", Usage: "colour the output: `WHEN` is auto (on a terminal, unless NO_COLOR is set), always or never"}
}

// renamedFlag is a flag kept under its old name, hidden from the help:
// now is the flag's new name. Using it warns.
type renamedFlag struct {
	*cli.StringFlag
	now string
}

// renamed returns the old name of the command's flag now, if it has
// one.
func renamed(c *call, now string) string {
	for _, f := range c.Command.Flags {
		if r, ok := f.(*renamedFlag); ok && r.now == now {
			return r.Name
		}
	}
	return ""
}

// deprecated warns on standard error that a flag has a new name.
func deprecated(c *call, old, now string) {
	fmt.Fprintf(c.App.ErrWriter, "rulesync: %s: --%s is deprecated; use --%s\n", c.Command.Name, old, now)
}

// fromFormat is the input format a command was given: --from, or the
// old name the flag had in the command (with a warning).
func fromFormat(c *call) string {
	if old := renamed(c, "from"); old != "" && c.IsSet(old) {
		deprecated(c, old, "from")
		if !c.IsSet("from") {
			return c.String(old)
		}
	}
	return c.String("from")
}

// toFormat is the output format a command was given, checked against
// the formats it writes: --to, or the deprecated --format where it named
// the output (with a warning); --json, where the command has it, is --to
// json; without any of them, the format -o FILE's extension names
// (byOutput).
func toFormat(c *call, formats []string) (string, error) {
	to, explicit := c.String("to"), c.IsSet("to")
	if old := renamed(c, "to"); old != "" && c.IsSet(old) {
		deprecated(c, old, "to")
		if !c.IsSet("to") {
			to, explicit = c.String(old), true
		}
	}
	if hasFlag(c, "json") && c.Bool("json") {
		to, explicit = "json", true
	}
	if !slices.Contains(formats, to) {
		return "", cli.Exit(fmt.Sprintf("%s: unknown --to %q (want %s)", c.Command.Name, to, strings.Join(formats, ", ")), exitBad)
	}
	return byOutput(c, to, explicit, formats)
}

// hasFlag reports whether the command defines a flag.
func hasFlag(c *call, name string) bool {
	for _, f := range c.Command.Flags {
		if slices.Contains(f.Names(), name) {
			return true
		}
	}
	return false
}

// useColor decides --color for output to w: never, always (whatever
// NO_COLOR and the output are: the flag is the user's word), or auto:
// colour on a terminal, unless NO_COLOR is set (https://no-color.org)
// or TERM is dumb.
func useColor(c *call, w io.Writer) (bool, error) {
	switch c.String("color") {
	case "never":
		return false, nil
	case "always":
		return true, nil
	case "auto", "":
		return colorful(w), nil
	}
	return false, cli.Exit(fmt.Sprintf("%s: unknown --color %q (want auto, always or never)", c.Command.Name, c.String("color")), exitBad)
}

// outputColor decides --color for a command's result: what useColor
// says for standard output, or for a file named by -o (never a
// terminal: colour there only with --color=always).
func outputColor(c *call) (bool, error) {
	var w io.Writer = c.App.Writer
	if o := c.String("output"); o != "" && o != "-" {
		w = nil
	}
	return useColor(c, w)
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

// terminal reports whether w is a terminal, colour aside: a build shows
// its steps there.
func terminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// positive refuses a duration of zero or less (a fetch that gives up
// before it starts).
func positive(d time.Duration) error {
	if d <= 0 {
		return errors.New("not a duration above zero")
	}
	return nil
}
