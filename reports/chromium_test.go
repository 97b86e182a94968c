package reports_test

import (
	"context"
	"errors"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	xhtml "golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
	"github.com/rulesync/rulesync/reports"
)

// TestSiteInChromium loads every page of the built test workspace from
// file:// in headless Chromium (over the DevTools protocol): no page
// logs an error, nothing is missing for accessibility, every link
// resolves, no page shows an item id where a number belongs; the
// coverage and change bars show the reports' numbers; each filter of the
// translation page, clicked, leaves the rows the report counts; the
// search box finds a rule of a source and of the translation; the page
// of the document checked alone gives its finding; screenshots of every
// kind of page at desktop and phone width are written (to
// $RULESYNC_SCREENSHOTS, or a temporary directory named in the log).
func TestSiteInChromium(t *testing.T) {
	b := newBrowser(t)
	dir := copyWorkspace(t)
	out := filepath.Join(dir, "out")
	build(t, dir, out)
	tb := b.tab(t, 1200, 900, false)
	pages := checkPages(t, tb, out)
	for _, want := range []string{"index.html", "translations/ja-2030.html", "gaps/ja-2030.html", "changelog/en-2030..en-2031.html", "documents/en-2031.html", "documents/notes-ja.html"} {
		if !slices.Contains(pages, want) {
			t.Errorf("no page %s among %v", want, pages)
		}
	}
	checkNumbers(t, tb, out, pages)
	checkBars(t, tb, out, []string{"ja-2030"}, []string{"en-2030..en-2031"})
	checkFilters(t, tb, out, []string{"ja-2030"})

	if res := search(tb, out, "verbal"); !strings.Contains(res, `documents/en-2031.html#rule:4`) || !strings.Contains(res, "1 results") {
		t.Errorf("the search for \"verbal\" did not list rule 4:\n%s", res)
	}
	if res := search(tb, out, "抽選"); !strings.Contains(res, `translations/ja-2030.html#t-rule:1`) {
		t.Errorf("the search for 抽選 did not find the translated rule:\n%s", res)
	}
	tb.open("file://" + filepath.Join(out, "translations", "ja-2030.html"))
	if dom := tb.dom(); !strings.Contains(dom, "<del>30</del><ins>45</ins>") || !strings.Contains(dom, "not translated") {
		t.Error("the side-by-side page lacks the stale redline or the missing rule")
	}
	tb.open("file://" + filepath.Join(out, "gaps", "ja-2030.html"))
	if dom := tb.dom(); !strings.Contains(dom, "To translate (1)") || !strings.Contains(dom, "A verbal bet of 500 is binding") || !strings.Contains(dom, "The translation now:") {
		t.Error("the worklist lacks the source text of the missing rule or the translation of the stale one")
	}
	tb.open("file://" + filepath.Join(out, "documents", "notes-ja.html"))
	if dom := tb.dom(); !strings.Contains(dom, "the sequence skips b (a then c)") {
		t.Error("the page of the document checked alone lacks its finding")
	}
	tb.open("file://" + filepath.Join(out, "changelog", "en-2030..en-2031.html"))
	if dom := tb.dom(); !strings.Contains(dom, `href="../index.html#changelogs"`) || !strings.Contains(dom, `<caption>Changes by kind and severity</caption>`) {
		t.Error("the changelog page has no way back or no summary table")
	}
	shots := screenshots(t)
	takeScreenshots(t, b, shots, map[string]string{
		"overview":    "file://" + filepath.Join(out, "index.html"),
		"translation": "file://" + filepath.Join(out, "translations", "ja-2030.html"),
		"worklist":    "file://" + filepath.Join(out, "gaps", "ja-2030.html"),
		"changelog":   "file://" + filepath.Join(out, "changelog", "en-2030..en-2031.html"),
		"document":    "file://" + filepath.Join(out, "documents", "notes-ja.html"),
	})
	for _, name := range []string{"overview-desktop.png", "overview-phone.png", "translation-phone.png"} {
		if fi, err := os.Stat(filepath.Join(shots, name)); err != nil || fi.Size() < 5000 {
			t.Errorf("screenshot %s not written (%v)", name, err)
		}
	}
}

