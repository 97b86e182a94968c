package gaps_test

import (
	"html"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
	"github.com/rulesync/rulesync/reports"
)

// headLayouts are the layouts headLayoutVariant writes.
var headLayouts = []string{"md", "txt", "bold", "html"}

var (
	// headNumber is a heading's number with the word before it
	// ("Article 3: ", "Appendix A. ") or its CJK frame ("第1条："):
	// the printed number a word processor's heading numbering gives.
	headNumber = regexp.MustCompile(`^(?:\S+\s+[0-9\p{Lu}]{1,3}[.:：]\s*|第[0-9A-Z]+条[：:]\s*)`)
	mdHeading  = regexp.MustCompile(`^(#+)\s+(.*)$`)
	mdTags     = regexp.MustCompile(`<[^>]+>`)
	// idMark is a marker of the draft; headMark, a heading's markup.
	idMark   = regexp.MustCompile(`\{\{rulesync:[^}]*\}\}`)
	headMark = regexp.MustCompile(`^#+\s*|\*\*`)
	// printedTwice is sync's review note on a number printed for two
	// items or more.
	printedTwice = regexp.MustCompile(`prints (\S+) for \d+ items \((.*)\): check that this is the text of ([^;]*)`)
)

// headLayoutVariant writes the Markdown text src with its headings'
// numbers removed ("# Article 3: The moves" -> "# The moves"), the
// rules' numbers kept, in one of four layouts: Markdown ("md"), plain
// text with the headings as lines of their own ("txt"), bold
// paragraphs of their own for headings ("bold", as Word's heading
// styles become after conversion) and HTML headings and paragraphs ("html"). It
// returns the file's name, its text, and the headings' titles whose
// numbers it removed.
func headLayoutVariant(src, layout string) (string, string, []string) {
	var out, titles []string
	if layout == "html" {
		out = append(out, "<html><body>")
	}
	plain := func(l string) string {
		l = strings.TrimSpace(strings.ReplaceAll(mdTags.ReplaceAllString(l, ""), "**", ""))
		return strings.TrimPrefix(l, "- ")
	}
	for _, l := range strings.Split(src, "\n") {
		m := mdHeading.FindStringSubmatch(l)
		if m == nil {
			switch layout {
			case "md", "bold":
				out = append(out, l)
			case "txt":
				out = append(out, plain(l))
			case "html":
				if p := plain(l); p != "" {
					out = append(out, "<p>"+html.EscapeString(p)+"</p>")
				}
			}
			continue
		}
		t := plain(m[2])
		if s := headNumber.ReplaceAllString(t, ""); s != t && s != "" {
			t = s
			titles = append(titles, t)
			m[2] = t
		}
		switch layout {
		case "md":
			out = append(out, m[1]+" "+m[2])
		case "txt":
			out = append(out, "", t, "")
		case "bold":
			// A paragraph of its own, as a converter writes it.
			out = append(out, "", "**"+t+"**", "")
		case "html":
			tag := "h3"
			if len(m[1]) <= 2 {
				tag = "h2"
			}
			out = append(out, "<"+tag+">"+html.EscapeString(t)+"</"+tag+">")
		}
	}
	ext := map[string]string{"md": ".md", "txt": ".txt", "bold": ".md", "html": ".html"}[layout]
	if layout == "html" {
		out = append(out, "</body></html>")
	}
	return "variant-" + layout + ext, strings.Join(out, "\n"), titles
}

