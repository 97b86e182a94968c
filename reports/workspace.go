package reports

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/BurntSushi/toml"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/lazyre"
)

// Workspace is a manifest of rulebook sources, the edition pairs to
// compare and the translations to check. Relative paths are relative to
// the manifest's directory.
type Workspace struct {
	// Title names the workspace on the site.
	Title string `toml:"title"`
	// Cache is the directory of the ingest and build cache; empty means
	// ".rulesync-cache" beside the manifest. It must lie where sources
	// may (see Grants): elsewhere the build runs without a cache.
	Cache string `toml:"cache"`
	// MaxBytes limits the size of each source read, as ingest does; 0
	// means ingest.DefaultMaxBytes (32 MiB). The documents the build
	// caches, which rulesync wrote, may be larger.
	MaxBytes int64 `toml:"max_bytes"`
	// MaxBlocks limits the blocks (and items) of each source read, as
	// ingest does (ingest.Options.MaxBlocks); 0 means
	// ingest.DefaultMaxBlocks.
	MaxBlocks int `toml:"max_blocks"`
	// Roots are the folders file sources may lie in, relative to the
	// manifest; a source whose real path (symlinks resolved) is in none
	// is refused. Empty means the manifest's folder and the git
	// repository it sits in.
	Roots []string `toml:"roots"`
	// AllowPrivateURLs lets URL sources, and their redirects, reach
	// loopback, private and link-local addresses (a server on the
	// build's machine or network); refused otherwise.
	AllowPrivateURLs bool `toml:"allow_private_urls"`
	// Granted are what the user running the build lets the manifest reach
	// (build --root, --allow-private-urls), never read from the manifest:
	// a manifest may come from a stranger, so its roots only narrow what
	// it may read, within Granted.Roots (empty: the manifest's folder and
	// the git repository it sits in), and its allow_private_urls takes
	// effect only where Granted.PrivateURLs is set.
	Granted      Grants        `toml:"-"`
	Sources      []Source      `toml:"source"`
	Diffs        []Pair        `toml:"diff"`
	Translations []Translation `toml:"translation"`
	Series       []Series      `toml:"series"`

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
	// PDFEngine names what reads the source if it is a PDF, one of
	// ingest.PDFEngines ("" is "auto").
	PDFEngine string `toml:"pdf_engine"`
}

// Pair is an edition pair to compare, by source name; Title, when set,
// is its changelog's title.
type Pair struct {
	Old   string `toml:"old"`
	New   string `toml:"new"`
	Title string `toml:"title"`
}

// Series is a rulebook's editions, oldest first: by source name, or the
// versions of one file in a git repository (Repo and Path; First and
// Last bound the commits, Tags takes the tagged ones, as rulesync
// history --git reads them). The site follows every item through them
// (history/<name>.html and a page per item changed).
type Series struct {
	Name     string   `toml:"name"`
	Editions []string `toml:"editions"`
	Repo     string   `toml:"repo"`
	Path     string   `toml:"path"`
	First    string   `toml:"first"`
	Last     string   `toml:"last"`
	Tags     bool     `toml:"tags"`
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
	Path string
	corpus.Position
	Err error
}

func (e *ManifestError) Error() string {
	// One line, whatever of the manifest the reason quotes (the TOML
	// library quotes a value up to and with its line break).
	msg := lineBreaks.Replace(e.Err.Error())
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Col, msg)
	}
	return fmt.Sprintf("%s: %s", e.Path, msg)
}

// lineBreaks writes line breaks as Go escapes.
var lineBreaks = strings.NewReplacer("\n", `\n`, "\r", `\r`)

func (e *ManifestError) Unwrap() error { return e.Err }

