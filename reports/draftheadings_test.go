package reports

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
)

// TestDraftMarkdownHeadings: a Markdown or text draft laid on a Markdown
// source's lines reads back with the source's ids. A marker of an
// unnumbered heading (stale: its text changed since the base) goes at
// the end of the heading line, where the text reader still takes the
// line for a heading, not before its "##".
func TestDraftMarkdownHeadings(t *testing.T) {
	articles := "\n\n## 1. Players\n\nThe game is played by two players.\n\n## 2. Moves\n\nEach player moves in turn.\n"
	trArticles := "\n\n## 1. Joueurs\n\nLa partie se joue à deux joueurs.\n\n## 2. Coups\n\nChaque joueur joue à son tour.\n"
	for _, c := range []struct{ name, base, src, tr string }{
		{
			name: "marker",
			base: "# Rules of play\n\n## Preface\n\nThe rules cover play at the board." + articles,
			src:  "# Rules of play\n\n## Preface\n\nThe rules cover play at the board and online." + articles,
			tr:   "# Règles du jeu\n\n## Préface\n\nLes règles couvrent le jeu sur l'échiquier." + trArticles,
		},
	} {
		docs := map[string]*corpus.Document{}
		for name, text := range map[string]string{"base": c.base, "src": c.src, "tr": c.tr} {
			if text == "" {
				continue
			}
			d, err := ingest.Options{}.Bytes(name+".md", []byte(text))
			if err != nil {
				t.Fatal(err)
			}
			docs[name] = d
		}
		for _, format := range []string{"md", "text"} {
			d := gaps.Options{}.Sync(docs["src"], docs["tr"], docs["base"])
			draft := writeInterchange(t, d, DraftOptions{Format: format, SourceText: c.src, TranslationText: c.tr, Now: time.Unix(1700000000, 0)})
			if faults := readBackFaults(d, format, []byte(draft)); len(faults) > 0 {
				t.Errorf("%s: %s draft reads back otherwise than written:\n\t%s\n%s", c.name, format, strings.Join(faults, "\n\t"), draft)
			}
		}
	}
}

// TestRelabelHeadingLevel: a translation's heading line takes the level
// of the source's heading (the translation's "##" under a title of its
// own where the source has "#"), so that the headings after it nest as
// the source's do; a line that is no ATX heading keeps its markup.
func TestRelabelHeadingLevel(t *testing.T) {
	for _, c := range []struct{ line, src, want string }{
		{"## Préface", "# Preface", "# Préface"},
		{"# Préface", "### Preface", "### Préface"},
		{"  ## Préface", "  # Preface", "  # Préface"},
		{"#Préface", "## Preface", "#Préface"},
		{"## Préface", "Preface", "## Préface"},
		{"**1.1** Texte", "## 1.1 Text", "**1.1** Texte"},
	} {
		if got := relabel([]string{c.line}, c.src, "", "", true)[0]; got != c.want {
			t.Errorf("relabel(%q on %q) = %q, want %q", c.line, c.src, got, c.want)
		}
	}
}

// TestListed: where the source's lines of an item are a list, the
// draft writes the translation's paragraphs as its entries: one that
// begins with a number of another script ("༡ ...", read as a label of
// its own in a paragraph) after a bullet, one that is a list entry
// itself as it is, a paragraph's further lines under the bullet's text.
func TestListed(t *testing.T) {
	got := listed("", [][]string{{"༡ སྐྱེ་བོ་རེ་རེར།"}, {"2. Nadie será privado."}, {"[a", "link](x)"}})
	want := []string{"", "- ༡ སྐྱེ་བོ་རེ་རེར།", "2. Nadie será privado.", "- [a", "  link](x)"}
	if !slices.Equal(got, want) {
		t.Errorf("listed = %q, want %q", got, want)
	}
	for line, want := range map[string]bool{"1. a": true, "- a": true, "  * a": true, "2)": true, "༡ a": false, "-a": false, "1.5 a": false} {
		if listItemRe.MatchString(line) != want {
			t.Errorf("listItemRe on %q: %v, want %v", line, !want, want)
		}
	}
}
