package ingest

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"

	"github.com/rulesync/rulesync/corpus"
)

// The open elements of streamHTML: what an element is when it opens
// (furniture, a list, a content root, a link) and the blocks it gives when
// it closes.

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
		chrome := isChrome(name, attrs)
		if chrome {
			chrome = !s.keptChrome(&e, parent)
		}
		switch {
		case chrome:
			e.chrome = true
			s.chromeAt = len(s.oe)
			s.chromeLine = s.textLine
			s.chromeText.Reset()
		case s.guessed(name, attrs):
			s.stop("cards, or a content root outside the body")
			return
		case e.kept:
			// Read as text, and not named furniture, whatever its
			// names.
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
		s.r.bs, s.r.nav = s.r.bs[:0], s.r.nav[:0]
		s.rootState = 1
		// The furniture before it is outside the content read.
		for k := range s.furniture {
			s.furniture[k].at = -1
		}
		e.isRoot = true
		e.mode, e.depth = modeNormal, 0
	}
	// Lists, in any mode: a list of links is dropped before anything is read.
	if name == "ol" || name == "ul" {
		s.openList(e, attrs)
		e = &s.oe[i]
	}
	s.linkChild(i, attrs)
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
		if v, ok := listNumber(attrVal(attrs, "value")); ok {
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
	l := &hsList{ordered: e.name == "ol" && !noListMarkers(attrVal(attrs, "style")), num: 1, links: true}
	if v, ok := listNumber(attrVal(attrs, "start")); ok {
		l.num = v
	}
	if t := attrVal(attrs, "type"); len(t) == 1 && strings.Contains("1aAiI", t) {
		l.typ = t[0]
	}
	l.snap = hsSnap{bs: len(s.r.bs), furniture: len(s.furniture), cur: s.r.cur.String(), curSpace: s.curSpace, r: s.r, pending: s.pending, itemAt: s.itemAt, itemID: s.itemID, itemBlock: -1}
	l.snap.r.bs, l.snap.r.cur = nil, textBuf{}
	if s.itemAt >= 0 && s.itemAt < len(s.oe) {
		l.snap.itemBlock = s.oe[s.itemAt].block
	}
	for _, p := range s.prefixes {
		l.snap.prefixes = append(l.snap.prefixes, hsPrefixLen{p, len(p.b)})
	}
	e.list = l
	s.lists = append(s.lists, len(s.oe)-1)
}

// linkChild follows, for the lists that may be lists of links, the
// element just opened at oe[i] with attrs: an item, or an item's <a>
// child.
func (s *htmlStream) linkChild(i int, attrs []html.Attribute) {
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
				l.away = l.away || !inPage(attrVal(attrs, "href"))
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
			s.chromeDrops = append(s.chromeDrops, chromeDrop{name: e.name, runes: utf8.RuneCountInString(t), line: s.chromeLine})
			if e.furn > 0 {
				s.furniture[e.furn-1].text = furnitureText(t)
			}
		}
		s.chromeText.Reset()
		s.chromeAt = -1
	case s.chromeAt < 0 && s.namedAt < 0 && !e.code && s.reading && !s.measure:
		s.close(i)
	}
	if e.kept {
		s.keptAt = -1
	}
	s.oe = s.oe[:i]
}

// keptChrome counts an element dropped as furniture by its element or
// role (isChrome), e, about to open under parent, among those outside
// any other (an element inside one read as text is inside another), and
// reports whether keep reads it as text. With keep nil, it notes the
// element among the furniture, with the blocks before it where a tree's
// reading of the same page reaches it in its content (htmlReader).
func (s *htmlStream) keptChrome(e *hsElem, parent *hsElem) bool {
	if s.keptAt >= 0 {
		return false
	}
	k := s.nChrome
	s.nChrome++
	if k < len(s.keep) && s.keep[k] {
		e.kept = true
		s.keptAt = len(s.oe)
		return true
	}
	if s.keep == nil && !s.measure {
		at := len(s.r.bs)
		if !s.reading || s.rootState == 2 || s.namedAt >= 0 || parent == nil ||
			parent.mode == modeRaw || parent.mode == modeSkip || parent.mode == modeHead {
			at = -1
		}
		s.furniture = append(s.furniture, furnitureAt{name: e.name, at: at})
		e.furn = len(s.furniture)
	}
	return false
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
			if !l.away && s.reading && s.chromeAt < 0 && s.namedAt < 0 && s.rootState != 2 {
				s.r.navAt()
			}
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
	// The furniture in the list is dropped with it: a tree's reading
	// never reaches it.
	for k := sn.furniture; k < len(s.furniture); k++ {
		s.furniture[k].at = -1
	}
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
