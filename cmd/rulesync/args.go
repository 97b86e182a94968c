package main

import (
	"strings"

	"github.com/urfave/cli/v2"
)

// interspersed moves the flags typed after a command's arguments
// ("rulesync diff old.pdf new.pdf --format md") in front of them, where
// urfave/cli v2 reads flags: it stops at the first argument
// (github.com/urfave/cli/issues/976), and the flag would be taken for an
// input. A flag's value moves with it. "-" (standard input) and
// everything after "--" stay arguments, "--" going after the flags, where
// the flag parser takes it as the end of the flags; a flag the command
// does not know moves too, so that the error names it rather than a
// missing file.
func interspersed(app *cli.App, args []string) []string {
	if len(args) < 3 || strings.HasPrefix(args[1], "-") {
		return args
	}
	cmd := app.Command(args[1])
	if cmd == nil {
		return args
	}
	takesValue := map[string]bool{"help": false, "h": false}
	for _, f := range cmd.Flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			takesValue[n] = !isBool
		}
	}
	var flags, rest, after []string
	sawArg, dashes := false, false
	for i := 2; i < len(args); i++ {
		t := args[i]
		if t == "--" {
			after, dashes = args[i+1:], true
			break
		}
		if t == "-" || !strings.HasPrefix(t, "-") {
			rest = append(rest, t)
			sawArg = true
			continue
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(t, "-"), "=")
		flags = append(flags, t)
		if takesValue[name] && !hasValue && i+1 < len(args) {
			flags = append(flags, args[i+1])
			i++
		}
	}
	if !sawArg {
		return args
	}
	out := append([]string{}, args[:2]...)
	out = append(out, flags...)
	if dashes {
		out = append(out, "--")
	}
	out = append(out, rest...)
	return append(out, after...)
}
