package ingest_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
)

// twoRuns is a document of two numberings that both start at 1 with no
// heading between them: rules 1 to n1, then n2 items whose labels print
// a word or letters before their number, joined ("RP-1") or apart
// ("Addendum 1:").
type twoRuns struct {
	format string // "txt", "md" or "html"
	n1, n2 int
	prefix string
	joined bool
	// list: the first numbering is an ordered list (Markdown "1.",
	// HTML <ol> that prints no numbers) rather than paragraphs.
	list bool
}

func (c twoRuns) String() string {
	sep := " "
	if c.joined {
		sep = "-"
	}
	return fmt.Sprintf("%s %d+%d %s%s1 list=%v", c.format, c.n1, c.n2, c.prefix, sep, c.list)
}

// first and second are the texts of the items of each run, each found
// once in the document.
func (c twoRuns) first(k int) string {
	return fmt.Sprintf("Players must keep point %d of the seating order.", k)
}

func (c twoRuns) second(k int) string {
	return fmt.Sprintf("The referee should check point %d of the dealing.", k)
}

func (c twoRuns) secondLabel(k int) string {
	switch {
	case c.prefix == "" && c.format == "md":
		return fmt.Sprintf("%d\\.", k)
	case c.prefix == "":
		return fmt.Sprintf("%d.", k)
	case c.joined:
		return fmt.Sprintf("%s-%d", c.prefix, k)
	}
	return fmt.Sprintf("%s %d:", c.prefix, k)
}

// doc writes the document in its format.
func (c twoRuns) doc() string {
	var b strings.Builder
	switch c.format {
	case "txt":
		b.WriteString("Club Rules\n\n")
		for k := 1; k <= c.n1; k++ {
			fmt.Fprintf(&b, "%d. %s\n", k, c.first(k))
		}
		b.WriteString("\n")
		for k := 1; k <= c.n2; k++ {
			fmt.Fprintf(&b, "%s %s\n", c.secondLabel(k), c.second(k))
		}
	case "md":
		b.WriteString("# Club Rules\n\n")
		for k := 1; k <= c.n1; k++ {
			if c.list {
				fmt.Fprintf(&b, "%d. %s\n", k, c.first(k))
			} else {
				fmt.Fprintf(&b, "%d\\. %s\n\n", k, c.first(k))
			}
		}
		for k := 1; k <= c.n2; k++ {
			fmt.Fprintf(&b, "\n%s %s\n", c.secondLabel(k), c.second(k))
		}
	case "html":
		b.WriteString("<!DOCTYPE html>\n<html><head><title>Club Rules</title></head><body>\n<h1>Club Rules</h1>\n")
		if c.list {
			b.WriteString("<ol>\n")
		}
		for k := 1; k <= c.n1; k++ {
			if c.list {
				fmt.Fprintf(&b, "<li>%s</li>\n", c.first(k))
			} else {
				fmt.Fprintf(&b, "<p>%d. %s</p>\n", k, c.first(k))
			}
		}
		if c.list {
			b.WriteString("</ol>\n")
		}
		for k := 1; k <= c.n2; k++ {
			fmt.Fprintf(&b, "<p>%s %s</p>\n", c.secondLabel(k), c.second(k))
		}
		b.WriteString("</body></html>\n")
	}
	return b.String()
}

// Two numberings that both start at 1 with nothing between them and no
// word that tells them apart ("1." to "3." twice) are as often a list in
// the preamble or in the last item as two numberings: each item of both
// is an item, or a warning says which run was kept as text (the run
// right under the title heading is named as a list under a heading). No
// text is lost either way.
func TestTwoBareRunsWarn(t *testing.T) {
	for k := range 24 {
		c := twoRuns{
			format: []string{"txt", "md", "html"}[k%3],
			n1:     3 + k/3%2,
			n2:     3 + k/6%2,
			list:   k/12%2 == 1,
		}
		t.Run(c.String(), func(t *testing.T) {
			d := readTwoRuns(t, c)
			warned := false
			for _, n := range d.Notes {
				warned = warned || strings.HasPrefix(n, ingest.WarningNote+"numberings that start again with nothing between them") ||
					strings.HasPrefix(n, ingest.WarningNote+"lists numbered again under a heading")
			}
			for _, p := range c.check(d) {
				if strings.HasSuffix(p, "text lost") || !warned && !strings.HasPrefix(p, "warning: ") {
					t.Error(p)
				}
			}
		})
	}
}

