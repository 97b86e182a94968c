package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/urfave/cli/v3"
)

// updateDocs rewrites the flag tables of docs/<command>.md from the
// command definitions: go test ./cmd/rulesync -run TestDocFlags -update-docs.
var updateDocs = flag.Bool("update-docs", false, "rewrite the flag tables of docs/<command>.md from the command definitions")

// docFiles are the pages whose examples TestDocExamples runs: the README
// and every page under docs/.
func docFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{"../../README.md"}, files...)
}

// A docBlock is a fenced block of a page that TestDocExamples runs.
type docBlock struct {
	file string
	line int    // of the opening fence
	lang string // console or sh
	body []string
}

// docBlocks returns the runnable blocks of a Markdown page: every fenced
// block whose info string begins with "console" or "sh", unless the
// info string also holds the word "norun" (what needs the network or a
// Go toolchain of its own: go install ...@latest).
func docBlocks(file string, data []byte) []docBlock {
	var blocks []docBlock
	var cur *docBlock // the block being read, nil outside one
	inside := false   // inside a fence, run or not
	for i, line := range strings.Split(string(data), "\n") {
		switch {
		case inside && strings.TrimSpace(line) == "```":
			if cur != nil {
				blocks = append(blocks, *cur)
			}
			cur, inside = nil, false
		case inside && cur != nil:
			cur.body = append(cur.body, line)
		case !inside && strings.HasPrefix(line, "```"):
			inside = true
			info := strings.Fields(strings.TrimPrefix(line, "```"))
			if len(info) > 0 && (info[0] == "console" || info[0] == "sh") && !slices.Contains(info, "norun") {
				cur = &docBlock{file: file, line: i + 1, lang: info[0]}
			}
		}
	}
	return blocks
}

// A docCommand is one "$ " command of a console block and the output
// the page shows for it.
type docCommand struct {
	line   int
	cmd    string
	want   []string
	status int
}

