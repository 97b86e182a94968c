package gaps_test

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// corpusDocument is one document of the corpus: its sources (its
// English files) and its translations, by corpus path.
type corpusDocument struct {
	name         string
	sources, trs []string
}

// corpusDocuments are the documents of the corpus that have
// translations: the UDHR (every page but the English ones) and those of
// gapsPairs (by the source's directory; the TDA's pages by the seeds).
func corpusDocuments(t *testing.T) []corpusDocument {
	_, names := testcorpus.UDHRFiles(t)
	u := corpusDocument{name: "udhr", sources: []string{"udhr/udhr-1948-en.md", "udhr/udhr-1948-en.html"}}
	for _, n := range names {
		if !strings.HasPrefix(n, "udhr-1948-en.") {
			u.trs = append(u.trs, "udhr/"+n)
		}
	}
	docs := []corpusDocument{u}
	for _, p := range gapsPairs {
		name := path.Dir(p.src)
		k := slices.IndexFunc(docs, func(d corpusDocument) bool { return d.name == name })
		if k < 0 {
			k = len(docs)
			docs = append(docs, corpusDocument{name: name})
		}
		if !slices.Contains(docs[k].sources, p.src) {
			docs[k].sources = append(docs[k].sources, p.src)
		}
		docs[k].trs = append(docs[k].trs, p.tr)
	}
	return docs
}

// TestNotTranslation: gaps refuses a text that translates another
// document, however many of its items it placed, and takes every
// translation of the corpus. The cross pairs are every source of the
// corpus (the UDHR's English in Markdown and HTML, and those of
// gapsPairs) with every translation of another document (356); the
// real pairs every translation with each source of its document, every
// variant testcorpus writes of the dev translations, and the UDHR pages
// with articles joined, split, headings removed or an article deleted
// (relabel, deleteArticle). Every cross pair is refused (Unplaceable);
// no real pair is refused for what the two documents state
// (align.Stated.Foreign), the measure this test holds (the TDA
// Portuguese addendum with its numbers lost is refused by its pairs,
// as TestGapsThroughVariants logs). The margins of the measure are
// logged.
func TestNotTranslation(t *testing.T) {
	longtest.Skip(t)
	docs := corpusDocuments(t)
	cache := map[string]*corpus.Document{}
	get := func(p string) *corpus.Document {
		if d, ok := cache[p]; ok {
			return d
		}
		d := testcorpus.Doc(t, p)
		cache[p] = d
		return d
	}
	var m margins
	cross, refused := 0, 0
	for _, s := range docs {
		for _, src := range s.sources {
			for _, o := range docs {
				if o.name == s.name {
					continue
				}
				for _, tr := range o.trs {
					r := gaps.Options{}.Gaps(get(src), get(tr), nil)
					cross++
					m.add(false, r, tr+" through "+src)
					if err := r.Unplaceable(); err == nil {
						t.Errorf("%s read through %s: %d of %d placed, no error; stated %+v", tr, src, r.Placed, r.Placeable, r.Affinity.Stated)
					} else {
						refused++
					}
				}
			}
		}
	}
	t.Logf("cross pairs: %d of %d refused", refused, cross)
	real, refusedReal := 0, 0
	check := func(name string, r *gaps.Report) {
		real++
		m.add(true, r, name)
		if r.Unplaceable() != nil {
			refusedReal++
		}
		if why, ok := r.Affinity.Stated.Foreign(); ok {
			t.Errorf("%s: refused: %s", name, why)
		}
		var nt *align.NotTranslationError
		if err := r.Unplaceable(); errors.As(err, &nt) {
			t.Errorf("%s: %v", name, err)
		}
	}
	for _, d := range docs {
		for _, src := range d.sources {
			for _, tr := range d.trs {
				check(tr+" through "+src, gaps.Options{}.Gaps(get(src), get(tr), nil))
			}
		}
	}
	for _, p := range gapsPairs {
		src, orig := get(p.src), get(p.tr)
		for _, v := range testcorpus.Variants {
			check(fmt.Sprintf("%s %s", p.tr, v), gaps.Options{}.Gaps(src, testcorpus.Render(t, orig, v), nil))
		}
	}
	dir := testcorpus.Path(t, "udhr")
	en := get("udhr/udhr-1948-en.md")
	for _, lang := range []string{"ja", "fr", "ru", "ko", "hi", "ar", "zh"} {
		b, err := os.ReadFile(filepath.Join(dir, "udhr-1948-"+lang+".md"))
		if err != nil {
			t.Fatal(err)
		}
		mds := map[string]string{}
		for _, v := range []string{"joined", "split", "no-headings"} {
			if md, ok := relabel(string(b), v); ok {
				mds[v] = md
			}
		}
		for _, k := range []int{3, 7, 15} {
			if md, ok := testcorpus.DeleteArticle(string(b), k); ok {
				mds[fmt.Sprintf("deleted-%d", k)] = md
			}
		}
		for v, md := range mds {
			tr, err := ingest.Options{}.Bytes("udhr-"+lang+"-"+v+".md", []byte(md))
			if err != nil {
				t.Fatal(err)
			}
			check("udhr "+lang+" "+v, gaps.Options{}.Gaps(en, tr, nil))
		}
	}
	t.Logf("real pairs: %d, of which %d refused by their pairs (the measure refuses none)", real, refusedReal)
	m.log(t)
}

// margins are the extremes of align.Stated on real and cross pairs.
type margins struct {
	// the least share of a real pair where both state something, the
	// most of a cross pair; the most weight a real translation adds or
	// drops where the other side states nothing, the least of a cross
	// pair.
	realShare, crossShare      float64
	realAdded, crossAdded      float64
	realDropped, crossDropped  float64
	realShareAt, crossShareAt  string
	realAddedAt, crossAddedAt  string
	realDroppedAt, crossDropAt string
	init                       bool
}

func (m *margins) add(real bool, r *gaps.Report, at string) {
	if !m.init {
		*m = margins{realShare: math.Inf(1), crossAdded: math.Inf(1), crossDropped: math.Inf(1), init: true}
	}
	s := r.Affinity.Stated
	const some = 10 // align's statedSome
	switch {
	case s.Source >= some && s.Target >= some:
		share := s.Shared / (s.Source + s.Target)
		if real && share < m.realShare {
			m.realShare, m.realShareAt = share, at
		}
		if !real && share > m.crossShare {
			m.crossShare, m.crossShareAt = share, at
		}
	case s.Target < some:
		if real && s.Source > m.realDropped {
			m.realDropped, m.realDroppedAt = s.Source, at
		}
		if !real && s.Source >= some && s.Source < m.crossDropped {
			m.crossDropped, m.crossDropAt = s.Source, at
		}
	default:
		if real && s.Target > m.realAdded {
			m.realAdded, m.realAddedAt = s.Target, at
		}
		if !real && s.Target < m.crossAdded {
			m.crossAdded, m.crossAddedAt = s.Target, at
		}
	}
}

func (m *margins) log(t *testing.T) {
	t.Logf("shared weight where both state: real %.2f and up (%s), cross %.2f at most (%s)", m.realShare, m.realShareAt, m.crossShare, m.crossShareAt)
	t.Logf("weight the translation states alone: real %.0f at most (%s), cross %.0f and up (%s)", m.realAdded, m.realAddedAt, m.crossAdded, m.crossAddedAt)
	t.Logf("weight the source states alone: real %.0f at most (%s), cross %.0f and up (%s)", m.realDropped, m.realDroppedAt, m.crossDropped, m.crossDropAt)
}
