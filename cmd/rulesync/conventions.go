package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urfave/cli/v3"
)

// The conventions every command keeps: -q/--quiet and -v/--verbose for
// what it says on standard error, --color for what it prints; and the
// commands about rulesync itself: version, completion, man.

// quietFlag and verboseFlag set how much a command says besides its
// result: errors only, or every warning in full.
func quietFlag() cli.Flag {
	return &cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "say nothing on standard error but errors (warnings still count for --strict)"}
}

func verboseFlag() cli.Flag {
	return &cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "list every warning in full (by default an input's warnings share one line with their count)"}
}

// withConventions gives every command -q, -v and --color where it has
// not its own.
func withConventions(cmds []*cli.Command) {
	for _, c := range cmds {
		has := map[string]bool{}
		for _, f := range c.Flags {
			for _, n := range f.Names() {
				has[n] = true
			}
		}
		if !has["color"] {
			c.Flags = append(c.Flags, colorFlag())
		}
		if !has["quiet"] {
			c.Flags = append(c.Flags, quietFlag())
		}
		if !has["verbose"] {
			c.Flags = append(c.Flags, verboseFlag())
		}
	}
}

// conventionsBefore runs before a command: it refuses a --color that is
// not auto, always or never, whether or not the command colours
// anything, and with --quiet sends what the command says besides its
// result nowhere (errors are printed by run, not by the command).
func conventionsBefore(c *call) error {
	if _, err := useColor(c, nil); err != nil {
		return err
	}
	if quiet(c) {
		c.App.ErrWriter = io.Discard
	}
	return nil
}

// quiet reports whether the command was asked to say nothing but errors.
func quiet(c *call) bool { return c != nil && c.Bool("quiet") }

// verbose reports whether the command was asked for every warning.
func verbose(c *call) bool { return c != nil && c.Bool("verbose") }

// writeWarnings writes what ingest warned about input in to w: nothing
// with --quiet; every warning on a line of its own with --verbose or
// when there is one; otherwise one line that names each warning by its
// head (the words before its first colon: "numbering skips") with their
// count, so that the numbering gaps a publisher leaves on purpose take
// one line, not six.
func writeWarnings(c *call, w io.Writer, in string, warnings []string) {
	switch {
	case quiet(c) || len(warnings) == 0:
	case verbose(c) || len(warnings) == 1:
		for _, s := range warnings {
			fmt.Fprintf(w, "%s: %s\n", in, s)
		}
	default:
		heads := make([]string, len(warnings))
		for i, s := range warnings {
			heads[i] = warningHead(s)
		}
		name := "rulesync"
		if c != nil && c.Command != nil {
			name += " " + c.Command.Name
		}
		fmt.Fprintf(w, "%s: %d warnings: %s (%s -v lists them)\n", in, len(warnings), strings.Join(heads, "; "), name)
	}
}

// warningHead is what a warning is about: its text without the
// "warning: " mark, up to its first colon, and at most 60 runes.
func warningHead(s string) string {
	s = strings.TrimPrefix(s, "warning: ")
	if h, _, ok := strings.Cut(s, ": "); ok {
		s = h
	}
	if r := []rune(s); len(r) > 60 {
		s = string(r[:59]) + "…"
	}
	return s
}

// versionCommand is "rulesync version", as --version.
func versionCommand() *cli.Command {
	return &cli.Command{
		Name:      "version",
		Usage:     "print rulesync's version (as --version)",
		UsageText: "rulesync version",
		Action: act(func(c *call) error {
			if c.NArg() > 0 {
				return arity(c, "no arguments")
			}
			_, err := fmt.Fprintln(c.App.Writer, version())
			return err
		}),
	}
}

// manCommand writes the manual page, made from the command definitions.
func manCommand() *cli.Command {
	return &cli.Command{
		Name:      "man",
		Usage:     "print the manual page (roff), made from the commands' own definitions",
		UsageText: "rulesync man > rulesync.1",
		Action: act(func(c *call) error {
			if c.NArg() > 0 {
				return arity(c, "no arguments")
			}
			_, err := io.WriteString(c.App.Writer, manPage(c.App))
			return err
		}),
	}
}

