package ingest_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
)

// Chapters whose headings number one another ("## Chapter 1" ..), each
// over an ordered list that starts again at 1: the chapters are the
// items, by their printed numbers, and each list numbers within its
// chapter, whatever its length and whatever word the headings print.

// chapters is such a document: a title, then one heading per chapter,
// each over a list of items[d] items.
type chapters struct {
	format string // "md", "html" or "txt" (a line of its own heads each chapter)
	head   string // the heading of chapter %d: "Chapter %d", "%d. Scope", "%d"
	items  []int  // the list's length under each chapter
	// goesOn: the lists go on across the chapters (1..n through them all)
	// instead of starting again under each (Markdown only).
	goesOn bool
}

func (c chapters) String() string {
	return fmt.Sprintf("%s %q goesOn=%v %v", c.format, c.head, c.goesOn, c.items)
}

func (c chapters) doc() string {
	d := chapterDoc{format: c.format, goesOn: c.goesOn}
	for ch, k := range c.items {
		d.heads = append(d.heads, fmt.Sprintf(c.head, ch+1))
		var list []string
		for i := 1; i <= k; i++ {
			list = append(list, fmt.Sprintf("Players keep point %d of the order of chapter %d.", i, ch+1))
		}
		d.lists = append(d.lists, list)
	}
	return d.doc()
}

// want is the names the items must give (names): each chapter d and
// its list's items d.k; where the lists go on, each chapter d (a section
// named by the number it prints) and the items 1..n.
func (c chapters) want() []string {
	var out []string
	n := 0
	for d, k := range c.items {
		out = append(out, fmt.Sprint(d+1))
		for i := 1; i <= k; i++ {
			n++
			if c.goesOn {
				out = append(out, fmt.Sprint(n))
			} else {
				out = append(out, fmt.Sprintf("%d.%d", d+1, i))
			}
		}
	}
	slices.Sort(out)
	return out
}

var idParen = regexp.MustCompile(`\((\w+)\)`)

// names are what d's items are named by, as the truth scorer names them:
// each item's id without its kind, and each part's as that id, a dot and
// its label; a number in parentheses, "2(3)", as "2.3".
func names(d *corpus.Document) []string {
	var out []string
	for _, it := range d.Items {
		_, id, _ := strings.Cut(it.ID, ":")
		id = idParen.ReplaceAllString(id, ".$1")
		out = append(out, id)
		for _, p := range it.Parts {
			out = append(out, id+"."+p.Label)
		}
	}
	slices.Sort(out)
	return out
}

// headingWords are words of chapter headings in other scripts, besides
// random ones.
var headingWords = []string{"Глава", "Κεφάλαιο", "Գլուխ", "თავი", "פרק", "الفصل", "अध्याय", "บท", "Bölüm", "Ɛkyɛfa"}

// A generator of such documents, in Markdown, HTML and plain text, with
// lists of 2 to 20 items and headings that print random letters, a word
// of another script, a number and a title, or the number alone: every document
// gives its chapters 1..n and their items d.k, the same ids whatever the
// headings' words. Where the lists go on across the chapters, they are
// the numbering, and the chapters its sections (sec:1 ..).
func TestHeadedListsGenerated(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 6))
	for k := range 60 {
		c := chapters{format: []string{"md", "html", "txt"}[k%3], goesOn: k%6 == 5}
		if c.goesOn {
			c.format = "md"
		}
		c.items = make([]int, 3+r.IntN(8))
		for d := range c.items {
			c.items[d] = 2 + r.IntN(19)
		}
		if k%4 == 0 {
			// Short and long lists in one document.
			c.items[r.IntN(len(c.items))] = 2
		}
		heads := []string{
			randomWord(r, 3+r.IntN(6), r.IntN(3) == 0) + " %d",
			headingWords[r.IntN(len(headingWords))] + " %d",
			"%d",
			"%d. " + randomWord(r, 4+r.IntN(5), false),
			randomWord(r, 4, false) + " %d: " + randomWord(r, 6, false),
		}
		var first []string // the ids of the first heading form
		for _, h := range heads {
			if c.format == "txt" && strings.HasPrefix(h, "%d. ") {
				// In plain text, "1. Scope" over "1. Players keep ..."
				// prints its heading as it does its items: nothing
				// but a full stop tells them apart.
				continue
			}
			c.head = h
			t.Run(c.String(), func(t *testing.T) {
				d, err := ingest.Options{}.Bytes("rules."+c.format, []byte(c.doc()))
				if err != nil {
					t.Fatal(err)
				}
				var ids []string
				for _, it := range d.Items {
					ids = append(ids, it.ID)
				}
				if got, want := names(d), c.want(); !slices.Equal(got, want) {
					t.Errorf("names %v,\nwant %v\n(ids %v)", head(got, 30), head(want, 30), head(ids, 30))
				}
				if first == nil {
					first = ids
				} else if !slices.Equal(ids, first) {
					t.Errorf("ids %v, differ from %q's %v", head(ids, 30), heads[0], head(first, 30))
				}
			})
		}
	}
}

