package main

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/rulesync/rulesync/internal/lazyre"
	"github.com/urfave/cli/v3"
)

// The command line as people know it from git and go: no arguments print
// the usage to standard error (exit 2); --version says which build this
// is; an unknown command or flag is an error (exit 2) that suggests the
// nearest known one; -h or --help anywhere in a command's flags shows
// that command's help.

// prepare handles what the command line asks before a command runs. It
// returns the arguments to run, or done with the exit status when
// nothing is left to run.
func prepare(app *cli.Command, args []string, stdout, stderr io.Writer) (out []string, status int, done bool) {
	if len(args) < 2 {
		app.Writer = stderr
		app.Run(context.Background(), []string{args0(args), "--help"})
		return nil, exitBad, true
	}
	first := args[1]
	switch {
	case first == "--version" || first == "-version" || first == "-V":
		fmt.Fprintln(stdout, version())
		return nil, exitOK, true
	case (first == "help" || first == "h") && len(args) > 2 && (args[2] == "-h" || args[2] == "--help" || args[2] == "-help"):
		// "rulesync help --help": the help of help is the list of commands.
		return []string{args[0], "help"}, 0, false
	case (first == "help" || first == "h") && len(args) > 2 && app.Command(args[2]) == nil:
		return nil, unknownCommand(app, args[2], stderr), true
	case first == "help" || first == "h":
		return args, 0, false
	case strings.HasPrefix(first, "-"):
		if first == "-h" || first == "--help" || first == "-help" {
			return args, 0, false
		}
		name, _, _ := strings.Cut(strings.TrimLeft(first, "-"), "=")
		msg := fmt.Sprintf("rulesync: unknown flag %s", first)
		if s := nearest(name, []string{"help", "version"}); s != "" {
			msg += fmt.Sprintf("; did you mean --%s?", s)
		}
		fmt.Fprintf(stderr, "%s\nRun 'rulesync --help' for the commands and 'rulesync COMMAND --help' for their flags.\n", msg)
		return nil, exitBad, true
	case app.Command(first) == nil:
		return nil, unknownCommand(app, first, stderr), true
	}
	args = attachedValues(app.Command(first), args)
	// -h or --help among a command's flags asks for its help, whatever
	// else the line holds ("rulesync diff -h a b"); --version, the
	// version.
	for _, a := range args[2:] {
		if a == "--" {
			break
		}
		switch a {
		case "-h", "--help", "-help":
			return []string{args[0], first, "--help"}, 0, false
		case "--version", "-version":
			fmt.Fprintln(stdout, version())
			return nil, exitOK, true
		}
	}
	return args, 0, false
}

// attachedValues splits a one-letter flag and the value written onto it
// ("-o/tmp/x.md", "-o-") into two arguments, as git and go read them:
// the letter must be a flag of cmd that takes a value, and the whole
// word no flag of its own ("-output" stays a long flag).
func attachedValues(cmd *cli.Command, args []string) []string {
	if cmd == nil {
		return args
	}
	takes := map[string]bool{} // name -> takes a value
	for _, f := range cmd.Flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			takes[n] = !isBool
		}
	}
	var out []string
	for i, a := range args {
		if i >= 2 && a == "--" {
			return append(out, args[i:]...) // the rest are inputs
		}
		if i < 2 || len(a) < 3 || a[0] != '-' || a[1] == '-' {
			out = append(out, a)
			continue
		}
		name, _, _ := strings.Cut(a[1:], "=")
		if _, known := takes[name]; !known {
			if split, ok := attached(a[1:], takes); ok {
				out = append(out, split...)
				continue
			}
		}
		out = append(out, a)
	}
	return out
}

// attached splits word, one-letter flags run together after a dash, where
// its last flag takes a value written onto it ("qoFILE": -q -o FILE, as
// getopt reads it): the switches before that flag, the flag, and the
// rest of the word. ok is false where a letter is no flag of the
// command's (its error names it) or no value is written on.
func attached(word string, takes map[string]bool) (out []string, ok bool) {
	for i, r := range word {
		l := string(r)
		value, known := takes[l]
		switch {
		case !known:
			return nil, false
		case value:
			rest := word[i+len(l):]
			return append(out, "-"+l, rest), rest != ""
		}
		out = append(out, "-"+l)
	}
	return nil, false
}

func args0(args []string) string {
	if len(args) > 0 {
		return args[0]
	}
	return "rulesync"
}

// unknownCommand reports a command rulesync does not have, with the
// nearest it has.
func unknownCommand(app *cli.Command, name string, stderr io.Writer) int {
	var names []string
	for _, c := range app.Commands {
		names = append(names, c.Names()...)
	}
	msg := fmt.Sprintf("rulesync: unknown command %q", name)
	if s := nearest(name, names); s != "" {
		msg += fmt.Sprintf("; did you mean %q?", s)
	}
	fmt.Fprintf(stderr, "%s\nRun 'rulesync --help' for the commands.\n", msg)
	return exitBad
}

// flagErrorRe matches the flag parser's messages that name a flag with
// one dash and, for a bad value, carry the value's parse error.
var flagErrorRe = lazyre.New(`^(flag provided but not defined|flag needs an argument|invalid (?:boolean )?value ("[^"]*") for(?: flag)?):? -{0,2}([^\s:]+)(?:: (.*))?$`)

