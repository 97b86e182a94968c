package ingest

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

func init() {
	register(&format{
		name:   "docx",
		doc:    "Word document (.docx): paragraphs, runs, list numbering, tables; coloured, underlined and struck runs become change marks",
		binary: parseDOCX,
	})
}

// zipMagic starts every zip archive, and so every DOCX file.
const zipMagic = "PK\x03\x04"

// maxDOCXRatio bounds how much a DOCX part may inflate: Word's XML
// compresses about 10:1, a zip bomb by thousands.
const maxDOCXRatio = 200

func parseDOCX(data []byte, o Options, d *corpus.Document) error {
	var mk markKinds
	blocks, err := readDOCX(data, o.maxBytes(), &mk, d)
	if err != nil {
		return err
	}
	return parsePublication(blocks, &mk, d)
}

// readDOCX returns the paragraphs of the main document part of a DOCX
// file, table cells included, in document order. Headers, footers,
// footnotes and comments are not read. d's reading takes a block for
// each paragraph before they are read (countParagraphs). Run text that is coloured,
// underlined, struck or a tracked insertion is wrapped in mk's sentinels;
// tracked deletions and field codes are left out.
func readDOCX(data []byte, limit int64, mk *markKinds, d *corpus.Document) ([]block, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fmt.Errorf("not a DOCX file: not a readable zip archive (%v)", err)
	}
	part := func(name string) ([]byte, error) {
		for _, f := range zr.File {
			if f.Name != name {
				continue
			}
			if f.UncompressedSize64 > uint64(limit) || f.CompressedSize64 > 0 && f.UncompressedSize64/f.CompressedSize64 > maxDOCXRatio {
				return nil, fmt.Errorf("DOCX part %s inflates to %d bytes from %d: refusing a zip bomb", name, f.UncompressedSize64, f.CompressedSize64)
			}
			rc, err := f.Open()
			if err != nil {
				return nil, fmt.Errorf("DOCX part %s: %v", name, err)
			}
			defer rc.Close()
			// The sizes in the zip headers can lie; count what comes out.
			// The buffer is made the size the header gives (at most the
			// limit), so that a part read whole is not copied as it grows.
			b, err := readSized(io.LimitReader(rc, limit+1), int(f.UncompressedSize64))
			if err != nil {
				return nil, fmt.Errorf("DOCX part %s: %v", name, err)
			}
			if int64(len(b)) > limit {
				return nil, fmt.Errorf("DOCX part %s inflates past %d bytes: refusing a zip bomb", name, limit)
			}
			return b, nil
		}
		return nil, nil
	}
	doc, err := part("word/document.xml")
	if err != nil {
		return nil, err
	}
	if doc == nil {
		return nil, errors.New("not a DOCX file: the zip archive has no word/document.xml")
	}
	if err := countParagraphs(doc, d); err != nil {
		return nil, err
	}
	numXML, err := part("word/numbering.xml")
	if err != nil {
		return nil, err
	}
	nums := parseNumbering(numXML)
	r := docxReader{mk: mk, nums: nums, counters: map[string][]int{}}
	if err := r.read(doc); err != nil {
		return nil, fmt.Errorf("word/document.xml: %v", err)
	}
	return r.blocks, nil
}

// readSized reads r to its end into a buffer of size bytes and one more
// (io.ReadAll starts at 512 bytes and copies as it grows), growing it
// only when r holds more than size.
func readSized(r io.Reader, size int) ([]byte, error) {
	b := make([]byte, 0, size+1)
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
}

// docxRun is the formatting of the run being read.
type docxRun struct {
	bold, underline, strike bool
	colour                  string
}

