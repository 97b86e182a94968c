package ingest

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// streamHTML reads a page token by token (x/net/html's Tokenizer) into
// what treeHTML reads from the page's whole tree, holding only the
// elements open at each point: a page of a million paragraphs never
// has a million nodes alive. It builds the tree the HTML parsing
// algorithm builds for the pages most rulebooks are (elements closed in
// order or by the rules that close a <p>, an <li>, a heading, a table's
// cell, row or row group; formatting elements closed where they were
// opened), and returns ok false on the first token whose place needs
// more of the algorithm (text or elements the parser moves out of a
// table, captions and column groups, templates, foreign content,
// misnested formatting, an element nested past the parser's 512), or on
// a page whose reading needs the whole tree (cards): treeHTML reads
// those. Furniture guessed from class or id names takes a first pass
// that measures it. keep says which furniture is read as text
// (runStream). Every reading it makes is treeHTML's, block for block and
// note for note; tests hold the two to it.
func streamHTML(text string, keep []bool) (page htmlPage, ok bool) {
	page, why := streamHTMLWhy(text, keep)
	return page, why == ""
}

// streamHTMLWhy is streamHTML, saying why it leaves a page to treeHTML.
func streamHTMLWhy(text string, keep []bool) (page htmlPage, why string) {
	s := runStream(text, false, nil, keep)
	if s.why == whyNamed {
		// Furniture guessed from class or id names is kept or dropped
		// by the share of the page's text it holds: a first pass
		// measures it, a second reads the page.
		m := runStream(text, true, nil, keep)
		if m.fail {
			return page, m.why
		}
		s = runStream(text, false, m.namedDrops(), keep)
	}
	if s.fail {
		return page, s.why
	}
	page.lang, page.hasLang, page.title = s.lang, s.hasLang, s.title.String()
	page.notes = append(s.chromeNotes, s.namedNotes...)
	page.chrome, page.furniture = s.chromeDrops, s.furniture
	if s.namedRunes > maxNamedChrome {
		page.notes = append(page.notes, fmt.Sprintf("%s%d characters dropped as page furniture because of their class or id names (in the notes)", WarningNote, s.namedRunes))
	}
	page.notes = append(page.notes, s.linkNotes...)
	page.bs, page.nav = trimCap(s.r.bs), s.r.nav
	return page, ""
}

// whyNamed is why a first pass stops at furniture guessed from a name.
const whyNamed = "furniture guessed from class or id names"

// runStream runs the parser and the readers over a page: to measure the
// text of the elements named as furniture, or to read it with drop
// saying which of those (in the order they start) are dropped; nil
// stops at the first. keep says which elements dropped as furniture by
// their element or role, outside any other, are read as text instead
// (keepFurniture); nil, none.
func runStream(text string, measure bool, drop, keep []bool) *htmlStream {
	s := &htmlStream{z: html.NewTokenizer(strings.NewReader(text)), chromeAt: -1, namedAt: -1, itemAt: -1, keptAt: -1, measure: measure, drop: drop, keep: keep}
	s.r.kind = blockPara
	s.line = 1
	for !s.fail {
		tt := s.z.Next()
		if tt == html.ErrorToken {
			s.eof()
			break
		}
		s.lines(tt)
		s.token(tt)
	}
	return s
}

// lines counts the lines of the token just read, before it is read
// (reading its text unescapes it in place): textLine becomes the line
// of its first character that is not white space, line the line it
// ends on. Each byte of the page is counted once.
func (s *htmlStream) lines(tt html.TokenType) {
	raw := s.z.Raw()
	s.textLine = s.line
	if tt == html.TextToken {
		for _, c := range raw {
			if c == '\n' {
				s.textLine++
			} else if !isHTMLSpace(c) {
				break
			}
		}
	}
	s.line += bytes.Count(raw, []byte{'\n'})
}

// isHTMLSpace reports whether c is white space in HTML.
func isHTMLSpace(c byte) bool { return strings.IndexByte(hsWhitespace, c) >= 0 }

