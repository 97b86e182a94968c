package ingest

import ()

// The tree construction rules of the HTML standard that streamHTML
// follows: which start and end tags open, close or imply which elements,
// and the scopes they are looked for in.

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
