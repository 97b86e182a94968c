package ingest

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/lazyre"
)

func init() {
	register(&format{
		name:   "html",
		doc:    "web page: heading-per-rule pages, numbered paragraphs, lists, definition lists, tables of rules, reader-app cards",
		binary: parseHTML,
	})
}

var (
	htmlStartRe   = lazyre.New(`(?i)^\s*(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html|head|body|meta|title)[\s>]`)
	metaCharsetRe = lazyre.New(`(?i)<meta[^>]+charset\s*=\s*["']?\s*([a-z0-9_:.-]+)`)
)

// isHTML reports whether data starts like an HTML page.
func isHTML(data []byte) bool {
	head := data[:min(len(data), 1024)]
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	return htmlStartRe.Match(head)
}

// What a page shows around its content, never rule text: elements that
// hold no text (htmlCode); elements the page marks as furniture by their
// element or role (htmlChrome); and elements whose class or id names
// furniture (htmlChromeNamed), a guess, which never removes the element
// that holds the page's text ("<div class=\"content has-sidebar\">").
const (
	htmlCode   = "script, style, noscript, template, iframe, svg"
	htmlChrome = "nav, footer, aside, form, button, select, " +
		"[role=navigation], [role=banner], [role=contentinfo], [role=search], [aria-hidden=true], [hidden]"
	htmlChromeNamed = `[class*="sidebar"], [class*="breadcrumb"], [class*="navbar"], [class*="menu"], [class*="footer"], [id*="sidebar"], [id*="menu"], [id*="footer"]`
)

// maxNamedChrome is how many characters of text elements dropped for
// their class or id names may hold before the drop is a warning.
const maxNamedChrome = 200

// dropChrome removes the page furniture of doc and returns a note on
// each element removed with its text, and the elements dropped for
// their element or role (htmlChrome) that held text, at the lines marks
// kept. keep says which of those outside any other are kept as text
// (keepFurniture); with keep nil, each of them is left in the tree as an
// empty comment, a place (places) whose blocks before it htmlBlocks
// counts into furn. An element named as furniture is kept when it is
// the body, holds the first <h1>, holds more than a third of the page's
// text, or is furniture kept as text; more than maxNamedChrome characters
// dropped that way is a warning.
func dropChrome(doc *goquery.Document, marks lineMarks, keep []bool) (notes []string, drops []chromeDrop, furn []furnitureAt, places map[*html.Node]int) {
	doc.Find(htmlCode).Remove()
	total := utf8.RuneCountInString(strings.TrimSpace(doc.Find("body").Text()))
	h1 := doc.Find("h1").First()
	note := func(why string, s *goquery.Selection) (string, int) {
		t := corpus.CleanLine(joinText(" ", s.Nodes...))
		if t != "" {
			notes = append(notes, fmt.Sprintf("dropped %s <%s>: %s", why, goquery.NodeName(s), clip(t, 120)))
		}
		return t, utf8.RuneCountInString(t)
	}
	kept, dropped := map[*html.Node]bool{}, map[*html.Node]bool{}
	outer := 0 // how many outside any other have been met
	doc.Find(htmlChrome).Each(func(_ int, s *goquery.Selection) {
		e := s.Get(0)
		inKept := false
		for p := e.Parent; p != nil; p = p.Parent {
			if dropped[p] {
				return // removed with it
			}
			inKept = inKept || kept[p]
		}
		if !inKept {
			outer++
			if k := outer - 1; k < len(keep) && keep[k] {
				kept[e] = true
				return
			}
		}
		dropped[e] = true
		t, n := note("page furniture", s)
		if n > 0 {
			drops = append(drops, chromeDrop{name: goquery.NodeName(s), runes: n, line: marks.elementLine(e)})
		}
		if keep != nil || inKept {
			s.Remove()
			return
		}
		furn = append(furn, furnitureAt{name: goquery.NodeName(s), at: -1, text: furnitureText(t)})
		if e.Parent == nil {
			return
		}
		place := &html.Node{Type: html.CommentNode}
		e.Parent.InsertBefore(place, e)
		e.Parent.RemoveChild(e)
		if places == nil {
			places = map[*html.Node]int{}
		}
		places[place] = len(furn) - 1
	})
	named := 0
	removed := map[*html.Node]bool{}
	doc.Find(htmlChromeNamed).Each(func(_ int, s *goquery.Selection) {
		if kept[s.Get(0)] {
			return
		}
		for p := s.Get(0).Parent; p != nil; p = p.Parent {
			if removed[p] {
				return // inside an element already dropped
			}
		}
		if s.Is("html, body") ||
			h1.Length() > 0 && (s.Is("h1") || s.Has("h1").Length() > 0) ||
			3*utf8.RuneCountInString(strings.TrimSpace(s.Text())) > total {
			return
		}
		_, n := note("page furniture by its name", s)
		named += n
		removed[s.Get(0)] = true
		s.Remove()
	})
	if named > maxNamedChrome {
		notes = append(notes, fmt.Sprintf("%s%d characters dropped as page furniture because of their class or id names (in the notes)", WarningNote, named))
	}
	// A list whose every item is only a link is navigation.
	doc.Find("ul, ol").Each(func(_ int, l *goquery.Selection) {
		items := l.ChildrenFiltered("li")
		links := items.FilterFunction(func(_ int, li *goquery.Selection) bool {
			a := li.ChildrenFiltered("a")
			return a.Length() == 1 && strings.TrimSpace(li.Text()) == strings.TrimSpace(a.Text())
		})
		if items.Length() > 0 && links.Length() == items.Length() {
			note("list of links", l)
			// The place of a table of the page's own contents (every
			// link to a place in the page) is kept, for the heading
			// over it (navHeadings).
			inside := links.FilterFunction(func(_ int, li *goquery.Selection) bool {
				href, _ := li.ChildrenFiltered("a").Attr("href")
				return inPage(href)
			})
			if e := l.Get(0); e.Parent != nil && inside.Length() == items.Length() {
				e.Parent.InsertBefore(&html.Node{Type: html.CommentNode, Data: navPlace}, e)
			}
			l.Remove()
		}
	})
	return notes, drops, furn, places
}