// hsNamed is an element named as furniture, as the first pass measures it.
type hsNamed struct {
	text   hsRunes // its text once the furniture inside is dropped
	h1     bool    // it is or holds an <h1>
	parent int     // the one it is in, -1 none
}

// hsRunes counts the runes of a text as utf8.RuneCountInString of its
// strings.TrimSpace would.
type hsRunes struct {
	n, lead, trail int
	seen           bool
}

func (c *hsRunes) add(d []byte) {
	for len(d) > 0 {
		r, size := utf8.DecodeRune(d)
		d = d[size:]
		c.n++
		switch {
		case !unicode.IsSpace(r):
			c.seen, c.trail = true, 0
		case c.seen:
			c.trail++
		default:
			c.lead++
		}
	}
}

func (c *hsRunes) trimmed() int {
	if !c.seen {
		return 0
	}
	return c.n - c.lead - c.trail
}

// namedDrops decides, from what the first pass measured, which elements
// named as furniture are dropped: those not in one already dropped that
// hold no <h1> and at most a third of the page's text (dropChrome).
func (s *htmlStream) namedDrops() []bool {
	drop := make([]bool, len(s.named))
	under := make([]bool, len(s.named))
	total := s.total.trimmed()
	for k, c := range s.named {
		if p := c.parent; p >= 0 && (under[p] || drop[p]) {
			under[k] = true
			continue
		}
		drop[k] = !c.h1 && 3*c.text.trimmed() <= total
	}
	return drop
}

// The insertion modes of the parsing algorithm before the body.
const (
	hsInitial = iota
	hsBeforeHead
	hsInHead
	hsAfterHead
	hsInBody
)

// htmlStream is the state of streamHTML: the parser's (open elements,
// insertion mode, form element) and the readers' (blocks, furniture,
// lists of links, the content root).
type htmlStream struct {
	z    *html.Tokenizer
	fail bool   // the page needs treeHTML
	why  string // why, for the tests

	// line is the line of the page the tokenizer is at (from 1);
	// textLine that of the current token's text (see lines).
	line, textLine int

	// furniture guessed from names
	measure    bool      // the first pass: measure, read nothing
	total      hsRunes   // the body's text (measure)
	named      []hsNamed // the elements named as furniture (measure)
	openNamed  []int     // those open (measure)
	drop       []bool    // which of them are dropped (the second pass)
	nNamed     int       // how many have started
	namedAt    int       // the index in oe of the outermost one dropped, -1 when none
	namedText  strings.Builder
	namedNotes []string
	namedRunes int

	// parsing
	oe     []hsElem // the stack of open elements, html first
	mode   int
	raw    bool // the top element holds raw text (script, style, title) up to its end tag
	form   int  // id of the form element pointer; 0 when null
	nextID int
	attrs  []html.Attribute // the attributes of the current tag

	// the page
	lang             string
	hasLang          bool
	title            strings.Builder
	titleAt, titleID int // where the first <title> is, while it is open
	titleSeen        bool

	// furniture
	chromeAt    int // the index in oe of the outermost element dropped as furniture, -1 when none
	chromeText  strings.Builder
	chromeLine  int           // the line where the element at chromeAt starts
	chromeDrops []chromeDrop  // the elements dropped, with text
	keep        []bool        // which of the outermost are read as text (runStream)
	nChrome     int           // how many of those have started
	keptAt      int           // the index in oe of the one being read as text, -1 when none
	furniture   []furnitureAt // the outermost dropped (keep nil)
	chromeNotes []string
	linkNotes   []string
	lists       []int // indexes in oe of the lists that may be lists of links

	// reading
	r         htmlReader
	reading   bool // inside the body
	curSpace  bool // r.cur holds only white space
	pending   int  // id of the bold element that makes the block's lead once it shows text; 0 none
	itemAt    int  // index in oe of the list item whose block the next flush makes, -1 none
	itemID    int
	prefixes  []*hsPrefix // the texts of the open items of ordered lists, still short of a label's length
	rootState int         // 0 before the content root (main, article), 1 inside it, 2 after it
	tables    []*hsTable  // the open tables being read
	rootEnd   int
}

