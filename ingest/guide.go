package ingest

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/lazyre"
	"github.com/rulesync/rulesync/internal/lexicon"
)

// The "guide" format is the text of a web page without rule numbers and
// without blank lines, every line a paragraph: headings (short lines
// without sentence punctuation), paragraphs, bulleted lists ("- "),
// numbered cards ("- 01" then a name and a description), runs of
// labelled steps (a short label, then one line), and Q&A (a question
// line, then its answer). Its block reader says only what that layout
// says: which line is a heading, a list item (with its marker, and the
// term, name or question the layout sets apart as its title), a titled
// paragraph (a step, a question and its answer), page furniture, or the
// page's title. Items, ids and parts are the structure recognizer's:
// each heading an item numbered by its place (item:N), the list items
// and titled paragraphs under it its parts (listparts.go).

func init() {
	register(&format{name: "guide", doc: "text of a guide or rules page without numbers (headings, bullets, Q&A)", parse: parseGuide, read: readGuide})
}

var (
	bulletRe     = lazyre.New(`^(?:[-*•・●▪]|\d{1,2}[.)])\s+(.*)$`)
	cardNumberRe = lazyre.New(`^[-*•・]\s*(\d{1,3})$`)
	// chromeWordsRe is the title of a table of contents (lexicon.Contents).
	chromeWordsRe = lazyre.NewFunc(func() string {
		return `(?i)^(?:` + lexicon.Alternation(lexicon.Words(lexicon.Contents, "")) + `)$`
	})
)

type guideLine int

const (
	glPara guideLine = iota
	glHeading
	glBullet
	glQuestion
	glChrome
)

func classifyGuide(l string) guideLine {
	switch {
	case cardNumberRe.MatchString(l):
		return glBullet
	case !strings.ContainsFunc(l, unicode.IsLetter):
		return glChrome
	case bulletRe.MatchString(l):
		return glBullet
	case strings.HasSuffix(l, "？") || strings.HasSuffix(l, "?"):
		return glQuestion
	case titleLike(l) && runeLen(l) <= 40 && !strings.Contains(l, "→"):
		return glHeading
	}
	return glPara
}

func parseGuide(text string, d *corpus.Document) error {
	_, err := readGuide(text, d)
	return err
}

// readGuide reads a guide page through its block reader and the
// structure recognizer. A page that names no rulebook takes its edition
// from the title its first line gives it.
func readGuide(text string, d *corpus.Document) (*structure, error) {
	bs := guideBlocks(text)
	st, err := fromBlocks(bs, d)
	if err != nil {
		return st, err
	}
	// A page whose blocks carry a numbering is no guide: the text
	// readers, which also read its blank lines, read it.
	if n := numberedItems(d); n > 0 {
		return st, fmt.Errorf("guide: %d numbered items found: a guide prints no numbers", n)
	}
	d.Title = ""
	for _, b := range bs {
		if b.chrome == "title" {
			d.Title = corpus.CleanLine(b.text)
		}
	}
	if d.Edition == "" && d.Title != "" {
		d.Edition = corpus.Slug(d.Title)
		d.Notes = append(d.Notes, "the source names no rulebook; edition taken from its title")
	}
	return st, nil
}

// guideLines is a guide page's lines without the empty ones, each with
// its class and its 1-based line in the source.
type guideLines struct {
	ls  []string
	cls []guideLine
	at  []int
	// titles are the lines read as a heading or a step's title.
	titles map[int]bool
}

func (g *guideLines) is(i int, c guideLine) bool {
	return i >= 0 && i < len(g.ls) && g.cls[i] == c
}

// pair reports whether line i is a label with exactly one line under it.
func (g *guideLines) pair(i int) bool {
	return g.is(i, glHeading) && g.is(i+1, glPara) && (i+2 >= len(g.ls) || g.is(i+2, glHeading))
}

// qa reports whether line i opens a question with its answer, in a run
// of at least two questions.
func (g *guideLines) qa(i int) bool {
	if !g.is(i, glQuestion) || !g.is(i+1, glPara) {
		return false
	}
	return g.is(i+2, glQuestion) || g.is(i-2, glQuestion) && g.is(i-1, glPara)
}