// check says what is wrong with d, the document read from c.doc(): each
// item of both runs an item of its own, numbered as printed, with an id
// no other item has; none of their text in a preamble or a section.
func (c twoRuns) check(d *corpus.Document) []string {
	var bad []string
	ids := map[string]bool{}
	for _, it := range d.Items {
		id := it.ID
		if ids[id] {
			bad = append(bad, "id given twice: "+id)
		}
		ids[id] = true
	}
	find := func(text string) *corpus.Item {
		for i := range d.Items {
			if strings.Contains(d.Items[i].Text, text) || strings.Contains(d.Items[i].Title, text) {
				return &d.Items[i]
			}
		}
		return nil
	}
	look := func(run int, k int, text string) {
		it := find(text)
		switch {
		case it == nil:
			bad = append(bad, fmt.Sprintf("run %d item %d: text lost", run, k))
		case it.Kind == corpus.KindPreamble || it.Kind == corpus.KindSection:
			bad = append(bad, fmt.Sprintf("run %d item %d: in %s %s", run, k, it.Kind, it.ID))
		case strings.TrimSpace(it.Text) != text && it.Title != text:
			bad = append(bad, fmt.Sprintf("run %d item %d: in item %s with other text: %q", run, k, it.ID, it.Text))
		case !strings.HasSuffix(it.Number, fmt.Sprint(k)):
			bad = append(bad, fmt.Sprintf("run %d item %d: numbered %q (%s)", run, k, it.Number, it.ID))
		}
	}
	for k := 1; k <= c.n1; k++ {
		look(1, k, c.first(k))
	}
	for k := 1; k <= c.n2; k++ {
		look(2, k, c.second(k))
	}
	for _, n := range d.Notes {
		if strings.HasPrefix(n, ingest.WarningNote) {
			bad = append(bad, "warning: "+n)
		}
	}
	return bad
}

// readTwoRuns reads c's document as a file of its format would be.
func readTwoRuns(t *testing.T, c twoRuns) *corpus.Document {
	t.Helper()
	d, err := ingest.Options{}.Bytes("rules."+c.format, []byte(c.doc()))
	if err != nil {
		t.Fatalf("%v: %v", c, err)
	}
	return d
}

// Two numberings that both start at 1 with no heading between them are
// both items: rules 1-3 then RP-1 to RP-3 in plain text, a Markdown list
// 1-3 then "Addendum 1:" paragraphs.
func TestTwoRunsWithoutHeading(t *testing.T) {
	for _, c := range []twoRuns{
		{format: "txt", n1: 3, n2: 3, prefix: "RP", joined: true},
		{format: "txt", n1: 3, n2: 4, prefix: "RP", joined: true},
		{format: "md", n1: 3, n2: 3, prefix: "Addendum", list: true},
	} {
		t.Run(c.String(), func(t *testing.T) {
			d := readTwoRuns(t, c)
			for _, p := range c.check(d) {
				t.Error(p)
			}
			if t.Failed() {
				for _, it := range d.Items {
					t.Logf("%s %q %q", it.ID, it.Number, it.Text)
				}
			}
		})
	}
}

// randomWord is a word of n letters that no label grammar reads as a
// number (no roman numeral's letters), capitalized or in capitals.
func randomWord(r *rand.Rand, n int, caps bool) string {
	const letters = "abefghjknopqrstuwyz"
	var b strings.Builder
	for k := range n {
		l := letters[r.IntN(len(letters))]
		if caps || k == 0 {
			l -= 'a' - 'A'
		}
		b.WriteByte(l)
	}
	return b.String()
}

// The same, with the second numbering's word made of random letters, in
// plain text, Markdown and HTML, its labels joined to the word or apart,
// the runs of three or four items each, the first printed or an ordered
// list: its structure tells the second numbering apart, not its word.
func TestTwoRunsRandomPrefix(t *testing.T) {
	r := rand.New(rand.NewPCG(32, 2))
	for k := range 48 {
		joined := k%2 == 0
		c := twoRuns{
			format: []string{"txt", "md", "html"}[k%3],
			n1:     3 + k/3%2,
			n2:     3 + k/6%2,
			joined: joined,
			list:   k/12%2 == 1,
		}
		if joined {
			c.prefix = randomWord(r, 2+r.IntN(3), true)
		} else {
			c.prefix = randomWord(r, 4+r.IntN(5), r.IntN(4) == 0)
		}
		t.Run(c.String(), func(t *testing.T) {
			d := readTwoRuns(t, c)
			for _, p := range c.check(d) {
				t.Error(p)
			}
		})
	}
}