// hsElem is an open element: its name and what the readers do inside it.
type hsElem struct {
	name     string
	id       int
	lastText bool // its last child is a text node (the next text joins it)
	hasChild bool
	code     bool // a script or style: its text is nothing
	mode     byte // how its children are read: modeNormal, ...
	depth    int  // the list depth its children are read at
	act      byte // what the reader does at its end: actFlush, ...
	list     *hsList
	prefix   *hsPrefix // an item of an ordered list: its text's start
	block    int       // an item: the index of its block, -1 none
	outerIn  int       // an item: the reader's in before it
	chrome   bool      // dropped as furniture
	kept     bool      // furniture by its element or role read as text (keep)
	furn     int       // 1 + its index in furniture; 0 when not there
	isRoot   bool
	named    int      // 1 + its index among the elements named as furniture; 0 when not one
	table    *hsTable // a table, or a row: its table
	rowFirst bool     // a row: no cell read yet
	rowHead  bool     // a row: every cell read is a header cell
	owner    *hsList  // an item: its list
	anchorID string   // a heading (or any element of two letters starting with h): its id
}

// How an element's children are read.
const (
	modeNormal = iota
	modeList   // an <ol> or <ul>: <li> children are its items
	modeItem   // an item: <p> and <div> children are lines of its text
	modeInline // such a <p> or <div>
	modeRaw    // <pre>: the text alone
	modeSkip   // a heading's link to itself: nothing
	modeHead   // outside the body
	modeRow    // a <tr>: its cells are read, side by side
)

// What the reader does at an element's end.
const (
	actNone = iota
	actFlush
	actHeading
	actItem
	actList
	actTerm
	actCode
	actQuote
	actBold
	actInline
	actRow
	actTable
)

// hsList is an open <ol> or <ul>.
type hsList struct {
	ordered  bool
	typ      byte // the type attribute: '1', 'a', 'A', 'i', 'I', or 0
	num      int  // the number of its next item
	items    int
	printed  int   // items whose text starts with a label
	printing []int // the blocks of those items
	snap     hsSnap
	// Whether it is a list of links, which treeHTML drops: every item
	// has one <a> child and no text outside it.
	links      bool
	linkText   strings.Builder
	innerNoted bool // a list of links inside it was noted
	linkItems  int  // its <li> children
	item       int  // the id of its open <li> child; 0 none
	itemA      int  // how many <a> children that item has
	itemLinkA  int  // the id of that item's open <a> child; 0 none
	// away marks a list an item's link of which leads off the page
	// (its href is no fragment): no table of the page's contents.
	away bool
}

// hsTable is an open table: whether it has a data cell, and the rows of
// header cells read before the first, whose blocks wait for the answer.
type hsTable struct {
	data bool
	rows []hsRow
}

// hsRow is a row of header cells: the reader's state at its end and the
// index of the block it makes.
type hsRow struct {
	block int
	r     htmlReader
	cur   string
}

// hsPrefix is the start of an item's text (textOf), as printsLabel reads it.
type hsPrefix struct {
	b    []byte
	full bool
}

// hsSnap is the reader's state where a list starts: a list of links is
// dropped as if it had never been read.
type hsSnap struct {
	bs        int
	furniture int // len(furniture)
	cur       string
	curSpace  bool
	r         htmlReader
	pending   int
	itemAt    int
	itemID    int
	itemBlock int
	prefixes  []hsPrefixLen
}

type hsPrefixLen struct {
	p *hsPrefix
	n int
}

// stop gives the page to treeHTML.
func (s *htmlStream) stop(why string) {
	if !s.fail {
		s.fail, s.why = true, why
	}
}

func (s *htmlStream) top() *hsElem { return &s.oe[len(s.oe)-1] }

