package langid

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"
)

//go:generate go run gen.go

// ngramData holds the unigram, bigram and trigram models of lingua-go
// v1.4.0's 75 languages, written by gen.go: 9.8 MB for 1.13 million
// n-grams, laid out to be searched where it lies, in the binary's
// read-only data, so that a process decodes nothing and allocates no
// table for a model, only its sizes (where lingua-go embeds 128 MB of zipped protocol
// buffers, its five n-gram orders, and unzips, unmarshals and hashes a
// model in every process that reads a text its language could be in:
// about 250 ms and 48 MB for the 28 languages of Latin script). The
// operating system maps the pages a lookup touches, several at a time,
// from the file.
//
// Layout: magic; the number of languages (an unsigned varint); for
// each, in lingua-go's order, its ISO 639-1 code (length, bytes, the
// length an unsigned varint) and the length of its section (an unsigned
// varint); then the sections. A section holds, for n = 1, 2, 3, an
// order of n-grams; every number below is a little-endian uint32. An
// order: the number of slots S (0 when the model has no n-grams of
// that length, else a power of two) and the number of n-grams N; then
// S slots of four numbers, a hash table of the groups of n-grams that
// share their first n-1 runes (the prefix); then N last runes (uint16
// each) and N counts. A slot is the prefix (its runes 16 bits each, the
// first highest; the unigrams' one group has prefix 0 and the only
// slot), the group's first n-gram, one past its last (0 marks a free
// slot: a group has at least one n-gram) and the denominator. A group's
// last runes ascend. A prefix p is looked for from slot p * hashMul >>
// (64 - log2(S)) on, one slot after another, wrapping around, until its
// slot or a free one. An n-gram's probability is float64(count) /
// float64(denominator), bit for bit the float64 in lingua-go's model
// (gen.go checks it). Every rune of the models is below 2^16 (gen.go
// checks that too); a text's rune above cannot be in a model.
//
//go:embed ngrams.bin
var ngramData string

// ngramMagic starts ngrams.bin; gen.go writes the same.
const ngramMagic = "lingua-go v1.4.0 ngrams 4\n"

// hashMul is 2^64 / the golden ratio: multiplying by it spreads the
// keys' bits over the high bits, which index the table.
const hashMul = 0x9E3779B97F4A7C15

// model is one language's section of ngrams.bin: its unigrams, bigrams
// and trigrams.
type model struct {
	orders [3]order
}

// order is the n-grams of one length, read in place (see ngramData).
type order struct {
	slots  string // 16 bytes a slot
	shift  uint   // 64 - log2(number of slots)
	lasts  string // 2 bytes an n-gram
	counts string // 4 bytes an n-gram
}

// u32 reads the little-endian uint32 at s[i:].
func u32(s string, i int) uint32 {
	s = s[i : i+4]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// u16 reads the little-endian uint16 at s[i:].
func u16(s string, i int) uint16 {
	s = s[i : i+2]
	return uint16(s[0]) | uint16(s[1])<<8
}

// prob returns the probability of the n-gram key (ngramKey of up to
// three runes), 0 when the model lacks it: the probability lingua-go's
// model stores, bit for bit.
func (m *model) prob(key uint64) float64 {
	const r21 = 1<<21 - 1
	var o *order
	var prefix uint64
	switch {
	case key >= 1<<42:
		o = &m.orders[2]
		a, b := key>>42, key>>21&r21
		if a >= 1<<16 || b >= 1<<16 {
			return 0
		}
		prefix = a<<16 | b
	case key >= 1<<21:
		o = &m.orders[1]
		prefix = key >> 21
		if prefix >= 1<<16 {
			return 0
		}
	default:
		o = &m.orders[0]
	}
	last := key & r21
	if last >= 1<<16 {
		return 0
	}
	slot, ok := o.find(uint32(prefix))
	if !ok {
		return 0
	}
	// Binary search of the group's last runes.
	lo, end := int(u32(slot, 4)), int(u32(slot, 8))
	lasts := o.lasts[:2*end]
	for hi := end; lo < hi; {
		h := int(uint(lo+hi) >> 1)
		if uint64(u16(lasts, 2*h)) < last {
			lo = h + 1
		} else {
			hi = h
		}
	}
	if lo < end && uint64(u16(lasts, 2*lo)) == last {
		return float64(u32(o.counts, 4*lo)) / float64(u32(slot, 12))
	}
	return 0
}

// find returns the slot of a prefix (its 16 bytes), and false when the
// order has no group of that prefix. It probes at most every slot once.
func (o *order) find(prefix uint32) (string, bool) {
	n := len(o.slots) / 16
	mask := n - 1
	i := int(uint64(prefix) * hashMul >> o.shift) // 0 for one slot: shift is 64
	for range n {
		slot := o.slots[16*i : 16*i+16]
		switch {
		case u32(slot, 8) == 0:
			return "", false
		case u32(slot, 0) == prefix:
			return slot, true
		}
		i = (i + 1) & mask
	}
	return "", false
}

// ngramKey packs up to three runes as model.prob reads them, 21 bits
// each.
func ngramKey(rs ...rune) uint64 {
	k := uint64(0)
	for _, r := range rs {
		k = k<<21 | uint64(r)
	}
	return k
}

// languages is ngrams.bin's table of contents: the languages (ISO 639-1
// codes, in lingua-go's order, which breaks ties between equal
// confidences) and their sections, read into models on first use.
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

// decodeModel reads one language's section: the orders' sizes and
// where their slots and n-grams lie, checked against the section's
// length; the slots and n-grams themselves are read by lookups, and
// TestNgramTables checks every one of them.
func decodeModel(section string) (*model, error) {
	m := &model{}
	at := 0
	for n := 1; n <= 3; n++ {
		if len(section)-at < 8 {
			return nil, fmt.Errorf("%d-grams: truncated", n)
		}
		slots, count := int(u32(section, at)), int(u32(section, at+4))
		at += 8
		if slots&(slots-1) != 0 || n == 1 && slots > 1 || (slots == 0) != (count == 0) {
			return nil, fmt.Errorf("%d-grams: %d slots for %d", n, slots, count)
		}
		size := 16*slots + 6*count
		if size < 0 || size > len(section)-at {
			return nil, fmt.Errorf("%d-grams: %d slots and %d n-grams in %d bytes", n, slots, count, len(section)-at)
		}
		o := &m.orders[n-1]
		o.slots = section[at : at+16*slots]
		at += 16 * slots
		o.lasts = section[at : at+2*count]
		at += 2 * count
		o.counts = section[at : at+4*count]
		at += 4 * count
		o.shift = 64
		for s := slots; s > 1; s >>= 1 {
			o.shift--
		}
	}
	if at < len(section) {
		return nil, fmt.Errorf("%d bytes left over", len(section)-at)
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
