package history

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/storer"
	"github.com/go-git/go-git/v5/storage/filesystem"
)

// gitRepo is a repository read through go-git's object and reference
// storage, with the commits, trees and tags parsed here: go-git's root
// package (its Repository) links every transport it speaks (SSH, HTTP,
// the git protocol) and its object package the OpenPGP code that checks
// signatures, whose initialisation every rulesync process paid, whatever
// its command (some 0.24 ms of the start, GODEBUG=inittrace=1).
type gitRepo struct {
	st *filesystem.Storage
}

// errNoRepo is the error of a directory with no repository in it or
// above it.
var errNoRepo = errors.New("repository does not exist")

// openRepo opens the repository of dir: dir's .git (a directory, or a
// file that names one: "gitdir: PATH"), or the first of its parents'
// that has one, or dir itself when it is a bare repository.
func openRepo(dir string) (*gitRepo, error) {
	dot, err := dotGit(dir)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(dot); err != nil {
		if os.IsNotExist(err) {
			return nil, errNoRepo
		}
		return nil, err
	}
	st := filesystem.NewStorage(osfs.New(dot), cache.NewObjectLRUDefault())
	if _, err := st.Reference(plumbing.HEAD); errors.Is(err, plumbing.ErrReferenceNotFound) {
		return nil, errNoRepo
	}
	if _, err := st.Config(); err != nil {
		return nil, err
	}
	return &gitRepo{st: st}, nil
}

// dotGit finds the repository's directory for dir, as git does when it
// looks for one: dir/.git, else the .git of the nearest parent, else dir.
func dotGit(dir string) (string, error) {
	if dir == "~" || strings.HasPrefix(dir, "~/") {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		dir = home + dir[1:]
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	start := dir
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		dir = filepath.Dir(dir)
	}
	for {
		fi, err := os.Stat(filepath.Join(dir, ".git"))
		switch {
		case err == nil && fi.IsDir():
			return filepath.Join(dir, ".git"), nil
		case err == nil:
			return gitdirFile(dir)
		case !os.IsNotExist(err):
			return "", err
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return start, nil
		}
		dir = parent
	}
}

// gitdirFile reads the directory a .git file names ("gitdir: PATH",
// PATH relative to dir unless absolute).
func gitdirFile(dir string) (string, error) {
	b, err := os.ReadFile(filepath.Join(dir, ".git"))
	if err != nil {
		return "", err
	}
	rest, ok := strings.CutPrefix(string(b), "gitdir: ")
	if !ok {
		return "", errors.New(".git file has no gitdir: prefix")
	}
	gitdir, _, _ := strings.Cut(rest, "\n")
	gitdir = strings.TrimSpace(gitdir)
	if filepath.IsAbs(gitdir) {
		return gitdir, nil
	}
	return filepath.Join(dir, gitdir), nil
}

// object reads an object of type t whole; plumbing.ErrObjectNotFound
// when the repository has no object of that type by that hash.
func (r *gitRepo) object(t plumbing.ObjectType, h plumbing.Hash) ([]byte, error) {
	o, err := r.st.EncodedObject(t, h)
	if err != nil {
		return nil, err
	}
	rd, err := o.Reader()
	if err != nil {
		return nil, err
	}
	defer rd.Close()
	return io.ReadAll(rd)
}

// gitCommit is what the history reads of a commit.
type gitCommit struct {
	Hash    plumbing.Hash
	tree    plumbing.Hash
	parents []plumbing.Hash
	// when is the committer's time in Unix seconds (that of the zero
	// time.Time when the header has none that parses).
	when int64
}

// zeroUnix is time.Time{}.Unix(), the time of a commit whose committer
// line states none.
const zeroUnix = -62135596800

// commit reads the commit h.
func (r *gitRepo) commit(h plumbing.Hash) (*gitCommit, error) {
	b, err := r.object(plumbing.CommitObject, h)
	if err != nil {
		return nil, err
	}
	c := &gitCommit{Hash: h, when: zeroUnix}
	sawTree := false
	for line := range headerLines(b) {
		key, val, _ := strings.Cut(line, " ")
		switch key {
		case "tree":
			c.tree, sawTree = plumbing.NewHash(val), true
		case "parent":
			c.parents = append(c.parents, plumbing.NewHash(val))
		case "committer":
			c.when = signatureTime(val)
		}
	}
	if !sawTree {
		return nil, fmt.Errorf("malformed commit %s: missing tree header", h)
	}
	return c, nil
}