// guideBlocks reads a guide page as blocks. The first line is the page's
// title where it is a heading with another heading right under it (a
// heading with nothing of its own), page furniture where it names a table
// of contents; a line without letters is page furniture.
func guideBlocks(text string) []block {
	g := guideLines{titles: map[int]bool{}}
	for n, l := range guideText(text) {
		if l != "" {
			g.ls = append(g.ls, l)
			g.cls = append(g.cls, classifyGuide(l))
			g.at = append(g.at, n+1)
		}
	}
	g.wrapped()
	// A block is one line or more: room for a block a line, where
	// growing the slice by appending left up to a quarter unused.
	bs := make([]block, 0, len(g.ls))
	first := true // no line of text or heading yet
	for i := 0; i < len(g.ls); i++ {
		l, n := g.ls[i], g.at[i]
		head := g.is(i, glHeading) || g.is(i, glQuestion) && !g.qa(i)
		switch {
		case g.is(i, glChrome):
			bs = append(bs, block{text: l, line: n, chrome: "page chrome"})
			continue
		case first && head && chromeWordsRe.MatchString(l) && (g.is(i+1, glHeading) || g.is(i+1, glQuestion)):
			bs = append(bs, block{text: l, line: n, chrome: "page chrome"})
			continue
		case first && head && (g.is(i+1, glHeading) || g.is(i+1, glQuestion)):
			bs = append(bs, block{text: l, line: n, chrome: "title"})
			first = false
			continue
		}
		first = false
		var b block
		b, i = g.block(i)
		bs = append(bs, b)
	}
	return trimCap(bs)
}

// guideText is text as lines reads it: cleaned (corpus.Clean), cut into
// lines, each trimmed, a line all in bold without its marks (unbold).
// Where cleaning only trims the text's ends (a text that ends with a
// line break), the lines are slices of text itself, not of a cleaned
// copy: the blocks' texts are slices of the lines, and the
// copy was held beside the text while the recognizer read them (31 MB of
// a 32 MB page).
func guideText(text string) []string {
	c := corpus.Clean(text)
	if t := strings.TrimSpace(text); t == c {
		c = t
	}
	ls := strings.Split(c, "\n")
	for i := range ls {
		ls[i] = unbold(strings.TrimSpace(ls[i]))
	}
	return ls
}

// unbold is a line all in Markdown's strong emphasis ("**Article 1**",
// "__Article 1__") without its marks: a heading set in bold, whose
// label the recognizer reads where it starts the line. Other lines are
// returned as they are.
func unbold(l string) string {
	for _, m := range []string{"**", "__"} {
		in, ok := strings.CutPrefix(l, m)
		if in, ok2 := strings.CutSuffix(in, m); ok && ok2 && in != "" && !strings.Contains(in, m) && strings.TrimSpace(in) == in {
			return in
		}
	}
	return l
}

// block reads the block that starts at line i, and returns it with the
// index of its last line.
func (g *guideLines) block(i int) (block, int) {
	l, n := g.ls[i], g.at[i]
	switch g.cls[i] {
	case glBullet:
		return g.bullet(i)
	case glQuestion:
		if g.qa(i) {
			return block{text: l + "\n" + g.ls[i+1], rare: &blockRare{title: l, body: g.ls[i+1]}, line: n}, i + 1
		}
	case glHeading:
		// A run of two or more labels each with one line under it: the
		// first is a heading, the rest are titled paragraphs (steps).
		if g.pair(i) && g.titles[i-2] && g.pair(i-2) && g.is(i-1, glPara) {
			g.titles[i] = true
			return block{text: l + "\n" + g.ls[i+1], rare: &blockRare{title: l, body: g.ls[i+1]}, line: n}, i + 1
		}
	default:
		// A line after a blank one opens a paragraph (block.opens): a
		// run of them that numbers itself ("1-бап.") is a numbering,
		// and the page no guide.
		return block{text: l, line: n, opens: i == 0 || g.at[i-1] < n-1}, i
	}
	g.titles[i] = true
	return block{text: l, kind: blockHeading, level: 1, line: n}, i
}

