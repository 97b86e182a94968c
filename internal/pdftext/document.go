package pdftext

import (
	"bytes"
	"fmt"
)

// xrefEntry says where an object is: at an offset of the file (inStm
// false) or as the idx-th object of the object stream stm.
type xrefEntry struct {
	off      int
	stm, idx int
	inStm    bool
}

// document is a PDF file open for reading.
type document struct {
	data    []byte
	xref    map[int]xrefEntry
	trailer dict
	objects map[int]any
	objStms map[int]*objStm
	loading map[int]bool // objects being read, against reference cycles
	nest    int          // objects being read within one another (a /Length that is a reference)
	limit   int          // the most bytes one stream may decode to
	budget  int          // the bytes left of the file's memory budget
	// err is the first object that could not be read where resolve
	// took it for null: the file is then not read with confidence.
	err error
}

// objStm is an object stream, decoded: the offsets of its objects.
type objStm struct {
	data []byte
	offs map[int]int // object number to offset in data
}

// damaged says that the file's table of objects is not what it should be:
// another reader would have to rebuild it.
func damaged(format string, args ...any) error {
	return &Unsupported{Reason: "damaged: " + fmt.Sprintf(format, args...)}
}

// open reads the file's cross-reference tables, from the last one back
// through its /Prev chain (incremental updates; the newest entry of an
// object wins), in table and stream form.
func open(data []byte, limit int) (*document, error) {
	d := &document{data: data, xref: map[int]xrefEntry{}, objects: map[int]any{}, objStms: map[int]*objStm{}, loading: map[int]bool{}, limit: limit, budget: limit}
	tail := data[max(0, len(data)-1024):]
	i := bytes.LastIndex(tail, []byte("startxref"))
	if i < 0 {
		return nil, damaged("no startxref")
	}
	l := &lexer{b: tail, pos: i + len("startxref")}
	t, err := l.token()
	off, ok := t.(int)
	if err != nil || !ok || off < 0 || off >= len(data) {
		return nil, damaged("startxref points nowhere")
	}
	seen := map[int]bool{}
	for n := 0; ; n++ {
		if seen[off] || n > 1000 {
			return nil, damaged("the cross-reference sections loop")
		}
		seen[off] = true
		trailer, err := d.readXref(off)
		if err != nil {
			return nil, err
		}
		if d.trailer == nil {
			d.trailer = trailer
		}
		// A hybrid file's table points at a cross-reference stream of the
		// objects in object streams, which come before /Prev.
		if x, ok := trailer["XRefStm"].(int); ok {
			if !seen[x] {
				seen[x] = true
				if _, err := d.readXref(x); err != nil {
					return nil, err
				}
			}
		}
		prev, ok := trailer["Prev"]
		if !ok {
			break
		}
		p, ok := prev.(int)
		if !ok || p < 0 || p >= len(data) {
			return nil, damaged("/Prev points nowhere")
		}
		off = p
	}
	return d, nil
}

// set records an entry unless a newer section gave the object already.
func (d *document) set(num int, e xrefEntry) {
	if _, ok := d.xref[num]; !ok {
		d.xref[num] = e
	}
}

// readXref reads the cross-reference section at off and returns its
// trailer dictionary.
func (d *document) readXref(off int) (dict, error) {
	l := &lexer{b: d.data, pos: off}
	l.skipSpace()
	if bytes.HasPrefix(d.data[l.pos:], []byte("xref")) {
		l.pos += 4
		return d.readXrefTable(l)
	}
	num, obj, err := d.readObjectAt(off)
	if err != nil {
		return nil, err
	}
	s, ok := obj.(*stream)
	if !ok || s.dict["Type"] != name("XRef") {
		return nil, damaged("object %d at the cross-reference offset is no cross-reference stream", num)
	}
	return s.dict, d.readXrefStream(s)
}