// lengthen rewrites a udhr page so that each article's numbered
// paragraphs are five or more: each paragraph split in pieces at white
// space (or, in a script that writes none, between characters), numbered
// again from 1. It returns the page and, by article (1-based), the
// number of paragraphs it now has (0 for an article it left alone).
// Markdown lists print their numbers ("1. "); HTML ones are <ol>s whose
// items print none.
func lengthen(page string, html bool) (string, []int) {
	lines := strings.Split(page, "\n")
	var out []string
	var counts []int
	var list []string // the paragraphs of the list being read
	flush := func() {
		if len(list) == 0 {
			return
		}
		per := max(2, (5+len(list)-1)/len(list))
		n := 0
		for _, p := range list {
			for _, piece := range splitText(p, per) {
				n++
				if html {
					out = append(out, "<li>"+piece+"</li>")
				} else {
					out = append(out, fmt.Sprintf("%d. %s", n, piece))
				}
			}
		}
		counts[len(counts)-1] = n
		list = nil
	}
	mdItem := regexp.MustCompile(`^[0-9]+\. (.*)$`)
	for _, ln := range lines {
		switch {
		case !html && strings.HasPrefix(ln, "## "), html && strings.HasPrefix(ln, "<h2>"):
			flush()
			counts = append(counts, 0)
			out = append(out, ln)
		case html && strings.HasPrefix(ln, "<li>") && strings.HasSuffix(ln, "</li>") && len(counts) > 0 && startsWithLetter(ln[len("<li>"):]):
			list = append(list, strings.TrimSuffix(strings.TrimPrefix(ln, "<li>"), "</li>"))
		case !html && mdItem.MatchString(ln) && len(counts) > 0:
			list = append(list, mdItem.FindStringSubmatch(ln)[1])
		default:
			flush()
			out = append(out, ln)
		}
	}
	flush()
	return strings.Join(out, "\n"), counts
}

// startsWithLetter reports whether s starts with a letter: an HTML list
// item that prints no number of its own ("(१)", "፩/፡" do), whose
// pieces are numbered by their places alone.
func startsWithLetter(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsLetter(r)
}

// splitText cuts s in n pieces of about one length, at white space where
// it has some, each piece non-empty.
func splitText(s string, n int) []string {
	words := strings.Fields(s)
	if len(words) < n {
		// A script written without spaces: cut between characters.
		rs := []rune(s)
		words = nil
		for i := range n {
			words = append(words, string(rs[i*len(rs)/n:(i+1)*len(rs)/n]))
		}
		return words
	}
	var out []string
	for i := range n {
		out = append(out, strings.Join(words[i*len(words)/n:(i+1)*len(words)/n], " "))
	}
	return out
}

// TestUDHRLongLists lengthens the numbered paragraphs of the udhr
// articles, at run time from the real pages (Markdown lists that print
// their numbers, HTML <ol>s): each list of two to four paragraphs split
// into five or more. The articles keep their ids, and each lengthened
// article names all its paragraphs (N.k) as before it named its two to
// four: five items are no numbering of their own under headings that
// number one another.
func TestUDHRLongLists(t *testing.T) {
	dir, files := udhrFiles(t)
	done := 0
	for _, name := range files {
		html := strings.HasSuffix(name, ".html")
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		page, counts := lengthen(string(data), html)
		lengthened := 0
		for _, n := range counts {
			if n > 0 {
				lengthened++
			}
		}
		if lengthened == 0 {
			continue // its lists print their numbers otherwise
		}
		done++
		t.Run(name, func(t *testing.T) {
			orig, err := ingest.Options{}.Read(name, bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			d, err := ingest.Options{}.Read(name, strings.NewReader(page))
			if err != nil {
				t.Fatal(err)
			}
			if got, want := articleIDs(d), articleIDs(orig); !slices.Equal(got, want) {
				t.Errorf("article ids %v,\nwant %v", head(got, 40), head(want, 40))
			}
			have := map[string]bool{}
			for _, n := range names(d) {
				have[n] = true
			}
			// The headings' sections (the preamble's) come first: the
			// articles are the last len(counts) headings.
			arts := articleIDs(orig)
			if len(arts) != 30 {
				t.Fatalf("%d articles in the original, want 30", len(arts))
			}
			var missing []string
			for a, n := range counts[len(counts)-30:] {
				_, id, _ := strings.Cut(arts[a], ":")
				for k := 1; k <= n; k++ {
					if p := fmt.Sprintf("%s.%d", id, k); !have[p] {
						missing = append(missing, p)
					}
				}
			}
			if len(missing) > 0 {
				t.Errorf("%d paragraphs not named: %v", len(missing), head(missing, 20))
			}
		})
	}
	// The pages whose lists the test lengthens: not a test that passes
	// by finding none.
	if done < 20 {
		t.Errorf("%d udhr pages lengthened, want 20 or more", done)
	}
}