// chromium returns a function that runs headless Chromium with args and
// returns its standard output and log, skipping the test when Chromium is
// not installed.
func chromium(t *testing.T) func(args ...string) (string, string) {
	t.Helper()
	chrome := chromiumPath(t)
	return func(args ...string) (string, string) {
		// Headless Chromium now and then dies of a signal in this
		// sandbox (one run in a dozen segfaulted); that is the browser's
		// crash, not a fault of the page, so such a run is tried again.
		for attempt := 1; ; attempt++ {
			profile := t.TempDir()
			base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
				"--disable-component-update", "--disable-sync", "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0"}
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			cmd := exec.CommandContext(ctx, chrome, append(base, args...)...)
			var stdout, stderr strings.Builder
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			cancel()
			if err == nil {
				return stdout.String(), stderr.String()
			}
			var ee *exec.ExitError
			// ExitCode is -1 for a process a signal ended.
			if errors.As(err, &ee) && ee.ExitCode() == -1 && ctx.Err() == nil && attempt < 3 {
				t.Logf("chromium %v crashed (%v); trying again", args, err)
				continue
			}
			t.Fatalf("chromium %v: %v\n%s", args, err, stderr.String())
		}
	}
}

// screenshots is where the screenshots go: $RULESYNC_SCREENSHOTS, or a
// temporary directory.
func screenshots(t *testing.T) string {
	shots := os.Getenv("RULESYNC_SCREENSHOTS")
	if shots == "" {
		shots = t.TempDir()
	}
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	return shots
}

