package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/urfave/cli/v3"

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/reports"
)

// Inputs are sacred: no command writes over a file it reads. guard runs
// in every command's Before (before), so that the check is made in
// one place, before anything is read or written.

// outputFlags are the flags that name a file or directory a command
// writes; inputFlags those that name a file it reads (besides its
// arguments).
var (
	outputFlags = []string{"output", "report"}
	inputFlags  = []string{"base", "glossary", "equivalences", "config", "series"}
)

// namedPath is a path a command line names, with the flag that named it
// ("" for an argument).
type namedPath struct {
	flag, path string
}

// String is the path as the user wrote it, after its flag.
func (p namedPath) String() string {
	switch p.flag {
	case "":
		return p.path
	case "output":
		return "-o " + p.path
	}
	return "--" + p.flag + " " + p.path
}

// guard refuses, with exit status 2, a command whose output file (-o,
// --report) is in a folder that does not exist, or is one of its inputs (an argument, --base, --glossary,
// --equivalences, the build manifest, standard input when it is a file)
// or another of its outputs: the same file by device and inode, so
// through symlinks and hard links too. A sync of a file with itself is
// warned about.
func guard(c *call) error {
	var outs, ins []namedPath
	for _, f := range outputFlags {
		if c.IsSet(f) && c.String(f) == "" {
			// An unset variable in a script ("-o $OUT") would send the
			// result to standard output, where no one looks for it.
			return cli.Exit(fmt.Sprintf("%s: %s'': an empty path; name one (- is standard output)", c.Command.Name, namedPath{f, ""}), exitBad)
		}
		for _, v := range flagValues(c, f) {
			if v != "-" {
				outs = append(outs, namedPath{f, v})
			}
		}
	}
	for _, a := range c.Args().Slice() {
		ins = append(ins, namedPath{"", a})
	}
	for _, f := range inputFlags {
		if f == "series" && c.Command.Name == "history" {
			continue // the NAME of a manifest's [[series]], not a file
		}
		for _, v := range flagValues(c, f) {
			ins = append(ins, namedPath{f, v})
		}
	}
	ins = append(ins, historyInputs(c)...)
	if err := sameOutputs(c, outs); err != nil {
		return err
	}
	// An output whose folder is not there, or is a file, is refused
	// before the inputs are read, not after the work is done. (build and
	// synth make the folders of their output directory.)
	for _, o := range outs {
		if err := checkOutput(c, o.flag, o.path); err != nil {
			return err
		}
		dir, reason := missingFolder(o.path)
		if dir == "" || reason == noFolder && o.flag == "output" && (c.Command.Name == "build" || c.Command.Name == "synth") {
			continue
		}
		return cli.Exit(fmt.Sprintf("%s: %s: output: %s: %s", c.Command.Name, o, reason, dir), exitBad)
	}
	for _, o := range outs {
		fo, err := os.Stat(o.path)
		if err != nil {
			continue // a new file is no input
		}
		for _, in := range ins {
			if fi := inputStat(c, in.path); fi != nil && os.SameFile(fo, fi) {
				return cli.Exit(fmt.Sprintf("%s: %s is the input %s: rulesync never writes over its inputs; choose another output", c.Command.Name, o, in.path), exitBad)
			}
		}
	}
	if c.Command.Name == "sync" && c.NArg() == 2 {
		a, b := inputStat(c, c.Args().Get(0)), inputStat(c, c.Args().Get(1))
		if a != nil && b != nil && os.SameFile(a, b) {
			fmt.Fprintf(c.App.ErrWriter, "rulesync: sync: warning: SOURCE and TRANSLATION are the same file (%s): every item is carried as its own translation\n", c.Args().Get(1))
		}
	}
	return nil
}

// inputStat is what os.Stat says of the input path: standard input's
// file for "-", nil for a URL or a path that cannot be read.
func inputStat(c *call, path string) os.FileInfo {
	if ingest.IsURL(path) {
		return nil
	}
	if path == "-" {
		if f, ok := c.App.Reader.(*os.File); ok {
			if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
				return fi
			}
		}
		return nil
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil
	}
	return fi
}

// sameOutputs refuses two outputs that are one file: existing, the same
// by device and inode; new, the same path once its folder's symlinks are
// resolved.
func sameOutputs(c *call, outs []namedPath) error {
	for i, a := range outs {
		for _, b := range outs[i+1:] {
			if samePath(a.path, b.path) {
				return cli.Exit(fmt.Sprintf("%s: %s and %s are the same file; choose two", c.Command.Name, a, b), exitBad)
			}
		}
	}
	return nil
}

// samePath reports whether a and b name one file, existing or not.
func samePath(a, b string) bool {
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(fa, fb)
	}
	return resolved(a) == resolved(b)
}

// flagValues are the non-empty values of the command's string or string
// slice flag name; none when it has no such flag.
func flagValues(c *call, name string) []string {
	var vs []string
	for _, f := range c.Command.Flags {
		if !slices.Contains(f.Names(), name) {
			continue
		}
		switch f.(type) {
		case *cli.StringSliceFlag:
			vs = c.StringSlice(name)
		case *cli.StringFlag:
			vs = []string{c.String(name)}
		}
	}
	return slices.DeleteFunc(vs, func(v string) bool { return v == "" })
}

// resolved is path made absolute, its folder's symlinks resolved.
func resolved(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	dir, err := filepath.EvalSymlinks(filepath.Dir(abs))
	if err != nil {
		return abs
	}
	return filepath.Join(dir, filepath.Base(abs))
}

// historyInputs are the files history reads that no argument or flag
// names: the working copy of --git REPO's --path FILE (its edits not
// committed are the user's), the file sources of the --config manifest.
func historyInputs(c *call) []namedPath {
	if c.Command.Name != "history" {
		return nil
	}
	var ins []namedPath
	if repo, path := c.String("git"), c.String("path"); repo != "" && path != "" {
		ins = append(ins, namedPath{"", filepath.Join(repo, path)})
	}
	if m := c.String("config"); m != "" {
		if ws, err := reports.LoadWorkspace(m); err == nil {
			for _, p := range ws.SourceFiles() {
				ins = append(ins, namedPath{"", p})
			}
		}
	}
	return ins
}
