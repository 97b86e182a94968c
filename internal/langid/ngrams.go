package langid

import (
	_ "embed"
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"sync"
)

//go:generate go run gen.go

// ngramData holds the unigram, bigram and trigram models of lingua-go
// v1.4.0's 75 languages, written by gen.go: 3.1 MB for 1.13 million
// n-grams, where lingua-go embeds 128 MB of zipped protocol buffers (its
// five n-gram orders) and unzips, unmarshals and hashes a model in every
// process that reads a text its language could be in (about 250 ms and
// 48 MB for the 28 languages of Latin script).
//
// Layout (every number an unsigned varint): magic; the number of
// languages; for each, in lingua-go's order, its ISO 639-1 code (length,
// bytes) and the length of its section; then the sections. A section:
// the alphabet (its size, then its runes ascending, each as the
// difference to the one before); then for n = 1, 2, 3 the number of
// groups of n-grams sharing their first n-1 runes, the number of
// n-grams, and each group: the rank of that prefix (its runes' alphabet
// indexes as digits in base len(alphabet)) minus the previous group's,
// the denominator, the number of n-grams, and for each the alphabet
// index of its last rune minus the previous one's and its count (below
// 2^32, as the denominator is). An n-gram's probability is
// float64(count) / float64(denominator), bit for bit the float64 in
// lingua-go's model (gen.go checks it).
//
//go:embed ngrams.bin
var ngramData string

// ngramMagic starts ngrams.bin; gen.go writes the same.
const ngramMagic = "lingua-go v1.4.0 ngrams 3\n"

// model is one language's n-grams, unigrams, bigrams and trigrams.
type model struct {
	orders [3]order
}

// order holds the n-grams of one length, grouped by their first n-1
// runes (the prefix): each group's last runes ascending and their
// counts, and the denominator that turns a count into the probability.
type order struct {
	groups []group // a hash table by prefix; 0 marks a free slot
	shift  uint    // 64 - log2(len(groups))
	lasts  []rune
	counts []uint32
}

type group struct {
	prefix     uint64 // the runes before the last, packed as ngramKey does
	start, end uint32 // in lasts and counts
	d          float64
}

// hashMul is 2^64 / the golden ratio: multiplying by it spreads the
// keys' bits over the high bits, which index the table.
const hashMul = 0x9E3779B97F4A7C15

// prob returns the probability of the n-gram key (ngramKey of up to
// three runes), 0 when the model lacks it: the probability lingua-go's
// model stores, bit for bit.
func (m *model) prob(key uint64) float64 {
	n := 1
	switch {
	case key >= 1<<42:
		n = 3
	case key >= 1<<21:
		n = 2
	}
	o := &m.orders[n-1]
	g := o.find(key >> 21)
	if g == nil {
		return 0
	}
	last := rune(key & (1<<21 - 1))
	if i, ok := slices.BinarySearch(o.lasts[g.start:g.end], last); ok {
		return float64(o.counts[int(g.start)+i]) / g.d
	}
	return 0
}

// find returns the group of a prefix, or nil. The unigrams' one group
// has the empty prefix, 0.
func (o *order) find(prefix uint64) *group {
	if len(o.groups) == 0 {
		return nil
	}
	if prefix == 0 {
		return &o.groups[0]
	}
	mask := uint64(len(o.groups) - 1)
	for i := prefix * hashMul >> o.shift; ; i = (i + 1) & mask {
		switch o.groups[i].prefix {
		case prefix:
			return &o.groups[i]
		case 0:
			return nil
		}
	}
}

// init makes room for groups groups of n n-grams in all, at most three
// slots in four full.
func (o *order) init(groups, n int) {
	size := 1
	for size*3 < groups*4 {
		size *= 2
	}
	o.shift = uint(64 - bits.TrailingZeros(uint(size)))
	o.groups = make([]group, size)
	o.lasts = make([]rune, 0, n)
	o.counts = make([]uint32, 0, n)
}

// add adds a group; false if its prefix is there already or the table
// is full.
func (o *order) add(g group) bool {
	if g.prefix == 0 {
		if o.groups[0].end > 0 {
			return false
		}
		o.groups[0] = g
		return true
	}
	mask := uint64(len(o.groups) - 1)
	for i, tries := g.prefix*hashMul>>o.shift, 0; tries < len(o.groups); i, tries = (i+1)&mask, tries+1 {
		switch o.groups[i].prefix {
		case g.prefix:
			return false
		case 0:
			o.groups[i] = g
			return true
		}
	}
	return false
}

// ngramKey packs up to three runes as model.keys does.
func ngramKey(rs ...rune) uint64 {
	k := uint64(0)
	for _, r := range rs {
		k = k<<21 | uint64(r)
	}
	return k
}