type docxReader struct {
	mk       *markKinds
	nums     numbering
	counters map[string][]int // numId -> counter per level
	blocks   []block

	// paragraph state
	para      strings.Builder
	center    bool
	heading   bool
	boldStart int // -1 unknown, 0 no, 1 yes: whether the first text is bold
	// boldRunes counts the runes other than white space of the bold run
	// the paragraph starts with; plain is set once text in another type
	// follows it.
	boldRunes  int
	plain      bool
	numID, lvl string
	run        docxRun
	inRun      bool
	inRPr      bool
	inserted   int // depth of <w:ins>
	deleted    int // depth of <w:del>
	inText     bool
	inInstr    bool
	// inPara is how many paragraphs are open: a text box's paragraphs
	// sit inside a run of the paragraph it is anchored in, whose state
	// outer keeps meanwhile.
	inPara int
	outer  []docxParaState
}

// docxParaState is the state of a paragraph that another, inside it,
// interrupts.
type docxParaState struct {
	text                   string
	center, heading, plain bool
	boldStart, boldRunes   int
	numID, lvl             string
	run                    docxRun
	inRun, inRPr, inText   bool
}

// newParaState is the state a paragraph starts in.
var newParaState = docxParaState{boldStart: -1, lvl: "0"}

// paraState is the state of the paragraph being read.
func (r *docxReader) paraState() docxParaState {
	return docxParaState{text: r.para.String(), center: r.center, heading: r.heading, plain: r.plain,
		boldStart: r.boldStart, boldRunes: r.boldRunes, numID: r.numID, lvl: r.lvl,
		run: r.run, inRun: r.inRun, inRPr: r.inRPr, inText: r.inText}
}

// restore goes on with the paragraph of state st.
func (r *docxReader) restore(st docxParaState) {
	r.para.Reset()
	r.para.WriteString(st.text)
	r.center, r.heading, r.plain = st.center, st.heading, st.plain
	r.boldStart, r.boldRunes, r.numID, r.lvl = st.boldStart, st.boldRunes, st.numID, st.lvl
	r.run, r.inRun, r.inRPr, r.inText = st.run, st.inRun, st.inRPr, st.inText
}

// read reads document.xml's tokens with xmlScanner: the reader keeps
// only the paragraphs' text and the few properties the blocks need, so
// no token, name or attribute list is built for the many elements it
// passes over. Elements and attributes are WordprocessingML's by the
// namespace their prefix is bound to (wmlScope), whatever the prefix.
func (r *docxReader) read(doc []byte) error {
	s := xmlScanner{data: doc}
	var ns wmlScope
	skip := 0 // the depth inside an mc:Fallback, whose content is skipped
	fail := func(at int, err error) error {
		p := corpus.PositionAt(doc, at)
		return fmt.Errorf("line %d, column %d: %v", p.Line, p.Col, err)
	}
	for {
		tok, err := s.next()
		if err != nil {
			return fail(s.errPos, fmt.Errorf("XML syntax error: %v", err))
		}
		switch tok {
		case tokEOF:
			return nil
		case tokStart:
			wml, err := ns.open(&s)
			switch {
			case err != nil:
			case skip > 0:
				skip++
			case string(s.local) == "Fallback" && ns.markupCompat(prefixOf(s.name, s.local)):
				// The content an mc:AlternateContent's mc:Choice holds,
				// again for older readers (a text box's VML): read once.
				skip = 1
			case wml:
				err = r.start(&s, &ns)
			}
			if err != nil {
				return fail(s.tagAt, err)
			}
		case tokEnd:
			if skip > 0 {
				skip--
			} else if wml, _ := ns.resolve(prefixOf(s.name, s.local)); wml {
				r.end(s.local)
			}
			ns.close()
		case tokText:
			if skip == 0 && r.inText && !r.inInstr && r.deleted == 0 {
				r.text(string(s.text))
			}
		}
	}
}

// on reports whether a toggle property (<w:b/>, <w:strike w:val="0"/>)
// of value val is on.
func on(val string) bool {
	switch val {
	case "0", "false", "off", "none":
		return false
	}
	return true
}

