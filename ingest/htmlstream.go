package ingest

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/rulesync/rulesync/corpus"
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
// that measures it. Every reading it makes is treeHTML's, block for
// block and note for note; tests hold the two to it.
func streamHTML(text string) (page htmlPage, ok bool) {
	page, why := streamHTMLWhy(text)
	return page, why == ""
}

// streamHTMLWhy is streamHTML, saying why it leaves a page to treeHTML.
func streamHTMLWhy(text string) (page htmlPage, why string) {
	s := runStream(text, false, nil)
	if s.why == whyNamed {
		// Furniture guessed from class or id names is kept or dropped
		// by the share of the page's text it holds: a first pass
		// measures it, a second reads the page.
		m := runStream(text, true, nil)
		if m.fail {
			return page, m.why
		}
		s = runStream(text, false, m.namedDrops())
	}
	if s.fail {
		return page, s.why
	}
	page.lang, page.hasLang, page.title = s.lang, s.hasLang, s.title.String()
	page.notes = append(s.chromeNotes, s.namedNotes...)
	if s.namedRunes > maxNamedChrome {
		page.notes = append(page.notes, fmt.Sprintf("%s%d characters dropped as page furniture because of their class or id names (in the notes)", WarningNote, s.namedRunes))
	}
	page.notes = append(page.notes, s.linkNotes...)
	page.bs = trimCap(s.r.bs)
	return page, ""
}

// whyNamed is why a first pass stops at furniture guessed from a name.
const whyNamed = "furniture guessed from class or id names"

// runStream runs the parser and the readers over a page: to measure the
// text of the elements named as furniture, or to read it with drop
// saying which of those (in the order they start) are dropped; nil
// stops at the first.
func runStream(text string, measure bool, drop []bool) *htmlStream {
	s := &htmlStream{z: html.NewTokenizer(strings.NewReader(text)), chromeAt: -1, namedAt: -1, itemAt: -1, measure: measure, drop: drop}
	s.r.kind = blockPara
	for !s.fail {
		tt := s.z.Next()
		if tt == html.ErrorToken {
			s.eof()
			break
		}
		s.token(tt)
	}
	return s
}

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
		name, more := s.z.TagName()
		s.attrs = s.attrs[:0]
		for more {
			var k, v []byte
			k, v, more = s.z.TagAttr()
			s.attrs = append(s.attrs, html.Attribute{Key: atomString(k), Val: string(v)})
		}
		s.startTag(atomString(name), tt == html.SelfClosingTagToken)
	case html.EndTagToken:
		name, _ := s.z.TagName()
		s.endTag(atomString(name))
	}
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

var hsHeadTags = map[string]bool{"base": true, "basefont": true, "bgsound": true, "link": true, "meta": true, "noframes": true, "script": true, "style": true, "title": true, "noscript": true}

func (s *htmlStream) startTag(name string, selfClosing bool) {
	if s.raw {
		s.stop("the tokenizer gives none: a parser state this does not know")
		return
	}
	if selfClosing && rawTextTags[name] {
		s.stop("a raw text element closed in its tag")
		return
	}
	if s.mode != hsInBody {
		switch {
		case name == "html":
			if len(s.oe) > 0 {
				s.mergeAttrs(name)
				return
			}
			s.push("html", s.attrs)
			s.lang, s.hasLang = s.attr("lang")
			return
		case name == "head":
			if s.mode == hsInitial {
				if len(s.oe) == 0 {
					s.push("html", nil)
				}
				s.push("head", s.attrs)
				s.mode = hsInHead
			}
			return
		case name == "body":
			s.startBody(s.attrs)
			return
		case hsHeadTags[name]:
			if len(s.oe) == 0 {
				s.push("html", nil)
			}
			if s.mode == hsInitial {
				s.push("head", nil)
				s.mode = hsInHead
			}
			s.headElement(name)
			return
		case name == "template" || name == "frameset":
			s.stop("a template or frameset in the head")
			return
		}
		s.startBody(nil)
		if s.fail {
			return
		}
	}
	if tableMode(s.top().name) {
		s.tableStartTag(name)
		return
	}
	if c := s.cellAt(); c >= 0 {
		switch name {
		case "caption", "col", "colgroup", "tbody", "td", "tfoot", "th", "thead", "tr":
			s.closeCell(c)
			if !s.fail {
				s.tableStartTag(name)
			}
			return
		}
	}
	s.bodyStartTag(name)
}

// tableMode reports whether the parser is in one of its table modes
// (in table, in table body, in row) with top the current node: in the
// pages streamHTML reads, the current node there is the table, row
// group or row itself.
func tableMode(top string) bool {
	switch top {
	case "table", "tbody", "thead", "tfoot", "tr":
		return true
	}
	return false
}

