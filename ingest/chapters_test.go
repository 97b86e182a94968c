package ingest_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// Chapters built at test time from the real text of the udhr pages (40
// languages, 23 scripts): two to twenty headings, each over a list of
// the page's own paragraphs, printed in Markdown, HTML and plain text.
// Each chapter heading prints a word of the page, a number in one of
// several numeral systems (or none at all) and a title; the lists
// start again under each heading, or go on through them all. Whatever
// the headings print, the ids are those of the numbered equivalent,
// whose headings print the same word with ASCII digits.

// udhrText is what a page lends the generated documents: its paragraphs
// and the words of its text.
type udhrText struct {
	paras []string // the paragraphs under the page's headings
	words []string // distinct words of them (letters only, at most 8 runes)
}

// readUDHR reads a udhr Markdown page's paragraphs and words.
func readUDHR(t *testing.T, path string) udhrText {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var u udhrText
	seen := map[string]bool{}
	articles := false
	for ln := range strings.SplitSeq(string(data), "\n") {
		ln = strings.TrimSpace(ln)
		switch {
		case strings.HasPrefix(ln, "#"):
			articles = articles || strings.HasPrefix(ln, "## ")
			continue
		case ln == "" || !articles:
			continue
		}
		// A paragraph that starts with a letter (not "1. ", "(a)"), so
		// that it prints no label of its own.
		// Its first word is not one letter ("2. a közgyűlés" reads as
		// the label 2a). And it is a sentence, not a line a title could
		// be ("Pernyataan Umum tentang Hak-Hak Asasi Manusia"): longer
		// than a title, or ending as a sentence does.
		first, _, _ := strings.Cut(ln, " ")
		last, _ := utf8.DecodeLastRuneInString(ln)
		sentence := utf8.RuneCountInString(ln) > 80 || utf8.RuneCountInString(ln) >= 40 && unicode.Is(unicode.Sentence_Terminal, last)
		// No number in it ("ຂໍ້ 1." inside a paragraph prints a part).
		if r, _ := utf8.DecodeRuneInString(ln); !unicode.IsLetter(r) || utf8.RuneCountInString(first) < 2 || !sentence || strings.IndexFunc(ln, unicode.IsDigit) >= 0 {
			continue
		}
		u.paras = append(u.paras, ln)
		for _, w := range strings.FieldsFunc(ln, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsMark(r) }) {
			if rs := []rune(w); len(rs) > 8 {
				w = string(rs[:8])
			}
			if utf8.RuneCountInString(w) >= 2 && !seen[w] {
				seen[w] = true
				u.words = append(u.words, w)
			}
		}
	}
	return u
}

// chapterDoc is one generated document.
type chapterDoc struct {
	format string // "md", "html" or "txt"
	heads  []string
	lists  [][]string // each chapter's list
	goesOn bool       // the lists' numbers go on through the chapters
}

func (c chapterDoc) String() string {
	var n []int
	for _, l := range c.lists {
		n = append(n, len(l))
	}
	return fmt.Sprintf("%s goesOn=%v %q.. %v", c.format, c.goesOn, c.heads[0], n)
}

func (c chapterDoc) doc() string {
	var b strings.Builder
	switch c.format {
	case "html":
		b.WriteString("<html><head><title>Book of Rules</title></head><body>\n<h1>Book of Rules</h1>\n")
	case "txt":
		b.WriteString("Book of Rules\n\n")
	default:
		b.WriteString("# Book of Rules\n\n")
	}
	n := 0
	for d, h := range c.heads {
		switch c.format {
		case "html":
			if c.goesOn {
				fmt.Fprintf(&b, "<h2>%s</h2>\n<ol start=\"%d\">\n", h, n+1)
			} else {
				fmt.Fprintf(&b, "<h2>%s</h2>\n<ol>\n", h)
			}
		case "txt":
			fmt.Fprintf(&b, "%s\n\n", h)
		default:
			fmt.Fprintf(&b, "## %s\n\n", h)
		}
		for i, text := range c.lists[d] {
			n++
			k := i + 1
			if c.goesOn {
				k = n
			}
			switch c.format {
			case "html":
				fmt.Fprintf(&b, "<li>%s</li>\n", text)
			case "txt":
				fmt.Fprintf(&b, "%d. %s\n\n", k, text)
			default:
				fmt.Fprintf(&b, "%d. %s\n", k, text)
			}
		}
		if c.format == "html" {
			b.WriteString("</ol>\n")
		} else {
			b.WriteString("\n")
		}
	}
	if c.format == "html" {
		b.WriteString("</body></html>\n")
	}
	return b.String()
}