// token runs one token through the parser.
func (s *htmlStream) token(tt html.TokenType) {
	switch tt {
	case html.TextToken:
		s.textToken(s.z.Text())
	case html.CommentToken:
		if s.mode == hsInBody && len(s.oe) > 0 && !s.raw {
			e := s.top()
			e.lastText, e.hasChild = false, true
		}
	case html.DoctypeToken:
	case html.StartTagToken, html.SelfClosingTagToken:
		name, more := tagName(s.z)
		s.attrs = s.attrs[:0]
		for more {
			var k, v []byte
			k, v, more = s.z.TagAttr()
			s.attrs = append(s.attrs, html.Attribute{Key: atomString(k), Val: string(v)})
		}
		s.startTag(atomString(name), tt == html.SelfClosingTagToken)
	case html.EndTagToken:
		name, _ := tagName(s.z)
		s.endTag(atomString(name))
	}
}

// tagName is z.TagName() for the tag just read, taken from its raw
// bytes where the tag is a name alone ("<p>", "</p>") of lower-case
// letters and digits: TagName copies every name (to replace NUL bytes),
// two allocations for each paragraph of a page. Any other tag is
// TagName's to read.
func tagName(z *html.Tokenizer) (name []byte, hasAttr bool) {
	raw := z.Raw()
	name = raw
	if len(name) > 0 && name[0] == '<' {
		name = name[1:]
	}
	if len(name) > 0 && name[0] == '/' {
		name = name[1:]
	}
	if len(name) < 2 || name[len(name)-1] != '>' {
		return z.TagName()
	}
	name = name[:len(name)-1]
	if name[0] < 'a' || name[0] > 'z' {
		return z.TagName()
	}
	for _, c := range name {
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') {
			return z.TagName()
		}
	}
	return name, false
}

func atomString(b []byte) string {
	if a := atom.Lookup(b); a != 0 {
		return a.String()
	}
	return string(b)
}