// cellAt returns the index in oe of the cell the parser is in, -1 when
// none.
func (s *htmlStream) cellAt() int {
	for i := len(s.oe) - 1; i >= 0; i-- {
		switch s.oe[i].name {
		case "td", "th":
			return i
		case "table", "tbody", "thead", "tfoot", "tr", "caption", "html", "template":
			return -1
		}
	}
	return -1
}

// closeCell closes the cell at oe[c] and what is open in it: the
// formatting elements in it are not opened again (the parser's marker).
func (s *htmlStream) closeCell(c int) {
	for len(s.oe) > c && !s.fail {
		s.pop(false)
	}
}

// tableStartTag is a start tag where the current node is a table, a row
// group or a row.
func (s *htmlStream) tableStartTag(name string) {
	switch top := s.top().name; {
	case name == "script" || name == "style":
		s.headElement(name)
	case top == "table":
		switch name {
		case "tbody", "thead", "tfoot":
			s.push(name, s.attrs)
		case "tr", "td", "th":
			s.push("tbody", nil)
			if !s.fail {
				s.tableStartTag(name)
			}
		default:
			s.stop("an element the parser moves out of a table")
		}
	case top == "tr":
		switch name {
		case "td", "th":
			s.push(name, s.attrs)
		case "tr", "tbody", "thead", "tfoot":
			s.pop(false)
			s.tableStartTag(name)
		default:
			s.stop("an element the parser moves out of a table")
		}
	default: // a row group
		switch name {
		case "tr":
			s.push(name, s.attrs)
		case "td", "th":
			s.push("tr", nil)
			if !s.fail {
				s.tableStartTag(name)
			}
		case "tbody", "thead", "tfoot":
			s.pop(false)
			s.tableStartTag(name)
		default:
			s.stop("an element the parser moves out of a table")
		}
	}
}

// tableEndTag is an end tag where the current node is a table, a row
// group or a row.
func (s *htmlStream) tableEndTag(name string) {
	switch top := s.top().name; {
	case name == "body" || name == "caption" || name == "col" || name == "colgroup" || name == "html" || name == "td" || name == "th":
		// ignored
	case top == "table":
		switch name {
		case "table":
			s.pop(false)
		case "tbody", "tfoot", "thead", "tr":
		default:
			s.stop("an end tag the parser reads out of a table")
		}
	case top == "tr":
		switch name {
		case "tr":
			s.pop(false)
		case "table":
			s.pop(false)
			s.tableEndTag(name)
		case "tbody", "tfoot", "thead":
			if s.inScope(scopeTable, name) {
				s.pop(false)
				s.tableEndTag(name)
			}
		default:
			s.stop("an end tag the parser reads out of a table")
		}
	default: // a row group
		switch name {
		case top:
			s.pop(false)
		case "table":
			s.pop(false)
			s.tableEndTag(name)
		case "tbody", "tfoot", "thead", "tr":
		default:
			s.stop("an end tag the parser reads out of a table")
		}
	}
}

// rawTextTags are the elements whose content the tokenizer reads as text
// up to their end tag.
var rawTextTags = map[string]bool{"iframe": true, "noembed": true, "noframes": true, "noscript": true, "plaintext": true, "script": true, "style": true, "textarea": true, "title": true, "xmp": true}

// headElement inserts an element of the head's kinds where it stands.
func (s *htmlStream) headElement(name string) {
	switch name {
	case "script", "style", "noscript", "noframes", "title":
		s.push(name, s.attrs)
		if s.fail {
			return
		}
		s.raw = true
	default:
		s.push(name, s.attrs)
		s.pop(false)
	}
}

var hsCloseP = map[string]bool{
	"address": true, "article": true, "aside": true, "blockquote": true, "center": true, "details": true, "dialog": true, "dir": true, "div": true, "dl": true, "fieldset": true, "figcaption": true, "figure": true, "footer": true, "header": true, "hgroup": true, "main": true, "menu": true, "nav": true, "ol": true, "p": true, "search": true, "section": true, "summary": true, "ul": true,
}

var hsFormatting = map[string]bool{"a": true, "b": true, "big": true, "code": true, "em": true, "font": true, "i": true, "nobr": true, "s": true, "small": true, "strike": true, "strong": true, "tt": true, "u": true}

func isHeading(name string) bool {
	return len(name) == 2 && name[0] == 'h' && name[1] >= '1' && name[1] <= '6'
}

