package reports

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/rulesync/rulesync/ingest"
)

// A manifest may come from a stranger (a pull request built in CI): its
// file sources are confined to the roots it declares, or by default to
// its own folder and the git repository that holds it, symlinks
// resolved; only regular files are read (a FIFO or a device would hang
// the build); URL sources reach public addresses only unless the
// manifest says allow_private_urls = true (see ingest.Options.Fetch).

// Grants are what the command line lets a manifest reach
// (Workspace.Granted).
type Grants struct {
	// Roots are the folders the manifest's sources and roots may lie in;
	// empty means the manifest's folder and its git repository.
	Roots []string
	// PrivateURLs lets the manifest's allow_private_urls take effect.
	PrivateURLs bool
	// Cache is the cache directory the user names (build --cache),
	// used instead of the manifest's cache wherever it lies; empty
	// means the manifest's cache, confined as its sources are.
	Cache string
}

// rootRemedy is what lets a build read a file outside the folders it
// may read: every message of such a refusal names it.
const rootRemedy = "run the build with --root DIR naming its folder"

// ceiling are the folders no source may lie outside, whatever the
// manifest's roots say: the manifest's folder, the git repository it
// sits in and Granted.Roots (build --root widens them); and how the
// error names them. The folder the build runs in is not among them: a
// build run from / or a home folder would publish what lies there.
func (ws *Workspace) ceiling() ([]string, string) {
	w := *ws
	w.Roots = nil
	roots := w.sourceRoots()
	if len(ws.Granted.Roots) > 0 {
		return roots, "the manifest's folder, its git repository and the folders build --root names, which a manifest's roots do not widen"
	}
	return roots, "the manifest's folder and its git repository, which a manifest's roots do not widen"
}

// grantedRoots are Granted.Roots, absolute, symlinks resolved.
func (ws *Workspace) grantedRoots() []string {
	var out []string
	for _, r := range ws.Granted.Roots {
		if real, err := filepath.EvalSymlinks(r); err == nil {
			if abs, err := filepath.Abs(real); err == nil {
				out = append(out, abs)
			}
		}
	}
	return out
}

// checkGrants refuses a manifest that asks for more than the command
// line grants: allow_private_urls without --allow-private-urls.
func (ws *Workspace) checkGrants() error {
	if ws.AllowPrivateURLs && !ws.Granted.PrivateURLs {
		return fmt.Errorf("the manifest in %s sets allow_private_urls = true: a build lets URL sources reach loopback, private and link-local addresses only when run with --allow-private-urls", ws.Dir)
	}
	return nil
}

// openCache opens the workspace's cache directory (see cacheDir). The
// manifest's cache, which a stranger may have written, must lie within
// the same ceiling as its sources (the directory's real path, of the
// part that exists, symlinks resolved): elsewhere the build runs
// without a cache, and n says so, naming the flags that grant it.
func (ws *Workspace) openCache(n *notes) *cache {
	dir := ws.cacheDir()
	if ws.Granted.Cache == "" {
		ceiling, named := ws.ceiling()
		if real := realPath(dir); !withinAny(real, ceiling) {
			n.add("cache %s lies outside %s (%s): building without a cache (build --cache DIR names one anywhere; or %s)", real, named, strings.Join(ceiling, ", "), rootRemedy)
			return nil
		}
	}
	return openCache(dir, n)
}

// realPath is p made absolute, with the symlinks of its longest part
// that exists resolved (a cache directory the build is to make does
// not exist yet).
func realPath(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	rest := ""
	for d := abs; ; d = filepath.Dir(d) {
		if r, err := filepath.EvalSymlinks(d); err == nil {
			return filepath.Join(r, rest)
		}
		if filepath.Dir(d) == d {
			return abs
		}
		rest = filepath.Join(filepath.Base(d), rest)
	}
}

// sourceRoots are the folders file sources must lie in, symlinks
// resolved: Roots, relative to the manifest, or the manifest's folder,
// the git repository it sits in and the folders build --root names
// (Granted.Roots).
func (ws *Workspace) sourceRoots() []string {
	var roots []string
	add := func(p string) {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			if abs, err := filepath.Abs(r); err == nil {
				roots = append(roots, abs)
			}
		}
	}
	if len(ws.Roots) > 0 {
		for _, r := range ws.Roots {
			add(ws.resolve(r))
		}
		return roots
	}
	dir := ws.Dir
	if dir == "" {
		dir = "."
	}
	add(dir)
	if repo := gitRepository(dir); repo != "" {
		add(repo)
	}
	return append(roots, ws.grantedRoots()...)
}