// LoadWorkspace reads and checks a TOML manifest: it names at least one
// source, every source has a name (unique) and a path or a URL, and every
// pair and translation names sources the manifest has.
func LoadWorkspace(path string) (*Workspace, error) {
	// A manifest is read within the input size limit, as a source is.
	data, err := ingest.Options{}.ReadFile(path)
	if err != nil {
		var ie *ingest.Error
		if errors.As(err, &ie) {
			err = ie.Err
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
			return nil, &ManifestError{Path: path, Position: corpus.Position{Line: line, Col: col}, Err: errors.New(pe.Message)}
		}
		// A value of the wrong type: "toml: line 3 (last key "x"): ...".
		if m := decodeErr.FindStringSubmatch(err.Error()); m != nil {
			line, _ := strconv.Atoi(m[1])
			return nil, &ManifestError{Path: path, Position: corpus.Position{Line: line, Col: valueColumn(data, line)}, Err: fmt.Errorf("%s: %s", m[2], m[3])}
		}
		return nil, &ManifestError{Path: path, Err: err}
	}
	if und := md.Undecoded(); len(und) > 0 {
		line, col := undecodedPosition(data, und[0])
		return nil, &ManifestError{Path: path, Position: corpus.Position{Line: line, Col: col}, Err: fmt.Errorf("unknown key %q", und[0].String())}
	}
	if first, _, _ := strings.Cut(filepath.ToSlash(ws.Cache), "/"); strings.HasPrefix(first, "~") {
		line, col := keyPosition(data, "", 0, "cache")
		return nil, &ManifestError{Path: path, Position: corpus.Position{Line: line, Col: col}, Err: fmt.Errorf("cache %q: rulesync does not expand %q; give the path without it (relative paths are relative to the manifest)", ws.Cache, first)}
	}
	if md.IsDefined("max_bytes") && ws.MaxBytes <= 0 {
		line, col := keyPosition(data, "", 0, "max_bytes")
		return nil, &ManifestError{Path: path, Position: corpus.Position{Line: line, Col: col}, Err: fmt.Errorf("max_bytes %d: want a number of bytes above 0", ws.MaxBytes)}
	}
	if md.IsDefined("max_blocks") && ws.MaxBlocks <= 0 {
		line, col := keyPosition(data, "", 0, "max_blocks")
		return nil, &ManifestError{Path: path, Position: corpus.Position{Line: line, Col: col}, Err: fmt.Errorf("max_blocks %d: want a number of blocks above 0", ws.MaxBlocks)}
	}
	if len(ws.Sources) == 0 && len(ws.Series) == 0 {
		return nil, &ManifestError{Path: path, Err: errors.New("no [[source]]: a workspace names at least one source to build")}
	}
	ws.Dir = filepath.Dir(path)
	fail := func(table string, i int, key string, err error) error {
		return &ManifestError{Path: path, Position: entryPosition(data, table, i, key), Err: err}
	}
	names := map[string]bool{}
	for i, s := range ws.Sources {
		if s.Name != "" {
			if err := checkName(s.Name); err != nil {
				return nil, fail("source", i, "name", fmt.Errorf("source name %q: %v", s.Name, err))
			}
		}
		switch {
		case s.Name == "":
			return nil, fail("source", i, "name", fmt.Errorf("source %d has no name", i+1))
		case names[s.Name]:
			return nil, fail("source", i, "name", fmt.Errorf("source %q is named twice", s.Name))
		case (s.Path == "") == (s.URL == ""):
			return nil, fail("source", i, "path", fmt.Errorf("source %q needs a path or a url (one of them)", s.Name))
		}
		if s.PDFEngine != "" && !slices.Contains(ingest.PDFEngines(), s.PDFEngine) {
			return nil, fail("source", i, "pdf_engine", fmt.Errorf("source %q: pdf_engine %q: this build reads PDFs with %s", s.Name, s.PDFEngine, strings.Join(ingest.PDFEngines(), ", ")))
		}
		names[s.Name] = true
	}
	known := func(table string, i int, key, what, name string) error {
		if !names[name] {
			return fail(table, i, key, fmt.Errorf("%s names source %q, which the manifest does not have", what, name))
		}
		return nil
	}
	for i, se := range ws.Series {
		if err := checkName(se.Name); err != nil {
			return nil, fail("series", i, "name", fmt.Errorf("series name %q: %v", se.Name, err))
		}
		switch {
		case se.Repo != "" && (se.Path == "" || len(se.Editions) > 0):
			return nil, fail("series", i, "repo", fmt.Errorf("series %q: a repo needs the path of the file in it, and no editions", se.Name))
		case se.Repo == "" && (se.Path != "" || se.First != "" || se.Last != "" || se.Tags):
			return nil, fail("series", i, "name", fmt.Errorf("series %q: path, first, last and tags need a repo", se.Name))
		case se.Repo == "" && len(se.Editions) < 2:
			return nil, fail("series", i, "editions", fmt.Errorf("series %q has %d edition(s); it needs two or more, or a repo", se.Name, len(se.Editions)))
		}
		for _, e := range se.Editions {
			if err := known("series", i, "editions", "series "+se.Name, e); err != nil {
				return nil, err
			}
		}
	}
	for i, d := range ws.Diffs {
		if err := known("diff", i, "old", "diff", d.Old); err != nil {
			return nil, err
		}
		if err := known("diff", i, "new", "diff", d.New); err != nil {
			return nil, err
		}
	}
	translated := map[string]bool{}
	for i, t := range ws.Translations {
		if err := known("translation", i, "name", "translation", t.Name); err != nil {
			return nil, err
		}
		if translated[t.Name] {
			// Its outputs (gaps/NAME.*, NAME.po, translations/NAME.html)
			// are named by it: a second entry would overwrite the first's.
			return nil, fail("translation", i, "name", fmt.Errorf("translation %q is listed twice; its outputs are named by it, so list it once", t.Name))
		}
		translated[t.Name] = true
		if err := known("translation", i, "source", "translation "+t.Name, t.Source); err != nil {
			return nil, err
		}
		if t.Base != "" {
			if err := known("translation", i, "base", "translation "+t.Name, t.Base); err != nil {
				return nil, err
			}
		}
	}
	return &ws, nil
}