func (s *htmlStream) bodyStartTag(name string) {
	switch {
	case name == "html" || name == "body":
		s.mergeAttrs(name)
	case hsHeadTags[name]:
		s.headElement(name)
	case hsCloseP[name]:
		s.closeP()
		s.push(name, s.attrs)
	case isHeading(name):
		s.closeP()
		if isHeading(s.top().name) {
			s.pop(true)
		}
		s.push(name, s.attrs)
	case name == "pre" || name == "listing":
		s.closeP()
		s.push(name, s.attrs)
	case name == "form":
		if s.form != 0 {
			return
		}
		s.closeP()
		s.push(name, s.attrs)
		if !s.fail {
			s.form = s.top().id
		}
	case name == "li" || name == "dd" || name == "dt":
		for i := len(s.oe) - 1; i >= 0; i-- {
			n := s.oe[i].name
			if n == name || name != "li" && (n == "dd" || n == "dt") {
				s.popTo(i, true)
				break
			}
			if n == "address" || n == "div" || n == "p" || !hsSpecial[n] {
				continue
			}
			break
		}
		s.closeP()
		s.push(name, s.attrs)
	case name == "button":
		if s.inScope(scopeDefault, "button") {
			s.impliedEnd("")
			s.popUntil(scopeDefault, "button")
		}
		s.push(name, s.attrs)
	case name == "a":
		for i := range s.oe {
			if s.oe[i].name == "a" {
				s.stop("the adoption agency")
				return
			}
		}
		s.push(name, s.attrs)
	case name == "area" || name == "br" || name == "embed" || name == "img" || name == "keygen" || name == "wbr" ||
		name == "param" || name == "source" || name == "track":
		s.push(name, s.attrs)
		s.pop(false)
	case name == "image":
		s.push("img", s.attrs)
		s.pop(false)
	case name == "input":
		s.popUntil(scopeDefault, "select")
		s.push(name, s.attrs)
		s.pop(false)
	case name == "hr":
		if s.inScope(scopeButton, "p") {
			s.impliedEnd("p")
			s.popUntil(scopeDefault, "p")
		}
		if s.inScope(scopeDefault, "select") {
			s.impliedEnd("")
		}
		s.push(name, s.attrs)
		s.pop(false)
	case name == "iframe" || name == "noembed":
		s.push(name, s.attrs)
		s.raw = !s.fail
	case name == "select":
		if s.popUntil(scopeDefault, "select") {
			return
		}
		s.push(name, s.attrs)
	case name == "option" || name == "optgroup":
		if s.inScope(scopeDefault, "select") {
			if name == "option" {
				s.impliedEnd("optgroup")
			} else {
				s.impliedEnd("")
			}
		} else if s.top().name == "option" {
			s.pop(true)
		}
		s.push(name, s.attrs)
	case name == "rb" || name == "rtc" || name == "rp" || name == "rt":
		if s.inScope(scopeDefault, "ruby") {
			if name == "rp" || name == "rt" {
				s.impliedEnd("rtc")
			} else {
				s.impliedEnd("")
			}
		}
		s.push(name, s.attrs)
	case name == "caption" || name == "col" || name == "colgroup" || name == "frame" || name == "head" ||
		name == "tbody" || name == "td" || name == "tfoot" || name == "th" || name == "thead" || name == "tr":
		// ignored in the body
	case name == "table":
		if s.inScope(scopeButton, "p") {
			s.stop("a table in a paragraph (the document's quirks decide)")
			return
		}
		s.push(name, s.attrs)
	case name == "template" || name == "frameset" || name == "plaintext" || name == "textarea" ||
		name == "xmp" || name == "nobr" || name == "applet" || name == "marquee" || name == "object" ||
		name == "math" || name == "svg":
		s.stop("a caption, column group, template, frameset, raw text or foreign content")
	default:
		s.push(name, s.attrs)
	}
}

