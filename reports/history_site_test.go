package reports_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/rulesync/rulesync/reports"
)

// historyEditions are three editions of a small rulebook: a rule added
// in each of the later two (so the rules after them are renumbered
// twice), a number changed in the second, words in the third.
var historyEditions = map[string]string{
	"a.txt": "House rules 2030\n\nSeating\n\n1: Seat Draw\nSeats are drawn at random. A late player draws his or her seat from the same pool.\n\n2: Table Changes\nA player may ask for one table change per day.\n\n3: Breaks\nPlay stops for a 10 minute break every two levels.\n",
	"b.txt": "House rules 2031\n\nSeating\n\n1: Seat Draw\nSeats are drawn at random. A late player draws his or her seat from the same pool.\n\n2: Dealer Changes\nThe dealer changes every thirty minutes unless the floor decides otherwise.\n\n3: Table Changes\nA player may ask for one table change per day.\n\n4: Breaks\nPlay stops for a 15 minute break every two levels.\n",
	"c.txt": "House rules 2032\n\nSeating\n\n1: Seat Draw\nSeats are drawn at random. A late player draws their seat from the same pool.\n\n2: Dealer Changes\nThe dealer changes every thirty minutes unless the floor decides otherwise.\n\n3: Time Limits\nA player who takes too long may be put on a clock by the floor.\n\n4: Table Changes\nA player may ask for two table changes per day.\n\n5: Breaks\nPlay stops for a 15 minute break every two levels.\n",
}