// accessibility returns what a page, as the browser built it, lacks for
// readers with assistive technology or a keyboard: a language, one h1
// and headings that skip no level, a label for every input, a caption
// and header scopes for every table, a way to skip to the content of
// the site's pages, and links with a target and a text.
func accessibility(dom string) []string {
	doc, err := xhtml.Parse(strings.NewReader(dom))
	if err != nil {
		return []string{"the page does not parse: " + err.Error()}
	}
	var problems []string
	attr := func(n *xhtml.Node, key string) (string, bool) {
		for _, a := range n.Attr {
			if a.Key == key {
				return a.Val, true
			}
		}
		return "", false
	}
	var text func(n *xhtml.Node) string
	text = func(n *xhtml.Node) string {
		if n.Type == xhtml.TextNode {
			return n.Data
		}
		var b strings.Builder
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			b.WriteString(text(c))
		}
		return b.String()
	}
	labels, ids := map[string]bool{}, map[string]bool{}
	var inputs []string
	h1, last := 0, 0
	skip := false
	var walk func(n *xhtml.Node)
	walk = func(n *xhtml.Node) {
		if n.Type == xhtml.ElementNode {
			if id, ok := attr(n, "id"); ok {
				ids[id] = true
			}
			switch n.DataAtom {
			case atom.Html:
				if l, _ := attr(n, "lang"); l == "" {
					problems = append(problems, "<html> has no lang")
				}
			case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
				level := int(n.Data[1] - '0')
				if level == 1 {
					h1++
				}
				if level > last+1 {
					problems = append(problems, fmt.Sprintf("heading <%s> %q follows <h%d>", n.Data, strings.TrimSpace(text(n)), last))
				}
				last = level
			case atom.Label:
				if f, ok := attr(n, "for"); ok {
					labels[f] = true
				}
			case atom.Input:
				id, _ := attr(n, "id")
				inputs = append(inputs, id)
			case atom.Table:
				caption, scoped, headers := false, 0, 0
				var scan func(m *xhtml.Node)
				scan = func(m *xhtml.Node) {
					if m.DataAtom == atom.Caption {
						caption = true
					}
					if m.DataAtom == atom.Th {
						headers++
						if _, ok := attr(m, "scope"); ok {
							scoped++
						}
					}
					for c := m.FirstChild; c != nil; c = c.NextSibling {
						scan(c)
					}
				}
				scan(n)
				if !caption || headers == 0 || scoped != headers {
					problems = append(problems, fmt.Sprintf("a table with caption %v and %d of %d header cells scoped", caption, scoped, headers))
				}
			case atom.A:
				href, _ := attr(n, "href")
				if href == "" || strings.TrimSpace(text(n)) == "" {
					problems = append(problems, fmt.Sprintf("a link without a target or a text: href %q, text %q", href, text(n)))
				}
				if href == "#main" {
					skip = true
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	if h1 != 1 {
		problems = append(problems, fmt.Sprintf("%d <h1> headings", h1))
	}
	for _, id := range inputs {
		if id == "" || !labels[id] {
			problems = append(problems, fmt.Sprintf("an input (id %q) without a label", id))
		}
	}
	if ids["main"] && !skip {
		problems = append(problems, "no link to skip to the content")
	}
	return problems
}

func excerpt(s, at string) string {
	i := strings.Index(s, at)
	if i < 0 {
		return s[:min(len(s), 500)]
	}
	return s[i:min(len(s), i+500)]
}

// TestRealSiteInChromium builds the example workspace on the real corpus
// and loads every page of its site in headless Chromium: no page logs an
// error, nothing is missing for accessibility, every link resolves, no
// page shows an item id where a printed number belongs (the Japanese
// reader page's unnumbered cards show their rules' numbers); the bars
// show the reports' numbers; the filters of each translation page leave
// the rows the report counts; the search finds a rule by words from the
// end of its text (the index holds whole texts) and shows them marked,
// and finds Japanese text in a translation under its rule's number;
// screenshots of every kind of page at desktop and phone width are
// written.
func TestRealSiteInChromium(t *testing.T) {
	longtest.Skip(t)
	b := newBrowser(t)
	en := testcorpus.Doc(t, "tda/tda-2024-longform-en.pdf")
	ws, err := reports.LoadWorkspace("../workspace/rulesync.toml")
	if err != nil {
		t.Fatal(err)
	}
	ws.Granted.Cache = t.TempDir()
	out := filepath.Join(t.TempDir(), "out")
	if _, err := (&reports.Build{Workspace: ws, Out: out}).Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	tb := b.tab(t, 1200, 900, false)
	pages := checkPages(t, tb, out)
	t.Logf("%d pages checked", len(pages))
	checkNumbers(t, tb, out, pages)
	translations := []string{"tda-2024-ja", "tda-2024-pt-addendum", "wca-2021-ja"}
	checkBars(t, tb, out, translations, []string{"tda-2022-en..tda-2024-en", "tda-2024-en..tda-2024-en-docx", "wca-2021-en..wca-2024-en"})
	checkFilters(t, tb, out, translations)
	for _, p := range []string{"documents/wsop-2009-ja-page9.html", "documents/general-poker-rules-ja.html", "documents/holdem-basics-ja.html"} {
		if !slices.Contains(pages, p) {
			t.Errorf("no page %s for a document checked alone", p)
		}
	}
	tb.open("file://" + filepath.Join(out, "documents", "wsop-2009-ja-page9.html"))
	if dom := tb.dom(); !strings.Contains(dom, "the sequence skips d (c then e)") {
		t.Error("the WSOP page does not give rule 72's skipped d")
	}
	tb.open("file://" + filepath.Join(out, "documents", "general-poker-rules-ja.html"))
	if dom := tb.dom(); !strings.Contains(dom, "フォルド") {
		t.Error("the general rules page does not give the フォルド misspelling")
	}
	tb.open("file://" + filepath.Join(out, "changelog", "tda-2022-en..tda-2024-en.html"))
	if dom := tb.dom(); !strings.Contains(dom, "tda-2022 does not contain the Recommended Procedures (22 items) and the Illustration Addendum (14 items)") || strings.Contains(dom, "new in this edition") {
		t.Error("the TDA changelog has no scope note, or lists new items")
	}

	// The last words of the longest rule, far past the start of its text.
	var long *corpus.Item
	for i := range en.Items {
		if it := &en.Items[i]; it.Kind == corpus.KindRule && (long == nil || len(it.Text) > len(long.Text)) {
			long = it
		}
	}
	words := strings.FieldsFunc(long.Text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	query := strings.Join(words[len(words)-4:], " ")
	if strings.Index(strings.Join(strings.Fields(long.Text), " "), query) < 500 {
		t.Fatalf("query %q is not deep in %s", query, long.ID)
	}
	if res := search(tb, out, query); !strings.Contains(res, `documents/tda-2024-en.html#`+long.ID+`"`) || !strings.Contains(res, "<mark>"+html.EscapeString(query)+"</mark>") {
		t.Errorf("the search for %q (the end of %s) did not list it with the words marked:\n%s", query, long.ID, res)
	}
	if res := search(tb, out, "ボタン"); !strings.Contains(res, `translations/tda-2024-ja.html#t-`) || !strings.Contains(res, ">tda-2024-ja Rule ") || strings.Contains(res, ">tda-2024-ja item:") {
		t.Errorf("the search for ボタン did not find the Japanese translation under rule numbers:\n%s", res)
	}
	shots := screenshots(t)
	takeScreenshots(t, b, shots, map[string]string{
		"real-overview":    "file://" + filepath.Join(out, "index.html"),
		"real-translation": "file://" + filepath.Join(out, "translations", "tda-2024-ja.html"),
		"real-worklist":    "file://" + filepath.Join(out, "gaps", "wca-2021-ja.html"),
		"real-changelog":   "file://" + filepath.Join(out, "changelog", "tda-2022-en..tda-2024-en.html"),
		"real-document":    "file://" + filepath.Join(out, "documents", "wsop-2009-ja-page9.html"),
	})
}

// chromiumPath is the path of the installed Chromium (or Chrome),
// skipping the test when none is installed.
func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, c := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(c); err == nil {
			return p
		}
	}
	t.Skip("chromium not installed (Debian package chromium; .ci/run installs it)")
	return ""
}