func (s *htmlStream) endTag(name string) {
	if s.raw {
		s.raw = false
		s.pop(false)
		return
	}
	if s.mode != hsInBody {
		switch name {
		case "head":
			if s.mode == hsInHead {
				s.oe = s.oe[:1]
				s.mode = hsAfterHead
			}
			return
		case "body", "html", "br":
			s.stop("an end tag of the body before the body")
		}
		return // ignored
	}
	if tableMode(s.top().name) {
		s.tableEndTag(name)
		return
	}
	if c := s.cellAt(); c >= 0 {
		switch name {
		case "td", "th":
			if i := s.indexInScope(scopeTable, name); i >= 0 {
				s.impliedEnd("")
				for len(s.oe) > i && !s.fail {
					s.pop(false)
				}
			}
			return
		case "body", "caption", "col", "colgroup", "html":
			return
		case "table", "tbody", "tfoot", "thead", "tr":
			if s.inScope(scopeTable, name) {
				s.closeCell(c)
				if !s.fail {
					s.tableEndTag(name)
				}
			}
			return
		}
	}
	switch {
	case name == "body" || name == "html":
		// The mode after the body: what follows is read into the body
		// all the same, comments aside.
	case name == "address" || name == "article" || name == "aside" || name == "blockquote" || name == "button" ||
		name == "center" || name == "details" || name == "dialog" || name == "dir" || name == "div" || name == "dl" ||
		name == "fieldset" || name == "figcaption" || name == "figure" || name == "footer" || name == "header" ||
		name == "hgroup" || name == "listing" || name == "main" || name == "menu" || name == "nav" || name == "ol" ||
		name == "pre" || name == "search" || name == "section" || name == "select" || name == "summary" || name == "ul":
		if !s.inScope(scopeDefault, name) {
			return
		}
		s.impliedEnd("")
		s.popUntil(scopeDefault, name)
	case name == "form":
		node := s.form
		s.form = 0
		i := s.indexInScope(scopeDefault, "form")
		if node == 0 || i < 0 || s.oe[i].id != node {
			return
		}
		s.impliedEnd("")
		if s.top().id != node {
			s.stop("the form closes under open elements")
			return
		}
		s.pop(true)
	case name == "p":
		if !s.inScope(scopeButton, "p") {
			s.push("p", nil)
		}
		s.popUntil(scopeButton, "p")
	case name == "li":
		s.popUntil(scopeListItem, "li")
	case name == "dd" || name == "dt":
		s.popUntil(scopeDefault, name)
	case isHeading(name):
		s.popUntil(scopeDefault, "h1", "h2", "h3", "h4", "h5", "h6")
	case hsFormatting[name]:
		if s.top().name == name {
			s.pop(false)
			return
		}
		for i := range s.oe {
			if s.oe[i].name == name {
				s.stop("misnested: the adoption agency")
				return
			}
		}
		s.endOther(name)
	case name == "br" || name == "template" || name == "applet" || name == "marquee" || name == "object":
		s.stop("an end tag the parser reads as another")
	default:
		s.endOther(name)
	}
}

// endOther is the parser's "any other end tag".
func (s *htmlStream) endOther(name string) {
	for i := len(s.oe) - 1; i >= 0; i-- {
		if s.oe[i].name == name {
			s.popTo(i, true)
			return
		}
		if hsSpecial[s.oe[i].name] {
			return
		}
	}
}

// The scopes of the parsing algorithm.
const (
	scopeDefault = iota
	scopeListItem
	scopeButton
	scopeTable
)

func (s *htmlStream) indexInScope(scope int, names ...string) int {
	for i := len(s.oe) - 1; i >= 0; i-- {
		n := s.oe[i].name
		for _, m := range names {
			if n == m {
				return i
			}
		}
		switch {
		case scope == scopeListItem && (n == "ol" || n == "ul"), scope == scopeButton && n == "button":
			return -1
		case scope == scopeTable:
			if n == "html" || n == "table" || n == "template" {
				return -1
			}
			continue
		}
		switch n {
		case "applet", "caption", "html", "table", "td", "th", "marquee", "object", "template", "select":
			return -1
		}
	}
	return -1
}

func (s *htmlStream) inScope(scope int, names ...string) bool {
	return s.indexInScope(scope, names...) >= 0
}

func (s *htmlStream) popUntil(scope int, names ...string) bool {
	if i := s.indexInScope(scope, names...); i >= 0 {
		s.popTo(i, true)
		return true
	}
	return false
}

// closeP closes a <p> in button scope, as a block element's start does.
func (s *htmlStream) closeP() { s.popUntil(scopeButton, "p") }

// impliedEnd pops the elements whose end tags may be left out, but
// except.
func (s *htmlStream) impliedEnd(except string) {
	for len(s.oe) > 0 {
		switch n := s.top().name; n {
		case "dd", "dt", "li", "optgroup", "option", "p", "rb", "rp", "rt", "rtc":
			if n == except {
				return
			}
			s.pop(true)
			if s.fail {
				return
			}
			continue
		}
		return
	}
}

// popTo pops the open elements from the top down to index i.
func (s *htmlStream) popTo(i int, implied bool) {
	for len(s.oe) > i && !s.fail {
		s.pop(implied)
	}
}

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