// consoleCommands splits a console block into its commands: a line
// beginning "$ " is a command (a line ending in a backslash continues on
// the next), the lines up to the next command the output it shows; a
// last output line "[exit N]" is the exit status the page expects (0
// otherwise).
func consoleCommands(b docBlock) []docCommand {
	var cmds []docCommand
	cont := false
	for i, line := range b.body {
		switch {
		case cont:
			c := &cmds[len(cmds)-1]
			c.cmd += "\n" + line
			cont = strings.HasSuffix(line, `\`)
		case strings.HasPrefix(line, "$ "):
			cmds = append(cmds, docCommand{line: b.line + 1 + i, cmd: strings.TrimPrefix(line, "$ ")})
			cont = strings.HasSuffix(line, `\`)
		case len(cmds) > 0:
			c := &cmds[len(cmds)-1]
			var n int
			if _, err := fmt.Sscanf(line, "[exit %d]", &n); err == nil {
				c.status = n
				continue
			}
			c.want = append(c.want, line)
		}
	}
	for i := range cmds {
		for len(cmds[i].want) > 0 && strings.TrimSpace(cmds[i].want[len(cmds[i].want)-1]) == "" {
			cmds[i].want = cmds[i].want[:len(cmds[i].want)-1]
		}
	}
	return cmds
}

// outputMatches reports whether the output got matches the lines a page
// shows: line by line, trailing blanks aside; a line "..." stands for
// any number of lines, a line ending in "..." for any line that begins
// with what comes before.
func outputMatches(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	w := strings.TrimRight(want[0], " \t")
	if w == "..." {
		for i := 0; i <= len(got); i++ {
			if outputMatches(want[1:], got[i:]) {
				return true
			}
		}
		return false
	}
	if len(got) == 0 {
		return false
	}
	g := strings.TrimRight(got[0], " \t")
	if prefix, ok := strings.CutSuffix(w, "..."); ok {
		if !strings.HasPrefix(g, prefix) {
			return false
		}
	} else if g != w {
		return false
	}
	return outputMatches(want[1:], got[1:])
}

// docCommandLine is a command of a page as the test runs it: the
// README's "go run ./cmd/rulesync" is the rulesync on $PATH (this test's
// binary, as testscript.Main put it there), and its "go test" commands
// (the quick suite, and with -tags long all of it) are those that run
// this test, not run again inside it.
func docCommandLine(cmd string) string {
	cmd = strings.ReplaceAll(cmd, "go run ./cmd/rulesync", "rulesync")
	var lines []string
	for _, line := range strings.Split(cmd, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "go test ") {
			line = ": " + line
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

// exampleDir makes a directory laid out as the repository is for the
// examples: copies of workspace/ and testdata/ (the example corpus).
func exampleDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, sub := range []string{"workspace", "testdata"} {
		if err := os.CopyFS(filepath.Join(dir, sub), os.DirFS(filepath.Join("../..", sub))); err != nil {
			t.Fatal(err)
		}
	}
	// A clone: its .git marks the repository the example's roots reach.
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	// The copies are the user's files: writable, as a clone's are.
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil {
			mode := os.FileMode(0o644)
			if d.IsDir() {
				mode = 0o755
			}
			os.Chmod(path, mode)
		}
		return err
	})
	return dir
}

// runDoc runs a command line with bash in dir and returns its standard
// output and error, interleaved as a terminal shows them, and its exit
// status.
func runDoc(t *testing.T, dir, env, cmd string) (string, int) {
	t.Helper()
	c := exec.Command("bash", "-o", "pipefail", "-c", docCommandLine(cmd))
	c.Dir = dir
	c.Env = append(os.Environ(), "SOURCE_DATE_EPOCH=1700000000", "NO_COLOR=1", "XDG_CACHE_HOME="+env)
	var out bytes.Buffer
	c.Stdout, c.Stderr = &out, &out
	err := c.Run()
	if err != nil && c.ProcessState == nil {
		t.Fatalf("bash: %v", err)
	}
	return out.String(), c.ProcessState.ExitCode()
}

// TestDocExamples runs the examples of README.md and docs/*.md against
// this rulesync, each page in a directory of its own laid out as the
// repository is (workspace/, testdata/), its blocks in order: a
// "```console" block's commands must print what the page shows and exit
// as it says (see consoleCommands, outputMatches), a "```sh" block must
// exit 0. Blocks marked "norun" are not run.
func TestDocExamples(t *testing.T) {
	longtest.Skip(t)
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not found: the examples are shell commands")
	}
	cache := t.TempDir()
	ran := 0
	for _, file := range docFiles(t) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		blocks := docBlocks(filepath.Base(file), data)
		ran += len(blocks)
		if len(blocks) == 0 {
			continue
		}
		t.Run(filepath.Base(file), func(t *testing.T) {
			dir := exampleDir(t)
			for _, b := range blocks {
				if b.lang == "sh" {
					got, status := runDoc(t, dir, cache, strings.Join(b.body, "\n"))
					if status != 0 {
						t.Errorf("%s:%d: the sh block exits %d:\n%s", b.file, b.line, status, got)
					}
					continue
				}
				cmds := consoleCommands(b)
				if len(cmds) == 0 {
					t.Errorf("%s:%d: a console block with no \"$ \" command", b.file, b.line)
				}
				for _, c := range cmds {
					got, status := runDoc(t, dir, cache, c.cmd)
					lines := strings.Split(strings.TrimRight(got, "\n"), "\n")
					if got == "" {
						lines = nil
					}
					if status != c.status || !outputMatches(c.want, lines) {
						t.Errorf("%s:%d: $ %s\nexit %d (the page says %d); the output is not what the page shows:\n--- page\n%s\n--- got\n%s", b.file, c.line, c.cmd, status, c.status, strings.Join(c.want, "\n"), got)
					}
				}
			}
		})
	}
	if ran == 0 {
		t.Fatal("no runnable example found in README.md and docs/*.md")
	}
}

// TestOutputMatches: how a page's output is compared with what a
// command printed.
func TestOutputMatches(t *testing.T) {
	for _, c := range []struct {
		want, got string
		ok        bool
	}{
		{"a\nb", "a\nb", true},
		{"a\nb", "a\nb  ", true},
		{"a\nb", "a\nc", false},
		{"a", "a\nb", false},
		{"...\nb", "a\nx\nb", true},
		{"...\nb", "b", true},
		{"...\nb\n...", "a\nb\nc", true},
		{"...\nb", "a\nb\nc", false},
		{"ab...", "abc", true},
		{"ab...", "ac", false},
		{"", "", true},
		{"", "a", false},
	} {
		split := func(s string) []string {
			if s == "" {
				return nil
			}
			return strings.Split(s, "\n")
		}
		if got := outputMatches(split(c.want), split(c.got)); got != c.ok {
			t.Errorf("outputMatches(%q, %q) = %v, want %v", c.want, c.got, got, c.ok)
		}
	}
	b := docBlock{line: 10, lang: "console", body: []string{"$ a \\", "  b", "out", "$ c", "x", "[exit 1]", ""}}
	cmds := consoleCommands(b)
	if len(cmds) != 2 || cmds[0].cmd != "a \\\n  b" || len(cmds[0].want) != 1 || cmds[0].line != 11 || cmds[1].status != 1 || len(cmds[1].want) != 1 {
		t.Errorf("consoleCommands: %+v", cmds)
	}
}

// flagTable renders the flags of a command as the table its page
// carries: every visible flag with its aliases, its argument, its
// default and its usage, in the order of the definition.
func flagTable(c *cli.Command) string {
	var b strings.Builder
	b.WriteString("| flag | default | meaning |\n| --- | --- | --- |\n")
	for _, f := range visibleFlags(c) {
		d, ok := f.(cli.DocGenerationFlag)
		if !ok {
			continue
		}
		arg, usage := flagArg(d)
		var names []string
		for _, n := range f.Names() {
			dash := "--"
			if len(n) == 1 {
				dash = "-"
			}
			if arg != "" {
				n += " " + arg
			}
			names = append(names, "`"+dash+n+"`")
		}
		def := d.GetValue()
		if _, isBool := f.(*cli.BoolFlag); isBool || def == "" || def == `""` {
			def = ""
		} else {
			def = "`" + strings.Trim(def, `"`) + "`"
		}
		usage = strings.ReplaceAll(usage, "|", `\|`)
		fmt.Fprintf(&b, "| %s | %s | %s |\n", strings.Join(names, ", "), def, usage)
	}
	return b.String()
}

// The markers around the generated flag table of a page.
const (
	flagsBegin = "<!-- flags: generated by go test ./cmd/rulesync -run TestDocFlags -update-docs -->\n"
	flagsEnd   = "<!-- end of flags -->\n"
)

// TestDocFlags: every command has its page, docs/<command>.md, linked
// from the README's command table, and the page's flag table is the
// command's flags as the command defines them (its help shows the same):
// every flag of the command is on the page and every flag on the page is
// the command's. -update-docs rewrites the tables.
func TestDocFlags(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	app := newApp(nil, io.Discard, io.Discard)
	for _, c := range app.Commands {
		if !strings.Contains(string(readme), "(docs/"+c.Name+".md)") {
			t.Errorf("README.md: the command table has no link to docs/%s.md", c.Name)
		}
		path := filepath.Join("../../docs", c.Name+".md")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("command %s has no page: %v", c.Name, err)
			continue
		}
		page := string(data)
		before, rest, ok := strings.Cut(page, flagsBegin)
		table, after, ok2 := strings.Cut(rest, flagsEnd)
		if !ok || !ok2 {
			t.Errorf("%s: no flag table between %q and %q", path, strings.TrimSpace(flagsBegin), strings.TrimSpace(flagsEnd))
			continue
		}
		want := flagTable(c)
		if table == want {
			continue
		}
		if *updateDocs {
			if err := os.WriteFile(path, []byte(before+flagsBegin+want+flagsEnd+after), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("%s: the flag table is not the command's flags (go test ./cmd/rulesync -run TestDocFlags -update-docs rewrites it):\n--- page\n%s--- command\n%s", path, table, want)
	}
}
