package reports_test

import (
	"context"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	xhtml "golang.org/x/net/html"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/reports"
)

// buildExample builds the example workspace (../workspace, on the real
// files of ../testdata) with a cache of its own, and returns its summary
// and output directory.
func buildExample(t *testing.T) (*reports.Summary, string) {
	t.Helper()
	ws, err := reports.LoadWorkspace("../workspace/rulesync.toml")
	if err != nil {
		t.Fatal(err)
	}
	ws.Granted.Cache = t.TempDir()
	out := filepath.Join(t.TempDir(), "out")
	sum, err := (&reports.Build{Workspace: ws, Out: out}).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Translations) == 0 {
		t.Fatal("the example workspace built no translation")
	}
	return sum, out
}

// figures are a translation's segments by state as one output gives
// them.
type figures map[string]int

// progressFigures are the figures of a gaps.Progress.
func progressFigures(p gaps.Progress) figures {
	return figures{"translated": p.Translated, "stale": p.Stale, "fuzzy": p.Fuzzy, "untranslated": p.Untranslated}
}

// review folds stale and fuzzy into "fuzzy", as PO and XLIFF tools count.
func (f figures) review() figures {
	return figures{"translated": f["translated"], "fuzzy": f["stale"] + f["fuzzy"], "untranslated": f["untranslated"]}
}

// plus adds the units of an interchange file (format po or xliff) that
// are no segment of the progress, which tools count on top: the draft's
// frame (the document's title and version, the lines around items) and
// the titles the translation gives items whose source has none (both
// with the unit id as their source text, "(rule:3/title)", where the
// source has no text there).
func (f figures) plus(t *testing.T, format, path string) figures {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	units, err := ingest.InterchangeUnits(format, string(data), "")
	if err != nil {
		t.Fatal(err)
	}
	out := figures{"translated": f["translated"], "fuzzy": f["fuzzy"], "untranslated": f["untranslated"], "stale": f["stale"]}
	for _, u := range units {
		frame := u.ID == ingest.FrameTitle || u.ID == ingest.FrameVersion || strings.HasPrefix(u.ID, ingest.FrameFront) ||
			strings.Contains(u.ID, "/after") || u.Source == "("+u.ID+")"
		switch {
		case !frame:
		case u.Target == "":
			out["untranslated"]++
		case u.Review || u.Stale:
			out["fuzzy"]++
		default:
			out["translated"]++
		}
	}
	return out
}

func sameFigures(a, b figures) bool {
	for _, k := range []string{"translated", "stale", "fuzzy", "untranslated"} {
		if a[k] != b[k] {
			return false
		}
	}
	return true
}

// msgfmtFigures counts a PO's messages with msgfmt --statistics.
func msgfmtFigures(t *testing.T, po string) figures {
	t.Helper()
	out, err := exec.Command("msgfmt", "--statistics", "-o", os.DevNull, po).CombinedOutput()
	if err != nil {
		t.Fatalf("msgfmt --statistics %s: %v\n%s", po, err, out)
	}
	f := figures{}
	for k, re := range map[string]*regexp.Regexp{
		"translated":   regexp.MustCompile(`(\d+) translated messages?`),
		"fuzzy":        regexp.MustCompile(`(\d+) fuzzy translations?`),
		"untranslated": regexp.MustCompile(`(\d+) untranslated messages?`),
	} {
		if m := re.FindStringSubmatch(string(out)); m != nil {
			f[k], _ = strconv.Atoi(m[1])
		}
	}
	return f
}