// gitRepository is the top folder of the git repository dir is in (the
// nearest folder up that holds .git), "" when none.
func gitRepository(dir string) string {
	d, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	if r, err := filepath.EvalSymlinks(d); err == nil {
		d = r
	}
	for {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		up := filepath.Dir(d)
		if up == d {
			return ""
		}
		d = up
	}
}

// withinAny reports whether path lies in one of dirs.
func withinAny(path string, dirs []string) bool {
	return slices.ContainsFunc(dirs, func(d string) bool { return within(path, d) })
}

// within reports whether path lies in dir (or is dir).
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// sourceFile resolves a file source's path (relative to the manifest)
// and checks it before anything is read: its real path, symlinks
// resolved, lies in one of the workspace's roots and outside the
// kernel's and devices' folders, and it is a regular file.
func (ws *Workspace) sourceFile(path string) (string, error) {
	p := ws.resolve(path)
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", pathless(err)
	}
	if real, err = filepath.Abs(real); err != nil {
		return "", err
	}
	if sys := ingest.SystemTree(real); sys != "" {
		return "", fmt.Errorf("is %s, a file of the system (%s), never a source", real, sys)
	}
	ceiling, named := ws.ceiling()
	roots := ws.sourceRoots()
	if !withinAny(real, roots) {
		where, remedy := "the manifest's folder and its git repository", rootRemedy
		if len(ws.Granted.Roots) > 0 {
			where = "the manifest's folder, its git repository and the folders build --root names"
		}
		if len(ws.Roots) > 0 {
			where, remedy = "the manifest's roots", "add its folder to roots in the manifest"
			if !withinAny(real, ceiling) {
				remedy += " and " + rootRemedy
			}
		}
		shown := real
		if real != p {
			shown = p + " -> " + real
		}
		return "", fmt.Errorf("%s lies outside %s (%s): a build reads no file outside them; %s", shown, where, strings.Join(roots, ", "), remedy)
	}
	if !withinAny(real, ceiling) {
		return "", fmt.Errorf("%s lies outside %s (%s): a build reads no file outside them; %s", real, named, strings.Join(ceiling, ", "), rootRemedy)
	}
	fi, err := os.Stat(real)
	if err != nil {
		return "", pathless(err)
	}
	if !fi.Mode().IsRegular() {
		return "", fmt.Errorf("is %s, not a regular file", ingest.FileKind(fi.Mode()))
	}
	return real, nil
}

// readSource reads a file source checked by sourceFile, within the
// size limit; name is how errors name it. It opens without blocking,
// and reads only a regular file, so that a file swapped for a FIFO since
// the check cannot hang the build.
func readSource(opt ingest.Options, name, real string) ([]byte, error) {
	f, err := os.OpenFile(real, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, &ingest.Error{Input: name, Err: pathless(err)}
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, &ingest.Error{Input: name, Err: pathless(err)}
	}
	if !fi.Mode().IsRegular() {
		return nil, &ingest.Error{Input: name, Err: fmt.Errorf("is %s, not a regular file", ingest.FileKind(fi.Mode()))}
	}
	return opt.ReadAll(name, io.Reader(f))
}

// checkOutputHoldsNoSource refuses a build whose output directory holds
// one of its file sources: the build replaces its output whole.
func (ws *Workspace) checkOutputHoldsNoSource(out string) error {
	o, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	if r, err := filepath.EvalSymlinks(o); err == nil {
		o = r
	}
	check := func(what, p string) error {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			p = r
		}
		if abs, err := filepath.Abs(p); err == nil && within(abs, o) {
			return fmt.Errorf("output %s holds %s (%s): a build replaces its output whole; choose another output", out, what, p)
		}
		return nil
	}
	for _, s := range ws.Sources {
		if s.Path != "" {
			if err := check("source "+s.Name, ws.resolve(s.Path)); err != nil {
				return err
			}
		}
	}
	return nil
}
