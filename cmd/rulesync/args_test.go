package main

import (
	"context"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v3"
)

// TestInterspersed checks how flags typed after the inputs are read:
// with their values, = forms, boolean flags, "-" for standard input, and
// "--", after which every word is an input.
func TestInterspersed(t *testing.T) {
	for _, c := range []struct{ in, args, flags string }{
		{"rulesync diff old new --format md -o out.md", "old new", "format=md output=out.md"},
		{"rulesync diff --format=md old new --exit-code", "old new", "format=md exit-code"},
		{"rulesync show - --json", "-", "json"},
		{"rulesync diff old -- --weird-name", "old --weird-name", ""},
		{"rulesync diff old new -o x -- --format md", "old new --format md", "output=x"},
		{"rulesync diff --format md old new", "old new", "format=md"},
	} {
		app := newApp(strings.NewReader(""), io.Discard, io.Discard)
		var args, flags []string
		for _, cmd := range app.Commands {
			cmd.Before = nil
			cmd.Action = func(_ context.Context, cmd *cli.Command) error {
				args = cmd.Args().Slice()
				for _, name := range []string{"format", "output", "exit-code", "json"} {
					switch {
					case !cmd.IsSet(name):
					case name == "exit-code" || name == "json":
						flags = append(flags, name)
					default:
						flags = append(flags, name+"="+cmd.String(name))
					}
				}
				return nil
			}
		}
		if err := app.Run(context.Background(), strings.Fields(c.in)); err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if !slices.Equal(args, strings.Fields(c.args)) || !slices.Equal(flags, strings.Fields(c.flags)) {
			t.Errorf("%s\n got args %q, flags %q\nwant %q, %q", c.in, args, flags, c.args, c.flags)
		}
	}
}

// TestUnknownFlagAfterArgs: a flag the command does not know is an
// error wherever it stands, not an input.
func TestUnknownFlagAfterArgs(t *testing.T) {
	var stderr strings.Builder
	if got := run([]string{"rulesync", "check", "doc.md", "--bogus"}, strings.NewReader(""), io.Discard, &stderr); got != exitBad || !strings.Contains(stderr.String(), "-bogus") {
		t.Errorf("status %d, stderr %q; want 2 naming -bogus", got, stderr.String())
	}
}
