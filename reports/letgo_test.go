package reports

import (
	"bytes"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestLetGoKeepsFiles writes the files of a build's translation step
// (translationFiles: the report's text, JSON and pages, the draft, PO,
// XLIFF and TMX) for real pairs twice, from reports made alike, one of
// them after gaps.Report.LetGo (which the build calls to let the
// alignment's evidence and held reading go before the draft is written):
// every file is the same byte for byte, so no output reads what LetGo
// drops.
func TestLetGoKeepsFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("reads real translation pairs: not with -short")
	}
	var pairs []devPair
	udhr := 0
	for _, p := range readBackPairs(t) {
		switch {
		case strings.HasPrefix(p.name, "wca-"), strings.HasSuffix(p.src, ".docx"):
		case strings.HasPrefix(p.src, "udhr/") && udhr < 6:
			udhr++
		default:
			continue
		}
		pairs = append(pairs, p)
	}
	if len(pairs) < 6 {
		t.Fatalf("%d pairs", len(pairs))
	}
	b := &Build{Now: func() time.Time { return time.Unix(1700000000, 0) }}
	files := func(t *testing.T, p devPair, letGo bool) map[string][]byte {
		srcText, src := corpusText(t, p.src)
		trText, tr := corpusText(t, p.tr)
		var base *corpus.Document
		if p.base != "" {
			base = testcorpus.Doc(t, p.base)
		}
		rep := gaps.Options{}.Gaps(src, tr, base)
		if letGo {
			rep.LetGo()
		}
		out := map[string][]byte{}
		put := func(name string, write func(io.Writer) error) error {
			var buf bytes.Buffer
			err := write(&buf)
			out[name] = buf.Bytes()
			return err
		}
		tr0 := Translation{Name: "tr", Source: "src"}
		if _, err := b.translationFiles(tr0, rep, nil, DraftOptions{SourceText: srcText, TranslationText: trText}, put); err != nil {
			t.Fatal(err)
		}
		return out
	}
	for _, p := range pairs {
		t.Run(p.name, func(t *testing.T) {
			kept, let := files(t, p, false), files(t, p, true)
			names := slices.Sorted(func(yield func(string) bool) {
				for n := range kept {
					if !yield(n) {
						return
					}
				}
			})
			if len(let) != len(kept) {
				t.Errorf("%d files after LetGo, %d without", len(let), len(kept))
			}
			for _, n := range names {
				if !bytes.Equal(kept[n], let[n]) {
					t.Errorf("%s differs after LetGo (%d bytes, %d without)", n, len(let[n]), len(kept[n]))
				}
			}
		})
	}
}