// completionCommand writes a shell's completion script, made from the
// command definitions.
func completionCommand() *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print the completion script of SHELL (bash, zsh or fish), made from the commands' own definitions",
		UsageText: "rulesync completion bash > /etc/bash_completion.d/rulesync\n   rulesync completion zsh > \"${fpath[1]}/_rulesync\"\n   rulesync completion fish > ~/.config/fish/completions/rulesync.fish",
		Action: act(func(c *call) error {
			if c.NArg() != 1 {
				return arity(c, "one SHELL (bash, zsh or fish)")
			}
			var script string
			switch sh := c.Args().First(); sh {
			case "bash":
				script = bashCompletion(c.App)
			case "zsh":
				script = zshCompletion(c.App)
			case "fish":
				script = fishCompletion(c.App)
			default:
				return cli.Exit(fmt.Sprintf("completion: unknown shell %q (want bash, zsh or fish)", sh), exitBad)
			}
			_, err := io.WriteString(c.App.Writer, script)
			return err
		}),
	}
}

// commandFlags lists a command's visible flags as the shell types them:
// "--output", "-o".
func commandFlags(c *cli.Command) []string {
	var out []string
	for _, f := range visibleFlags(c) {
		for _, n := range f.Names() {
			if len(n) == 1 {
				out = append(out, "-"+n)
			} else {
				out = append(out, "--"+n)
			}
		}
	}
	return append(out, "--help")
}

// visibleFlags lists a command's flags that its help shows, in their
// order, without --help (which the library adds to a command that runs).
func visibleFlags(c *cli.Command) []cli.Flag {
	var out []cli.Flag
	for _, f := range c.Flags {
		if v, ok := f.(cli.VisibleFlag); ok && !v.IsVisible() || slices.Contains(f.Names(), "help") {
			continue
		}
		out = append(out, f)
	}
	return out
}

// visibleCommands lists the app's commands that help shows, without
// help (which the library adds to an app that runs; the scripts add it
// themselves).
func visibleCommands(app *cli.Command) []*cli.Command {
	var out []*cli.Command
	for _, c := range app.Commands {
		if !c.Hidden && c.Name != "help" {
			out = append(out, c)
		}
	}
	return out
}

// commandNames are the names of app's visible commands.
func commandNames(app *cli.Command) []string {
	var names []string
	for _, c := range visibleCommands(app) {
		names = append(names, c.Name)
	}
	return names
}

// bashCompletion is a bash script that completes command names, then
// each command's flags, then file names.
func bashCompletion(app *cli.Command) string {
	var b strings.Builder
	names := commandNames(app)
	fmt.Fprintf(&b, "# bash completion for %s, made by '%s completion bash'\n", app.Name, app.Name)
	fmt.Fprintf(&b, "_%s() {\n", app.Name)
	b.WriteString("\tlocal cur=\"${COMP_WORDS[COMP_CWORD]}\"\n")
	b.WriteString("\tif [ \"$COMP_CWORD\" -eq 1 ]; then\n")
	fmt.Fprintf(&b, "\t\tCOMPREPLY=($(compgen -W %q -- \"$cur\"))\n", strings.Join(append(names, "help", "--help", "--version"), " "))
	b.WriteString("\t\treturn\n\tfi\n")
	b.WriteString("\tlocal flags=\"\"\n\tcase \"${COMP_WORDS[1]}\" in\n")
	for _, c := range visibleCommands(app) {
		fmt.Fprintf(&b, "\t%s) flags=%q ;;\n", c.Name, strings.Join(commandFlags(c), " "))
	}
	b.WriteString("\tesac\n")
	b.WriteString("\tif [[ \"$cur\" == -* ]]; then\n\t\tCOMPREPLY=($(compgen -W \"$flags\" -- \"$cur\"))\n\telse\n\t\t# One file name a line: names with spaces stay whole.\n\t\tlocal IFS=$'\\n'\n\t\tCOMPREPLY=($(compgen -f -- \"$cur\"))\n\tfi\n}\n")
	fmt.Fprintf(&b, "complete -o filenames -F _%s %s\n", app.Name, app.Name)
	return b.String()
}