// inPage reports whether a link's href leads to a place in the page
// itself (a fragment: "#item-1").
func inPage(href string) bool { return strings.HasPrefix(strings.TrimSpace(href), "#") }

// chromeDrop is an element a page marks as furniture by its element or
// role (htmlChrome), dropped with its text.
type chromeDrop struct {
	name  string // the element's name
	runes int    // the characters of its text
	line  int    // the 1-based line of the page where it starts; 0 unknown
}

// minChromeWarn is how many characters an element dropped as furniture
// by its element or role may hold and still be trivial (a copyright
// line, a "Back to top"); one that holds more is dropped with a warning.
const minChromeWarn = 40

// chromeWarning is the warning on the elements of drops that hold more
// than trivial text (minChromeWarn), with the characters dropped and
// the place of each; "" when none does.
func chromeWarning(drops []chromeDrop) string {
	n := 0
	var places []string
	for _, c := range drops {
		if c.runes <= minChromeWarn {
			continue
		}
		n += c.runes
		p := fmt.Sprintf("<%s> (%d)", c.name, c.runes)
		if c.line > 0 {
			p = fmt.Sprintf("line %d %s", c.line, p)
		}
		places = append(places, p)
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%s%d %s: %s", WarningNote, n, chromeListHead, strings.Join(places, "; "))
}

// chromeListHead is the head of chromeWarning's warning, after the
// characters dropped (a listing warning: see countedLists).
const chromeListHead = "characters dropped as page furniture (listed in notes)"

func parseHTML(data []byte, o Options, d *corpus.Document) error {
	text, enc, guessed, err := decodeHTML(data, o.Encoding)
	if err != nil {
		return err
	}
	d.Source.Encoding = enc
	if guessed {
		d.Notes = append(d.Notes, corpus.EncodingGuessed(enc))
	}
	page, err := readHTML(text, nil)
	if err != nil {
		return err
	}
	// Furniture that goes on with the numbering is read as text: the
	// page read again, keeping it.
	keep, kept := keepFurniture(page.bs, page.furniture)
	if keep != nil {
		page = htmlPage{} // not held while it is read again
		if page, err = readHTML(text, keep); err != nil {
			return err
		}
		page.notes = append(page.notes, kept...)
	}
	if page.hasLang {
		if tag, err := corpus.CanonicalLang(page.lang); err == nil && tag != "und" {
			d.Lang = tag
		}
	}
	title := corpus.CleanLine(page.title)
	d.Notes = append(d.Notes, page.notes...)
	if w := chromeWarning(page.chrome); w != "" {
		d.Notes = append(d.Notes, w)
	}
	if len(page.bs) == 0 {
		return errors.New("HTML: the page has no text outside navigation and scripts")
	}
	navHeadings(page.bs, page.nav)
	lang := d.Lang
	if _, err := readBoldHeadingsApart(page.bs, d, fromBlocks, true); err != nil {
		return fmt.Errorf("HTML: %w", err)
	}
	if d.Lang == "" {
		d.Lang = lang
	}
	if title != "" {
		d.Title = title
	}
	if d.Edition == "" {
		d.Edition = detectEdition(title)
	}
	return nil
}

// readHTML reads a page as it streams, else from its tree, keeping as
// text the furniture keep says (streamHTML).
func readHTML(text string, keep []bool) (htmlPage, error) {
	if page, ok := streamHTML(text, keep); ok {
		return page, nil
	}
	return treeHTML(text, keep)
}

// decodeHTML decodes a page from the encoding given, else the one its
// <meta> names, else the one detected; guessed says whether it is a
// guess (corpus.GuessedEncoding).
func decodeHTML(data []byte, encoding string) (text, enc string, guessed bool, err error) {
	charset := encoding
	if charset == "" {
		if m := metaCharsetRe.FindSubmatch(data[:min(len(data), 4096)]); m != nil {
			charset = string(m[1])
		}
	}
	text, enc, err = corpus.DecodeText(data, charset)
	if err != nil && charset != encoding {
		// A page that lies about its charset: detect it instead.
		charset = encoding
		text, enc, err = corpus.DecodeText(data, encoding)
	}
	return text, enc, corpus.GuessedEncoding(charset, enc), err
}

// htmlPage is what the readers of a page find in it: the lang attribute
// of its root element, the text of its first <title>, the notes on the
// furniture dropped, and the blocks of its content.
type htmlPage struct {
	lang    string
	hasLang bool
	title   string
	notes   []string
	chrome  []chromeDrop // the elements dropped for their element or role, with text
	// furniture are the elements dropped for their element or role
	// outside any other, where the page was read keeping none as text.
	furniture []furnitureAt
	bs        []block
	// nav are the places of the lists of links to places in the page
	// dropped as navigation in the content read (tables of its
	// contents): the number of blocks before each, ascending (where no
	// text of a block stood open around it).
	nav []int
}

// treeHTML reads a page from its whole element tree (goquery): the
// reader of the pages streamHTML leaves to it (keep as streamHTML's).
func treeHTML(text string, keep []bool) (htmlPage, error) {
	var page htmlPage
	marked, marks, _ := markLines(text)
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(marked))
	if err != nil {
		return page, treeError(text, err)
	}
	marked = ""
	for _, n := range doc.Nodes {
		marks.unmark(n)
	}
	page.lang, page.hasLang = doc.Find("html").Attr("lang")
	page.title = doc.Find("title").First().Text()
	var places map[*html.Node]int
	page.notes, page.chrome, page.furniture, places = dropChrome(doc, marks, keep)
	root := doc.Find("main, [role=main], article").First()
	if root.Length() == 0 {
		root = doc.Find("body")
	}
	page.bs = htmlCardBlocks(root)
	if len(page.bs) == 0 {
		page.bs, page.nav = htmlBlocks(root.Nodes, places, page.furniture)
	}
	return page, nil
}

