package gaps_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

const (
	debian10 = "dev/debian-constitution/debian-constitution-1.0-"
	debian17 = "dev/debian-constitution/debian-constitution-1.7-"
)

// refFindings lists the refs findings of r, by source id, and the one
// of the whole translation under "".
func refFindings(r *gaps.Report) map[string][]string {
	out := map[string][]string{}
	for _, f := range r.Findings {
		if f.Check == gaps.Refs {
			out[f.SourceID] = append(out[f.SourceID], string(f.Severity)+" "+f.Message)
		}
	}
	return out
}

// TestRefsOfCounterCitations: the Japanese Debian Constitutions cite
// sections as "4.2 節"; they are put on the English's "§4.2" with no
// refs finding, but where the translation cites another item than the
// source (1.7, rule:5.1(10): 9.1 for §9). A citation whose number the
// English prints bare ("see 6.3(5)", "see 7.1(1), 7.1(3)") is the
// English's too.
func TestRefsOfCounterCitations(t *testing.T) {
	for _, c := range []struct {
		base string
		want map[string]bool // source ids with a refs finding
	}{
		{debian10, map[string]bool{}},
		{debian17, map[string]bool{"rule:5.1(10)": true}},
	} {
		t.Run(c.base, func(t *testing.T) {
			en, ja := testcorpus.Doc(t, c.base+"en.wml"), testcorpus.Doc(t, c.base+"ja.wml")
			got := refFindings(gaps.Options{}.Gaps(en, ja, nil))
			for id, fs := range got {
				if !c.want[id] {
					t.Errorf("%s: %v", id, fs)
				}
			}
			for id := range c.want {
				if got[id] == nil {
					t.Errorf("%s: no refs finding", id)
				}
			}
		})
	}
}

// TestUncheckedRefsAreNoted: a translation that cites nothing anywhere
// (the Japanese Debian Constitution 1.0, its "4.2 節" citations written
// as "4.2 を見よ" by the test) cannot be checked for the citations its
// items lack; gaps says so once, with how many of the source's went
// unchecked, and in how many items (the English cites 10 times in 9).
func TestUncheckedRefsAreNoted(t *testing.T) {
	en := testcorpus.Doc(t, debian10+"en.wml")
	data, err := os.ReadFile(testcorpus.Path(t, debian10+"ja.wml"))
	if err != nil {
		t.Fatal(err)
	}
	bare := regexp.MustCompile(`(\d+\.\d+(?:\(\d+\))*) ?節`).ReplaceAllString(string(data), "$1")
	ja, err := ingest.Options{}.Bytes("ja-bare.wml", []byte(bare))
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range ja.Items {
		if len(it.Refs) > 0 {
			t.Fatalf("the variant cites: %s %v", it.ID, it.Refs)
		}
	}
	got := refFindings(gaps.Options{}.Gaps(en, ja, nil))
	note := got[""]
	if len(note) != 1 || !strings.HasPrefix(note[0], "warning ") || !strings.Contains(note[0], " 10 citations of the source (in 9 items) are not checked") {
		t.Errorf("note %q, want one warning of 10 citations in 9 items not checked", note)
	}
	if len(got) != 1 {
		t.Errorf("refs findings %v, want the note alone", got)
	}
}
