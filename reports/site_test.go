package reports_test

import (
	"encoding/json"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
)

// gapsJSON is what the site tests read of a translation's report.
type gapsJSON struct {
	Findings []struct {
		Check, Severity string
		SourceID        string `json:"source_id"`
		TargetID        string `json:"target_id"`
	} `json:"findings"`
	Summary struct {
		Checks   map[string]int `json:"checks"`
		Coverage float64        `json:"coverage"`
		Progress struct {
			Segments, Translated, Stale, Fuzzy, Untranslated int
		} `json:"progress"`
	} `json:"summary"`
}

// readGaps reads gaps/<name>.json of a built site.
func readGaps(t *testing.T, out, name string) gapsJSON {
	t.Helper()
	var g gapsJSON
	data, err := os.ReadFile(filepath.Join(out, "gaps", name+".json"))
	if err == nil {
		err = json.Unmarshal(data, &g)
	}
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// changelogCounts reads changelog/<name>.json of a built site and counts
// its changes as the change bar does.
func changelogCounts(t *testing.T, out, name string) map[string]int {
	t.Helper()
	var c struct {
		Changes []struct{ Kind, Severity string }
	}
	data, err := os.ReadFile(filepath.Join(out, "changelog", name+".json"))
	if err == nil {
		err = json.Unmarshal(data, &c)
	}
	if err != nil {
		t.Fatal(err)
	}
	n := map[string]int{"substantive": 0, "editorial": 0, "added": 0, "removed": 0}
	for _, ch := range c.Changes {
		switch {
		case ch.Kind == "added" || ch.Kind == "removed":
			n[ch.Kind]++
		default:
			n[ch.Severity]++
		}
	}
	return n
}

// barCounts reads the legends of the bars of the page: by bar (its
// data-bar and the id of the table row it is in, if any) and kind.
func barCounts(tb *tab) map[string]map[string]int {
	var bars []struct {
		Name, Row string
		Total     int
		Kinds     []string
		Ns        []int
		Words     []string
	}
	tb.eval(`Array.from(document.querySelectorAll(".barbox")).map(function(b){
		var row = b.closest("tr");
		var lis = Array.from(b.querySelectorAll(".legend li"));
		return {Name: b.getAttribute("data-bar"), Row: row && row.id || "", Total: +b.getAttribute("data-total"),
			Kinds: lis.map(function(l){return l.getAttribute("data-kind")}),
			Ns: lis.map(function(l){return +l.getAttribute("data-n")}),
			Words: lis.map(function(l){return l.textContent})};
	})`, &bars)
	out := map[string]map[string]int{}
	for _, b := range bars {
		m := map[string]int{}
		sum := 0
		for i, k := range b.Kinds {
			m[k] = b.Ns[i]
			sum += b.Ns[i]
			// The number a reader sees is the number the bar has.
			if w := strconv.Itoa(b.Ns[i]) + " "; !strings.HasPrefix(b.Words[i], w) {
				tb.t.Errorf("bar %s %s: legend %q for %d", b.Name, b.Row, b.Words[i], b.Ns[i])
			}
		}
		if sum != b.Total {
			tb.t.Errorf("bar %s %s: the parts make %d of %d", b.Name, b.Row, sum, b.Total)
		}
		m["total"] = b.Total
		out[b.Name+" "+b.Row] = m
	}
	return out
}

// checkPages visits every page of a built site in a tab: no page logs an
// error, nothing is missing for accessibility, every link, style sheet
// and script resolves (the file exists, and the element a fragment
// names). It returns the pages visited.
func checkPages(t *testing.T, tb *tab, out string) []string {
	t.Helper()
	var lc linkChecker
	pages := sitePages(t, out)
	for _, p := range pages {
		tb.open("file://" + filepath.Join(out, p))
		for _, e := range tb.errors() {
			t.Errorf("%s: %s", p, e)
		}
		for _, problem := range accessibility(tb.dom()) {
			t.Errorf("%s: %s", p, problem)
		}
		seen := map[string]bool{}
		for _, u := range tb.links() {
			if seen[u] {
				continue
			}
			seen[u] = true
			if why := lc.broken(u); why != "" {
				t.Errorf("%s: broken link: %s", p, why)
			}
		}
	}
	return pages
}

// checkBars compares the bars Chromium shows with the figures of the
// reports the build wrote: each translation's progress bar on the
// overview, its language's page, its page and its worklist with the
// progress of gaps/<name>.json, and that with the PO's messages as
// msgfmt --statistics counts them (when installed), the frame's units on top; the share of
// segments with a translation the report gives is what the bar's parts
// make; each changelog's bar with its JSON.
func checkBars(t *testing.T, tb *tab, out string, translations, changelogs []string) {
	t.Helper()
	want := map[string]map[string]int{}
	lang := map[string]string{}
	for _, name := range translations {
		g := readGaps(t, out, name)
		p := g.Summary.Progress
		want[name] = map[string]int{"translated": p.Translated, "stale": p.Stale, "fuzzy": p.Fuzzy, "untranslated": p.Untranslated, "total": p.Segments}
		if _, err := exec.LookPath("msgfmt"); err == nil {
			path := filepath.Join(out, "interchange", name+".po")
			po := msgfmtFigures(t, path)
			w := figures{"translated": p.Translated, "fuzzy": p.Stale + p.Fuzzy, "untranslated": p.Untranslated}.plus(t, "po", path)
			if po["translated"] != w["translated"] || po["fuzzy"] != w["fuzzy"] || po["untranslated"] != w["untranslated"] {
				t.Errorf("%s: msgfmt counts %v in the PO, the report %+v and the frame's units", name, po, p)
			}
		} else {
			t.Logf("msgfmt not installed (Debian package gettext): the PO of %s is not counted", name)
		}
		var d struct{ Translation struct{ Lang string } }
		if data, err := os.ReadFile(filepath.Join(out, "gaps", name+".json")); err == nil && json.Unmarshal(data, &d) == nil {
			lang[name] = d.Translation.Lang
		}
	}
	for _, name := range changelogs {
		want[name] = changelogCounts(t, out, name)
	}
	compare := func(where string, got map[string]int, name string) {
		t.Helper()
		if got == nil {
			t.Errorf("%s: no bar for %s", where, name)
			return
		}
		for k, n := range want[name] {
			if got[k] != n {
				t.Errorf("%s: the bar of %s shows %d %s, the report %d", where, name, got[k], k, n)
			}
		}
	}
	tb.open("file://" + filepath.Join(out, "index.html"))
	bars := barCounts(tb)
	for _, name := range translations {
		got := bars["progress tr-"+name]
		compare("index.html", got, name)
		if got == nil {
			continue
		}
		// The coverage the report gives is what the bar's parts make.
		g := readGaps(t, out, name)
		if cov := 100 * float64(got["total"]-got["untranslated"]) / float64(got["total"]); cov-g.Summary.Coverage > 0.05 || g.Summary.Coverage-cov > 0.05 {
			t.Errorf("index.html: the bar of %s covers %.2f%%, the report %.1f%%", name, cov, g.Summary.Coverage)
		}
		tb.open("file://" + filepath.Join(out, "translations", name+".html"))
		compare(name+".html", barCounts(tb)["progress "], name)
		tb.open("file://" + filepath.Join(out, "gaps", name+".html"))
		compare("gaps/"+name+".html", barCounts(tb)["progress "], name)
		tb.open("file://" + filepath.Join(out, "languages", lang[name]+".html"))
		compare("languages/"+lang[name]+".html", barCounts(tb)["progress tr-"+name], name)
	}
	for _, name := range changelogs {
		compare("index.html", bars["changes cl-"+name], name)
		tb.open("file://" + filepath.Join(out, "changelog", name+".html"))
		compare(name+".html", barCounts(tb)["changes "], name)
	}
}

// checkFilters clicks each filter of each translation page and counts
// the rows left visible: all of them, those the report has findings on,
// the stale and the missing ones as the report counts them; the status
// line says so; ?show=missing opens the page filtered.
func checkFilters(t *testing.T, tb *tab, out string, translations []string) {
	t.Helper()
	visible := func() (int, string) {
		var r struct {
			N      int
			Status string
		}
		tb.eval(`({N: Array.from(document.querySelectorAll("tr[data-state]")).filter(function(r){return !r.hidden && r.getClientRects().length > 0}).length,
			Status: document.getElementById("filter-status").textContent})`, &r)
		return r.N, r.Status
	}
	for _, name := range translations {
		page := "file://" + filepath.Join(out, "translations", name+".html")
		tb.open(page)
		var rows []string
		tb.eval(`Array.from(document.querySelectorAll("tr[data-state]")).map(function(r){return r.id})`, &rows)
		g := readGaps(t, out, name)
		withFindings := map[string]bool{}
		for _, f := range g.Findings {
			if slices.Contains(rows, f.SourceID) {
				withFindings[f.SourceID] = true
			}
		}
		want := map[string]int{"all": len(rows), "findings": len(withFindings), "stale": g.Summary.Checks["stale"], "missing": g.Summary.Checks["missing"]}
		for _, f := range []string{"stale", "findings", "missing", "all"} {
			tb.click("label[for=show-" + f + "]")
			n, status := visible()
			if n != want[f] {
				t.Errorf("%s: the filter %q shows %d rows, want %d", name, f, n, want[f])
			}
			if wantStatus := fmt.Sprintf("Showing %d of %d items.", want[f], len(rows)); status != wantStatus {
				t.Errorf("%s: the filter %q says %q, want %q", name, f, status, wantStatus)
			}
		}
		tb.open(page + "?show=missing")
		if n, _ := visible(); n != want["missing"] {
			t.Errorf("%s?show=missing shows %d rows, want %d", name, n, want["missing"])
		}
		for _, e := range tb.errors() {
			t.Errorf("%s: %s", name, e)
		}
	}
}

// search types a query into the overview's search box and returns the
// results part of the page.
func search(tb *tab, out, query string) string {
	tb.open("file://" + filepath.Join(out, "index.html"))
	tb.click("#q")
	tb.typeText(query)
	var html string
	tb.eval(`document.getElementById("results").outerHTML + document.getElementById("status").outerHTML`, &html)
	return html
}

// screenshots takes a screenshot of each page at desktop width (1200 x
// 900) and at a phone's (390 x 844), into dir as <name>-desktop.png and
// <name>-phone.png.
func takeScreenshots(t *testing.T, b *browser, dir string, pages map[string]string) {
	t.Helper()
	for _, size := range []struct {
		name          string
		width, height int
		mobile        bool
	}{{"desktop", 1200, 900, false}, {"phone", 390, 844, true}} {
		tb := b.tab(t, size.width, size.height, size.mobile)
		for name, u := range pages {
			tb.open(u)
			tb.screenshot(filepath.Join(dir, name+"-"+size.name+".png"))
			for _, e := range tb.errors() {
				t.Errorf("%s at %s width: %s", name, size.name, e)
			}
		}
	}
	t.Logf("screenshots in %s", dir)
}

// idShown finds an item id in the text a page shows ("item:6",
// "rule:7"), where the number the source prints belongs.
var idShown = regexp.MustCompile(`\b(?:item|rule|rp|add|reg|guide|sec):[0-9A-Za-z]`)

// checkNumbers fails the test for each page that shows an item id to
// its readers.
func checkNumbers(t *testing.T, tb *tab, out string, pages []string) {
	t.Helper()
	for _, p := range pages {
		tb.open("file://" + filepath.Join(out, p))
		var text string
		tb.eval(`document.body.innerText`, &text)
		if m := idShown.FindString(text); m != "" {
			i := strings.Index(text, m)
			t.Errorf("%s shows an id: …%s…", p, text[max(0, i-60):min(len(text), i+40)])
		}
	}
}

// pageLinks reads the href of every link of a page of a built site.
func pageLinks(t *testing.T, out, page string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(out, page))
	if err != nil {
		t.Fatal(err)
	}
	var links []string
	for _, m := range regexp.MustCompile(`<a href="([^"#]*)[^"]*"`).FindAllStringSubmatch(string(data), -1) {
		if m[1] != "" {
			links = append(links, filepath.ToSlash(filepath.Join(filepath.Dir(page), html.UnescapeString(m[1]))))
		}
	}
	return links
}