// htmlCardBlocks reads reader-app cards as blocks: three or more
// elements whose class names a card, each with a title element and a
// preview element, are entries, cut where the preview ends in an
// ellipsis or in the middle of a sentence; the heading of the section
// they sit in is a heading before them. It returns nil for a page of
// fewer cards.
func htmlCardBlocks(root *goquery.Selection) []block {
	var bs []block
	var section *html.Node
	cards := 0
	root.Find(`[class*="card"]`).Each(func(_ int, c *goquery.Selection) {
		if c.ParentsFiltered(`[class*="card"]`).Length() > 0 {
			return // a part of an outer card
		}
		t := c.Find(`h1, h2, h3, h4, h5, h6, [class*="title"]`).First()
		p := c.Find(`[class*="preview"], [class*="excerpt"], [class*="summary"], [class*="desc"], p`).NotSelection(t).First()
		title := corpus.CleanLine(t.Text())
		if title == "" || p.Length() == 0 {
			return
		}
		if s := c.Closest("section"); s.Length() > 0 && s.Get(0) != section {
			section = s.Get(0)
			if h := s.Find("h1, h2, h3").First(); h.Length() > 0 {
				bs = append(bs, block{text: corpus.CleanLine(h.Text()), kind: blockHeading, level: 1, line: firstTextLine(h.Get(0))})
			}
		}
		bs = append(bs, previewBlock(title, corpus.CleanLine(p.Text()), firstTextLine(t.Get(0))))
		cards++
	})
	if cards < 3 {
		return nil
	}
	return bs
}

func attrOf(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}
