package reports_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/reports"
)

// readDoc ingests a file and returns it with its text.
func readDoc(t *testing.T, path string) (*corpus.Document, string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("%s: %v", path, err)
	}
	d, err := ingest.Options{}.Bytes(path, data)
	if err != nil {
		t.Fatal(err)
	}
	return d, string(data)
}

// syncDraft syncs translation to source from base and writes the draft
// in format, with the inputs' texts.
func syncDraft(t *testing.T, src, tr, base *corpus.Document, srcText, trText, format string) (*gaps.Draft, []byte, *reports.DraftStats) {
	t.Helper()
	d := gaps.Options{}.Sync(src, tr, base)
	var b bytes.Buffer
	st, err := reports.WriteDraft(&b, d, reports.DraftOptions{Format: format, SourceText: srcText, TranslationText: trText, Now: time.Unix(1700000000, 0)})
	if err != nil {
		t.Fatal(err)
	}
	return d, b.Bytes(), st
}

func ids(d *corpus.Document) []string {
	var out []string
	for _, it := range d.Items {
		out = append(out, it.ID)
	}
	return out
}

// flagged returns the ids of the items with flag f, sorted.
func flagged(d *corpus.Document, f corpus.Flag) []string {
	var out []string
	for _, it := range d.Items {
		if it.Has(f) {
			out = append(out, it.ID)
		}
	}
	sort.Strings(out)
	return out
}

// findings returns the source ids of the findings of a check, sorted.
func findings(r *gaps.Report, check string) []string {
	var out []string
	for _, f := range r.Findings {
		if f.Check == check {
			out = append(out, f.SourceID)
		}
	}
	sort.Strings(out)
	return out
}

// TestSyncFixture syncs a small WCA-style translation (testdata/sync:
// English 2021 and 2024, Japanese 2021): a changed regulation (1b), one
// whose only change is a citation of a renumbered one (2a), one moved
// to another number and depth (1d -> 1c2), one renumbered (1e -> 1g),
// one added (1f), one removed (2b). The Markdown is compared with
// testdata/sync/ja-2024.md (-update rewrites it); every format of the
// draft is read back with the source's ids and the markers' flags.
func TestSyncFixture(t *testing.T) {
	dir := filepath.Join("testdata", "sync")
	base, _ := readDoc(t, filepath.Join(dir, "en-2021.md"))
	src, srcText := readDoc(t, filepath.Join(dir, "en-2024.md"))
	tr, trText := readDoc(t, filepath.Join(dir, "ja-2021.md"))
	d, md, st := syncDraft(t, src, tr, base, srcText, trText, "md")
	golden := filepath.Join(dir, "ja-2024.md")
	if *update {
		if err := os.WriteFile(golden, md, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(md, want) {
		t.Errorf("draft differs from %s (go test ./reports -run TestSyncFixture -update):\n%s", golden, md)
	}
	counts := fmt.Sprintf("carried %d, stale %d, untranslated %d, orphaned %d", d.Count(gaps.Translated), d.Count(gaps.StaleState), d.Count(gaps.New), len(d.Orphans))
	if counts != "carried 7, stale 2, untranslated 1, orphaned 1" || d.Orphans[0].Target.ID != "rule:2b" {
		t.Errorf("%s; orphans %v", counts, d.Orphans)
	}
	if d.Renumbered["rule:1e"] != "rule:1g" || d.Renumbered["rule:1d"] != "rule:1c2" {
		t.Errorf("renumbered %v, want 1e -> 1g and 1d -> 1c2", d.Renumbered)
	}
	for _, line := range []string{
		"    - 1c2) インスペクションが 8 秒経過したとき",          // moved, a level deeper
		"- 1g) 進行中のラウンドのジャッジを除き",                  // renumbered
		"（参照：[規則 1g](regulations:regulation:1g)）", // the citation renumbered
		"- 1b) {{rulesync:stale}} 大会運営チームは大会前の支援の責任を負う。 {{rulesync:note source wca-2021-05-01 -> wca-2024-01-01: The organization team is responsible for logistics before[+, during, and after+] the competition.}}",
		"- 1f) {{rulesync:untranslated}} The WCA Delegate must ensure",
		"<version>バージョン：2024年1月1日 {{rulesync:review}}",
	} {
		if !bytes.Contains(md, []byte(line)) {
			t.Errorf("draft lacks %q", line)
		}
	}
	if st.IDsDiffer != 0 || !st.Skeleton {
		t.Errorf("stats %+v", st)
	}

	// Every format reads back with the source's ids, and gaps reports
	// the marked items.
	for _, format := range reports.DraftFormats {
		t.Run(format, func(t *testing.T) {
			_, out, _ := syncDraft(t, src, tr, base, srcText, trText, format)
			back, err := ingest.Options{}.Bytes("draft."+format, out)
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			want := ids(src)
			// The entry without a translation is its item marked
			// untranslated in every format, which gaps reports so.
			stale, untranslated := []string{"rule:1b", "rule:2a"}, []string{"rule:1f"}
			if got := ids(back); !slices.Equal(got, want) {
				t.Errorf("ids %v, want %v", got, want)
			}
			if got := flagged(back, corpus.FlagStale); !slices.Equal(got, stale) {
				t.Errorf("stale %v, want %v", got, stale)
			}
			if got := flagged(back, corpus.FlagUntranslated); !slices.Equal(got, untranslated) {
				t.Errorf("untranslated %v, want %v", got, untranslated)
			}
			r := gaps.Options{}.Gaps(src, back, nil)
			if got := findings(r, gaps.Stale); !slices.Equal(got, stale) {
				t.Errorf("gaps: stale %v, want %v", got, stale)
			}
			if got := findings(r, gaps.Untranslated); !slices.Equal(got, untranslated) {
				t.Errorf("gaps: untranslated %v, want %v", got, untranslated)
			}
			if got := findings(r, gaps.Missing); len(got) != 0 {
				t.Errorf("gaps: missing %v, want none", got)
			}
		})
	}
}

// TestSyncAgain syncs a draft again: its markers hold (an item marked
// untranslated is no translation, one marked stale stays stale), and
// once the translator removes a marker and translates, the item is
// carried.
func TestSyncAgain(t *testing.T) {
	dir := filepath.Join("testdata", "sync")
	base, _ := readDoc(t, filepath.Join(dir, "en-2021.md"))
	src, srcText := readDoc(t, filepath.Join(dir, "en-2024.md"))
	tr, trText := readDoc(t, filepath.Join(dir, "ja-2021.md"))
	_, md, _ := syncDraft(t, src, tr, base, srcText, trText, "md")
	edited := strings.Replace(string(md), "- 1f) {{rulesync:untranslated}} The WCA Delegate must ensure that the competition follows the WCA policies.",
		"- 1f) WCA 代理人は大会が WCA の方針に従うことを保証しなければならない。", 1)
	draft, err := ingest.Options{}.Bytes("draft.md", []byte(edited))
	if err != nil {
		t.Fatal(err)
	}
	d, again, _ := syncDraft(t, src, draft, nil, srcText, edited, "md")
	if got := fmt.Sprintf("%d %d %d %d", d.Count(gaps.Translated), d.Count(gaps.StaleState), d.Count(gaps.New), len(d.Orphans)); got != "8 2 0 0" {
		t.Errorf("carried, stale, untranslated, orphaned: %s, want 8 2 0 0\n%s", got, again)
	}
	if !bytes.Contains(again, []byte("- 1f) WCA 代理人は大会が")) || !bytes.Contains(again, []byte("- 1b) {{rulesync:stale}}")) {
		t.Errorf("synced again:\n%s", again)
	}
}