// maxName is the longest source name, in bytes: a changelog is named by
// two of them ("old..new.html") and a file name by at most 255 bytes.
const maxName = 100

// checkName says why a source name cannot name files: a name is one path
// element of letters (of any script), digits, '.', '_' and '-', beginning
// with a letter or a digit (so never ".", ".." or a hidden file), at most
// maxName bytes. Names become file names in OUTDIR and the cache
// ("gaps/<name>.md"), so "../x" or "/x" would write elsewhere.
func checkName(name string) error {
	if name == "" {
		return errors.New("empty")
	}
	if len(name) > maxName {
		return fmt.Errorf("longer than %d bytes", maxName)
	}
	for i, r := range name {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
		case i == 0:
			return fmt.Errorf("a name begins with a letter or a digit")
		case r == '.' || r == '_' || r == '-':
		default:
			return fmt.Errorf("%q is not allowed: a name is one file name of letters, digits, '.', '_' and '-'", r)
		}
	}
	return nil
}

// keyPosition finds where the value of key is in the index-th (0-based)
// [[table]] of a TOML manifest, as a line and a column (in runes), both
// 1-based; 0, 0 when it cannot tell (the TOML library keeps one position
// per key of all the array's tables). It reads lines as a person would:
// a table header on a line of its own, "key = value" on one line.
//
// An empty table names the top level, before the first table.
func keyPosition(data []byte, table string, index int, key string) (int, int) {
	n := -1
	if table == "" {
		n = index
	}
	for i, line := range strings.Split(string(data), "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") {
			h := strings.Join(strings.Fields(strings.Trim(strings.SplitN(t, "#", 2)[0], " \t")), "")
			if h == "[["+table+"]]" {
				n++
			} else if n == index {
				return 0, 0
			}
			continue
		}
		if n != index {
			continue
		}
		k, _, ok := strings.Cut(t, "=")
		k = strings.TrimSpace(k)
		if ok && (k == key || k == `"`+key+`"` || k == "'"+key+"'") {
			return i + 1, valueColumn(data, i+1)
		}
	}
	return 0, 0
}

