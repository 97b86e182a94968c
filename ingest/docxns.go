package ingest

import (
	"bytes"
	"fmt"
)

// The namespaces of WordprocessingML's main part: the transitional one
// Word writes and the strict one of ISO/IEC 29500.
const (
	wmlNamespace       = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
	wmlStrictNamespace = "http://purl.oclc.org/ooxml/wordprocessingml/main"
	// mcNamespace is Markup Compatibility's (ECMA-376 Part 3): an
	// mc:AlternateContent holds one mc:Choice and an mc:Fallback of the
	// same content for older readers.
	mcNamespace = "http://schemas.openxmlformats.org/markup-compatibility/2006"
)

// isXMLNS reports whether an attribute's name is a namespace
// declaration: xmlns (the default namespace) or xmlns:prefix.
func isXMLNS(name []byte) bool {
	return bytes.HasPrefix(name, []byte("xmlns")) && (len(name) == 5 || name[5] == ':')
}

// nsBinding is a prefix bound by a declaration ("" for the default
// namespace), whether it names WordprocessingML, and the depth of the
// element that declared it.
type nsBinding struct {
	prefix []byte
	wml    bool
	mc     bool // Markup Compatibility's namespace (mcNamespace)
	bound  bool // false for xmlns="": the default namespace undeclared
	depth  int
}

// wmlScope follows the namespace declarations of the elements open in
// a document, as XML's Namespaces read them, to tell which elements and
// attributes are WordprocessingML's whatever prefix binds it: the
// reader reads elements and attributes by their namespace, not by the
// prefix a document happens to write.
type wmlScope struct {
	binds []nsBinding
	depth int
	// lenient reads a prefix no declaration binds as a namespace of its
	// own, not WordprocessingML's, as encoding/xml does, in place of an
	// error.
	lenient bool
	// The last prefix resolved and its answer, until a binding changes:
	// a document writes one prefix for most of its elements.
	last      []byte
	lastWML   bool
	lastBound bool
	lastOK    bool
}

// prefixOf returns the prefix of a qualified name whose local part is
// local ("w" of "w:p"), nil for a name without one.
func prefixOf(name, local []byte) []byte {
	if len(local) == len(name) {
		return nil
	}
	return name[:len(name)-len(local)-1]
}

// resolve reports whether prefix (nil: an element's default namespace)
// is bound, and to WordprocessingML. The prefix xml is always bound.
func (w *wmlScope) resolve(prefix []byte) (wml, bound bool) {
	if w.lastOK && bytes.Equal(prefix, w.last) && (prefix == nil) == (w.last == nil) {
		return w.lastWML, w.lastBound
	}
	wml, bound = false, prefix == nil || string(prefix) == "xml"
	for i := len(w.binds) - 1; i >= 0; i-- {
		if b := w.binds[i]; bytes.Equal(b.prefix, prefix) && (prefix == nil) == (b.prefix == nil) {
			wml, bound = b.wml, b.bound || prefix == nil
			break
		}
	}
	w.last, w.lastWML, w.lastBound, w.lastOK = prefix, wml, bound, true
	return wml, bound
}

// markupCompat reports whether prefix (nil: the default namespace) is
// bound to Markup Compatibility's namespace.
func (w *wmlScope) markupCompat(prefix []byte) bool {
	for i := len(w.binds) - 1; i >= 0; i-- {
		if b := w.binds[i]; bytes.Equal(b.prefix, prefix) && (prefix == nil) == (b.prefix == nil) {
			return b.mc
		}
	}
	return false
}

// open enters the start tag s read: it binds the tag's declarations
// and reports whether the element is WordprocessingML's. An element
// whose prefix no declaration binds is an error.
func (w *wmlScope) open(s *xmlScanner) (bool, error) {
	w.depth++
	if s.nsDecl {
		w.declare(s)
	}
	wml, bound := w.resolve(prefixOf(s.name, s.local))
	if !bound && !w.lenient {
		return false, fmt.Errorf("element <%s> has the prefix %q, which no namespace declaration binds", s.name, prefixOf(s.name, s.local))
	}
	return wml, nil
}

// declare binds the namespace declarations of the start tag s read. A
// prefix declared with an empty value (xmlns:p="", which XML 1.0's
// Namespaces do not allow) is bound to none: an element or attribute
// that uses it is an error.
func (w *wmlScope) declare(s *xmlScanner) {
	sub := xmlScanner{data: s.attrs}
	for {
		name, value, ok := sub.nextAttr()
		if !ok {
			return
		}
		if !isXMLNS(name) {
			continue
		}
		var prefix []byte // nil: the default namespace
		if len(name) > 5 {
			prefix = name[6:]
		}
		v := string(value)
		w.binds = append(w.binds, nsBinding{prefix: prefix, wml: v == wmlNamespace || v == wmlStrictNamespace, mc: v == mcNamespace, bound: len(value) > 0, depth: w.depth})
		w.lastOK = false
	}
}

// close leaves the element that ends at the end tag just read, after
// the reader has taken it: its declarations go out of scope.
func (w *wmlScope) close() {
	for len(w.binds) > 0 && w.binds[len(w.binds)-1].depth >= w.depth {
		w.binds = w.binds[:len(w.binds)-1]
		w.lastOK = false
	}
	w.depth--
}

// val returns the decoded value of the start tag's first attribute val
// in WordprocessingML's namespace (w:val, whatever its prefix), "" if
// there is none. An attribute whose prefix no declaration binds is an
// error; an attribute without a prefix is in no namespace.
func (w *wmlScope) val(s *xmlScanner) (string, error) {
	v, _, err := w.attr(s, "val", false)
	return v, err
}

// attr returns the decoded value of the start tag's first attribute of
// WordprocessingML's namespace with that local name, or with last its
// last, and whether there is one. A prefix no declaration binds, on any
// attribute of the tag, before the one sought or after it, is an error:
// the order of attributes says nothing.
func (w *wmlScope) attr(s *xmlScanner, local string, last bool) (value string, found bool, err error) {
	sub := xmlScanner{data: s.attrs}
	for {
		name, v, ok := sub.nextAttr()
		if !ok {
			return value, found, nil
		}
		prefix := name[:max(bytes.IndexByte(name, ':'), 0)]
		if len(prefix) == 0 || string(prefix) == "xmlns" {
			continue
		}
		wml, bound := w.resolve(prefix)
		if !bound && !w.lenient {
			return "", false, fmt.Errorf("attribute %s of <%s> has the prefix %q, which no namespace declaration binds", name, s.name, prefix)
		}
		if wml && string(name[len(prefix)+1:]) == local && (last || !found) {
			value, found = string(v), true
		}
	}
}

// nextAttr reads the next attribute of a start tag's attribute list
// (checked by startTag): its qualified name and decoded value; ok is
// false at the end.
func (s *xmlScanner) nextAttr() (name, value []byte, ok bool) {
	s.space()
	if s.pos >= len(s.data) {
		return nil, nil, false
	}
	name, _, ok = s.readName()
	if !ok {
		return nil, nil, false
	}
	s.space()
	s.pos++ // '=', checked by startTag
	s.space()
	v, err := s.quoted()
	if err != nil {
		return nil, nil, false
	}
	return name, v, true
}
