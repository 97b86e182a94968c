package history

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// commit is a version of the repository a test makes: the file's text,
// a note in another file (so that a commit can leave the file alone),
// and a tag.
type commit struct {
	text, note, tag string
}

// makeRepo writes a git repository in a new directory, one commit per
// version along one branch, with go-git's object storage (no work tree
// is checked out), and returns its directory and the commits' hashes.
func makeRepo(t testing.TB, path string, commits []commit) (string, []plumbing.Hash) {
	t.Helper()
	dir := t.TempDir()
	repo, err := git.PlainInit(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	st := repo.Storer
	put := func(o interface {
		Encode(plumbing.EncodedObject) error
	}, typ plumbing.ObjectType) plumbing.Hash {
		obj := st.NewEncodedObject()
		obj.SetType(typ)
		if err := o.Encode(obj); err != nil {
			t.Fatal(err)
		}
		h, err := st.SetEncodedObject(obj)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	blob := func(s string) plumbing.Hash {
		obj := st.NewEncodedObject()
		obj.SetType(plumbing.BlobObject)
		w, _ := obj.Writer()
		w.Write([]byte(s))
		w.Close()
		h, err := st.SetEncodedObject(obj)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	var hashes []plumbing.Hash
	when := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	for k, c := range commits {
		entries := []object.TreeEntry{{Name: "NOTE", Mode: filemode.Regular, Hash: blob(c.note)}, {Name: path, Mode: filemode.Regular, Hash: blob(c.text)}}
		slices.SortFunc(entries, func(a, b object.TreeEntry) int { return strings.Compare(a.Name, b.Name) })
		tree := put(&object.Tree{Entries: entries}, plumbing.TreeObject)
		sig := object.Signature{Name: "test", Email: "test@example.org", When: when.Add(time.Duration(k) * time.Hour)}
		cm := &object.Commit{Author: sig, Committer: sig, Message: fmt.Sprintf("version %d\n", k), TreeHash: tree}
		if k > 0 {
			cm.ParentHashes = []plumbing.Hash{hashes[k-1]}
		}
		hashes = append(hashes, put(cm, plumbing.CommitObject))
		if c.tag != "" {
			var opts *git.CreateTagOptions
			if k%2 == 0 { // annotated and lightweight tags both
				opts = &git.CreateTagOptions{Tagger: &sig, Message: c.tag}
			}
			if _, err := repo.CreateTag(c.tag, hashes[k], opts); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := st.SetReference(plumbing.NewHashReference("refs/heads/master", hashes[len(hashes)-1])); err != nil {
		t.Fatal(err)
	}
	return dir, hashes
}

// sameHistory fails unless two histories have the same editions' keys,
// lives with the same ids, and the same changes.
func sameHistory(t *testing.T, got, want *History) {
	t.Helper()
	if len(got.Editions) != len(want.Editions) || len(got.Lives) != len(want.Lives) {
		t.Fatalf("%d editions and %d lives, want %d and %d", len(got.Editions), len(got.Lives), len(want.Editions), len(want.Lives))
	}
	for k, l := range got.Lives {
		w := want.Lives[k]
		for e := range got.Editions {
			if !slices.Equal(got.IDs(l, e), want.IDs(w, e)) {
				t.Fatalf("life %d in edition %d: %v, want %v", k, e, got.IDs(l, e), want.IDs(w, e))
			}
		}
		if len(l.Events) != len(w.Events) {
			t.Fatalf("life %d: %d events, want %d", k, len(l.Events), len(w.Events))
		}
		for i, ev := range l.Events {
			if a, b := changeKey(got.Editions, ev.Edition, ev.Change), changeKey(want.Editions, w.Events[i].Edition, w.Events[i].Change); a != b {
				t.Fatalf("life %d: %s, want %s", k, a, b)
			}
		}
	}
}

// TestGitSeries reads the real series from a repository the test makes
// (with commits that leave the file alone between them, which are no
// editions): the editions are named by their tags, and the history is
// the one the files give.
func TestGitSeries(t *testing.T) {
	for name, rels := range realSeries {
		t.Run(name, func(t *testing.T) {
			var commits []commit
			path := "rules" + filepath.Ext(rels[0])
			for k, rel := range rels {
				data, err := os.ReadFile(testcorpus.Path(t, rel))
				if err != nil {
					t.Fatal(err)
				}
				commits = append(commits, commit{text: string(data), note: fmt.Sprint(k), tag: fmt.Sprintf("v%d", k)},
					commit{text: string(data), note: fmt.Sprint(k, "b")})
			}
			dir, _ := makeRepo(t, path, commits)
			files := realEditions(t, rels)
			want, err := Options{}.Build(context.Background(), files)
			if err != nil {
				t.Fatal(err)
			}
			for _, tags := range []bool{false, true} {
				g := Git{Repo: dir, Path: path, Tags: tags, Cache: NewCache("", "test")}
				eds, err := g.Editions(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				for k, e := range eds {
					if e.Name != fmt.Sprintf("v%d", k) {
						t.Errorf("edition %d named %q, want v%d", k, e.Name, k)
					}
				}
				h, err := Options{Steps: g.Cache}.Build(context.Background(), eds)
				if err != nil {
					t.Fatal(err)
				}
				sameHistory(t, h, want)
			}
		})
	}
}

// perturbed makes versions of a real file, each from the one before with
// one more paragraph's word doubled (the commits of a rulebook kept in
// git), and returns them with the text each commit edits.
func perturbed(data string, n int) []string {
	paras := strings.Split(data, "\n\n")
	out := []string{data}
	for k := 1; k < n; k++ {
		// The next paragraph, from a stride through the file, that has
		// a word between spaces to double.
		for p := (k * 7919) % len(paras); ; p = (p + 1) % len(paras) {
			fs := strings.Fields(paras[p])
			if len(fs) < 4 {
				continue
			}
			w := fs[len(fs)/2]
			if edited := strings.Replace(paras[p], " "+w+" ", " "+w+" "+w+" ", 1); edited != paras[p] {
				paras[p] = edited
				break
			}
		}
		out = append(out, strings.Join(paras, "\n\n"))
	}
	return out
}

// TestGitCommits reads a history of small commits (the steps the whole
// comparison would cost most on and quickStep shortens) and checks it
// against the comparisons of each pair of whole editions; read again
// with the same cache, it is the same.
func TestGitCommits(t *testing.T) {
	for _, rel := range []string{realSeries["wca"][1], realSeries["fide"][1], realSeries["debian"][2]} {
		t.Run(filepath.Base(rel), func(t *testing.T) {
			data, err := os.ReadFile(testcorpus.Path(t, rel))
			if err != nil {
				t.Fatal(err)
			}
			var commits []commit
			for k, v := range perturbed(string(data), 12) {
				commits = append(commits, commit{text: v, note: fmt.Sprint(k)})
			}
			path := "rules" + filepath.Ext(rel)
			dir, hashes := makeRepo(t, path, commits)
			cacheDir := t.TempDir()
			g := Git{Repo: dir, Path: path, From: hashes[1].String(), Cache: NewCache(cacheDir, "test")}
			eds, err := g.Editions(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if len(eds) != len(commits)-1 {
				t.Fatalf("%d editions from commit 1 on, want %d", len(eds), len(commits)-1)
			}
			h, err := Options{Steps: g.Cache}.Build(context.Background(), eds)
			if err != nil {
				t.Fatal(err)
			}
			checkAgainstPairwise(t, h, comparePairwise(eds))
			// Again, from the files the cache left on disk.
			g.Cache = NewCache(cacheDir, "test")
			eds2, err := g.Editions(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			h2, err := Options{Steps: g.Cache}.Build(context.Background(), eds2)
			if err != nil {
				t.Fatal(err)
			}
			sameHistory(t, h2, h)
		})
	}
}

// TestGitErrors names the input and the reason.
func TestGitErrors(t *testing.T) {
	dir, _ := makeRepo(t, "rules.md", []commit{{text: "# A\n\n1. One.\n", note: "a"}, {text: "# A\n\n1. One more.\n", note: "b", tag: "v1"}})
	for _, c := range []struct {
		g    Git
		want string
	}{
		{Git{Repo: t.TempDir(), Path: "rules.md"}, "not a git repository"},
		{Git{Repo: dir, Path: "other.md"}, "has other.md"},
		{Git{Repo: dir, Path: "rules.md", To: "nosuch"}, `no revision "nosuch"`},
		{Git{Repo: dir, Path: "rules.md", Tags: true, From: "v9"}, "--from v9"},
	} {
		_, err := c.g.Editions(context.Background())
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want one saying %q", c.g, err, c.want)
		}
	}
}

// TestQuickStep checks that the comparison of a run of changed items
// finds what the comparison of the whole editions finds, and that it
// serves the small commits it is for.
func TestQuickStep(t *testing.T) {
	for _, rel := range []string{realSeries["wca"][1], realSeries["fide"][1], realSeries["debian"][2], realSeries["tda"][1]} {
		data, err := os.ReadFile(testcorpus.Path(t, rel))
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Ext(rel) == ".docx" {
			continue // no text to edit in place
		}
		vs := perturbed(string(data), 8)
		quick := 0
		for k := 1; k < len(vs); k++ {
			a, err := ingestText(rel, vs[k-1])
			if err != nil {
				t.Fatal(err)
			}
			b, err := ingestText(rel, vs[k])
			if err != nil {
				t.Fatal(err)
			}
			q := quickStep(diff.Options{}, a, b)
			if q == nil {
				continue
			}
			quick++
			full := StepOf(diff.Options{}.Compare(a, b))
			eds := []Edition{{Doc: a}, {Doc: b}}
			var got, want []string
			for c := range q.Changes {
				got = append(got, changeKey(eds, 1, &q.Changes[c]))
			}
			for c := range full.Changes {
				want = append(want, changeKey(eds, 1, &full.Changes[c]))
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s step %d: quick %v, whole %v", rel, k, got, want)
			}
			if !slices.EqualFunc(sortedPairs(q.Pairs), sortedPairs(full.Pairs), func(x, y Pair) bool { return slices.Equal(x.Old, y.Old) && slices.Equal(x.New, y.New) }) {
				t.Errorf("%s step %d: quick pairs differ from the whole comparison's", rel, k)
			}
		}
		t.Logf("%s: %d of %d steps compared by their changed run", filepath.Base(rel), quick, len(vs)-1)
		if quick*2 < len(vs)-1 {
			t.Errorf("%s: only %d of %d one-paragraph steps compared by their run", rel, quick, len(vs)-1)
		}
	}
}

func sortedPairs(ps []Pair) []Pair {
	out := slices.Clone(ps)
	slices.SortFunc(out, func(x, y Pair) int { return x.Old[0] - y.Old[0] })
	return out
}

func ingestText(name, text string) (*corpus.Document, error) {
	return ingest.Options{}.Bytes(name, []byte(text))
}