// start takes a WordprocessingML start tag; an error is one of its
// attributes' namespaces.
func (r *docxReader) start(s *xmlScanner, ns *wmlScope) error {
	var val string
	switch string(s.local) {
	case "pStyle", "jc", "numId", "ilvl", "b", "u", "strike", "dstrike", "color":
		v, err := ns.val(s)
		if err != nil {
			return err
		}
		val = v
	}
	switch string(s.local) {
	case "p":
		if r.inPara > 0 {
			// A paragraph inside another's run (a text box's): the
			// outer one's state waits until the inner one ends.
			r.outer = append(r.outer, r.paraState())
		}
		r.inPara++
		r.restore(newParaState)
	case "pStyle":
		v := strings.ToLower(val)
		r.heading = strings.HasPrefix(v, "heading") || v == "title" || v == "subtitle"
	case "jc":
		r.center = val == "center"
	case "numId":
		r.numID = val
	case "ilvl":
		r.lvl = val
	case "r":
		r.run, r.inRun = docxRun{}, true
	case "rPr":
		r.inRPr = true
	case "b":
		if r.inRPr {
			r.run.bold = on(val)
		}
	case "u":
		if r.inRPr {
			r.run.underline = on(val)
		}
	case "strike", "dstrike":
		if r.inRPr {
			r.run.strike = on(val)
		}
	case "color":
		if v := strings.ToUpper(val); r.inRPr && v != "" && v != "AUTO" && v != "000000" {
			r.run.colour = v
		}
	case "t":
		r.inText = true
	case "instrText", "delText":
		r.inInstr = true
	case "ins":
		r.inserted++
	case "del":
		r.deleted++
	case "tab", "ptab":
		if r.inRun && r.deleted == 0 {
			r.para.WriteByte('\t')
		}
	case "br", "cr":
		// A break starts a line; a second one in a row makes a blank
		// line, which is spacing (a PDF shows it as white space only),
		// not a paragraph of its own.
		if p := r.para.String(); r.inRun && r.deleted == 0 && p != "" && p[len(p)-1] != '\n' {
			r.para.WriteByte('\n')
		}
	case "noBreakHyphen":
		r.para.WriteByte('-')
	}
	return nil
}

func (r *docxReader) end(local []byte) {
	switch string(local) {
	case "p":
		r.endPara()
		r.inPara--
		if n := len(r.outer); n > 0 && r.inPara > 0 {
			r.restore(r.outer[n-1])
			r.outer = r.outer[:n-1]
		}
	case "rPr":
		r.inRPr = false
	case "t":
		r.inText = false
	case "instrText", "delText":
		r.inInstr = false
	case "ins":
		r.inserted--
	case "del":
		r.deleted--
	case "r":
		r.inRun = false
	}
}

func (r *docxReader) text(s string) {
	if r.boldStart < 0 && strings.TrimSpace(s) != "" {
		r.boldStart = 0
		if r.run.bold {
			r.boldStart = 1
		}
	}
	if n := nonSpace(s); n > 0 {
		if r.run.bold && !r.plain {
			r.boldRunes += n
		} else {
			r.plain = true
		}
	}
	// Bold underlining is heading style in most publications; only plain
	// underlined text is a change mark.
	kinds := []string{}
	if r.run.colour != "" {
		kinds = append(kinds, "colour:"+r.run.colour)
	}
	if r.run.underline && !r.run.bold {
		kinds = append(kinds, "underline")
	}
	if r.run.strike {
		kinds = append(kinds, "strike")
	}
	if r.inserted > 0 {
		kinds = append(kinds, "inserted")
	}
	for _, k := range kinds {
		s = r.mk.wrap(s, k)
	}
	r.para.WriteString(s)
}

func (r *docxReader) endPara() {
	text := r.para.String()
	depth := 0
	if r.numID != "" && r.numID != "0" {
		if label := r.listLabel(); label != "" {
			// A list's paragraph: its depth is its level, so that a list
			// inside a rule ("1)", "a.") is not taken for the rules.
			lvl, _ := strconv.Atoi(r.lvl)
			depth = lvl + 1
			text = label + " " + text
			if r.boldRunes > 0 {
				r.boldRunes += nonSpace(label) // the label is set in the paragraph's type
			}
		}
	}
	if strings.TrimSpace(stripMarks(text)) == "" {
		return
	}
	r.blocks = append(r.blocks, block{
		text:  text,
		kind:  kindIf(r.heading || r.center && r.boldStart == 1),
		lead:  r.boldStart == 1,
		bold:  r.boldRunes > 0 && !r.plain,
		rare:  rareOf(blockRare{boldRunes: r.boldRunes}),
		depth: depth,
	})
}