// push inserts an element as the last child of the top one and opens it.
func (s *htmlStream) push(name string, attrs []html.Attribute) {
	if len(s.oe) >= 512 {
		s.stop("the parser's limit: treeHTML says so")
		return
	}
	s.nextID++
	e := hsElem{name: name, id: s.nextID, block: -1, mode: modeHead}
	var parent *hsElem
	if len(s.oe) > 0 {
		parent = s.top()
		parent.lastText, parent.hasChild = false, true
		e.mode, e.depth = parent.mode, parent.depth
		if e.mode == modeList || e.mode == modeItem || e.mode == modeInline || e.mode == modeRow {
			e.mode = modeNormal
		}
	}
	switch name {
	case "script", "style", "noscript", "iframe":
		e.code = true
	case "template", "svg":
		s.stop("a template or an SVG image")
		return
	}
	if len(name) == 2 && name[0] == 'h' {
		e.anchorID = attrVal(attrs, "id")
	}
	if (name == "html" || name == "head" || name == "body") && (isChrome(name, attrs) || s.guessed(name, attrs) || namedChrome(attrs)) {
		s.stop("the tree reader drops the page's root, head or body")
		return
	}
	if name == "title" && !s.titleSeen {
		s.titleSeen = true
		s.titleAt, s.titleID = len(s.oe), e.id
	}
	if !e.code && s.chromeAt < 0 {
		switch {
		case isChrome(name, attrs):
			e.chrome = true
			s.chromeAt = len(s.oe)
			s.chromeText.Reset()
		case s.guessed(name, attrs):
			s.stop("cards, or a content root outside the body")
			return
		case namedChrome(attrs):
			k := s.nNamed
			s.nNamed++
			e.named = k + 1
			switch {
			case s.measure:
				parent := -1
				if n := len(s.openNamed); n > 0 {
					parent = s.openNamed[n-1]
				}
				s.named = append(s.named, hsNamed{parent: parent, h1: name == "h1"})
				s.openNamed = append(s.openNamed, k)
			case s.drop == nil:
				s.stop(whyNamed)
				return
			case s.namedAt < 0 && k < len(s.drop) && s.drop[k]:
				s.namedAt = len(s.oe)
				s.namedText.Reset()
			}
		}
		if s.measure && name == "h1" && !e.chrome {
			for _, k := range s.openNamed {
				s.named[k].h1 = true
			}
		}
	}
	if s.chromeAt >= 0 || s.namedAt >= 0 || e.code || !s.reading || s.measure {
		s.oe = append(s.oe, e)
		return
	}
	s.oe = append(s.oe, e)
	s.open(&s.oe[len(s.oe)-2], len(s.oe)-1, attrs)
}

// namedChrome reports whether an element's class or id names page
// furniture (htmlChromeNamed).
func namedChrome(attrs []html.Attribute) bool {
	for _, a := range attrs {
		switch a.Key {
		case "class":
			for _, w := range []string{"sidebar", "breadcrumb", "navbar", "menu", "footer"} {
				if strings.Contains(a.Val, w) {
					return true
				}
			}
		case "id":
			for _, w := range []string{"sidebar", "menu", "footer"} {
				if strings.Contains(a.Val, w) {
					return true
				}
			}
		}
	}
	return false
}

// isChrome reports whether an element is page furniture by its element
// or role (htmlChrome).
func isChrome(name string, attrs []html.Attribute) bool {
	switch name {
	case "nav", "footer", "aside", "form", "button", "select":
		return true
	}
	for _, a := range attrs {
		switch a.Key {
		case "role":
			switch a.Val {
			case "navigation", "banner", "contentinfo", "search":
				return true
			}
		case "aria-hidden":
			if a.Val == "true" {
				return true
			}
		case "hidden":
			return true
		}
	}
	return false
}

// guessed reports whether reading an element needs the whole tree: a
// card (htmlCardBlocks), the root, head or body as the content root.
func (s *htmlStream) guessed(name string, attrs []html.Attribute) bool {
	for _, a := range attrs {
		switch a.Key {
		case "class":
			if strings.Contains(a.Val, "card") {
				return true
			}
		case "role":
			if a.Val == "main" && (!s.reading || name == "body") {
				return true
			}
		}
	}
	return (name == "main" || name == "article") && !s.reading
}

