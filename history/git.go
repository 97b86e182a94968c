package history

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
)

// Git reads the editions of one file from a git repository, with no git
// program: the versions of Path in the commits from From to To (the
// first-parent line, as git log --first-parent shows it), or in the
// tags. A version identical to the one before it (the same blob) is no
// new edition; each distinct blob is ingested once, and a Cache keeps
// the documents and the steps between them across calls.
type Git struct {
	// Repo is the repository's directory (a work tree or a bare
	// repository).
	Repo string
	// Path is the file's path in the repository, with forward slashes.
	Path string
	// From and To bound the commits: From is the first edition (a tag, a branch, a
	// commit's hash or a prefix of it, then any ~N and ^N, as git reads
	// them), To the last ("" for HEAD). An empty From starts at the
	// first commit that has the file.
	From, To string
	// Tags makes the editions the tagged commits that have the file, in
	// the order of their commit dates (From and To, when set, are tags
	// that bound them), rather than every commit that changed it.
	Tags bool
	// Ingest reads each version. The editions share one budget of
	// blocks, its Budget, else one of its MaxBlocks: together they hold
	// no more items than one input at the limit may, those the Cache
	// gives included.
	Ingest ingest.Options
	// Cache, when not nil, keeps documents by blob hash.
	Cache *Cache
	// Workers ingest at once; 0 means GOMAXPROCS.
	Workers int
}

// version is a commit's version of the file.
type version struct {
	commit plumbing.Hash
	blob   plumbing.Hash
	tag    string
}

// Editions reads the editions. Each is named by its tag, else by the
// edition its document states (with the commit when several versions
// state the same one); Key is the blob hash and Commit the commit.
func (g Git) Editions(ctx context.Context) ([]Edition, error) {
	repo, err := openRepo(g.Repo)
	if err != nil {
		return nil, fmt.Errorf("%s: not a git repository: %w", g.Repo, err)
	}
	tags, err := tagsByCommit(repo)
	if err != nil {
		return nil, fmt.Errorf("%s: reading the tags: %w", g.Repo, err)
	}
	var vs []version
	if g.Tags {
		vs, err = g.tagged(repo, tags)
	} else {
		vs, err = g.commits(repo, tags)
	}
	if err != nil {
		return nil, err
	}
	// The same blob twice in a row is no new edition.
	kept := vs[:0]
	for _, v := range vs {
		if n := len(kept); n > 0 && kept[n-1].blob == v.blob {
			if kept[n-1].tag == "" {
				kept[n-1].tag = v.tag
			}
			continue
		}
		kept = append(kept, v)
	}
	keys := make([]string, len(kept))
	for k, v := range kept {
		keys[k] = v.blob.String()
	}
	// The editions are held together: they share one budget of blocks
	// (their items), those read from the cache with those ingested.
	if g.Ingest.Budget == nil {
		g.Ingest.Budget = ingest.NewBudget(g.Ingest.MaxBlocks)
	}
	// A series read before, as it is, is one file of the cache.
	docs := g.Cache.Series(g.scope(), keys)
	if docs != nil {
		for k, d := range docs {
			if err := g.hold(kept[k], d); err != nil {
				return nil, err
			}
		}
	} else if docs, err = g.ingest(ctx, repo, kept); err != nil {
		return nil, err
	}
	eds := make([]Edition, len(kept))
	for k, v := range kept {
		eds[k] = Edition{Name: v.tag, Doc: docs[k], Key: keys[k], Commit: v.commit.String()}
	}
	nameEditions(eds)
	return eds, nil
}

// scope names the file's history in a cache: the repository's directory
// and the file's path.
func (g Git) scope() string {
	dir, err := filepath.Abs(g.Repo)
	if err != nil {
		dir = g.Repo
	}
	return dir + "\x00" + g.Path
}

