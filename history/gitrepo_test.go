package history

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// resolveRepo makes a repository of six commits, the file changed in
// each, tagged (annotated and lightweight) on every other one.
func resolveRepo(t *testing.T) (string, []plumbing.Hash) {
	t.Helper()
	var commits []commit
	for k := range 6 {
		c := commit{text: fmt.Sprintf("# A\n\n1. Rule %d.\n", k), note: fmt.Sprint(k)}
		if k%2 == 0 {
			c.tag = fmt.Sprintf("v%d", k)
		}
		commits = append(commits, c)
	}
	return makeRepo(t, "rules.md", commits)
}

// TestResolveLikeGoGit checks the revisions the history reads against
// go-git's own resolver (go-git's Repository, which the history does not
// link): the same commit, or both an error; with the objects loose, and
// packed with their references by git gc when git is installed.
func TestResolveLikeGoGit(t *testing.T) {
	dir, hashes := resolveRepo(t)
	revs := []string{"HEAD", "master", "heads/master", "refs/heads/master", "v0", "v2", "v4", "refs/tags/v2", "tags/v4",
		"HEAD~0", "HEAD~", "HEAD~2", "HEAD~5", "HEAD~6", "HEAD^", "HEAD^0", "HEAD^1", "HEAD^^", "HEAD~1^1~1", "v4~3", "v2^",
		"nosuch", "nosuch~1", "", "v9", "master~99"}
	for _, h := range hashes[:3] {
		s := h.String()
		revs = append(revs, s, s[:7], s[:5], s[:4]+"~0", s+"^0")
	}
	check := func(t *testing.T) {
		want, err := git.PlainOpen(dir)
		if err != nil {
			t.Fatal(err)
		}
		got, err := openRepo(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, rev := range revs {
			wh, werr := want.ResolveRevision(plumbing.Revision(rev))
			c, gerr := got.resolve(rev)
			switch {
			case (werr == nil) != (gerr == nil):
				t.Errorf("%q: error %v, go-git's %v", rev, gerr, werr)
			case gerr == nil && c.Hash != *wh:
				t.Errorf("%q: %s, go-git's %s", rev, c.Hash, wh)
			}
			if gerr != nil {
				continue
			}
			wc, err := want.CommitObject(c.Hash)
			if err != nil {
				t.Fatal(err)
			}
			if c.tree != wc.TreeHash || len(c.parents) != len(wc.ParentHashes) || c.when != wc.Committer.When.Unix() {
				t.Errorf("%q: commit %+v, go-git reads tree %s, parents %v, time %d", rev, c, wc.TreeHash, wc.ParentHashes, wc.Committer.When.Unix())
			}
		}
	}
	t.Run("loose", check)
	if _, err := exec.LookPath("git"); err != nil {
		t.Logf("git is not installed: the packed objects and references are not checked")
		return
	}
	if out, err := exec.Command("git", "-C", dir, "gc", "-q").CombinedOutput(); err != nil {
		t.Fatalf("git gc: %v\n%s", err, out)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, ".git", "objects", "pack", "*.pack")); len(m) == 0 {
		t.Fatal("git gc left no pack")
	}
	t.Run("packed", check)
}

// TestTreeEntryLikeGoGit checks the paths a commit's tree has or lacks
// against go-git's reading of the tree.
func TestTreeEntryLikeGoGit(t *testing.T) {
	dir, hashes := resolveRepo(t)
	want, err := git.PlainOpen(dir)
	if err != nil {
		t.Fatal(err)
	}
	got, err := openRepo(dir)
	if err != nil {
		t.Fatal(err)
	}
	c, err := got.commit(hashes[3])
	if err != nil {
		t.Fatal(err)
	}
	wc, err := want.CommitObject(hashes[3])
	if err != nil {
		t.Fatal(err)
	}
	tree, err := wc.Tree()
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"rules.md", "NOTE", "nosuch", "rules.md/x", "NOTE/rules.md", "", "/rules.md", "a/b/c"} {
		mode, h, gerr := got.treeEntry(c.tree, path)
		e, werr := tree.FindEntry(path)
		switch {
		case (werr == nil) != (gerr == nil):
			t.Errorf("%q: error %v, go-git's %v", path, gerr, werr)
		case gerr == nil && (mode != e.Mode || h != e.Hash):
			t.Errorf("%q: %v %s, go-git's %v %s", path, mode, h, e.Mode, e.Hash)
		}
	}
	if _, err := object.GetCommit(want.Storer, hashes[0]); err != nil {
		t.Fatal(err)
	}
}

// TestOpenRepo opens a repository from a directory in its work tree and
// through a .git file that names the repository's directory, as a
// linked work tree's does.
func TestOpenRepo(t *testing.T) {
	dir, hashes := resolveRepo(t)
	sub := filepath.Join(dir, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	linked := t.TempDir()
	if err := os.WriteFile(filepath.Join(linked, ".git"), []byte("gitdir: "+filepath.Join(dir, ".git")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, repo := range []string{dir, sub, linked, filepath.Join(dir, ".git")} {
		eds, err := Git{Repo: repo, Path: "rules.md"}.Editions(context.Background())
		if err != nil {
			t.Errorf("%s: %v", repo, err)
			continue
		}
		if len(eds) != len(hashes) || eds[len(eds)-1].Commit != hashes[len(hashes)-1].String() {
			t.Errorf("%s: %d editions, the last at %s; want %d, the last at %s", repo, len(eds), eds[len(eds)-1].Commit, len(hashes), hashes[len(hashes)-1])
		}
	}
	bad := t.TempDir()
	if err := os.WriteFile(filepath.Join(bad, ".git"), []byte("nothing\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := (Git{Repo: bad, Path: "rules.md"}).Editions(context.Background()); err == nil {
		t.Errorf("%s: a .git file with no gitdir line: no error", bad)
	}
}