// TestGapsHeadingLayouts: a translation whose headings lost their
// numbers (the rules keeping theirs), written from the real file in
// four layouts, is read through its source in each as in Markdown:
// every heading the original translates is paired (no false missing),
// no heading's line is glued to the rule before it, and the draft holds
// each heading once, with no untranslated source heading beside it.
func TestGapsHeadingLayouts(t *testing.T) {
	for _, p := range headedPairs {
		src, orig := testcorpus.Doc(t, p[0]), testcorpus.Doc(t, p[1])
		raw, err := os.ReadFile(testcorpus.Path(t, p[1]))
		if err != nil {
			t.Fatal(err)
		}
		base := gaps.Options{}.Gaps(src, orig, nil)
		wasMissing := map[string]bool{}
		for _, f := range base.Findings {
			if f.Check == gaps.Missing {
				wasMissing[f.SourceID] = true
			}
		}
		for _, layout := range headLayouts {
			t.Run(p[1][strings.LastIndex(p[1], "/")+1:]+"/"+layout, func(t *testing.T) {
				name, text, titles := headLayoutVariant(string(raw), layout)
				if len(titles) < 5 {
					t.Fatalf("%d headings lost their numbers, want the variant to lose some", len(titles))
				}
				d, err := ingest.Options{Lang: orig.Lang}.Bytes(name, []byte(text))
				if err != nil {
					t.Fatal(err)
				}
				heading, line := map[string]bool{}, map[string]bool{}
				for _, h := range titles {
					heading[testcorpus.Key(h)], line[h] = true, true
				}
				for _, it := range d.Items {
					ls := strings.Split(it.Text, "\n")
					if len(ls) > 1 && line[strings.TrimSpace(ls[len(ls)-1])] {
						t.Errorf("%s: a heading is glued to its text: %q", it.ID, ls[len(ls)-1])
					}
				}
				r := gaps.Options{}.Gaps(src, d, nil)
				missing := 0
				for _, f := range r.Findings {
					// The source's numbered headings: those whose
					// numbers the variant removed.
					if f.Check == gaps.Missing && strings.HasPrefix(f.SourceID, "sec:") && !strings.HasPrefix(f.SourceID, "sec:_") && !wasMissing[f.SourceID] {
						missing++
						t.Errorf("missing %s: %s", f.SourceID, f.Message)
					}
				}
				// The draft as sync writes it (Markdown, framed by the
				// source's and the translation's texts).
				dr := gaps.Options{}.Sync(src, d, nil)
				srcText, err := os.ReadFile(testcorpus.Path(t, p[0]))
				if err != nil {
					t.Fatal(err)
				}
				var out strings.Builder
				if _, err := reports.WriteDraft(&out, dr, reports.DraftOptions{SourceText: string(srcText), TranslationText: text}); err != nil {
					t.Fatal(err)
				}
				held := map[string]int{} // heading key -> draft and orphan lines holding it
				for _, l := range strings.Split(out.String(), "\n") {
					l = strings.TrimSpace(mdTags.ReplaceAllString(headMark.ReplaceAllString(idMark.ReplaceAllString(l, ""), ""), ""))
					// A heading line may keep the source's label before
					// the translation's title ("Article 3: title", from
					// HTML): the title ends it.
					for h := range heading {
						if k := testcorpus.Key(l); strings.HasSuffix(k, h) && len(k)-len(h) <= 20 {
							held[h]++
						}
					}
				}
				for _, o := range dr.Orphans {
					for _, s := range []string{o.Target.Title, o.Target.Text} {
						for _, l := range strings.Split(s, "\n") {
							if heading[testcorpus.Key(l)] {
								held[testcorpus.Key(l)]++
							}
						}
					}
				}
				// The source's heading is never added, untranslated,
				// where the translation's is in the draft; a review
				// note that names items printing one number names each
				// once, and never claims a number for a heading that
				// prints none.
				for k := range dr.Entries {
					e := &dr.Entries[k]
					for _, why := range e.Review {
						m := printedTwice.FindStringSubmatch(why)
						if m == nil {
							continue
						}
						names := strings.Split(m[2], ", ")
						if len(slices.Compact(slices.Sorted(slices.Values(names)))) != len(names) || m[3] == "" {
							t.Errorf("%s: %q names an item twice or none", e.Source.ID, why)
						}
						if e.Target != nil && e.Target.Text == "" && heading[testcorpus.Key(e.Target.Title)] {
							t.Errorf("%s: %q, of a heading %q that prints no number", e.Source.ID, why, e.Target.Title)
						}
					}
					if e.Source.Kind == corpus.KindSection && e.Target == nil && e.Source.Number != "" && !wasMissing[e.Source.ID] {
						t.Errorf("%s: the draft adds the source's heading %q untranslated", e.Source.ID, e.Source.Title)
					}
				}
				lost := 0
				for _, h := range titles {
					if held[testcorpus.Key(h)] == 0 {
						lost++
						t.Errorf("the heading %q is neither in the draft nor orphaned", h)
					}
				}
				twice := 0
				for _, h := range titles {
					if held[testcorpus.Key(h)] > 1 {
						twice++
					}
				}
				t.Logf("%d headings without numbers: %d false missing, %d lost from the draft, %d written more than once", len(titles), missing, lost, twice)
			})
		}
	}
}
