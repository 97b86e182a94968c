package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// joinerPages are the udhr translations whose spelling has ZWNJ or ZWJ
// (U+200C, U+200D): Persian, Sinhala, Bengali, Marathi and Nepali.
var joinerPages = []string{"fa", "si", "bn", "mr", "ne"}

// dropJoiners removes every ZWNJ and ZWJ of s.
func dropJoiners(s string) string {
	return strings.NewReplacer("\u200c", "", "\u200d", "").Replace(s)
}

// runOK runs rulesync with args (the command first, -q added) and fails
// t unless it exits 0.
func runOK(t *testing.T, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	args = append([]string{"rulesync", args[0], "-q"}, args[1:]...)
	if code := run(args, nil, &stdout, &stderr); code != exitOK {
		t.Fatalf("rulesync %s: exit %d: %s", strings.Join(args, " "), code, stderr.String())
	}
	return stdout.String()
}

// segmentCut splits a line of any output (Markdown, JSON, PO, XLIFF,
// TMX, CSV) at its syntax: quotes, escapes, tags, entities, tabs and
// commas.
var segmentCut = regexp.MustCompile(`\\[nt"\\]|&[a-z#0-9]+;|<[^>]*>|[",\t]`)

// checkJoinersKept fails t where a piece of out that is a text of src
// once the joiners of both are dropped is not a text of src as it is:
// the piece lost (or gained) a joiner on the way. It returns how many of
// the pieces checked have a joiner.
func checkJoinersKept(t *testing.T, name, src, out string) int {
	t.Helper()
	src = strings.Join(strings.Fields(src), " ")
	bare := dropJoiners(src)
	with, bad := 0, 0
	for _, line := range strings.Split(out, "\n") {
		for _, piece := range segmentCut.Split(line, -1) {
			piece = strings.Join(strings.Fields(piece), " ")
			if len([]rune(piece)) < 4 || !strings.Contains(bare, dropJoiners(piece)) {
				continue
			}
			if !strings.Contains(src, piece) {
				if bad++; bad <= 3 {
					t.Errorf("%s: %q is written without the joiners of the translation", name, piece)
				}
				continue
			}
			if piece != dropJoiners(piece) {
				with++
			}
		}
	}
	if bad > 3 {
		t.Errorf("%s: %d pieces in all lost joiners", name, bad)
	}
	return with
}

// TestJoinersKept: the ZWNJ and ZWJ of the udhr pages that spell with
// them survive ingest (the document JSON) and a sync draft in each
// interchange format, and the Markdown draft written back from it. The
// quick suite takes 2 of the pages (longtest.Sample), the long one all.
func TestJoinersKept(t *testing.T) {
	en := testcorpus.Path(t, "udhr/udhr-1948-en.md")
	dir := t.TempDir()
	for _, lang := range longtest.Sample(joinerPages, 2) {
		t.Run(lang, func(t *testing.T) {
			page := testcorpus.Path(t, "udhr/udhr-1948-"+lang+".md")
			data, err := os.ReadFile(page)
			if err != nil {
				t.Fatal(err)
			}
			src := string(data)
			js := runOK(t, "ingest", page)
			var doc struct {
				Items []json.RawMessage `json:"items"`
			}
			if err := json.Unmarshal([]byte(js), &doc); err != nil {
				t.Fatal(err)
			}
			// The JSON escapes nothing of these scripts: its text is
			// the text, as the piece check reads it.
			if checkJoinersKept(t, "ingest", src, js) == 0 {
				t.Errorf("ingest: no text of the document JSON has a joiner")
			}
			for _, format := range []string{"md", "po", "xliff", "tmx", "csv"} {
				out := filepath.Join(dir, lang+"."+format)
				runOK(t, "sync", "--to", format, "-o", out, en, page)
				data, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				if checkJoinersKept(t, "sync --to "+format, src, string(data)) == 0 {
					t.Errorf("sync --to %s: no text has a joiner", format)
				}
				back := filepath.Join(dir, lang+"-from-"+format+".md")
				runOK(t, "sync", "--to", "md", "-o", back, en, out)
				data, err = os.ReadFile(back)
				if err != nil {
					t.Fatal(err)
				}
				if checkJoinersKept(t, "the draft from "+format, src, string(data)) == 0 {
					t.Errorf("the draft from %s: no text has a joiner", format)
				}
			}
		})
	}
}

// TestJoinersTypography: a translator who removes every joiner makes no
// substantive change. diff of the page and its copy without joiners
// finds no substantive change, and gaps gives the copy the findings and
// summary of the page (the joiners of quoted text aside).
func TestJoinersTypography(t *testing.T) {
	en := testcorpus.Path(t, "udhr/udhr-1948-en.md")
	dir := t.TempDir()
	for _, lang := range joinerPages {
		t.Run(lang, func(t *testing.T) {
			page := testcorpus.Path(t, "udhr/udhr-1948-"+lang+".md")
			data, err := os.ReadFile(page)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.ContainsAny(data, "\u200c\u200d") {
				t.Fatal("the page has no joiner to remove")
			}
			bare := filepath.Join(dir, filepath.Base(page))
			if err := os.WriteFile(bare, []byte(dropJoiners(string(data))), 0o644); err != nil {
				t.Fatal(err)
			}
			var cmp struct {
				Changes []struct {
					Severity string `json:"severity"`
					Rule     string `json:"rule"`
				} `json:"changes"`
			}
			if err := json.Unmarshal([]byte(runOK(t, "diff", "--to", "json", page, bare)), &cmp); err != nil {
				t.Fatal(err)
			}
			for _, c := range cmp.Changes {
				if c.Severity != "editorial" || c.Rule != "typography" {
					t.Errorf("diff: a change %s (%s) where only joiners were removed", c.Severity, c.Rule)
				}
			}
			gapsOf := func(tr string) string {
				var r map[string]json.RawMessage
				if err := json.Unmarshal([]byte(runOK(t, "gaps", "--to", "json", en, tr)), &r); err != nil {
					t.Fatal(err)
				}
				return dropJoiners(string(r["findings"]) + string(r["summary"]))
			}
			if got, want := gapsOf(bare), gapsOf(page); got != want {
				t.Errorf("gaps without joiners:\n%s\nwith them:\n%s", got, want)
			}
		})
	}
}