// open runs the reader on the element at oe[i] as it starts, as
// htmlReader.node does before its children.
func (s *htmlStream) open(parent *hsElem, i int, attrs []html.Attribute) {
	e := &s.oe[i]
	name := e.name
	// The content root: the first <main>, <article> or role=main.
	if s.rootState == 0 && (name == "main" || name == "article") || s.rootState == 0 && hasAttrVal(attrs, "role", "main") {
		if !s.rootReady() {
			s.stop("a content root inside a list, a table or a heading")
			return
		}
		s.flush()
		s.r.bs = s.r.bs[:0]
		s.rootState = 1
		e.isRoot = true
		e.mode, e.depth = modeNormal, 0
	}
	// Lists, in any mode: a list of links is dropped before anything is read.
	if name == "ol" || name == "ul" {
		s.openList(e, attrs)
		e = &s.oe[i]
	}
	s.linkChild(i)
	switch {
	case name == "table":
		e.table = &hsTable{}
		s.tables = append(s.tables, e.table)
	case name == "td" && len(s.tables) > 0:
		s.tables[len(s.tables)-1].data = true
	}
	if e.mode == modeSkip || e.mode == modeRaw {
		return
	}
	switch {
	case parent.mode == modeRow && (name == "td" || name == "th"):
		if !parent.rowFirst {
			s.writeByte('\t')
		}
		parent.rowFirst = false
		parent.rowHead = parent.rowHead && name == "th"
		return
	case name == "tr" && len(s.tables) > 0:
		s.flush()
		e.mode, e.act = modeRow, actRow
		e.table, e.rowFirst, e.rowHead = s.tables[len(s.tables)-1], true, true
		return
	case parent.mode == modeList && name == "li":
		l := parent.list
		if v, err := strconv.Atoi(attrVal(attrs, "value")); err == nil {
			l.num = v
		}
		s.flush()
		e.act = actItem
		s.r.kind, s.r.depth, s.r.anchor = blockItem, parent.depth+1, attrVal(attrs, "id")
		if l.ordered {
			s.r.ordinal = l.num
			s.r.ordType = l.typ
			e.prefix = &hsPrefix{}
			s.prefixes = append(s.prefixes, e.prefix)
		}
		l.items++
		e.owner = l
		s.itemAt, s.itemID = i, e.id
		e.outerIn = s.r.in
		s.r.in = parent.depth + 1
		e.mode, e.depth = modeItem, parent.depth+1
		return
	case (parent.mode == modeItem || parent.mode == modeInline) && (name == "p" || name == "div"):
		if parent.mode == modeInline || !s.curSpace {
			s.writeByte('\n')
		}
		e.mode, e.act = modeInline, actInline
		return
	}
	switch {
	case name == "br":
		s.writeByte('\n')
	case isHeading(name):
		s.flush()
		s.r.kind, s.r.level, s.r.anchor = blockHeading, int(name[1]-'0'), attrVal(attrs, "id")
		e.act = actHeading
	case name == "a" && strings.HasPrefix(attrVal(attrs, "href"), "#") && s.permalink(i, attrs):
		e.mode = modeSkip
	case name == "ol" || name == "ul":
		s.flush()
		e.mode, e.act = modeList, actList
	case name == "dt":
		s.flush()
		s.r.lead, s.r.term, s.r.anchor = 1, true, attrVal(attrs, "id")
		s.r.inBold++
		e.act = actTerm
	case name == "pre":
		s.flush()
		e.mode, e.act = modeRaw, actCode
	case name == "blockquote":
		s.flush()
		e.act = actQuote
	case name == "b" || name == "strong" || name == "em" || name == "i":
		if s.r.lead == 0 && s.pending == 0 {
			s.pending = e.id
		}
		s.r.inBold++
		e.act = actBold
	case htmlBlockTags[name] || strings.Contains(name, "-"):
		s.flush()
		e.act = actFlush
	}
}

func hasAttrVal(attrs []html.Attribute, key, val string) bool {
	v, ok := attrOfList(attrs, key)
	return ok && v == val
}

// rootReady reports whether the reader, where the content root starts,
// is where a reader of the root alone starts: no list, heading, bold or
// quote around it.
func (s *htmlStream) rootReady() bool {
	if s.pending != 0 || s.r.inBold != 0 || s.r.in != 0 || len(s.lists) > 0 || len(s.tables) > 0 {
		return false
	}
	for i := range len(s.oe) - 1 {
		e := &s.oe[i]
		if e.mode != modeNormal && e.mode != modeHead || e.act != actNone && e.act != actFlush {
			return false
		}
	}
	return true
}

// permalink reports whether the <a> at oe[i] links to the id of the
// heading it is in (isPermalink).
func (s *htmlStream) permalink(i int, attrs []html.Attribute) bool {
	for j := i - 1; j >= 0; j-- {
		if n := s.oe[j].name; len(n) == 2 && n[0] == 'h' {
			id := s.oe[j].anchorID
			return id != "" && attrVal(attrs, "href") == "#"+id
		}
	}
	return false
}

// openList starts a list: it may be a list of links.
func (s *htmlStream) openList(e *hsElem, attrs []html.Attribute) {
	l := &hsList{ordered: e.name == "ol", num: 1, links: true}
	if v, err := strconv.Atoi(attrVal(attrs, "start")); err == nil {
		l.num = v
	}
	if t := attrVal(attrs, "type"); len(t) == 1 && strings.Contains("1aAiI", t) {
		l.typ = t[0]
	}
	l.snap = hsSnap{bs: len(s.r.bs), cur: s.r.cur.String(), curSpace: s.curSpace, r: s.r, pending: s.pending, itemAt: s.itemAt, itemID: s.itemID, itemBlock: -1}
	l.snap.r.bs, l.snap.r.cur = nil, strings.Builder{}
	if s.itemAt >= 0 && s.itemAt < len(s.oe) {
		l.snap.itemBlock = s.oe[s.itemAt].block
	}
	for _, p := range s.prefixes {
		l.snap.prefixes = append(l.snap.prefixes, hsPrefixLen{p, len(p.b)})
	}
	e.list = l
	s.lists = append(s.lists, len(s.oe)-1)
}