// listLabel advances the list counter of the paragraph's numbering and
// renders its label ("3.", "B)"); "" for bullets and unknown lists.
func (r *docxReader) listLabel() string {
	lvl, _ := strconv.Atoi(r.lvl)
	if lvl < 0 || lvl > 8 {
		return ""
	}
	def := r.nums.level(r.numID, lvl)
	if def == nil {
		return ""
	}
	c := r.counters[r.numID]
	if c == nil {
		c = make([]int, 9)
		r.counters[r.numID] = c
	}
	if c[lvl] == 0 {
		c[lvl] = def.start
	} else {
		c[lvl]++
	}
	for i := lvl + 1; i < len(c); i++ {
		c[i] = 0
	}
	label := def.text
	for i := 0; i <= lvl; i++ {
		li := r.nums.level(r.numID, i)
		n := c[i]
		if n == 0 && li != nil {
			n = li.start
		}
		f := "decimal"
		if li != nil {
			f = li.format
		}
		label = strings.ReplaceAll(label, "%"+strconv.Itoa(i+1), formatNumber(n, f))
	}
	if def.format == "bullet" || def.format == "none" {
		return ""
	}
	return label
}

// formatNumber renders n in a Word numbering format.
func formatNumber(n int, f string) string {
	switch f {
	case "upperLetter", "lowerLetter":
		s := ""
		for k := n; k > 0; k = (k - 1) / 26 {
			s = string(rune('A'+(k-1)%26)) + s
		}
		if f == "lowerLetter" {
			s = strings.ToLower(s)
		}
		return s
	case "upperRoman", "lowerRoman":
		s := roman(n)
		if f == "lowerRoman" {
			s = strings.ToLower(s)
		}
		return s
	}
	return strconv.Itoa(n)
}

func roman(n int) string {
	if n <= 0 || n >= 4000 {
		return strconv.Itoa(n)
	}
	vals := []int{1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1}
	syms := []string{"M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"}
	var b strings.Builder
	for i, v := range vals {
		for n >= v {
			b.WriteString(syms[i])
			n -= v
		}
	}
	return b.String()
}

// numLevel is one level of a Word list definition.
type numLevel struct {
	start  int
	format string // "decimal", "upperLetter", "bullet", ...
	text   string // "%1.", "%1.%2)"
}

// numbering maps numId to the levels of its abstract list definition.
type numbering map[string][]*numLevel

func (n numbering) level(numID string, lvl int) *numLevel {
	ls := n[numID]
	if lvl >= len(ls) {
		return nil
	}
	return ls[lvl]
}