// tagsByCommit maps each tagged commit to its tag names, sorted.
func tagsByCommit(repo *gitRepo) (map[plumbing.Hash][]string, error) {
	out := map[plumbing.Hash][]string{}
	err := repo.tags(func(name string, h plumbing.Hash) error {
		if _, _, err := repo.tagTarget(h); err == nil {
			c, err := repo.tagCommit(h)
			if err != nil {
				return nil // a tag of a tree or a blob names no edition
			}
			h = c.Hash
		}
		out[h] = append(out[h], name)
		return nil
	})
	for _, names := range out {
		sort.Strings(names)
	}
	return out, err
}

// resolve finds the commit a revision names.
func (g Git) resolve(repo *gitRepo, rev string) (*gitCommit, error) {
	if rev == "" {
		rev = "HEAD"
	}
	c, err := repo.resolve(rev)
	if err != nil {
		return nil, fmt.Errorf("%s: no revision %q: %w", g.Repo, rev, err)
	}
	return c, nil
}

// blobOf returns the hash of the file's blob in a commit; ok is false
// when the commit has no such file.
func (g Git) blobOf(repo *gitRepo, c *gitCommit) (plumbing.Hash, bool, error) {
	mode, h, err := repo.treeEntry(c.tree, g.Path)
	if errors.Is(err, errNotInTree) {
		return plumbing.ZeroHash, false, nil
	}
	if err != nil {
		return plumbing.ZeroHash, false, fmt.Errorf("%s: commit %s: %s: %w", g.Repo, c.Hash, g.Path, err)
	}
	if !mode.IsFile() {
		return plumbing.ZeroHash, false, fmt.Errorf("%s: commit %s: %s is not a file", g.Repo, c.Hash, g.Path)
	}
	return h, true, nil
}

// commits lists the file's versions along the first parents from To
// back to From, oldest first.
func (g Git) commits(repo *gitRepo, tags map[plumbing.Hash][]string) ([]version, error) {
	to, err := g.resolve(repo, g.To)
	if err != nil {
		return nil, err
	}
	var from *gitCommit
	if g.From != "" {
		if from, err = g.resolve(repo, g.From); err != nil {
			return nil, err
		}
	}
	var vs []version
	for c := to; ; {
		blob, ok, err := g.blobOf(repo, c)
		if err != nil {
			return nil, err
		}
		if ok {
			v := version{commit: c.Hash, blob: blob}
			if t := tags[c.Hash]; len(t) > 0 {
				v.tag = t[0]
			}
			vs = append(vs, v)
		}
		if from != nil && c.Hash == from.Hash {
			break
		}
		if len(c.parents) == 0 {
			if from != nil {
				return nil, fmt.Errorf("%s: %s is not an ancestor of %s along the first parents", g.Repo, g.From, or(g.To, "HEAD"))
			}
			break
		}
		parent, err := repo.commit(c.parents[0])
		if err != nil {
			return nil, fmt.Errorf("%s: parent of %s: %w", g.Repo, c.Hash, err)
		}
		c = parent
	}
	if len(vs) == 0 {
		return nil, fmt.Errorf("%s: no commit from %s to %s has %s", g.Repo, or(g.From, "the first"), or(g.To, "HEAD"), g.Path)
	}
	for i, j := 0, len(vs)-1; i < j; i, j = i+1, j-1 {
		vs[i], vs[j] = vs[j], vs[i]
	}
	return vs, nil
}