// bullet reads the list item that starts at line i: a card ("- 01",
// its name, its description), a term and its definition (a short bullet
// before a sentence bullet), or a bullet with the lines up to the next
// bullet or heading, its wrapped continuation.
func (g *guideLines) bullet(i int) (block, int) {
	l, n := g.ls[i], g.at[i]
	// Every bullet has its marker: rare fields of its own.
	b := block{kind: blockItem, depth: 1, line: n, rare: &blockRare{marker: "-"}}
	if m := cardNumberRe.FindStringSubmatch(l); m != nil {
		b.rare.marker = m[1]
		lns := []string{l}
		if g.is(i+1, glHeading) {
			i++
			b.rare.title = g.ls[i]
			lns = append(lns, g.ls[i])
		}
		if g.is(i+1, glPara) {
			i++
			b.rare.body = g.ls[i]
			lns = append(lns, g.ls[i])
		}
		b.text = strings.Join(lns, "\n")
		return b, i
	}
	item := bulletRe.FindStringSubmatch(l)[1]
	if titleLike(item) && runeLen(item) <= 15 && g.is(i+1, glBullet) && !cardNumberRe.MatchString(g.ls[i+1]) {
		if def := bulletRe.FindStringSubmatch(g.ls[i+1])[1]; endsSentence(def) {
			b.rare.title, b.rare.body, b.text = item, def, l+"\n"+g.ls[i+1]
			return b, i + 1
		}
	}
	lns, wrapped := []string{l}, []string{item}
	for g.is(i+1, glPara) {
		i++
		lns = append(lns, g.ls[i])
		wrapped = append(wrapped, g.ls[i])
	}
	b.text, b.rare.body = strings.Join(lns, "\n"), corpus.JoinLines(wrapped, nil)
	return b, i
}

// wrapped reads as paragraph lines the short lines without sentence
// punctuation that the evidence around them makes lines of a paragraph
// or of a list, not headings. None follows a line that ends in a comma
// (endsComma: the clause goes on) or ends a sentence inside brackets
// (endsInside). In a hard-wrapped text (hardWrapped: "この文書は、Debian
// プロジェクトの公式な意思決定に関わる" then "組織構成について記述する。"), a
// heading is also less than half as wide as the widest of the (up to
// three) lines of text after it (the lines of a wrapped paragraph are
// about as wide as one another), and three short lines in a row or more
// are the entries of a list that prints no markers, but the last two (a
// section heading and its first subsection's may follow one another).
// Widths are in columns (corpus.Width): a text is wrapped at a width,
// whatever its script.
func (g *guideLines) wrapped() {
	was := slices.Clone(g.cls)
	wrap := g.hardWrapped()
	for i := range g.ls {
		if was[i] != glHeading {
			continue
		}
		l := g.ls[i]
		text := 0 // the width of the widest of the next lines of text
		for k := i + 1; wrap && k < len(g.ls) && k <= i+3 && was[k] == glPara; k++ {
			text = max(text, corpus.Width(g.ls[k]))
		}
		wide := text > 0 && 2*corpus.Width(l) >= text
		if wide || endsInside(l) || i > 0 && endsComma(g.ls[i-1]) {
			g.cls[i] = glPara
		}
	}
	if !wrap {
		return
	}
	was = slices.Clone(g.cls)
	for i := 0; i+2 < len(g.ls); i++ {
		if was[i] == glHeading && was[i+1] == glHeading && was[i+2] == glHeading {
			g.cls[i] = glPara
		}
	}
}

// hardWrapped reports whether the page's lines of text are cut at a
// width, not at the ends of paragraphs: a third of them or more (of at
// least six) end within a sentence, in no sentence terminal and no colon.
func (g *guideLines) hardWrapped() bool {
	text, within := 0, 0
	for i, l := range g.ls {
		if g.cls[i] != glPara {
			continue
		}
		text++
		t := strings.TrimRightFunc(l, func(r rune) bool { return unicode.In(r, unicode.Pe, unicode.Pf) || r == '"' || r == '\'' })
		if r, _ := utf8.DecodeLastRuneInString(t); !unicode.Is(unicode.Sentence_Terminal, r) && r != ':' && r != '：' {
			within++
		}
	}
	return text >= 6 && 3*within >= text
}

// endsInside reports whether a line ends a sentence inside brackets or
// quotes: "(See §6.2.)" ends a sentence as "See §6.2." does.
func endsInside(l string) bool {
	t := strings.TrimRightFunc(l, func(r rune) bool { return unicode.In(r, unicode.Pe, unicode.Pf) || r == '"' || r == '\'' })
	r, _ := utf8.DecodeLastRuneInString(t)
	return len(t) < len(l) && unicode.Is(unicode.Sentence_Terminal, r)
}

// endsComma reports whether a line ends in a comma or semicolon of any
// script: a clause that goes on in the next line, or one of a list's (a
// heading ends in neither).
func endsComma(l string) bool {
	r, _ := utf8.DecodeLastRuneInString(l)
	return strings.ContainsRune(",、，﹐､،՝", r)
}