// TestBuildSeries builds a workspace with a series: the overview lists
// it, its page links every item changed, an item's page follows it
// through its two renumberings with each change and its redline, and
// every entry of a changelog between two of its editions (titled by its
// [[diff]]) links to its item's page, which exists.
func TestBuildSeries(t *testing.T) {
	dir := t.TempDir()
	for name, text := range historyEditions {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	manifest := `title = "Series"
[[source]]
name = "r-2030"
path = "a.txt"
[[source]]
name = "r-2031"
path = "b.txt"
[[source]]
name = "r-2032"
path = "c.txt"
[[series]]
name = "house"
editions = ["r-2030", "r-2031", "r-2032"]
[[diff]]
old = "r-2030"
new = "r-2032"
title = "House rules: 2030 to 2032"
`
	if err := os.WriteFile(filepath.Join(dir, "rulesync.toml"), []byte(manifest), 0o644); err != nil {
		t.Fatal(err)
	}
	ws, err := reports.LoadWorkspace(filepath.Join(dir, "rulesync.toml"))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	sum, err := (&reports.Build{Workspace: ws, Out: out}).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Histories) != 1 || sum.Histories[0].Changed != 5 || sum.Histories[0].Changes != 7 {
		t.Fatalf("histories %+v, want one of 5 items changed by 7 changes", sum.Histories)
	}
	read := func(rel string) string {
		data, err := os.ReadFile(filepath.Join(out, rel))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	if idx := read("index.html"); !strings.Contains(idx, `<a href="history/house.html">house</a>`) {
		t.Errorf("the overview does not link the series")
	}
	if p := read("history/house.html"); !strings.Contains(p, `<a href="house/rule_5.html">Rule 5: Breaks</a>`) {
		t.Errorf("the series page does not link Rule 5:\n%s", p)
	}
	p := read("history/house/rule_5.html")
	for _, want := range []string{"Known as rule:3 (r-2030), rule:4 (r-2031), rule:5 (r-2032).", "<del>10</del><ins>15</ins>", "<strong>r-2032</strong> (editorial) renumbered"} {
		if !strings.Contains(p, want) {
			t.Errorf("Rule 5's page lacks %q:\n%s", want, p)
		}
	}
	read("history/house.json")
	read("history/house.md")
	cl := read("changelog/r-2030..r-2032.html")
	if !strings.Contains(cl, "<h1>House rules: 2030 to 2032</h1>") || !strings.HasPrefix(read("changelog/r-2030..r-2032.md"), "# House rules: 2030 to 2032\n") {
		t.Errorf("the changelog is not titled by its [[diff]]'s title")
	}
	// The bar and the summary line count the same changes.
	legend := map[string]string{}
	for _, m := range regexp.MustCompile(`<li data-kind="([a-z]+)" data-n="([0-9]+)">`).FindAllStringSubmatch(cl, -1) {
		legend[m[1]] = m[2]
	}
	line := regexp.MustCompile(`<p>([0-9]+ changes \([^<]*\))\.</p>`).FindStringSubmatch(cl)
	if line == nil || len(legend) != 4 {
		t.Fatalf("the changelog has no summary line or bar (%v, %v)", line, legend)
	}
	if want := fmt.Sprintf("substantive: %s changed, %s added, %s removed; %s editorial)", legend["substantive"], legend["added"], legend["removed"], legend["editorial"]); !strings.Contains(line[1], want) {
		t.Errorf("summary line %q, the bar %v", line[1], legend)
	}
	entries, links := strings.Count(cl, `<li id="c-`), 0
	for _, m := range regexp.MustCompile(`<a class="history" href="\.\./([^"]+)">History</a>`).FindAllStringSubmatch(cl, -1) {
		links++
		read(m[1])
	}
	if entries == 0 || links != entries {
		t.Errorf("the changelog's %d entries have %d links to their history", entries, links)
	}
	if !strings.Contains(cl, `href="../history/house/rule_5.html">History</a>`) {
		t.Errorf("the changelog does not link Rule 5's history:\n%s", cl)
	}
	// A series naming a source the manifest lacks is refused.
	bad := strings.Replace(manifest, `"r-2032"]`, `"r-2033"]`, 1)
	os.WriteFile(filepath.Join(dir, "rulesync.toml"), []byte(bad), 0o644)
	if _, err := reports.LoadWorkspace(filepath.Join(dir, "rulesync.toml")); err == nil || !strings.Contains(err.Error(), `series house names source "r-2033"`) {
		t.Errorf("error %v, want one naming the series and the source", err)
	}
}

// TestBuildGitSeries builds a series read from a git repository the
// test makes: the editions are the tagged commits, named by their tags.
func TestBuildGitSeries(t *testing.T) {
	dir := t.TempDir()
	repo, err := git.PlainInit(filepath.Join(dir, "repo"), false)
	if err != nil {
		t.Fatal(err)
	}
	wt, err := repo.Worktree()
	if err != nil {
		t.Fatal(err)
	}
	for k, name := range []string{"a.txt", "b.txt", "c.txt"} {
		if err := os.WriteFile(filepath.Join(dir, "repo", "rules.txt"), []byte(historyEditions[name]), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := wt.Add("rules.txt"); err != nil {
			t.Fatal(err)
		}
		sig := &object.Signature{Name: "t", Email: "t@example.org", When: time.Unix(int64(1700000000+k*3600), 0)}
		h, err := wt.Commit(name, &git.CommitOptions{Author: sig, Committer: sig})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := repo.CreateTag(fmt.Sprintf("v%d", k+1), h, nil); err != nil {
			t.Fatal(err)
		}
	}
	manifest := "title = \"Git\"\n[[series]]\nname = \"house\"\nrepo = \"repo\"\npath = \"rules.txt\"\ntags = true\n"
	if err := os.WriteFile(filepath.Join(dir, "rulesync.toml"), []byte(manifest), 0o644); err != nil {
		t.Fatal(err)
	}
	ws, err := reports.LoadWorkspace(filepath.Join(dir, "rulesync.toml"))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	sum, err := (&reports.Build{Workspace: ws, Out: out}).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Histories) != 1 || strings.Join(sum.Histories[0].Editions, " ") != "v1 v2 v3" || sum.Histories[0].Changes != 7 {
		t.Fatalf("histories %+v, want v1 v2 v3 with 7 changes", sum.Histories)
	}
	data, err := os.ReadFile(filepath.Join(out, "history", "house", "rule_5.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "Known as rule:3 (v1), rule:4 (v2), rule:5 (v3).") {
		t.Errorf("Rule 5's page does not follow it through the tags:\n%s", data)
	}
	// A repository that is not there is a failed source, not a failed build.
	os.WriteFile(filepath.Join(dir, "rulesync.toml"), []byte(strings.Replace(manifest, `repo = "repo"`, `repo = "nosuch"`, 1)), 0o644)
	if ws, err = reports.LoadWorkspace(filepath.Join(dir, "rulesync.toml")); err != nil {
		t.Fatal(err)
	}
	sum, err = (&reports.Build{Workspace: ws, Out: out}).Run(context.Background())
	if err != nil || len(sum.Failed) != 1 || !strings.Contains(sum.Failed[0].Err.Error(), "not a git repository") {
		t.Errorf("build with a missing repository: %v, failed %+v", err, sum)
	}
}