func (s *htmlStream) attr(key string) (string, bool) {
	for _, a := range s.attrs {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

const hsWhitespace = " \t\r\n\f"

func (s *htmlStream) textToken(d []byte) {
	if s.raw {
		s.addText(d)
		return
	}
	if s.mode != hsInBody {
		rest := strings.TrimLeft(string(d), hsWhitespace)
		if rest == "" {
			return
		}
		s.startBody(nil)
		if s.fail {
			return
		}
		d = []byte(rest)
	}
	if tableMode(s.top().name) {
		// Text between a table's rows and cells: white space stays
		// there, anything else the parser moves before the table.
		if strings.Trim(string(d), hsWhitespace) != "" || strings.IndexByte(string(d), 0) >= 0 {
			s.stop("text in a table outside its cells")
			return
		}
		s.addText(d)
		return
	}
	if e := s.top(); (e.name == "pre" || e.name == "listing") && !e.hasChild {
		if len(d) > 0 && d[0] == '\r' {
			d = d[1:]
		}
		if len(d) > 0 && d[0] == '\n' {
			d = d[1:]
		}
	}
	if i := strings.IndexByte(string(d), 0); i >= 0 {
		d = []byte(strings.ReplaceAll(string(d), "\x00", ""))
	}
	if len(d) == 0 {
		return
	}
	s.addText(d)
}

// startBody makes the html, head and body elements the parser makes
// before the first content of a page that has no body tag (or at its
// body tag, with attrs).
func (s *htmlStream) startBody(attrs []html.Attribute) {
	if len(s.oe) == 0 {
		s.push("html", nil)
	}
	s.oe = s.oe[:1] // the head is closed
	s.mode = hsInBody
	s.push("body", attrs)
	if s.fail {
		return
	}
	s.reading = true
	s.top().mode = modeNormal
	s.flush()
	s.top().act = actFlush
}

func attrVal(attrs []html.Attribute, key string) string {
	v, _ := attrOfList(attrs, key)
	return v
}

func attrOfList(attrs []html.Attribute, key string) (string, bool) {
	for _, a := range attrs {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

// The scopes of the parsing algorithm.
const (
	scopeDefault = iota
	scopeListItem
	scopeButton
	scopeTable
)

// addText adds text to the top element, joined to its last child when
// that is text.
func (s *htmlStream) addText(d []byte) {
	e := s.top()
	newNode := !e.lastText
	e.lastText, e.hasChild = true, true
	if s.titleAt > 0 && s.titleAt < len(s.oe) && s.oe[s.titleAt].id == s.titleID {
		s.title.Write(d)
	}
	if e.code {
		return
	}
	if s.measure {
		if s.reading {
			s.total.add(d)
		}
		if s.chromeAt < 0 {
			for _, k := range s.openNamed {
				s.named[k].text.add(d)
			}
		}
		return
	}
	if s.chromeAt >= 0 {
		if newNode && s.chromeText.Len() > 0 {
			s.chromeText.WriteByte(' ')
		}
		s.chromeText.Write(d)
		return
	}
	if s.namedAt >= 0 {
		if newNode && s.namedText.Len() > 0 {
			s.namedText.WriteByte(' ')
		}
		s.namedText.Write(d)
		return
	}
	if !s.reading {
		return
	}
	nonSpace := strings.TrimSpace(string(d)) != ""
	// Lists of links.
	for _, i := range s.lists {
		l := s.oe[i].list
		if !l.links {
			continue
		}
		if newNode && l.linkText.Len() > 0 {
			l.linkText.WriteByte(' ')
		}
		l.linkText.Write(d)
		if nonSpace && l.item != 0 && l.itemLinkA == 0 {
			l.links = false
			l.linkText.Reset()
		}
	}
	// The starts of the items of ordered lists.
	if len(s.prefixes) > 0 {
		kept := s.prefixes[:0]
		for _, p := range s.prefixes {
			p.add(d)
			if !p.full {
				kept = append(kept, p)
			}
		}
		s.prefixes = kept
	}
	if nonSpace && s.pending != 0 {
		s.r.lead, s.pending = 1, 0
	}
	switch e.mode {
	case modeSkip, modeHead, modeRow:
		return
	case modeRaw:
		s.write(d, nonSpace)
		return
	}
	if nonSpace {
		if s.r.lead == 0 {
			s.r.lead = -1
		}
		if s.r.inBold == 0 {
			s.r.plain = true
		}
	}
	s.write(d, nonSpace)
}

func (s *htmlStream) write(d []byte, nonSpace bool) {
	if s.rootState == 2 {
		return
	}
	if nonSpace && s.r.line == 0 {
		s.r.line = s.textLine // the block's first text
	}
	s.r.cur.Write(d)
	if nonSpace {
		s.curSpace = false
	}
}

func (s *htmlStream) writeByte(c byte) {
	if s.rootState == 2 {
		return
	}
	s.r.cur.WriteByte(c)
}

// add adds text to an item's start, up to what printsLabel reads.
func (p *hsPrefix) add(d []byte) {
	if len(p.b) == 0 {
		d = []byte(strings.TrimLeftFunc(string(d), unicode.IsSpace))
	}
	p.b = append(p.b, d[:min(len(d), 200-len(p.b))]...)
	p.full = len(p.b) >= 200
}

// flush ends the block being read, as htmlReader.flush, and notes the
// block an item's first flush makes.
func (s *htmlStream) flush() {
	n := len(s.r.bs)
	s.r.flush()
	s.r.line = 0
	if s.itemAt >= 0 {
		if len(s.r.bs) > n && s.itemAt < len(s.oe) && s.oe[s.itemAt].id == s.itemID {
			s.oe[s.itemAt].block = n
		}
		s.itemAt = -1
	}
	s.pending, s.curSpace = 0, true
	if s.rootState == 2 {
		s.r.bs = s.r.bs[:s.rootEnd]
	}
}