// parseNumbering reads word/numbering.xml; a missing or unreadable part
// gives no numbering, and list paragraphs keep their text unlabelled.
//
// It reads the part with xmlScanner as encoding/xml's Unmarshal read it
// into the structure it needs (the root element's <abstractNum> and
// <num> children; an abstractNum's <lvl> children and their <start>,
// <numFmt> and <lvlText>; a num's <abstractNumId>): elements and
// attributes of WordprocessingML's namespace by their local names (a
// prefix no declaration binds is another namespace, as encoding/xml reads
// it), the last of an element's attributes of one name kept, an ilvl that is no integer an error, the part read up
// to the root's end (TestNumberingAsUnmarshal). Unmarshal's reflection
// and tokens were a tenth of a DOCX's reading beside the scanner's.
func parseNumbering(data []byte) numbering {
	if data == nil {
		return nil
	}
	type level struct {
		ilvl                int
		start, format, text string
	}
	type abstract struct {
		id  string
		lvl []level
	}
	var abstracts []abstract
	var nums [][2]string // numId, abstractNumId
	// kind is what the open elements at depths 2 to 4 are, for the ones
	// read: 'a' abstractNum, 'n' num, 'l' lvl; 0 for any other.
	var kind [5]byte
	s := xmlScanner{data: data}
	ns := wmlScope{lenient: true}
	last := func(local string) (string, bool) {
		v, ok, _ := ns.attr(&s, local, true)
		return v, ok
	}
	depth := 0
	for {
		tok, err := s.next()
		if err != nil || tok == tokEOF {
			return nil // a syntax error, or no root element
		}
		switch tok {
		case tokStart:
			depth++
			if depth < len(kind) {
				kind[depth] = 0
			}
			wml, _ := ns.open(&s)
			local := string(s.local)
			if !wml {
				local = "" // another namespace's element: none of these
			}
			switch {
			case depth == 2 && local == "abstractNum":
				kind[2] = 'a'
				id, _ := last("abstractNumId")
				abstracts = append(abstracts, abstract{id: id})
			case depth == 2 && local == "num":
				kind[2] = 'n'
				id, _ := last("numId")
				nums = append(nums, [2]string{id, ""})
			case depth == 3 && kind[2] == 'a' && local == "lvl":
				kind[3] = 'l'
				l := level{}
				if !eachIntAttr(&s, &ns, "ilvl", &l.ilvl) {
					return nil
				}
				a := &abstracts[len(abstracts)-1]
				a.lvl = append(a.lvl, l)
			case depth == 3 && kind[2] == 'n' && local == "abstractNumId":
				if v, ok := last("val"); ok {
					nums[len(nums)-1][1] = v
				}
			case depth == 4 && kind[2] == 'a' && kind[3] == 'l':
				a := &abstracts[len(abstracts)-1]
				l := &a.lvl[len(a.lvl)-1]
				var field *string
				switch local {
				case "start":
					field = &l.start
				case "numFmt":
					field = &l.format
				case "lvlText":
					field = &l.text
				}
				if v, ok := last("val"); ok && field != nil {
					*field = v
				}
			}
		case tokEnd:
			depth--
			ns.close()
		}
		if depth == 0 && tok == tokEnd {
			break
		}
	}
	abs := map[string][]*numLevel{}
	for _, a := range abstracts {
		ls := make([]*numLevel, 9)
		for _, l := range a.lvl {
			if l.ilvl < 0 || l.ilvl >= len(ls) {
				continue
			}
			start, err := strconv.Atoi(l.start)
			if err != nil {
				start = 1
			}
			f := l.format
			if f == "" {
				f = "decimal"
			}
			ls[l.ilvl] = &numLevel{start: start, format: f, text: l.text}
		}
		abs[a.id] = ls
	}
	n := numbering{}
	for _, m := range nums {
		if ls, ok := abs[m[1]]; ok {
			n[m[0]] = ls
		}
	}
	return n
}

// eachIntAttr sets *v to each attribute of the start tag s read in
// WordprocessingML's namespace whose local name is local, in order, as encoding/xml's Unmarshal sets an int
// field (empty is 0, spaces around the digits are trimmed); false at the
// first that is no integer, where Unmarshal fails.
func eachIntAttr(s *xmlScanner, ns *wmlScope, local string, v *int) bool {
	sub := xmlScanner{data: s.attrs}
	for {
		sub.space()
		if sub.pos >= len(sub.data) {
			return true
		}
		name, l, named := sub.readName()
		if !named {
			return true
		}
		wml := false
		if p := prefixOf(name, l); p != nil && string(p) != "xmlns" {
			wml, _ = ns.resolve(p)
		}
		sub.space()
		sub.pos++ // '=', checked by startTag
		sub.space()
		raw, err := sub.quoted()
		if err != nil {
			return true
		}
		if !wml || string(l) != local {
			continue
		}
		if len(raw) == 0 {
			*v = 0
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSpace(string(raw)), 10, 64)
		if err != nil {
			return false
		}
		*v = int(n)
	}
}