// htmlBars reads the progress bars of a page without a browser: by the
// id of the table row each is in ("" for none), the legend's count of
// each kind, and the words under the bar.
func htmlBars(t *testing.T, path string) (map[string]figures, map[string]string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := xhtml.Parse(strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	attr := func(n *xhtml.Node, k string) string {
		for _, a := range n.Attr {
			if a.Key == k {
				return a.Val
			}
		}
		return ""
	}
	bars, words := map[string]figures{}, map[string]string{}
	var walk func(n *xhtml.Node, row string)
	walk = func(n *xhtml.Node, row string) {
		if n.Type == xhtml.ElementNode && n.Data == "tr" && attr(n, "id") != "" {
			row = attr(n, "id")
		}
		if n.Type == xhtml.ElementNode && attr(n, "data-bar") == "progress" {
			f := figures{}
			var legend func(*xhtml.Node)
			legend = func(m *xhtml.Node) {
				if m.Type == xhtml.ElementNode && m.Data == "li" {
					f[attr(m, "data-kind")], _ = strconv.Atoi(attr(m, "data-n"))
				}
				for c := m.FirstChild; c != nil; c = c.NextSibling {
					legend(c)
				}
			}
			legend(n)
			bars[row] = f
			// The words are the paragraph after the bar.
			for s := n.NextSibling; s != nil; s = s.NextSibling {
				if s.Type == xhtml.ElementNode && s.Data == "p" && s.FirstChild != nil {
					words[row] = s.FirstChild.Data
					break
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, row)
		}
	}
	walk(doc, "")
	return bars, words
}

// TestProgressFigures builds the example workspace and compares each
// translation's progress figures across every output: build's summary,
// the worklist (JSON, Markdown, page), the site's bars and the words
// under them (overview, translation page, language page), the PO as
// msgfmt --statistics counts it and the PO and XLIFF as pocount counts
// them, the units of the draft's frame on top (the tools skipped with a
// message when not installed).
func TestProgressFigures(t *testing.T) {
	sum, out := buildExample(t)
	lang := map[string]string{}
	for _, d := range sum.Documents {
		lang[d.Name] = d.Lang
	}
	for _, tr := range sum.Translations {
		p := tr.Progress
		want := progressFigures(p)
		if p.Total() == 0 {
			t.Errorf("%s: no segment counted", tr.Name)
		}
		// The worklist.
		g := readGaps(t, out, tr.Name)
		if got := (figures{"translated": g.Summary.Progress.Translated, "stale": g.Summary.Progress.Stale, "fuzzy": g.Summary.Progress.Fuzzy, "untranslated": g.Summary.Progress.Untranslated}); !sameFigures(got, want) || g.Summary.Progress.Segments != p.Total() {
			t.Errorf("%s: gaps/%s.json gives %v of %d, the build %v of %d", tr.Name, tr.Name, got, g.Summary.Progress.Segments, want, p.Total())
		}
		if cov := float64(int(p.Covered()*10+0.5)) / 10; g.Summary.Coverage != cov {
			t.Errorf("%s: gaps/%s.json covers %.1f%%, the figures %.1f%%", tr.Name, tr.Name, g.Summary.Coverage, cov)
		}
		md, err := os.ReadFile(filepath.Join(out, "gaps", tr.Name+".md"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(md), "\nProgress: "+p.String()+".") {
			t.Errorf("%s: gaps/%s.md does not say %q", tr.Name, tr.Name, p.String())
		}
		// The site's bars and words.
		for _, page := range []struct{ path, row string }{
			{"index.html", "tr-" + tr.Name},
			{"translations/" + tr.Name + ".html", ""},
			{"gaps/" + tr.Name + ".html", ""},
			{"languages/" + lang[tr.Name] + ".html", "tr-" + tr.Name},
		} {
			bars, words := htmlBars(t, filepath.Join(out, page.path))
			if got, ok := bars[page.row]; !ok || !sameFigures(got, want) {
				t.Errorf("%s: the bar on %s shows %v, the build %v", tr.Name, page.path, got, want)
			}
			if w := html.UnescapeString(words[page.row]); !strings.HasPrefix(w, p.String()+"; ") {
				t.Errorf("%s: %s says %q under the bar, want %q", tr.Name, page.path, w, p.String())
			}
		}
		po := filepath.Join(out, "interchange", tr.Name+".po")
		xlf := filepath.Join(out, "interchange", tr.Name+".xlf")
		t.Run(tr.Name+"/msgfmt", func(t *testing.T) {
			need(t, "msgfmt")
			if w := want.review().plus(t, "po", po); !sameFigures(msgfmtFigures(t, po), w) {
				t.Errorf("msgfmt --statistics %s: %v, the build %v and the frame's units", filepath.Base(po), msgfmtFigures(t, po), w)
			}
		})
		t.Run(tr.Name+"/pocount", func(t *testing.T) {
			need(t, "pocount")
			for _, f := range []struct{ format, path string }{{"po", po}, {"xliff", xlf}} {
				fw := want.review().plus(t, f.format, f.path)
				w := counts{fw["translated"], fw["fuzzy"], fw["untranslated"]}
				if got := pocount(t, f.path); got != w {
					t.Errorf("pocount %s: %+v, the build %+v and the frame's units", filepath.Base(f.path), got, w)
				}
			}
		})
	}
}