func (d *document) readXrefTable(l *lexer) (dict, error) {
	for {
		t, err := l.token()
		if err != nil {
			return nil, damaged("cross-reference table: %v", err)
		}
		if k, ok := t.(keyword); ok && k == "trailer" {
			obj, err := l.object(0)
			if err != nil {
				return nil, damaged("trailer: %v", err)
			}
			tr, ok := obj.(dict)
			if !ok {
				return nil, damaged("the trailer is no dictionary")
			}
			return tr, nil
		}
		start, ok := t.(int)
		t2, err := l.token()
		count, ok2 := t2.(int)
		if err != nil || !ok || !ok2 || start < 0 || count < 0 || count > len(d.data)/18 {
			return nil, damaged("cross-reference table: a bad subsection")
		}
		for k := range count {
			a, _ := l.token()
			b, _ := l.token()
			c, _ := l.token()
			o, ok1 := a.(int)
			_, ok2 := b.(int)
			kind, ok3 := c.(keyword)
			if !ok1 || !ok2 || !ok3 || kind != "n" && kind != "f" {
				return nil, damaged("cross-reference table: a bad entry")
			}
			if kind == "n" && o > 0 {
				d.set(start+k, xrefEntry{off: o})
			}
		}
	}
}

func (d *document) readXrefStream(s *stream) error {
	data, err := d.decode(s)
	if err != nil {
		return err
	}
	w, ok := s.dict["W"].(array)
	if !ok || len(w) != 3 {
		return damaged("cross-reference stream without /W")
	}
	var ws [3]int
	for i, v := range w {
		n, ok := v.(int)
		if !ok || n < 0 || n > 8 {
			return damaged("cross-reference stream with a bad /W")
		}
		ws[i] = n
	}
	size, _ := s.dict["Size"].(int)
	index := array{0, size}
	if ix, ok := s.dict["Index"].(array); ok {
		index = ix
	}
	row := ws[0] + ws[1] + ws[2]
	if row == 0 {
		return damaged("cross-reference stream with a zero /W")
	}
	field := func(b []byte) int {
		v := 0
		for _, c := range b {
			v = v<<8 | int(c)
		}
		return v
	}
	pos := 0
	for i := 0; i+1 < len(index); i += 2 {
		start, ok1 := index[i].(int)
		count, ok2 := index[i+1].(int)
		if !ok1 || !ok2 || start < 0 || count < 0 {
			return damaged("cross-reference stream with a bad /Index")
		}
		for k := range count {
			if pos+row > len(data) {
				return damaged("cross-reference stream shorter than its /Index")
			}
			r := data[pos : pos+row]
			pos += row
			typ := 1
			if ws[0] > 0 {
				typ = field(r[:ws[0]])
			}
			f2 := field(r[ws[0] : ws[0]+ws[1]])
			f3 := field(r[ws[0]+ws[1]:])
			switch typ {
			case 1:
				if f2 > 0 {
					d.set(start+k, xrefEntry{off: f2})
				}
			case 2:
				d.set(start+k, xrefEntry{stm: f2, idx: f3, inStm: true})
			}
		}
	}
	return nil
}

// readObjectAt reads the indirect object "num gen obj ... endobj" at off.
func (d *document) readObjectAt(off int) (int, any, error) {
	if off < 0 || off >= len(d.data) {
		return 0, nil, damaged("an object offset past the end of the file")
	}
	l := &lexer{b: d.data, pos: off}
	a, _ := l.token()
	b, _ := l.token()
	c, _ := l.token()
	num, ok1 := a.(int)
	_, ok2 := b.(int)
	k, ok3 := c.(keyword)
	if !ok1 || !ok2 || !ok3 || k != "obj" {
		return 0, nil, damaged("no object at offset %d", off)
	}
	obj, err := l.object(0)
	if err != nil {
		return 0, nil, damaged("object %d: %v", num, err)
	}
	save := l.pos
	t, _ := l.token()
	if k, ok := t.(keyword); ok && k == "stream" {
		sd, ok := obj.(dict)
		if !ok {
			return 0, nil, damaged("object %d: a stream without a dictionary", num)
		}
		p := l.pos
		if p < len(d.data) && d.data[p] == '\r' {
			p++
		}
		if p < len(d.data) && d.data[p] == '\n' {
			p++
		}
		n, ok := d.resolve(sd["Length"]).(int)
		if !ok || n < 0 || p+n > len(d.data) {
			return 0, nil, damaged("object %d: a stream without a valid /Length", num)
		}
		e := &lexer{b: d.data, pos: p + n}
		t, _ := e.token()
		if k, ok := t.(keyword); !ok || k != "endstream" {
			return 0, nil, damaged("object %d: its stream does not end at its /Length", num)
		}
		return num, &stream{dict: sd, raw: d.data[p : p+n]}, nil
	}
	l.pos = save
	return num, obj, nil
}