// TestLanguagePages builds the example workspace and checks its pages
// per language: one per language of its documents, named by tag and
// display name; each lists every document in that language, linked,
// each translation with its progress bar (the figures of the build) and
// its worklist, and the translations made from its documents into
// other languages; the overview links every language page, and every
// document's and translation's page links its language's; every link
// of a language page resolves.
func TestLanguagePages(t *testing.T) {
	sum, out := buildExample(t)
	byLang := map[string][]string{}
	lang := map[string]string{}
	for _, d := range sum.Documents {
		byLang[d.Lang] = append(byLang[d.Lang], d.Name)
		lang[d.Name] = d.Lang
	}
	if len(byLang) < 2 {
		t.Fatalf("the example workspace has %d languages; the test needs two or more", len(byLang))
	}
	entries, err := os.ReadDir(filepath.Join(out, "languages"))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(byLang) {
		t.Errorf("%d language pages for %d languages", len(entries), len(byLang))
	}
	index := pageLinks(t, out, "index.html")
	for l, names := range byLang {
		page := "languages/" + l + ".html"
		data, err := os.ReadFile(filepath.Join(out, page))
		if err != nil {
			t.Errorf("no page for %s: %v", l, err)
			continue
		}
		body := html.UnescapeString(string(data))
		en, self := corpus.LangName(l)
		if en == "" || !strings.Contains(body, "<h1>"+l+", "+en) || self != en && !strings.Contains(body, "("+self+")</h1>") {
			t.Errorf("%s does not name %s as %q (%q)", page, l, en, self)
		}
		if !slices.Contains(index, page) {
			t.Errorf("index.html does not link %s", page)
		}
		links := pageLinks(t, out, page)
		for _, u := range links {
			if _, err := os.Stat(filepath.Join(out, u)); err != nil {
				t.Errorf("%s links %s, which is not there", page, u)
			}
		}
		bars, _ := htmlBars(t, filepath.Join(out, page))
		for _, n := range names {
			own := "documents/" + n + ".html"
			if _, err := os.Stat(filepath.Join(out, own)); err != nil {
				own = "translations/" + n + ".html"
			}
			if !slices.Contains(links, own) {
				t.Errorf("%s does not link %s's page %s", page, n, own)
			}
			if !slices.Contains(pageLinks(t, out, own), page) {
				t.Errorf("%s does not link its language's page %s", own, page)
			}
		}
		for _, tr := range sum.Translations {
			if lang[tr.Name] != l && lang[tr.Source] != l {
				if _, ok := bars["tr-"+tr.Name]; ok {
					t.Errorf("%s shows %s, which is neither in %s nor made from a document in it", page, tr.Name, l)
				}
				continue
			}
			if got := bars["tr-"+tr.Name]; !sameFigures(got, progressFigures(tr.Progress)) {
				t.Errorf("%s: the bar of %s shows %v, the build %v", page, tr.Name, got, progressFigures(tr.Progress))
			}
			if !slices.Contains(links, "gaps/"+tr.Name+".html") {
				t.Errorf("%s does not link the worklist of %s", page, tr.Name)
			}
		}
	}
}
