package ingest

import (
	"encoding/binary"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// packedLabels holds the labels that start items (startLabels) while the
// builder makes the items, each label a few bytes in one run: a label of
// its own is 168 bytes and its components 32 more, and held with the
// candidates they were taken from beside the items they start, a million
// labels were some 240 MB of the recognizer's peak. A string of a label
// that its block's text holds is kept as its place there; the few
// distinct words (prefix, counter, terminator, kind, the rare fields)
// once each in a table; any other string in the run. get makes the label
// again, equal to the one packed.
type packedLabels struct {
	at    []int32 // per block: 1 + the label's index in offs; 0 where none starts
	offs  []int   // where each label starts in data
	data  []byte
	words []string // the distinct words, "" first
}

// packStarts packs the labels of starts, the blocks' of bs.
func packStarts(bs []block, starts startLabels) *packedLabels {
	p := &packedLabels{words: []string{""}}
	n := starts.count()
	if n == 0 {
		return p
	}
	p.at = make([]int32, len(bs))
	p.offs = make([]int, 0, n)
	index := map[string]int{"": 0}
	word := func(s string) {
		k, ok := index[s]
		if !ok {
			k = len(p.words)
			index[s] = k
			p.words = append(p.words, s)
		}
		p.data = binary.AppendUvarint(p.data, uint64(k))
	}
	for i, l := range starts {
		if l == nil {
			continue
		}
		p.offs = append(p.offs, len(p.data))
		p.at[i] = int32(len(p.offs))
		text := bs[i].text
		str := func(s string) {
			switch at := strings.Index(text, s); {
			case s == "":
				p.data = append(p.data, 0)
			case at >= 0:
				p.data = binary.AppendUvarint(p.data, uint64(at)<<1|1)
				p.data = binary.AppendUvarint(p.data, uint64(len(s)))
			default:
				p.data = binary.AppendUvarint(p.data, uint64(len(s))<<1)
				p.data = append(p.data, s...)
			}
		}
		var flags byte
		for k, set := range []bool{l.joined, l.paren, l.hyphen, l.rare != nil, l.place()} {
			if set {
				flags |= 1 << k
			}
		}
		p.data = append(p.data, flags)
		p.data = binary.AppendUvarint(p.data, uint64(len(l.comps)))
		for _, c := range l.comps {
			p.data = append(p.data, byte(c.kind))
			p.data = binary.AppendVarint(p.data, int64(c.n))
			str(c.s)
		}
		str(l.printed)
		str(l.keyed)
		word(l.prefix)
		word(l.counter)
		word(l.term)
		word(string(l.kind))
		p.data = binary.AppendVarint(p.data, int64(l.div))
		p.data = binary.AppendVarint(p.data, int64(l.end))
		if l.rare != nil {
			word(l.rare.ordinal)
			word(l.rare.after)
			word(l.rare.suffix)
		}
	}
	// The run was grown by appending: the room left is given back.
	p.data = append([]byte(nil), p.data...)
	return p
}

// has reports whether a label starts block i.
func (p *packedLabels) has(i int) bool { return i < len(p.at) && p.at[i] != 0 }

// get returns the label that starts block i of bs (the blocks packed),
// if any.
func (p *packedLabels) get(bs []block, i int) (label, bool) {
	if !p.has(i) {
		return label{}, false
	}
	data := p.data[p.offs[p.at[i]-1]:]
	text := bs[i].text
	uvarint := func() int {
		v, n := binary.Uvarint(data)
		data = data[n:]
		return int(v)
	}
	varint := func() int {
		v, n := binary.Varint(data)
		data = data[n:]
		return int(v)
	}
	str := func() string {
		v := uvarint()
		switch {
		case v == 0:
			return ""
		case v&1 == 1:
			at := v >> 1
			return text[at : at+uvarint()]
		}
		s := string(data[:v>>1])
		data = data[v>>1:]
		return s
	}
	word := func() string { return p.words[uvarint()] }
	var l label
	flags := data[0]
	data = data[1:]
	l.joined, l.paren, l.hyphen = flags&1 != 0, flags&2 != 0, flags&4 != 0
	l.comps = make([]comp, uvarint())
	for k := range l.comps {
		l.comps[k].kind = compKind(data[0])
		data = data[1:]
		l.comps[k].n = varint()
		l.comps[k].s = str()
	}
	l.printed = str()
	l.keyed = str()
	l.prefix = word()
	l.counter = word()
	l.term = word()
	l.kind = corpus.Kind(word())
	l.div = varint()
	l.end = varint()
	if flags&8 != 0 {
		l.rare = &labelRare{ordinal: word(), after: word(), suffix: word(), place: flags&16 != 0}
	}
	return l, true
}