// headerLines yields the lines of an object's header (up to the first
// empty line), continuation lines (a leading space) included as they are.
func headerLines(b []byte) func(func(string) bool) {
	return func(yield func(string) bool) {
		for len(b) > 0 {
			line, rest, _ := bytes.Cut(b, []byte{'\n'})
			if len(line) == 0 || !yield(string(line)) {
				return
			}
			b = rest
		}
	}
}

// signatureTime is the Unix time of a signature ("Name <email> 1700000000
// +0100"), zeroUnix when it states none.
func signatureTime(sig string) int64 {
	i := strings.LastIndexByte(sig, '>')
	if i < 0 || strings.LastIndexByte(sig, '<') < 0 || i+2 >= len(sig) {
		return zeroUnix
	}
	ts, _, _ := strings.Cut(sig[i+2:], " ")
	n, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return zeroUnix
	}
	return n
}

// tagTarget reads the annotated tag h: the object it names and that
// object's type.
func (r *gitRepo) tagTarget(h plumbing.Hash) (plumbing.Hash, plumbing.ObjectType, error) {
	b, err := r.object(plumbing.TagObject, h)
	if err != nil {
		return plumbing.ZeroHash, plumbing.InvalidObject, err
	}
	target, typ := plumbing.ZeroHash, plumbing.InvalidObject
	for line := range headerLines(b) {
		key, val, _ := strings.Cut(line, " ")
		switch key {
		case "object":
			target = plumbing.NewHash(val)
		case "type":
			if typ, err = plumbing.ParseObjectType(val); err != nil {
				return plumbing.ZeroHash, plumbing.InvalidObject, err
			}
		}
	}
	return target, typ, nil
}

// tagCommit is the commit an annotated tag h names; an error when h is
// no tag, or names no commit.
func (r *gitRepo) tagCommit(h plumbing.Hash) (*gitCommit, error) {
	target, typ, err := r.tagTarget(h)
	if err != nil {
		return nil, err
	}
	if typ != plumbing.CommitObject {
		return nil, fmt.Errorf("tag %s names a %s, not a commit", h, typ)
	}
	return r.commit(target)
}

// errNotInTree is the error of a path that a tree does not have.
var errNotInTree = errors.New("no such path in the tree")

// treeEntry finds path (slash-separated) under the tree h: its mode and
// hash; errNotInTree when a part of it is missing or is not a directory.
func (r *gitRepo) treeEntry(h plumbing.Hash, path string) (filemode.FileMode, plumbing.Hash, error) {
	parts := strings.Split(path, "/")
	for k, name := range parts {
		b, err := r.object(plumbing.TreeObject, h)
		if errors.Is(err, plumbing.ErrObjectNotFound) && k > 0 {
			return 0, plumbing.ZeroHash, errNotInTree // a file where a directory was looked for
		}
		if err != nil {
			return 0, plumbing.ZeroHash, err
		}
		mode, eh, err := findEntry(b, name)
		if err != nil {
			return 0, plumbing.ZeroHash, err
		}
		if k == len(parts)-1 {
			return mode, eh, nil
		}
		h = eh
	}
	return 0, plumbing.ZeroHash, errNotInTree
}

// findEntry finds the entry name in a tree object's bytes ("MODE
// NAME\x00" and the 20 bytes of the hash, entry after entry).
func findEntry(b []byte, name string) (filemode.FileMode, plumbing.Hash, error) {
	for len(b) > 0 {
		sp := bytes.IndexByte(b, ' ')
		nul := bytes.IndexByte(b, 0)
		if sp < 0 || nul < sp || nul+1+20 > len(b) {
			return 0, plumbing.ZeroHash, errors.New("malformed tree")
		}
		if string(b[sp+1:nul]) == name {
			mode, err := filemode.New(string(b[:sp]))
			if err != nil {
				return 0, plumbing.ZeroHash, err
			}
			var h plumbing.Hash
			copy(h[:], b[nul+1:nul+21])
			return mode, h, nil
		}
		b = b[nul+21:]
	}
	return 0, plumbing.ZeroHash, errNotInTree
}

