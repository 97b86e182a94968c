package main

import (
	"bytes"
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

var (
	// regLineRe is a top-level WCA regulation's line whose text holds
	// two sentences ("- 2e) 競技者は…。…"): its first sentence and the rest.
	regLineRe = regexp.MustCompile(`^(- (\S+)\) [^。]*。)(.+)$`)
	// subItemRe is a sub-item's line ("    - 2e1) ...").
	subItemRe = regexp.MustCompile(`^\s+- \S+\) `)
	// consLinkRe, consMarkerRe and consLabelRe are a Markdown link, a
	// rulesync marker, and the start of a line up to its label ("- 2e)",
	// "**3.1**").
	consLinkRe   = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	consMarkerRe = regexp.MustCompile(`\{\{rulesync:[^}]*\}\}`)
	consLabelRe  = regexp.MustCompile(`^\s*(?:\*\*[^*]+\*\*\s*|(?:[-#>*\\]+\s*)*(?:\S+\)\s*)?)`)
	consSpaceRe  = regexp.MustCompile(`[\s\\0-9*]+|</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?>`)
)

// splitRegulations are the WCA ja translation with, each, one top-level
// regulation that has sub-items and two sentences broken after its
// first sentence into a second paragraph, unindented (a blank line, then
// the rest of its text: what Enter pressed twice gives), by the
// regulation's label.
func splitRegulations(text string) map[string]string {
	lines := strings.Split(text, "\n")
	out := map[string]string{}
	for k, l := range lines {
		m := regLineRe.FindStringSubmatch(l)
		if m == nil || k+1 >= len(lines) || !subItemRe.MatchString(lines[k+1]) {
			continue
		}
		c := append(append(append([]string(nil), lines[:k]...), m[1], "", m[3]), lines[k+1:]...)
		out[m[2]] = strings.Join(c, "\n")
	}
	return out
}

// consNorm is the comparison form of a text for the check of
// conservation: links as their text, markers, tags, escapes, blanks and
// digits left out (a version line's date is renamed), character
// references resolved.
func consNorm(s string) string {
	s = consMarkerRe.ReplaceAllString(s, "")
	s = html.UnescapeString(consLinkRe.ReplaceAllString(s, "$1"))
	return consSpaceRe.ReplaceAllString(s, "")
}

// lostSentences are the sentences of the translation's text (its lines
// cut after each 。) that hold six letters or more and are found in
// neither the draft nor the report's orphans: their first 20
// characters, the label before them left out.
func lostSentences(tr, draft string, report []byte) []string {
	var rep struct {
		Orphans []struct{ Title, Text string }
	}
	if err := json.Unmarshal(report, &rep); err != nil {
		return []string{"report: " + err.Error()}
	}
	var orphans strings.Builder
	for _, o := range rep.Orphans {
		orphans.WriteString(o.Title + o.Text)
	}
	have := consNorm(draft) + "\n" + consNorm(orphans.String())
	var lost []string
	for _, line := range strings.Split(consLinkRe.ReplaceAllString(tr, "$1"), "\n") {
		if strings.HasPrefix(line, "#") {
			// A heading's label ("第Y条：") is its number, which an
			// orphan gives as such: its title is checked.
			if k := strings.LastIndexAny(line, ":："); k >= 0 {
				line = strings.TrimLeft(line[k:], ":：")
			}
		}
		line = consLabelRe.ReplaceAllString(line, "")
		for _, s := range strings.SplitAfter(line, "。") {
			n := []rune(consNorm(s))
			if len(n) < 6 {
				continue
			}
			if key := string(n[:min(20, len(n))]); !strings.Contains(have, key) {
				lost = append(lost, key)
			}
		}
	}
	return lost
}

// syncConserved runs sync of tr against src (args before them) and
// returns the sentences of tr lost (lostSentences) and standard error.
func syncConserved(t *testing.T, dir, name, trText string, args ...string) ([]string, string) {
	t.Helper()
	trPath := filepath.Join(dir, name)
	if err := os.WriteFile(trPath, []byte(trText), 0o644); err != nil {
		t.Fatal(err)
	}
	draft, report := trPath+".draft", trPath+".json"
	var stdout, stderr bytes.Buffer
	full := append(append([]string{"rulesync", "sync", "-o", draft, "--report", report}, args...), trPath)
	if code := run(full, nil, &stdout, &stderr); code != exitOK {
		t.Fatalf("%s: exit %d: %s", name, code, stderr.String())
	}
	d, err := os.ReadFile(draft)
	if err != nil {
		t.Fatal(err)
	}
	r, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	return lostSentences(trText, string(d), r), stderr.String()
}

// TestSyncConservesSplitRegulation: a regulation of the WCA ja
// translation broken into two paragraphs, the second unindented (which
// Markdown reads as its article heading's text, the sub-items after it
// as its lines), loses no sentence in the Markdown or text draft: each
// is written, the heading with its text.
func TestSyncConservesSplitRegulation(t *testing.T) {
	src := testcorpus.Path(t, "wca/wca-regulations-2021-05-01-en.md")
	text, err := os.ReadFile(testcorpus.Path(t, "wca/wca-regulations-2021-05-01-ja.md"))
	if err != nil {
		t.Fatal(err)
	}
	split := splitRegulations(string(text))
	if len(split) < 10 {
		t.Fatalf("%d regulations with sub-items and two sentences, want 10 or more", len(split))
	}
	labels := []string{"2e"}
	if longtest.On() {
		labels = labels[:0]
		for lab := range split {
			labels = append(labels, lab)
		}
	}
	dir := t.TempDir()
	for _, lab := range labels {
		for _, to := range []string{"md", "text"} {
			lost, stderr := syncConserved(t, dir, "ja-"+lab+".md", split[lab], "--to", to, src)
			if len(lost) > 0 {
				t.Errorf("%s split, --to %s: %d sentences in neither the draft nor the orphans: %q", lab, to, len(lost), lost)
			}
			if strings.Contains(stderr, "does not write") {
				t.Errorf("%s split, --to %s: the draft leaves text out: %s", lab, to, stderr)
			}
		}
	}
}

// TestSyncConservesPairs: the Markdown and text drafts of the real pairs
// hold every sentence of their translation, or list it as orphaned.
func TestSyncConservesPairs(t *testing.T) {
	longtest.Skip(t)
	dir := t.TempDir()
	wca21, wca24 := "wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2024-01-01-en.md"
	ja := "wca/wca-regulations-2021-05-01-ja.md"
	for _, c := range []struct {
		name string
		args []string
		tr   string
	}{
		{"wca21", []string{testcorpus.Path(t, wca21)}, ja},
		{"wca24", []string{"--base", testcorpus.Path(t, wca21), testcorpus.Path(t, wca24)}, ja},
		{"udhr-ja", []string{testcorpus.Path(t, "udhr/udhr-1948-en.md")}, "udhr/udhr-1948-ja.md"},
		{"fide-ru", []string{testcorpus.Path(t, "dev/fide-laws/fide-laws-2023-en.md")}, "dev/fide-laws/fide-laws-2023-ru.md"},
	} {
		text, err := os.ReadFile(testcorpus.Path(t, c.tr))
		if err != nil {
			t.Fatal(err)
		}
		for _, to := range []string{"md", "text"} {
			lost, _ := syncConserved(t, dir, c.name+".md", string(text), append([]string{"--to", to}, c.args...)...)
			if len(lost) > 0 {
				t.Errorf("%s --to %s: %d sentences in neither the draft nor the orphans: %q", c.name, to, len(lost), lost)
			}
			draft, err := os.ReadFile(filepath.Join(dir, c.name+".md.draft"))
			if err != nil {
				t.Fatal(err)
			}
			if twice := writtenTwice(string(text), string(draft)); len(twice) > 0 {
				t.Errorf("%s --to %s: %d lines of the translation written more often than it has them: %q", c.name, to, len(twice), twice)
			}
		}
	}
}

// writtenTwice are the lines of the translation (their first 20
// characters, in the comparison form, of those with 20 or more) that
// the draft holds more often than the translation does.
func writtenTwice(tr, draft string) []string {
	t, d := consNorm(tr), consNorm(draft)
	var twice []string
	for _, line := range strings.Split(tr, "\n") {
		n := []rune(consNorm(consLabelRe.ReplaceAllString(line, "")))
		if len(n) < 20 {
			continue
		}
		if key := string(n[:20]); strings.Count(d, key) > strings.Count(t, key) {
			twice = append(twice, key)
		}
	}
	return twice
}

// TestSyncConservesParagraphs: the WCA ja translation written as plain
// paragraphs without numbers, a paragraph per line of an item's text,
// loses no sentence in the draft: a sentence that starts with words
// before a label of the document ("スクランブラは第4条の規則に従い",
// "…上面左辺の 3 パーツ") is a sentence, not a label and its words.
func TestSyncConservesParagraphs(t *testing.T) {
	src := testcorpus.Path(t, "wca/wca-regulations-2021-05-01-en.md")
	d := testcorpus.Doc(t, "wca/wca-regulations-2021-05-01-ja.md")
	name, text, _ := testcorpus.Write(d, testcorpus.Paragraphs)
	lost, stderr := syncConserved(t, t.TempDir(), "ja"+filepath.Ext(name), string(text), src)
	if len(lost) > 0 {
		t.Errorf("%d sentences in neither the draft nor the orphans: %q", len(lost), lost)
	}
	if strings.Contains(stderr, "does not write") {
		t.Errorf("the draft leaves text out: %s", stderr)
	}
}