// zshCompletion is a zsh script (for fpath, or to source) that completes
// command names with their usage, then each command's flags, then files.
func zshCompletion(app *cli.Command) string {
	var b strings.Builder
	fmt.Fprintf(&b, "#compdef %s\n# zsh completion for %s, made by '%s completion zsh'\n", app.Name, app.Name, app.Name)
	fmt.Fprintf(&b, "_%s() {\n\tlocal -a commands\n\tcommands=(\n", app.Name)
	for _, c := range visibleCommands(app) {
		fmt.Fprintf(&b, "\t\t%s\n", zshQuote(c.Name+":"+c.Usage))
	}
	b.WriteString("\t)\n\tif (( CURRENT == 2 )); then\n\t\t_describe command commands\n\t\treturn\n\tfi\n")
	b.WriteString("\tcase $words[2] in\n")
	for _, c := range visibleCommands(app) {
		var fs []string
		for _, f := range commandFlags(c) {
			fs = append(fs, zshQuote(f))
		}
		fmt.Fprintf(&b, "\t%s) _arguments '*:file:_files' %s ;;\n", c.Name, strings.Join(fs, " "))
	}
	b.WriteString("\tesac\n}\n")
	fmt.Fprintf(&b, "compdef _%s %s\n", app.Name, app.Name)
	return b.String()
}

// fishCompletion is a fish script that completes command names with
// their usage, then each command's flags with theirs (and whether the
// flag takes an argument), then files.
func fishCompletion(app *cli.Command) string {
	var b strings.Builder
	names := commandNames(app)
	fmt.Fprintf(&b, "# fish completion for %s, made by '%s completion fish'\n", app.Name, app.Name)
	fmt.Fprintf(&b, "function __fish_%s_no_command --description 'Test if there has been no command yet'\n", app.Name)
	b.WriteString("    for i in (commandline -opc)\n")
	fmt.Fprintf(&b, "        if contains -- $i %s help\n", strings.Join(names, " "))
	b.WriteString("            return 1\n        end\n    end\n    return 0\nend\n")
	none := fmt.Sprintf("-c %s -n '__fish_%s_no_command'", app.Name, app.Name)
	fmt.Fprintf(&b, "complete %s -f -l help -s h -d 'show help'\n", none)
	fmt.Fprintf(&b, "complete %s -f -l version -s V -d %s\n", none, fishQuote("print "+app.Name+"'s version"))
	for _, c := range visibleCommands(app) {
		fmt.Fprintf(&b, "complete %s -f -a %s -d %s\n", none, c.Name, fishQuote(c.Usage))
	}
	for _, c := range visibleCommands(app) {
		seen := fmt.Sprintf("-c %s -n '__fish_seen_subcommand_from %s'", app.Name, c.Name)
		for _, f := range visibleFlags(c) {
			fmt.Fprintf(&b, "complete %s", seen)
			for _, n := range f.Names() {
				if len(n) == 1 {
					fmt.Fprintf(&b, " -s %s", n)
				} else {
					fmt.Fprintf(&b, " -l %s", n)
				}
			}
			usage := ""
			if d, ok := f.(cli.DocGenerationFlag); ok {
				if d.TakesValue() {
					b.WriteString(" -r")
				}
				_, usage = unquoteUsage(d.GetUsage())
			}
			fmt.Fprintf(&b, " -d %s\n", fishQuote(usage))
		}
		fmt.Fprintf(&b, "complete %s -l help -s h -d 'show help'\n", seen)
	}
	return b.String()
}

// fishQuote quotes s for fish in single quotes.
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, "'", `\'`).Replace(s) + "'"
}

// zshQuote quotes s for zsh in single quotes.
func zshQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
