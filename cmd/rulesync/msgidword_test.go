package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestDeletedSourceWordFound checks that gaps finds a word deleted from
// the source of a unit (a PO's msgid, an XLIFF <source>, a TMX source
// segment) of the drafts sync writes from real translations: the
// comparison of a unit's source with its item's text passes over white
// space and inline markup (sameText), and must not pass over a word.
// In each draft, one word of letters is deleted from the source of
// every translated unit of an item (the longest the unit's words hold
// once), all in one copy; gaps -v warns of each unit whose source lost
// its word, naming it, and of no other, and of none in the draft as
// written.
func TestDeletedSourceWordFound(t *testing.T) {
	longtest.Skip(t)
	pairs := []struct{ name, src, tr string }{
		{"wca-ja", "wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2021-05-01-ja.md"},
		{"social-contract-ja", "dev/debian-social-contract/debian-social-contract-1.1-en.wml", "dev/debian-social-contract/debian-social-contract-1.1-ja.wml"},
		{"udhr-fr", "udhr/udhr-1948-en.md", "udhr/udhr-1948-fr.md"},
	}
	for _, p := range pairs {
		for _, format := range []string{"po", "xliff", "tmx"} {
			t.Run(p.name+"/"+format, func(t *testing.T) {
				dir := t.TempDir()
				src, tr := testcorpus.Path(t, p.src), testcorpus.Path(t, p.tr)
				ext := map[string]string{"po": ".po", "xliff": ".xlf", "tmx": ".tmx"}[format]
				draft := filepath.Join(dir, "draft"+ext)
				var stdout, stderr bytes.Buffer
				if code := run([]string{"rulesync", "sync", "-q", "--to", format, "-o", draft, src, tr}, nil, &stdout, &stderr); code != exitOK {
					t.Fatalf("sync: exit %d: %s", code, stderr.String())
				}
				data, err := os.ReadFile(draft)
				if err != nil {
					t.Fatal(err)
				}
				if got := editedWarnings(t, src, draft); len(got) > 0 {
					t.Fatalf("the draft as written: %d units warned of as edited: %q", len(got), got[:min(3, len(got))])
				}
				cut, want := deleteSourceWords(t, format, string(data))
				if len(want) < 10 {
					t.Fatalf("%d units with a word deleted from their source; the test needs 10 or more", len(want))
				}
				edited := filepath.Join(dir, "edited"+ext)
				if err := os.WriteFile(edited, []byte(cut), 0o644); err != nil {
					t.Fatal(err)
				}
				got := editedWarnings(t, src, edited)
				if missed := setMinus(want, got); len(missed) > 0 {
					t.Errorf("%d of %d units with a word deleted from their source not warned of: %q", len(missed), len(want), missed[:min(5, len(missed))])
				}
				if extra := setMinus(got, want); len(extra) > 0 {
					t.Errorf("%d units warned of whose source is as written: %q", len(extra), extra[:min(5, len(extra))])
				}
				t.Logf("%d units with a word deleted, %d warned of", len(want), len(got))
			})
		}
	}
}

// editedWarnings runs gaps -v of file on src and returns the ids of
// the units it warns of as edited ("msgctxt \"rule:2\": its msgid is
// not the text of"), sorted.
func editedWarnings(t *testing.T, src, file string) []string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run([]string{"rulesync", "gaps", "-v", src, file}, nil, &stdout, &stderr); code == exitBad {
		t.Fatalf("gaps %s: exit %d: %s", file, code, stderr.String())
	}
	var ids []string
	for _, l := range strings.Split(stderr.String(), "\n") {
		k := strings.Index(l, "\": its ")
		if k < 0 || !strings.Contains(l, " is not the text of ") {
			continue
		}
		open := strings.LastIndex(l[:k], " \"")
		ids = append(ids, l[open+2:k])
	}
	sort.Strings(ids)
	return ids
}

// deleteSourceWords deletes from text, an interchange file in format,
// one word of the source of each translated unit of an item (not of
// the draft's frame, not stale): the longest run of letters its text
// holds once (read without its inline markup, whose link destinations
// are no words), at its first place after the unit's line. It returns
// the text and the ids of the units whose source, read again, lost the
// word (a place that was not the unit's source is passed over).
func deleteSourceWords(t *testing.T, format, text string) (string, []string) {
	t.Helper()
	units, err := ingest.InterchangeUnits(format, text, "")
	if err != nil {
		t.Fatal(err)
	}
	lineStart := []int{0}
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			lineStart = append(lineStart, i+1)
		}
	}
	type cut struct{ at, n int }
	var cuts []cut
	words := map[string]string{} // unit id -> the word deleted
	for k, u := range units {
		id, field, _ := strings.Cut(u.ID, "/")
		if strings.TrimSpace(u.Target) == "" || u.Stale || field != "" && field != "title" || strings.HasPrefix(id, "document:") || u.Line < 1 || u.Line > len(lineStart) {
			continue
		}
		w := onceWord(u.Source)
		if w == "" {
			continue
		}
		from := lineStart[u.Line-1]
		end := len(text)
		if k+1 < len(units) && units[k+1].Line >= 1 && units[k+1].Line <= len(lineStart) {
			end = lineStart[units[k+1].Line-1]
		}
		if at := strings.Index(text[from:end], w); at >= 0 {
			cuts = append(cuts, cut{from + at, len(w)})
			words[u.ID] = w
		}
	}
	var b strings.Builder
	last := 0
	for _, c := range cuts {
		if c.at < last {
			continue
		}
		b.WriteString(text[last:c.at])
		last = c.at + c.n
	}
	b.WriteString(text[last:])
	out := b.String()
	again, err := ingest.InterchangeUnits(format, out, "")
	if err != nil {
		t.Fatalf("the file with words deleted: %v", err)
	}
	before := map[string]ingest.InterchangeUnit{}
	for _, u := range units {
		before[u.ID] = u
	}
	var ids []string
	for _, u := range again {
		if w := words[u.ID]; w != "" && u.Source != before[u.ID].Source && !strings.Contains(u.Source, w) {
			ids = append(ids, u.ID)
		}
	}
	sort.Strings(ids)
	return out, slices.Compact(ids)
}

// onceWord is the longest run of letters of s, read without its inline
// markup, that s holds once, or "".
func onceWord(s string) string {
	plain, _ := ingest.MarkdownInline(s)
	best := ""
	for _, w := range strings.FieldsFunc(plain, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len(w) > len(best) && strings.Count(s, w) == 1 {
			best = w
		}
	}
	return best
}

// setMinus is the strings of a (sorted) not in b.
func setMinus(a, b []string) []string {
	var out []string
	for _, s := range a {
		if _, ok := slices.BinarySearch(b, s); !ok {
			out = append(out, s)
		}
	}
	return out
}
