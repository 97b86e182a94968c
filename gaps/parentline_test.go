package gaps_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// parentLines returns, for each item of the translation tr (read alone)
// that has sub-items (the next item's number extends its own), its id
// and the index of the one line of lines that prints its label first
// (after a list marker or bold), where exactly one does.
func parentLines(tr []string, ids, numbers []string) map[string]int {
	out := map[string]int{}
	for k := 0; k+1 < len(numbers); k++ {
		n, next := numbers[k], numbers[k+1]
		if n == "" || next == n || !strings.HasPrefix(next, n) {
			continue
		}
		re := regexp.MustCompile(`^\s*(?:[-*]\s+)?(?:\*\*)?` + regexp.QuoteMeta(n) + `(?:\)|\*\*|\s|\.(?:[^0-9A-Za-z]|$))`)
		at := -1
		for i, l := range tr {
			if re.MatchString(l) {
				if at >= 0 {
					at = -2
					break
				}
				at = i
			}
		}
		if at >= 0 {
			out[ids[k]] = at
		}
	}
	return out
}

// TestParentLineDeleted deletes, in turn, the line of a parent rule (one
// with sub-rules) from real translations, every fifth of them and the
// cases review found silent or blamed on other items (WCA ja B4a, 7f1,
// 3a; FIDE 2023 ru 3.8.2.1; only those without -tags long), and checks gaps against the source: the
// deleted rule is a missing error (not silent, not a warning that it
// may be in its neighbour's text, which its neighbour's text does not
// bear out), and no other source item is reported missing.
func TestParentLineDeleted(t *testing.T) {
	for _, c := range []struct {
		src, tr string
		named   []string
		min     float64 // the share of the sample reported missing (an error)
	}{
		{"wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2021-05-01-ja.md", []string{"rule:B4a", "rule:7f1", "rule:3a"}, 0.95},
		{"dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-ru.md", []string{"rule:3.8.2.1"}, 0.9},
	} {
		src := testcorpus.Doc(t, c.src)
		text, tr0 := testcorpus.TextDoc(t, c.tr)
		base := map[string]bool{}
		for _, f := range (gaps.Options{}).Gaps(src, tr0, nil).Findings {
			if f.Check == gaps.Missing || f.Check == gaps.Mismatch || f.Check == gaps.Extra {
				base[f.SourceID] = true
			}
		}
		srcIDs := map[string]bool{}
		for _, it := range src.Items {
			srcIDs[it.ID] = true
		}
		var ids, numbers []string
		for _, it := range tr0.Items {
			ids, numbers = append(ids, it.ID), append(numbers, it.Number)
		}
		lines := strings.Split(text, "\n")
		parents := parentLines(lines, ids, numbers)
		var sample []string
		k := 0
		for _, id := range ids {
			if _, ok := parents[id]; !ok || !srcIDs[id] || base[id] || !strings.HasPrefix(id, "rule:") {
				continue
			}
			named := false
			for _, n := range c.named {
				named = named || n == id
			}
			if named || longtest.On() && k%5 == 0 {
				sample = append(sample, id)
			}
			k++
		}
		missing, silent, apart, blamed := 0, 0, 0, 0
		for _, id := range sample {
			at := parents[id]
			cut := strings.Join(append(append([]string{}, lines[:at]...), lines[at+1:]...), "\n")
			tr, err := ingest.Options{}.Bytes("deleted.md", []byte(cut))
			if err != nil {
				t.Fatal(err)
			}
			r := gaps.Options{}.Gaps(src, tr, nil)
			state := "silent"
			var others []string
			for _, f := range r.Findings {
				if f.Check != gaps.Missing || base[f.SourceID] {
					continue
				}
				switch {
				case f.SourceID != id:
					others = append(others, fmt.Sprintf("%s (%s: %s)", f.SourceID, f.Severity, f.Message))
				case f.Severity == gaps.Error:
					state = "missing"
				case strings.HasPrefix(f.Message, "not found apart") && state == "silent":
					state = "apart"
				}
			}
			switch state {
			case "missing":
				missing++
			case "apart":
				apart++
			default:
				silent++
			}
			if len(others) > 0 {
				blamed++
			}
			if state != "missing" || len(others) > 0 {
				t.Logf("%s without the line of %s: %s; others reported missing: %v", c.tr, id, state, others)
			}
			for _, n := range c.named {
				if n == id && (state != "missing" || len(others) > 0) {
					t.Errorf("%s without the line of %s: %s; others reported missing: %v", c.tr, id, state, others)
				}
			}
		}
		t.Logf("%s: %d parent lines deleted in turn (of %d): %d missing, %d only 'not found apart', %d silent, %d with another item reported missing", c.tr, len(sample), len(parents), missing, apart, silent, blamed)
		if longtest.On() && float64(missing) < c.min*float64(len(sample)) {
			t.Errorf("%s: %d of %d deleted parent rules reported missing, want %.0f%%", c.tr, missing, len(sample), 100*c.min)
		}
	}
}