// tagged lists the file's versions in the tagged commits, by commit
// date, from the tag From to the tag To.
func (g Git) tagged(repo *gitRepo, tags map[plumbing.Hash][]string) ([]version, error) {
	type dated struct {
		version
		when int64
	}
	var ds []dated
	for h, names := range tags {
		c, err := repo.commit(h)
		if err != nil {
			return nil, fmt.Errorf("%s: tag %s: %w", g.Repo, names[0], err)
		}
		blob, ok, err := g.blobOf(repo, c)
		if err != nil {
			return nil, err
		}
		if ok {
			ds = append(ds, dated{version{commit: h, blob: blob, tag: names[0]}, c.when})
		}
	}
	sort.Slice(ds, func(i, j int) bool {
		if ds[i].when != ds[j].when {
			return ds[i].when < ds[j].when
		}
		return ds[i].tag < ds[j].tag
	})
	lo, hi := 0, len(ds)-1
	if g.From != "" {
		if lo = tagAt(ds, tags, g.From); lo < 0 {
			return nil, fmt.Errorf("%s: --from %s: no tag of that name on a commit that has %s", g.Repo, g.From, g.Path)
		}
	}
	if g.To != "" {
		if hi = tagAt(ds, tags, g.To); hi < 0 {
			return nil, fmt.Errorf("%s: --to %s: no tag of that name on a commit that has %s", g.Repo, g.To, g.Path)
		}
	}
	var vs []version
	for _, d := range ds[lo : hi+1] {
		vs = append(vs, d.version)
	}
	if len(vs) == 0 {
		return nil, fmt.Errorf("%s: no tag has %s", g.Repo, g.Path)
	}
	return vs, nil
}

// tagAt returns the index of the version a tag names, or -1.
func tagAt[V interface{ commitHash() plumbing.Hash }](vs []V, tags map[plumbing.Hash][]string, name string) int {
	for k, v := range vs {
		for _, n := range tags[v.commitHash()] {
			if n == name {
				return k
			}
		}
	}
	return -1
}

func (v version) commitHash() plumbing.Hash { return v.commit }

func or(s, dflt string) string {
	if s == "" {
		return dflt
	}
	return s
}

// ingest reads each version's blob into a document, the cache's when it
// has one, GOMAXPROCS at a time.
func (g Git) ingest(ctx context.Context, repo *gitRepo, vs []version) ([]*corpus.Document, error) {
	docs := make([]*corpus.Document, len(vs))
	errs := make([]error, len(vs))
	var mu sync.Mutex // go-git's object storage is not safe for concurrent reads
	if err := forEach(ctx, len(vs), g.Workers, func(k int) { docs[k], errs[k] = g.read(repo, &mu, vs[k]) }); err != nil {
		return nil, err
	}
	return docs, errors.Join(errs...)
}

// read ingests one version, or takes it from the cache.
func (g Git) read(repo *gitRepo, mu *sync.Mutex, v version) (*corpus.Document, error) {
	key := v.blob.String()
	if d := g.Cache.Doc(key); d != nil {
		return d, g.hold(v, d)
	}
	mu.Lock()
	data, err := repo.blob(v.blob)
	mu.Unlock()
	if err != nil {
		return nil, fmt.Errorf("%s: %s at %s: %w", g.Repo, g.Path, v.commit, err)
	}
	name := g.Path + "@" + v.commit.String()[:7]
	d, err := g.Ingest.Bytes(name, data)
	if err != nil {
		return nil, err
	}
	d.Source.Path = g.Path
	return g.Cache.PutDoc(key, d), nil
}

// hold takes the blocks of a version's document read from the cache
// from the editions' budget, as its ingest would have: an error naming
// the version when they are more than is left.
func (g Git) hold(v version, d *corpus.Document) error {
	if err := g.Ingest.Budget.Hold(len(d.Items)); err != nil {
		return &ingest.Error{Input: g.Path + "@" + v.commit.String()[:7], Err: err}
	}
	return nil
}

// nameEditions names the editions without a name by what their
// documents state: the edition, else the date, else the commit; a name
// several editions would share takes the commit too ("wca-2024@1a2b3c4").
func nameEditions(eds []Edition) {
	count := map[string]int{}
	stated := make([]string, len(eds))
	for k, e := range eds {
		if e.Name != "" {
			continue
		}
		s := e.Doc.Edition
		if s == "" || s == "unknown" {
			s = e.Doc.Date
		}
		stated[k] = s
		count[s]++
	}
	for k := range eds {
		if eds[k].Name != "" {
			continue
		}
		short := eds[k].Commit
		if len(short) > 7 {
			short = short[:7]
		}
		switch s := stated[k]; {
		case s == "":
			eds[k].Name = short
		case count[s] > 1:
			eds[k].Name = s + "@" + short
		default:
			eds[k].Name = s
		}
	}
}