// want is the names the numbered equivalent's items give: each chapter
// d and its list's items d.k; where the lists go on, each chapter d (a
// section) and the items 1..n.
func (c chapterDoc) want() []string {
	var out []string
	n := 0
	for d, l := range c.lists {
		out = append(out, fmt.Sprint(d+1))
		for i := range l {
			n++
			if c.goesOn {
				out = append(out, fmt.Sprint(n))
			} else {
				out = append(out, fmt.Sprintf("%d.%d", d+1, i+1))
			}
		}
	}
	slices.Sort(out)
	return out
}

// zeros are the digit zeros of the numeral systems the headings print
// besides ASCII: Arabic-Indic, Persian, Devanagari, Bengali, Thai and
// full-width.
var zeros = []rune{'٠', '۰', '०', '০', '๐', '０'}

// inDigits writes n with the digits that zero starts.
func inDigits(n int, zero rune) string {
	var b strings.Builder
	for _, r := range fmt.Sprint(n) {
		b.WriteRune(zero + r - '0')
	}
	return b.String()
}

// romanNumeral writes n (1..39) in capital roman numerals.
func romanNumeral(n int) string {
	return strings.Repeat("X", n/10) + []string{"", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"}[n%10]
}

// cjkNumeral writes n (1..99) in CJK numerals, as "第十二章" prints it.
func cjkNumeral(n int) string {
	ds := []rune("〇一二三四五六七八九")
	var b strings.Builder
	if n >= 10 {
		if n/10 > 1 {
			b.WriteRune(ds[n/10])
		}
		b.WriteRune('十')
	}
	if n%10 > 0 {
		b.WriteRune(ds[n%10])
	}
	return b.String()
}

// headingForm is one way of printing chapter d's heading, given its
// word, its title (possibly empty) and the separator between them.
type headingForm struct {
	name string
	head func(d int, word, title, sep string) string
	// restartOnly: a form whose headings print no number, which are
	// divisions by their places only over lists that start again
	// under them.
	restartOnly bool
	// noTxt: in plain text, "1. Scope" over "1. Players keep ..."
	// prints its heading as it does its items.
	noTxt bool
}

func withTitle(s, title, sep string) string {
	if title == "" {
		return s
	}
	return s + sep + title
}

// TestChaptersGenerated builds documents of chapters from every udhr
// Markdown page and checks that every form of heading gives the ids
// of the numbered equivalent, whose names are the chapters and their
// items.
func TestChaptersGenerated(t *testing.T) {
	dir, files := testcorpus.UDHRFiles(t)
	r := rand.New(rand.NewPCG(32, 3))
	forms := []headingForm{
		{name: "ascii", head: func(d int, w, title, sep string) string { return withTitle(fmt.Sprintf("%s %d", w, d), title, sep) }},
		{name: "digits", head: nil}, // set per document: one numeral system
		{name: "roman", head: func(d int, w, title, sep string) string { return withTitle(w+" "+romanNumeral(d), title, sep) }},
		{name: "cjk", head: func(d int, _, title, sep string) string { return withTitle("第"+cjkNumeral(d)+"章", title, " ") }},
		{name: "bare", noTxt: true, head: func(d int, _, title, sep string) string { return withTitle(fmt.Sprintf("%d.", d), title, " ") }},
		{name: "words", restartOnly: true, head: nil}, // set per document: a word of the page for each number
	}
	done := 0
	for fi, name := range files {
		if !strings.HasSuffix(name, ".md") {
			continue
		}
		u := readUDHR(t, filepath.Join(dir, name))
		if len(u.paras) < 10 || len(u.words) < 60 {
			t.Fatalf("%s: %d paragraphs, %d words: the page was not read", name, len(u.paras), len(u.words))
		}
		for k := range 3 {
			c := chapterDoc{format: []string{"md", "html", "txt"}[(fi+k)%3], goesOn: r.IntN(3) == 0}
			n := 2 + r.IntN(19)
			if k == 0 {
				n = 2 + r.IntN(2) // the fewest: two or three chapters
			}
			words := slices.Clone(u.words)
			r.Shuffle(len(words), func(i, j int) { words[i], words[j] = words[j], words[i] })
			word, words := words[0], words[1:]
			titles := make([]string, n)
			if r.IntN(3) > 0 {
				for d := range titles {
					titles[d], words = words[0], words[1:]
				}
			}
			sep := []string{": ", ". ", " "}[r.IntN(3)]
			numbers := words[:n] // "words": a word of the page for each number
			zero := zeros[r.IntN(len(zeros))]
			p := r.IntN(len(u.paras))
			for range n {
				m := 1 + r.IntN(6) // a list of one among longer ones
				if c.goesOn && m == 1 {
					// One item a chapter, numbered on (1, 2, ...), reads
					// as well as each chapter's first: not generated.
					m = 2
				}
				var l []string
				for range m {
					l = append(l, u.paras[p%len(u.paras)])
					p++
				}
				c.lists = append(c.lists, l)
			}
			if !longtest.On() && k != fi%3 {
				// The quick suite reads one of the three documents of
				// each page (made all the same, so that the pages'
				// random choices are those of -tags long).
				continue
			}
			var first []string
			for _, f := range forms {
				mk := f.head
				switch f.name {
				case "digits":
					mk = func(d int, w, title, sep string) string { return withTitle(w+" "+inDigits(d, zero), title, sep) }
				case "words":
					mk = func(d int, w, title, sep string) string { return withTitle(w+" "+numbers[d-1], title, sep) }
				}
				if f.restartOnly && c.goesOn || f.noTxt && c.format == "txt" || (f.name == "roman" || f.name == "words") && c.format == "txt" {
					continue
				}
				c.heads = nil
				for d := range n {
					c.heads = append(c.heads, mk(d+1, word, titles[d], sep))
				}
				t.Run(fmt.Sprintf("%s/%s/%s", name, f.name, c), func(t *testing.T) {
					d, err := ingest.Options{}.Bytes("rules."+c.format, []byte(c.doc()))
					if err != nil {
						t.Fatal(err)
					}
					var ids []string
					for _, it := range d.Items {
						ids = append(ids, it.ID)
					}
					if first == nil {
						first = ids
						if got, want := names(d), c.want(); !slices.Equal(got, want) {
							t.Errorf("names %v,\nwant %v\n(ids %v)", head(got, 30), head(want, 30), head(ids, 30))
						}
					} else if want := numberedAs(first, f.name == "roman", c.goesOn); !slices.Equal(ids, want) && !slices.Equal(ids, first) {
						t.Errorf("ids %v,\nwant the numbered equivalent's %v", head(ids, 30), head(want, 30))
					}
				})
				done++
			}
			if c.goesOn || titles[0] == "" || c.format == "txt" {
				continue
			}
			// Headings that share their first two words, then titles
			// ("Rules for Members", "Rules for Guests"): no word where
			// a number stands differs, and their places number nothing.
			c.heads = nil
			for d := range n {
				c.heads = append(c.heads, word+" "+numbers[0]+" "+titles[d])
			}
			t.Run(fmt.Sprintf("%s/shared/%s", name, c), func(t *testing.T) {
				d, err := ingest.Options{}.Bytes("rules."+c.format, []byte(c.doc()))
				if err != nil {
					t.Fatal(err)
				}
				for _, it := range d.Items {
					if it.Number != "" && slices.Contains(titles, it.Title) {
						t.Errorf("%s numbered %q, titled %q: a heading numbered by its place", it.ID, it.Number, it.Title)
					}
				}
			})
		}
	}
	if want := map[bool]int{true: 400, false: 120}[longtest.On()]; done < want {
		t.Errorf("%d documents generated, want %d or more", done, want)
	}
}

// numberedAs is the ids of the numbered equivalent (ids) as a form
// whose headings print roman numerals may name them: the chapters'
// numbers in roman numerals, as printed (the dev corpus's "I.2.1" keeps
// them), where they are not read as the numbers they stand for. Where
// the lists go on, only the chapters (sections) print them.
func numberedAs(ids []string, roman, goesOn bool) []string {
	if !roman {
		return ids
	}
	out := make([]string, len(ids))
	for k, id := range ids {
		kind, rest, _ := strings.Cut(id, ":")
		end := strings.IndexFunc(rest, func(r rune) bool { return r < '0' || r > '9' })
		if end < 0 {
			end = len(rest)
		}
		out[k] = id
		if n, err := strconv.Atoi(rest[:end]); err == nil && (!goesOn || kind == "sec") {
			out[k] = kind + ":" + romanNumeral(n) + rest[end:]
		}
	}
	return out
}