// hsSpecial are the elements of the parsing algorithm's "special" category.
var hsSpecial = map[string]bool{
	"address": true, "applet": true, "area": true, "article": true, "aside": true, "base": true, "basefont": true,
	"bgsound": true, "blockquote": true, "body": true, "br": true, "button": true, "caption": true, "center": true,
	"col": true, "colgroup": true, "dd": true, "details": true, "dir": true, "div": true, "dl": true, "dt": true,
	"embed": true, "fieldset": true, "figcaption": true, "figure": true, "footer": true, "form": true, "frame": true,
	"frameset": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "head": true,
	"header": true, "hgroup": true, "hr": true, "html": true, "iframe": true, "img": true, "input": true,
	"keygen": true, "li": true, "link": true, "listing": true, "main": true, "marquee": true, "menu": true,
	"meta": true, "nav": true, "noembed": true, "noframes": true, "noscript": true, "object": true, "ol": true,
	"p": true, "param": true, "plaintext": true, "pre": true, "script": true, "section": true, "select": true,
	"source": true, "style": true, "summary": true, "table": true, "tbody": true, "td": true, "template": true,
	"textarea": true, "tfoot": true, "th": true, "thead": true, "title": true, "tr": true, "track": true,
	"ul": true, "wbr": true, "xmp": true,
}

// linkChild follows, for the lists that may be lists of links, the
// element just opened at oe[i]: an item, or an item's <a> child.
func (s *htmlStream) linkChild(i int) {
	e := &s.oe[i]
	for _, at := range s.lists {
		l := s.oe[at].list
		if !l.links {
			continue
		}
		switch {
		case at == i-1 && e.name == "li":
			l.linkItems++
			l.item, l.itemA, l.itemLinkA = e.id, 0, 0
		case l.item != 0 && s.oe[i-1].id == l.item && e.name == "a":
			l.itemA++
			if l.itemA > 1 {
				l.links = false
				l.linkText.Reset()
			} else {
				l.itemLinkA = e.id
			}
		}
	}
}

// pop closes the top element. An element closed by the end of another
// (implied) must not be a formatting element, which the parser would
// open again where the text goes on.
func (s *htmlStream) pop(implied bool) {
	i := len(s.oe) - 1
	e := &s.oe[i]
	if implied && hsFormatting[e.name] {
		s.stop("a formatting element closed by another's end")
		return
	}
	if s.titleAt == i && s.titleID == e.id {
		s.titleAt = 0
	}
	if e.named > 0 && s.measure {
		s.openNamed = s.openNamed[:len(s.openNamed)-1]
	}
	switch {
	case s.namedAt == i:
		t := corpus.CleanLine(s.namedText.String())
		if t != "" {
			s.namedNotes = append(s.namedNotes, fmt.Sprintf("dropped page furniture by its name <%s>: %s", e.name, clip(t, 120)))
		}
		s.namedRunes += utf8.RuneCountInString(t)
		s.namedText.Reset()
		s.namedAt = -1
	case s.chromeAt == i:
		if t := corpus.CleanLine(s.chromeText.String()); t != "" {
			s.chromeNotes = append(s.chromeNotes, fmt.Sprintf("dropped page furniture <%s>: %s", e.name, clip(t, 120)))
		}
		s.chromeText.Reset()
		s.chromeAt = -1
	case s.chromeAt < 0 && s.namedAt < 0 && !e.code && s.reading && !s.measure:
		s.close(i)
	}
	s.oe = s.oe[:i]
}