// flagErrorText says err, a flag parsing error, as rulesync says flags:
// "--name" (one dash for a one-letter name), and a bad value's reason in
// words, not as the Go call that refused it ("strconv.ParseUint:
// parsing "-1": invalid syntax" -> "not a whole number of 0 or more").
func flagErrorText(err error) string {
	m := flagErrorRe.FindStringSubmatch(err.Error())
	if m == nil {
		return err.Error()
	}
	what, value, name, reason := m[1], m[2], m[3], m[4]
	flag := "--" + name
	if len(name) == 1 {
		flag = "-" + name
	}
	switch {
	case strings.HasPrefix(what, "flag provided"):
		return "unknown flag " + flag
	case strings.HasPrefix(what, "flag needs"):
		return what + ": " + flag
	}
	return fmt.Sprintf("invalid value %s for %s: %s", value, flag, valueReason(reason))
}

// valueReason is the reason a flag's value was refused, in words.
func valueReason(reason string) string {
	switch {
	case strings.Contains(reason, "out of range"):
		return "out of range"
	case strings.HasPrefix(reason, "strconv.ParseUint"):
		return "not a whole number of 0 or more"
	case strings.HasPrefix(reason, "strconv.ParseInt"):
		return "not a whole number"
	case strings.HasPrefix(reason, "strconv.ParseFloat"):
		return "not a number"
	case strings.HasPrefix(reason, "strconv.ParseBool"), reason == "parse error":
		return "not true or false"
	case strings.Contains(reason, "can't duplicate"):
		return "given twice: give it once"
	case strings.HasPrefix(reason, "time: "):
		return "not a duration (such as 30s, 2m or 1h30m)"
	}
	return reason
}

// flagSuggestion returns " (did you mean --color?)" for the error of a
// flag the command does not define, "" for other errors.
func flagSuggestion(cmd *cli.Command, err error) string {
	_, name, ok := strings.Cut(err.Error(), "flag provided but not defined: ")
	if !ok {
		return ""
	}
	name = strings.TrimLeft(name, "-")
	var names []string
	for _, f := range cmd.Flags {
		if r, ok := f.(*renamedFlag); ok && r.Hidden {
			continue
		}
		names = append(names, f.Names()...)
	}
	names = append(names, "help")
	if s := nearest(name, names); s != "" {
		dash := "--"
		if len(s) == 1 {
			dash = "-"
		}
		return fmt.Sprintf("; did you mean %s%s?", dash, s)
	}
	return ""
}

// unknownInCluster finds, for the error of an undefined flag given as
// one-letter switches run together ("-qz"), the letter the command does
// not define and the cluster it was in: the name must hold exactly one
// such letter and at least one one-letter switch (a bool flag), so that
// a mistyped long flag ("--to" where only -o is a flag) is not read as
// a cluster.
func unknownInCluster(cmd *cli.Command, err error) (letter rune, cluster string, ok bool) {
	_, name, found := strings.Cut(err.Error(), "flag provided but not defined: -")
	if !found || len(name) < 2 || strings.ContainsAny(name, "-=") {
		return 0, "", false
	}
	short := map[rune]bool{'h': true} // letter -> is a switch
	for _, f := range cmd.Flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			if r := []rune(n); len(r) == 1 {
				short[r[0]] = isBool
			}
		}
	}
	unknown, switches := 0, 0
	for _, r := range name {
		isSwitch, known := short[r]
		switch {
		case !known:
			unknown++
			letter = r
		case isSwitch:
			switches++
		}
	}
	return letter, name, unknown == 1 && switches > 0
}

// nearest returns the name closest to s: the fewest edits (a letter
// added, dropped, changed, or two swapped), at most one for a word of up
// to five letters and a third of its length for a longer one, or a name
// s begins (three letters or more); "" when none is that close, and for
// a word of one or two letters.
func nearest(s string, names []string) string {
	s = strings.ToLower(s)
	if len([]rune(s)) < 3 {
		return ""
	}
	best, bestD := "", 0
	for _, n := range names {
		d := editDistance(s, n)
		if strings.HasPrefix(n, s) {
			d = min(d, 1)
		}
		if d <= max(1, len([]rune(s))/3) && (best == "" || d < bestD) {
			best, bestD = n, d
		}
	}
	return best
}

// editDistance is the optimal string alignment distance of a and b, by
// runes: the insertions, deletions, substitutions and transpositions of
// neighbours that turn one into the other.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// version says which build of rulesync this is: the module's version
// ("(devel)" for a build from a checkout), the VCS revision and time it
// was built from (and whether the tree had changes), and the Go that
// built it, from the build information Go records in the binary.
func version() string {
	info, ok := debug.ReadBuildInfo()
	return versionOf(info, ok)
}

// versionOf is version from the build information given.
func versionOf(info *debug.BuildInfo, ok bool) string {
	if !ok || info == nil {
		return "rulesync (no build information)"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	s := "rulesync " + v
	if rev := settings["vcs.revision"]; rev != "" {
		s += ", revision " + rev
		if t := settings["vcs.time"]; t != "" {
			s += " (" + t + ")"
		}
		if settings["vcs.modified"] == "true" {
			s += ", with uncommitted changes"
		}
	} else {
		s += ", no VCS revision recorded"
	}
	return s + ", " + info.GoVersion
}

// arity reports a command given the wrong number of arguments: what it
// wants, what it got, and, when "--" made flags into inputs, that too.
func arity(c *call, want string) error {
	args := c.Args().Slice()
	msg := fmt.Sprintf("%s: want %s, got %d arguments", c.Command.Name, want, len(args))
	if len(args) > 0 && len(args) <= 6 {
		msg += " (" + strings.Join(args, ", ") + ")"
	}
	if slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "-") && a != "-" }) {
		msg += `; after "--" every word is an input, flags too`
	}
	return cli.Exit(msg+fmt.Sprintf(" (see 'rulesync %s --help')", c.Command.Name), exitBad)
}