// tags calls f with each tag's short name and the object it points to
// (an annotated tag's own object, not what it names).
func (r *gitRepo) tags(f func(name string, h plumbing.Hash) error) error {
	iter, err := r.st.IterReferences()
	if err != nil {
		return err
	}
	return iter.ForEach(func(ref *plumbing.Reference) error {
		if !ref.Name().IsTag() {
			return nil
		}
		if ref.Type() == plumbing.SymbolicReference {
			var err error
			if ref, err = storer.ResolveReference(r.st, ref.Name()); err != nil {
				return err
			}
		}
		return f(ref.Name().Short(), ref.Hash())
	})
}

// resolve finds the commit a revision names: a reference (HEAD, a tag,
// a branch, a remote's branch, by its short or full name) or an object's
// hash (whole or a prefix of four digits or more), then any number of
// ~N (the Nth first-parent ancestor) and ^N (the Nth parent; ^0 the
// commit itself), as git reads them. A tag stands for the commit it
// names.
func (r *gitRepo) resolve(rev string) (*gitCommit, error) {
	end := strings.IndexAny(rev, "~^")
	if end < 0 {
		end = len(rev)
	}
	c, err := r.named(rev[:end])
	if err != nil {
		return nil, err
	}
	for rest := rev[end:]; rest != ""; {
		op := rest[0]
		if op != '~' && op != '^' || len(rest) > 1 && rest[1] == '{' {
			return nil, fmt.Errorf("%q: not a revision rulesync reads (a name, then only ~N and ^N)", rest)
		}
		digits := 1
		for digits < len(rest) && rest[digits] >= '0' && rest[digits] <= '9' {
			digits++
		}
		n := 1
		if digits > 1 {
			if n, err = strconv.Atoi(rest[1:digits]); err != nil {
				return nil, fmt.Errorf("%q: %w", rest[:digits], err)
			}
		}
		if c, err = r.ancestor(c, op, n); err != nil {
			return nil, err
		}
		rest = rest[digits:]
	}
	return c, nil
}

// ancestor is c~n (op '~') or c^n (op '^').
func (r *gitRepo) ancestor(c *gitCommit, op byte, n int) (*gitCommit, error) {
	if op == '^' {
		if n == 0 {
			return c, nil
		}
		if n > len(c.parents) {
			return nil, fmt.Errorf("commit %s has no parent %d", c.Hash, n)
		}
		return r.commit(c.parents[n-1])
	}
	for ; n > 0; n-- {
		if len(c.parents) == 0 {
			return nil, fmt.Errorf("commit %s has no parent", c.Hash)
		}
		var err error
		if c, err = r.commit(c.parents[0]); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// named is the commit a name stands for, before any ~ or ^: an object
// whose hash starts with it (as git, in preference to a reference), else
// the first reference of git's rules (name, refs/name, refs/tags/name,
// refs/heads/name, refs/remotes/name, refs/remotes/name/HEAD).
func (r *gitRepo) named(name string) (*gitCommit, error) {
	if name == "" {
		return nil, plumbing.ErrReferenceNotFound
	}
	try := r.hashesWithPrefix(name)
	for _, rule := range plumbing.RefRevParseRules {
		ref, err := storer.ResolveReference(r.st, plumbing.ReferenceName(fmt.Sprintf(rule, name)))
		if err == nil {
			try = append(try, ref.Hash())
			break
		}
	}
	for _, h := range try {
		if c, err := r.commit(h); err == nil {
			return c, nil
		}
		if _, _, err := r.tagTarget(h); err == nil {
			return r.tagCommit(h)
		}
	}
	return nil, plumbing.ErrReferenceNotFound
}

// hashesWithPrefix lists the objects whose hash s (hexadecimal digits)
// is or begins.
func (r *gitRepo) hashesWithPrefix(s string) []plumbing.Hash {
	if len(s) == 2*len(plumbing.ZeroHash) {
		b, err := hex.DecodeString(s)
		if err != nil {
			return nil
		}
		return []plumbing.Hash{plumbing.Hash(b)}
	}
	even := s[:len(s)&^1]
	b, err := hex.DecodeString(even)
	if err != nil || len(b) == 0 {
		return nil
	}
	hs, err := r.st.HashesWithPrefix(b)
	if err != nil {
		return nil
	}
	if len(even) == len(s) {
		return hs
	}
	var out []plumbing.Hash
	for _, h := range hs {
		if strings.HasPrefix(h.String(), s) {
			out = append(out, h)
		}
	}
	return out
}

// blob reads a blob whole.
func (r *gitRepo) blob(h plumbing.Hash) ([]byte, error) {
	return r.object(plumbing.BlobObject, h)
}