// entryPosition is where the key of the index-th [[table]] is written,
// or, when that entry does not write the key, where its [[table]] header
// is; the zero Position when neither is found.
func entryPosition(data []byte, table string, index int, key string) corpus.Position {
	if line, col := keyPosition(data, table, index, key); line > 0 {
		return corpus.Position{Line: line, Col: col}
	}
	n := -1
	for i, line := range strings.Split(string(data), "\n") {
		t := strings.TrimSpace(line)
		h := strings.Join(strings.Fields(strings.SplitN(t, "#", 2)[0]), "")
		if h == "[["+table+"]]" {
			if n++; n == index {
				return corpus.Position{Line: i + 1, Col: len([]rune(line)) - len([]rune(strings.TrimLeft(line, " \t"))) + 1}
			}
		}
	}
	return corpus.Position{}
}

// undecodedPosition is where a key the manifest's schema does not know
// is written: its line and the column where the key starts, at the top
// level or in the first [[table]] that holds it; 0, 0 when it cannot
// tell (a dotted or inline key).
func undecodedPosition(data []byte, key toml.Key) (int, int) {
	table, name := "", key[len(key)-1]
	if len(key) == 2 {
		table = key[0]
	} else if len(key) != 1 {
		return 0, 0
	}
	tables := 1
	if table != "" {
		tables = bytes.Count(data, []byte("[["+table+"]]"))
	}
	for i := 0; i < tables; i++ {
		if line, _ := keyPosition(data, table, i, name); line > 0 {
			l := strings.Split(string(data), "\n")[line-1]
			return line, len([]rune(l)) - len([]rune(strings.TrimLeft(l, " \t"))) + 1
		}
	}
	return 0, 0
}

// decodeErr is the form of the TOML library's errors for a value of the
// wrong type.
var decodeErr = lazyre.New(`^toml: line (\d+) \(last key "([^"]*)"\): (.*)$`)

// valueColumn is the column (in runes, 1-based) where the value of the
// "key = value" on line (1-based) begins; 0 when the line has none.
func valueColumn(data []byte, line int) int {
	lines := strings.Split(string(data), "\n")
	if line < 1 || line > len(lines) {
		return 0
	}
	l := lines[line-1]
	eq := strings.Index(l, "=")
	if eq < 0 {
		return 0
	}
	col := len([]rune(l[:eq+1])) + 1
	for _, r := range l[eq+1:] {
		if r != ' ' && r != '\t' {
			break
		}
		col++
	}
	return col
}

// checkNames checks the names a build makes files of, for a Workspace
// made otherwise than by LoadWorkspace.
func (ws *Workspace) checkNames() error {
	for _, s := range ws.Sources {
		if err := checkName(s.Name); err != nil {
			return fmt.Errorf("source name %q: %v", s.Name, err)
		}
	}
	for _, t := range ws.Translations {
		if err := checkName(t.Name); err != nil {
			return fmt.Errorf("translation name %q: %v", t.Name, err)
		}
	}
	for _, se := range ws.Series {
		if err := checkName(se.Name); err != nil {
			return fmt.Errorf("series name %q: %v", se.Name, err)
		}
	}
	return nil
}

// resolve returns a manifest path relative to the manifest's directory.
func (ws *Workspace) resolve(p string) string {
	if p == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(ws.Dir, p)
}

// SourceFiles are the files the workspace reads, resolved against the
// manifest's folder: each file source, and the working copy of each
// [[series]]'s file in its repository.
func (ws *Workspace) SourceFiles() []string {
	var out []string
	for _, s := range ws.Sources {
		if s.Path != "" {
			out = append(out, ws.resolve(s.Path))
		}
	}
	for _, s := range ws.Series {
		if s.Repo != "" && s.Path != "" {
			out = append(out, filepath.Join(ws.resolve(s.Repo), s.Path))
		}
	}
	return out
}

// cacheDir is the workspace's cache directory: the one the user grants
// (Granted.Cache), or the manifest's.
func (ws *Workspace) cacheDir() string {
	if ws.Granted.Cache != "" {
		return ws.Granted.Cache
	}
	if ws.Cache == "" {
		return filepath.Join(ws.Dir, ".rulesync-cache")
	}
	return ws.resolve(ws.Cache)
}