// get returns object num, nil when the file has none.
func (d *document) get(num int) (any, error) {
	if v, ok := d.objects[num]; ok {
		return v, nil
	}
	e, ok := d.xref[num]
	if !ok {
		return nil, nil
	}
	if d.loading[num] {
		return nil, damaged("object %d refers to itself", num)
	}
	// A stream's /Length may be a reference to a stream whose /Length
	// is a reference, and so on: bounded, since each step is a frame of
	// the stack.
	if d.nest >= maxDepth {
		return nil, damaged("objects nested too deep in one another (object %d)", num)
	}
	d.loading[num] = true
	d.nest++
	defer func() {
		delete(d.loading, num)
		d.nest--
	}()
	var v any
	if e.inStm {
		s, err := d.objStm(e.stm)
		if err != nil {
			return nil, err
		}
		off, ok := s.offs[num]
		if !ok {
			return nil, damaged("object %d is not in its object stream %d", num, e.stm)
		}
		l := &lexer{b: s.data, pos: off}
		if v, err = l.object(0); err != nil {
			return nil, damaged("object %d in object stream %d: %v", num, e.stm, err)
		}
	} else {
		got, obj, err := d.readObjectAt(e.off)
		if err != nil {
			return nil, err
		}
		if got != num {
			return nil, damaged("object %d's offset holds object %d", num, got)
		}
		v = obj
	}
	d.objects[num] = v
	return v, nil
}

func (d *document) objStm(num int) (*objStm, error) {
	if s, ok := d.objStms[num]; ok {
		return s, nil
	}
	if e := d.xref[num]; e.inStm {
		return nil, damaged("object stream %d is itself in an object stream", num)
	}
	v, err := d.get(num)
	if err != nil {
		return nil, err
	}
	st, ok := v.(*stream)
	if !ok || st.dict["Type"] != name("ObjStm") {
		return nil, damaged("object %d is no object stream", num)
	}
	data, err := d.decode(st)
	if err != nil {
		return nil, err
	}
	n, _ := st.dict["N"].(int)
	first, _ := st.dict["First"].(int)
	if n < 0 || first < 0 || first > len(data) || n > len(data) {
		return nil, damaged("object stream %d with a bad /N or /First", num)
	}
	s := &objStm{data: data, offs: map[int]int{}}
	l := &lexer{b: data[:first]}
	for range n {
		a, _ := l.token()
		b, _ := l.token()
		on, ok1 := a.(int)
		oo, ok2 := b.(int)
		if !ok1 || !ok2 || oo < 0 || first+oo > len(data) {
			return nil, damaged("object stream %d with a bad header", num)
		}
		s.offs[on] = first + oo
	}
	d.objStms[num] = s
	return s, nil
}

// resolve follows references to the object they name; a missing object
// is nil (as ISO 32000 says of a reference to an object that does not
// exist). An object that cannot be read is nil too, and its error is
// kept in d.err, which Read returns: a stream that cannot be read is
// never taken for an empty one.
func (d *document) resolve(v any) any {
	v, err := d.must(v)
	if err != nil && d.err == nil {
		d.err = err
	}
	return v
}

// must follows references, failing on an object that cannot be read.
func (d *document) must(v any) (any, error) {
	for range maxDepth {
		r, ok := v.(ref)
		if !ok {
			return v, nil
		}
		var err error
		if v, err = d.get(r.num); err != nil {
			return nil, err
		}
	}
	return nil, damaged("references nested too deep")
}

func (d *document) dictOf(v any) dict {
	x, _ := d.resolve(v).(dict)
	if x == nil {
		if s, ok := d.resolve(v).(*stream); ok {
			return s.dict
		}
	}
	return x
}

func (d *document) arrayOf(v any) array {
	a, _ := d.resolve(v).(array)
	return a
}

// number reads an int or a real as float64.
func (d *document) number(v any) (float64, bool) {
	switch n := d.resolve(v).(type) {
	case int:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
}