// close runs the reader on the element at oe[i] as it ends, as
// htmlReader.node does after its children.
func (s *htmlStream) close(i int) {
	e := &s.oe[i]
	for _, at := range s.lists {
		l := s.oe[at].list
		switch e.id {
		case l.item:
			if l.itemA != 1 {
				l.links = false
				l.linkText.Reset()
			}
			l.item = 0
		case l.itemLinkA:
			l.itemLinkA = 0
		}
	}
	if l := e.list; l != nil {
		s.lists = s.lists[:len(s.lists)-1]
		if l.links && l.linkItems > 0 {
			// A list of links: page furniture, as if never read.
			if t := corpus.CleanLine(l.linkText.String()); t != "" {
				if l.innerNoted {
					s.stop("its note would come before the inner list's")
					return
				}
				for _, at := range s.lists {
					s.oe[at].list.innerNoted = true
				}
				s.linkNotes = append(s.linkNotes, fmt.Sprintf("dropped list of links <%s>: %s", e.name, clip(t, 120)))
			}
			s.restore(&l.snap)
			if e.isRoot {
				s.stop("a content root that is a list of links")
			}
			return
		}
	}
	if e.table != nil && e.name == "table" {
		s.endTable(e.table)
	}
	switch e.act {
	case actFlush, actHeading:
		s.flush()
	case actItem:
		s.flush()
		s.r.in = e.outerIn
		l := e.owner
		l.num++
		if p := e.prefix; p != nil {
			if n := len(s.prefixes); n > 0 && s.prefixes[n-1] == p {
				s.prefixes = s.prefixes[:n-1]
			}
			if printsLabelText(string(p.b)) {
				l.printed++
				if e.block >= 0 {
					l.printing = append(l.printing, e.block)
				}
			}
		}
	case actList:
		if l := e.list; l.ordered && l.printed*2 > l.items {
			for _, b := range l.printing {
				if b < len(s.r.bs) {
					s.r.bs[b].ordinal, s.r.bs[b].ordinalType = 0, 0
				}
			}
		}
	case actTerm:
		s.r.inBold--
		s.flush()
	case actCode:
		s.r.kind = blockCode
		s.flush()
	case actQuote:
		s.r.kind = blockQuote
		s.flush()
	case actBold:
		s.r.inBold--
		if s.pending == e.id {
			s.pending = 0
		}
	case actInline:
		s.writeByte('\n')
	case actRow:
		s.endRow(e)
	}
	if e.isRoot {
		s.flush()
		s.rootEnd, s.rootState = len(s.r.bs), 2
	}
}

// restore sets the reader back to where a list of links started.
func (s *htmlStream) restore(sn *hsSnap) {
	bs := s.r.bs[:min(sn.bs, len(s.r.bs))]
	s.r = sn.r
	s.r.bs = bs
	s.r.cur.WriteString(sn.cur)
	s.curSpace, s.pending, s.itemAt, s.itemID = sn.curSpace, sn.pending, sn.itemAt, sn.itemID
	if s.itemAt >= 0 && s.itemAt < len(s.oe) && s.oe[s.itemAt].id == s.itemID {
		s.oe[s.itemAt].block = sn.itemBlock
	}
	s.prefixes = s.prefixes[:0]
	for _, pl := range sn.prefixes {
		pl.p.b = pl.p.b[:pl.n]
		pl.p.full = pl.n >= 200
		if !pl.p.full {
			s.prefixes = append(s.prefixes, pl.p)
		}
	}
}

// eof ends the page: the open elements close, the last block ends.
func (s *htmlStream) eof() {
	if s.raw {
		s.raw = false
	}
	if s.mode != hsInBody {
		s.startBody(nil)
	}
	for len(s.oe) > 0 && !s.fail {
		s.pop(false)
	}
	if !s.fail {
		s.flush()
	}
}

// mergeAttrs runs an <html> or <body> tag after the first: the parser
// gives the root element (or the body) the attributes it does not have
// yet. Of those the readers read the root's lang; one that would make
// the root or the body furniture or the content root needs the tree.
func (s *htmlStream) mergeAttrs(name string) {
	if name == "body" && (len(s.oe) < 2 || s.oe[1].name != "body") {
		return
	}
	for _, a := range s.attrs {
		switch a.Key {
		case "hidden", "aria-hidden", "role":
			s.stop("furniture or root attributes merged into the root or the body")
			return
		case "lang":
			if name == "html" && !s.hasLang {
				s.lang, s.hasLang = a.Val, true
			}
		}
	}
}

// endRow ends a row, as htmlReader.node does a <tr>: a row of header
// cells names the columns of a table with data cells, and is the title
// of what follows in one without; the table may show its first data
// cell after the row, so that the row's block waits for the table's end.
func (s *htmlStream) endRow(e *hsElem) {
	s.r.kind = blockRow
	switch {
	case !e.rowHead:
	case e.table.data:
		s.r.chrome = "table header"
	case strings.TrimSpace(s.r.cur.String()) != "" && s.rootState != 2:
		row := hsRow{block: len(s.r.bs), r: s.r, cur: s.r.cur.String()}
		row.r.bs, row.r.cur = nil, strings.Builder{}
		e.table.rows = append(e.table.rows, row)
		s.r.bs = append(s.r.bs, block{})
		s.r.cur.Reset()
	}
	s.flush()
}

// endTable makes the blocks of a table's rows of header cells.
func (s *htmlStream) endTable(t *hsTable) {
	s.tables = s.tables[:len(s.tables)-1]
	for _, row := range t.rows {
		if row.block >= len(s.r.bs) {
			continue
		}
		r := row.r
		r.cur.WriteString(row.cur)
		if t.data {
			r.chrome = "table header"
		} else {
			r.kind, r.lead = blockPara, 1
		}
		r.flush()
		s.r.bs[row.block] = r.bs[0]
	}
}