// languages is ngrams.bin's table of contents: the languages (ISO 639-1
// codes, in lingua-go's order, which breaks ties between equal
// confidences) and their sections, decoded into models on first use.
var languages = sync.OnceValue(func() *langTable {
	t, err := readTable(ngramData)
	if err != nil {
		panic("langid: ngrams.bin: " + err.Error())
	}
	return t
})

type langTable struct {
	codes    []string
	index    map[string]int // code -> position in codes
	sections []string
	models   []func() *model
}

// readTable reads the table of contents of data (ngrams.bin).
func readTable(data string) (*langTable, error) {
	if !strings.HasPrefix(data, ngramMagic) {
		return nil, fmt.Errorf("does not start with %q", ngramMagic)
	}
	r := &reader{s: data, i: len(ngramMagic)}
	n := int(r.uvarint())
	t := &langTable{index: map[string]int{}}
	lengths := make([]int, n)
	for i := range n {
		code := r.bytes(int(r.uvarint()))
		lengths[i] = int(r.uvarint())
		t.index[code] = i
		t.codes = append(t.codes, code)
	}
	for i := range n {
		t.sections = append(t.sections, r.bytes(lengths[i]))
	}
	if r.err != nil {
		return nil, r.err
	}
	for i := range n {
		t.models = append(t.models, sync.OnceValue(func() *model {
			m, err := decodeModel(t.sections[i])
			if err != nil {
				panic(fmt.Sprintf("langid: ngrams.bin, %s: %v", t.codes[i], err))
			}
			return m
		}))
	}
	return t, nil
}

// decodeModel decodes one language's section.
func decodeModel(section string) (*model, error) {
	r := &reader{s: section}
	alphabet := make([]rune, min(r.uvarint(), uint64(len(section))))
	prev := rune(0)
	for i := range alphabet {
		prev += rune(r.uvarint())
		alphabet[i] = prev
	}
	size := uint64(len(alphabet))
	m := &model{}
	for n := 1; n <= 3 && r.err == nil; n++ {
		o := &m.orders[n-1]
		groups := int(min(r.uvarint(), uint64(len(section))))
		o.init(groups, int(min(r.uvarint(), uint64(len(section)))))
		if n == 1 && groups > 1 {
			return nil, fmt.Errorf("%d groups of unigrams", groups)
		}
		rank := uint64(0)
		for ; groups > 0 && r.err == nil; groups-- {
			rank += r.uvarint()
			g := group{d: float64(r.uvarint()), start: uint32(len(o.lasts))}
			// The prefix's runes are the digits of its rank, the
			// last rune lowest.
			x := rank
			for i := range n - 1 {
				g.prefix |= uint64(alphabet[x%size]) << (21 * i)
				x /= size
			}
			if x != 0 {
				return nil, fmt.Errorf("prefix rank %d out of range", rank)
			}
			last := uint64(0)
			for count := r.uvarint(); count > 0 && r.err == nil; count-- {
				step := r.uvarint()
				last += step
				k := r.uvarint()
				if step == 0 && len(o.lasts) > int(g.start) || last >= size || k >= 1<<32 || len(o.lasts) == cap(o.lasts) {
					return nil, fmt.Errorf("%d-grams out of order or range (rune %d of %d, count %d), or more than stated", n, last, size, k)
				}
				o.lasts = append(o.lasts, alphabet[last])
				o.counts = append(o.counts, uint32(k))
			}
			g.end = uint32(len(o.lasts))
			if !o.add(g) {
				return nil, fmt.Errorf("%d-grams after %q twice", n, string(rune(g.prefix)))
			}
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	if r.i < len(r.s) {
		return nil, fmt.Errorf("%d bytes left over", len(r.s)-r.i)
	}
	return m, nil
}

// reader reads varints and byte strings from s, keeping the first error.
type reader struct {
	s   string
	i   int
	err error
}

func (r *reader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
	r.i = len(r.s)
}

func (r *reader) uvarint() uint64 {
	v := uint64(0)
	for shift := 0; shift < 64 && r.i < len(r.s); shift += 7 {
		b := r.s[r.i]
		r.i++
		v |= uint64(b&0x7f) << shift
		if b < 0x80 {
			return v
		}
	}
	r.fail(fmt.Errorf("truncated or overlong varint"))
	return 0
}

func (r *reader) bytes(n int) string {
	if n > len(r.s)-r.i {
		r.fail(fmt.Errorf("truncated"))
		return ""
	}
	b := r.s[r.i : r.i+n]
	r.i += n
	return b
}
