package main

import (
	"io"
	"slices"
	"strings"
	"testing"
)

// TestInterspersed checks how flags typed after the inputs are moved in
// front of them: with their values, = forms, boolean flags, "-" for
// standard input, "--" and unknown flags.
func TestInterspersed(t *testing.T) {
	app := newApp(strings.NewReader(""), io.Discard, io.Discard)
	for _, c := range []struct{ in, want string }{
		{"rulesync diff old new --format md -o out.md", "rulesync diff --format md -o out.md old new"},
		{"rulesync diff --format=md old new --exit-code", "rulesync diff --format=md --exit-code old new"},
		{"rulesync show - --json", "rulesync show --json -"},
		{"rulesync diff old -- --weird-name", "rulesync diff -- old --weird-name"},
		{"rulesync diff old new -o x -- --format md", "rulesync diff -o x -- old new --format md"},
		{"rulesync check doc --bogus", "rulesync check --bogus doc"},
		{"rulesync diff --format md old new", "rulesync diff --format md old new"},
		{"rulesync nosuch a --b", "rulesync nosuch a --b"},
		{"rulesync --help", "rulesync --help"},
	} {
		got := interspersed(app, strings.Fields(c.in))
		if want := strings.Fields(c.want); !slices.Equal(got, want) {
			t.Errorf("%s\n got %q\nwant %q", c.in, got, want)
		}
	}
}
