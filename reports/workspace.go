package reports

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/BurntSushi/toml"
)

// Workspace is a manifest of rulebook sources, the edition pairs to
// compare and the translations to check. Relative paths are relative to
// the manifest's directory.
type Workspace struct {
	// Title names the workspace on the site.
	Title string `toml:"title"`
	// Cache is the directory of the ingest and build cache; empty means
	// ".rulesync-cache" beside the manifest.
	Cache        string        `toml:"cache"`
	Sources      []Source      `toml:"source"`
	Diffs        []Pair        `toml:"diff"`
	Translations []Translation `toml:"translation"`

	// Dir is the manifest's directory.
	Dir string `toml:"-"`
}

// Source is one document of a workspace: a file or a URL, read as ingest
// reads it, with optional overrides.
type Source struct {
	Name    string `toml:"name"`
	Path    string `toml:"path"`
	URL     string `toml:"url"`
	Format  string `toml:"format"`
	Edition string `toml:"edition"`
	Lang    string `toml:"lang"`
}

// Pair is an edition pair to compare, by source name.
type Pair struct {
	Old string `toml:"old"`
	New string `toml:"new"`
}

// Translation is a translation to check against its source, by source
// name; Base names the source edition it was made from, if known.
type Translation struct {
	Name   string `toml:"name"`
	Source string `toml:"source"`
	Base   string `toml:"base"`
}

// ManifestError is a manifest that cannot be used, with the line and
// column where that is known.
type ManifestError struct {
	Path      string
	Line, Col int
	Err       error
}

func (e *ManifestError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %v", e.Path, e.Line, e.Col, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.Path, e.Err)
}

func (e *ManifestError) Unwrap() error { return e.Err }

// LoadWorkspace reads and checks a TOML manifest: it names at least one
// source, every source has a name (unique) and a path or a URL, and every
// pair and translation names sources the manifest has.
func LoadWorkspace(path string) (*Workspace, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, &ManifestError{Path: path, Err: err}
	}
	var ws Workspace
	md, err := toml.Decode(string(data), &ws)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			line, col := pe.Position.Line, pe.Position.Col
			// An error at the end of the file is reported past its last
			// line: point at the end of that line instead.
			lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
			// A line that ended too early is reported on the next line:
			// point at the end of the one that ended.
			if strings.Contains(pe.Message, `got '\n'`) && line > 1 {
				line = min(line-1, len(lines))
				col = len([]rune(lines[line-1])) + 1
			}
			if line > len(lines) {
				line, col = len(lines), len([]rune(lines[len(lines)-1]))+1
			}
			return nil, &ManifestError{Path: path, Line: line, Col: col, Err: errors.New(pe.Message)}
		}
		return nil, &ManifestError{Path: path, Err: err}
	}
	if und := md.Undecoded(); len(und) > 0 {
		return nil, &ManifestError{Path: path, Err: fmt.Errorf("unknown key %q", und[0].String())}
	}
	if len(ws.Sources) == 0 {
		return nil, &ManifestError{Path: path, Err: errors.New("no [[source]]: a workspace names at least one source to build")}
	}
	ws.Dir = filepath.Dir(path)
	names := map[string]bool{}
	for i, s := range ws.Sources {
		switch {
		case s.Name == "":
			return nil, &ManifestError{Path: path, Err: fmt.Errorf("source %d has no name", i+1)}
		case names[s.Name]:
			return nil, &ManifestError{Path: path, Err: fmt.Errorf("source %q is named twice", s.Name)}
		case (s.Path == "") == (s.URL == ""):
			return nil, &ManifestError{Path: path, Err: fmt.Errorf("source %q needs a path or a url (one of them)", s.Name)}
		}
		names[s.Name] = true
	}
	known := func(what, name string) error {
		if !names[name] {
			return &ManifestError{Path: path, Err: fmt.Errorf("%s names source %q, which the manifest does not have", what, name)}
		}
		return nil
	}
	for _, d := range ws.Diffs {
		if err := known("diff", d.Old); err != nil {
			return nil, err
		}
		if err := known("diff", d.New); err != nil {
			return nil, err
		}
	}
	for _, t := range ws.Translations {
		if err := known("translation", t.Name); err != nil {
			return nil, err
		}
		if err := known("translation "+t.Name, t.Source); err != nil {
			return nil, err
		}
		if t.Base != "" {
			if err := known("translation "+t.Name, t.Base); err != nil {
				return nil, err
			}
		}
	}
	return &ws, nil
}

// resolve returns a manifest path relative to the manifest's directory.
func (ws *Workspace) resolve(p string) string {
	if p == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(ws.Dir, p)
}

// cacheDir is the workspace's cache directory.
func (ws *Workspace) cacheDir() string {
	if ws.Cache == "" {
		return filepath.Join(ws.Dir, ".rulesync-cache")
	}
	return ws.resolve(ws.Cache)
}
