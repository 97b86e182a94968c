package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v3"
)

// The manual page is written here from the command tree, in the man(7)
// macros. urfave/cli v3 has no man page writer of its own: its docs
// module makes one through go-md2man and blackfriday, whose package
// inits cost every run of rulesync a quarter of a millisecond (v2 linked
// them into the binary for ToMan), for a page that needs a few macros.

// manPage is the manual page of app, section 1: the synopsis, every
// visible command with its usage, description and visible flags (with
// their argument and default), and the exit statuses.
func manPage(app *cli.Command) string {
	var b strings.Builder
	// The title line: name, section, no date (the page is the same
	// whatever day it is printed), the program, the manual's name.
	fmt.Fprintf(&b, ".TH %s 1 \"\" \"%s\" \"User Commands\"\n", strings.ToUpper(app.Name), app.Name)
	// No hyphenation: flags and formats are typed as printed.
	b.WriteString(".nh\n")
	b.WriteString(".SH NAME\n")
	fmt.Fprintf(&b, "%s \\- %s\n", app.Name, roffText(app.Usage))
	b.WriteString(".SH SYNOPSIS\n")
	fmt.Fprintf(&b, ".B %s\n.I COMMAND\n[\\fIflags\\fR] \\fIARGS\\fR...\n", app.Name)
	b.WriteString(".br\n")
	fmt.Fprintf(&b, ".B %s \\-\\-version\n", app.Name)
	b.WriteString(".br\n")
	fmt.Fprintf(&b, ".B %s\n.I COMMAND\n\\-\\-help\n", app.Name)
	b.WriteString(".SH DESCRIPTION\n")
	fmt.Fprintf(&b, "%s: %s.\n", roffText(app.Name), roffText(app.Usage))
	b.WriteString("Each command reads its inputs (document JSON files or any source ingest reads: a file, an http(s) URL, or \\- for standard input) and writes its result to standard output or to the file of \\fB\\-o\\fR; flags may come before or after the arguments, and \\fB\\-\\-\\fR ends them.\n")
	b.WriteString(".SH COMMANDS\n")
	for _, c := range visibleCommands(app) {
		fmt.Fprintf(&b, ".SS %s\n", c.Name)
		fmt.Fprintf(&b, "%s\n", roffText(c.Usage))
		b.WriteString(".PP\n.nf\n")
		for _, l := range commandUsage(app, c) {
			fmt.Fprintf(&b, "%s\n", roffText(strings.TrimSpace(l)))
		}
		b.WriteString(".fi\n")
		if c.Description != "" {
			b.WriteString(".PP\n")
			for _, l := range strings.Split(strings.TrimSpace(c.Description), "\n") {
				if strings.TrimSpace(l) == "" {
					b.WriteString(".PP\n")
					continue
				}
				fmt.Fprintf(&b, "%s\n", roffText(strings.TrimSpace(l)))
			}
		}
		for _, f := range visibleFlags(c) {
			d, ok := f.(cli.DocGenerationFlag)
			if !ok {
				continue
			}
			arg, usage := flagArg(d)
			var names []string
			for _, n := range f.Names() {
				name := "\\fB" + roffText(flagDashes(n)+n) + "\\fR"
				if arg != "" {
					name += " \\fI" + roffText(arg) + "\\fR"
				}
				names = append(names, name)
			}
			b.WriteString(".TP\n")
			fmt.Fprintf(&b, "%s\n", strings.Join(names, ", "))
			if def := flagDefault(f); def != "" {
				usage += " (default: " + def + ")"
			}
			fmt.Fprintf(&b, "%s\n", roffText(usage))
		}
	}
	b.WriteString(".SH EXIT STATUS\n")
	for _, s := range []struct {
		code int
		what string
	}{
		{exitOK, "success"},
		{exitChanges, "diff \\-\\-exit\\-code found changes; gaps or check \\-\\-fail\\-on found findings"},
		{exitBad, "bad usage, or an input that cannot be read"},
		{exitInterrupted, "stopped by an interrupt or a termination request: nothing written"},
	} {
		fmt.Fprintf(&b, ".TP\n.B %d\n%s\n", s.code, s.what)
	}
	return b.String()
}

// commandUsage is the usage lines of a command as its help shows them:
// its UsageText, or its name with [flags] and its arguments.
func commandUsage(app *cli.Command, c *cli.Command) []string {
	if c.UsageText != "" {
		return strings.Split(c.UsageText, "\n")
	}
	return []string{fmt.Sprintf("%s %s [flags] %s", app.Name, c.Name, c.ArgsUsage)}
}

// flagDashes is "-" for a one-letter flag name, "--" for a longer one.
func flagDashes(name string) string {
	if len(name) == 1 {
		return "-"
	}
	return "--"
}

// flagDefault is the default of a flag that takes a value, as the help
// shows it ("" for a boolean, an empty value or an empty list).
func flagDefault(f cli.Flag) string {
	d, ok := f.(cli.DocGenerationFlag)
	if !ok || !d.TakesValue() {
		return ""
	}
	if t := d.GetDefaultText(); t != "" {
		return t
	}
	v := d.GetValue()
	if v == `""` || v == "[]" {
		return ""
	}
	return v
}

// unquoteUsage returns the argument name a flag's usage gives in back
// quotes, as the help shows it, and the usage without the quotes.
func unquoteUsage(usage string) (string, string) {
	before, rest, ok := strings.Cut(usage, "`")
	if !ok {
		return "", usage
	}
	name, after, ok := strings.Cut(rest, "`")
	if !ok {
		return "", usage
	}
	return name, before + name + after
}

// roffText escapes s for a line of roff text: a backslash is \e, a
// hyphen \- (a minus: flags and dashes print as typed, copy as typed),
// and a line that would begin with a control character (. or ') is
// guarded by \&.
func roffText(s string) string {
	s = strings.ReplaceAll(s, `\`, `\e`)
	s = strings.ReplaceAll(s, "-", `\-`)
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}

// flagArg is the placeholder of a flag's value, as its help prints it
// (the back-quoted word of its usage, else its type's name; "" for a
// flag that takes none), and its usage without the quotes.
func flagArg(d cli.DocGenerationFlag) (arg, usage string) {
	arg, usage = unquoteUsage(d.GetUsage())
	if arg == "" && d.TakesValue() {
		arg = d.TypeName()
	}
	return arg, usage
}
