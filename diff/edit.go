package diff

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Edit replaces the runes [Start, End) of an old text with New. Offsets
// count runes (Unicode code points), never bytes. Start == End inserts
// New; New == "" deletes.
type Edit struct {
	Start int    `json:"start"`
	End   int    `json:"end"`
	New   string `json:"new"`
}

// Apply returns text with the edits applied. The edits must be sorted by
// Start and must not overlap; Apply returns an error naming the first edit
// that breaks that or reaches past the text.
func Apply(text string, edits []Edit) (string, error) {
	rs := []rune(text)
	var b strings.Builder
	at := 0
	for i, e := range edits {
		if e.Start < at || e.End < e.Start || e.End > len(rs) {
			return "", fmt.Errorf("edit %d [%d,%d) out of order or out of range (text of %d runes, previous edit ends at %d)", i, e.Start, e.End, len(rs), at)
		}
		b.WriteString(string(rs[at:e.Start]))
		b.WriteString(e.New)
		at = e.End
	}
	b.WriteString(string(rs[at:]))
	return b.String(), nil
}

// Segment splits text into the units a redline shows whole: words (runs of
// letters, digits and inner apostrophes or hyphens), single white-space
// runs, punctuation marks, and, in scripts written without spaces, runs of
// one script (kanji, hiragana, katakana, hangul), so that a Japanese
// change shows as a changed word rather than scattered characters.
// Concatenated, the segments give back text (text that is not valid UTF-8
// with U+FFFD for each invalid byte).
func Segment(text string) []string {
	if !utf8.ValidString(text) {
		text = string([]rune(text))
	}
	return appendSegments(nil, text)
}

// appendSegments appends the segments of text, valid UTF-8, to out.
func appendSegments(out []string, text string) []string {
	// The segments are slices of text, read rune by rune (a []rune of the
	// text and a string per segment were half of Segment's time).
	for i := 0; i < len(text); {
		j := segmentEnd(text, i)
		out = append(out, text[i:j])
		i = j
	}
	return out
}

// segmentEnd is the end of the segment of text, valid UTF-8, that starts
// at byte i (before len(text)): Segment's cut, for a reader that needs
// the segments one at a time and not their slice.
func segmentEnd(text string, i int) int {
	r, size := utf8.DecodeRuneInString(text[i:])
	c := segmentClass(r)
	j := i + size
	if c == 0 {
		return j
	}
	prev := r // the rune before j
	for j < len(text) {
		rj, sj := utf8.DecodeRuneInString(text[j:])
		cj := segmentClass(rj)
		// "hold'em", "re-entry", "1,000": inner marks join a word.
		if c == 5 && cj == 0 && (rj == '\'' || rj == '’' || rj == '-' || rj == ',' || rj == '.') && j+sj < len(text) {
			rn, sn := utf8.DecodeRuneInString(text[j+sj:])
			if segmentClass(rn) == 5 && (rj != ',' && rj != '.' || unicode.IsDigit(prev) && unicode.IsDigit(rn)) {
				j += sj + sn
				prev = rn
				continue
			}
		}
		if cj != c {
			break
		}
		j += sj
		prev = rj
	}
	return j
}

// segmentClass is the class of a rune for Segment: 1 kanji, 2 hiragana,
// 3 katakana, 4 hangul, 5 other letters, digits and combining marks, 6
// white space, 0 punctuation and symbols (one per segment).
func segmentClass(r rune) int {
	if r < utf8.RuneSelf {
		// ASCII, most of most texts, without the Unicode tables.
		switch {
		case 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9':
			return 5
		case r == ' ' || '\t' <= r && r <= '\r':
			return 6
		}
		return 0
	}
	switch {
	case unicode.Is(unicode.Han, r):
		return 1
	case unicode.Is(unicode.Hiragana, r):
		return 2
	case unicode.Is(unicode.Katakana, r) || r == 'ー':
		return 3
	case unicode.Is(unicode.Hangul, r):
		return 4
	case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
		return 5
	case unicode.IsSpace(r):
		return 6
	}
	return 0
}

// Op says what a part of a redline does.
type Op int8

// The parts of a redline.
const (
	Equal Op = iota
	Delete
	Insert
)

// Span is one part of a redline: text kept, deleted or inserted.
type Span struct {
	Op   Op
	Text string
}

// Markers are what a redline is written with: the strings before and
// after deleted text and before and after inserted text.
type Markers struct {
	DelStart, DelEnd, InsStart, InsEnd string
}

// WordDiff are the markers of git diff --word-diff: [-deleted-] and
// {+inserted+}.
var WordDiff = Markers{"[-", "-]", "{+", "+}"}

// Render writes the spans of a redline as one text, deleted and inserted
// text between its markers; the zero Markers give the old and new texts
// run together.
func (m Markers) Render(spans []Span) string {
	var b strings.Builder
	for _, s := range spans {
		switch s.Op {
		case Equal:
			b.WriteString(s.Text)
		case Delete:
			b.WriteString(m.DelStart + s.Text + m.DelEnd)
		case Insert:
			b.WriteString(m.InsStart + s.Text + m.InsEnd)
		}
	}
	return b.String()
}

// Redline compares old with new segment by segment (Myers 1986, as
// github.com/sergi/go-diff implements it, with its semantic cleanup) and
// returns the edits that turn old into new, in rune offsets of old, and
// the spans of the redline in order. The segments are those of Segment;
// then a replacement whose two sides begin or end with the same Japanese
// or Chinese text keeps it as unchanged text (see trimShared), so that
// できる -> できない reads でき[-る-][+ない+] and 大会規則委員会 ->
// 大会運営委員会 reads 大会[-規則-][+運営+]委員会, not a whole run replaced
// (bench/kagome.md measures this against a morphological analyser).
func Redline(old, new string) ([]Edit, []Span) {
	spans := trimShared(redlineSpans(old, new))
	return edits(spans), spans
}

// redlineSpans is RedlineSegments over Segment's segments, without
// copying text: a stretch of segments in a row is a stretch of its text,
// so each span is a slice of old (kept or deleted text) or of new
// (inserted text). The segments and the diff's tables come from a
// scratch that the next redline reuses.
func redlineSpans(old, new string) []Span {
	// Segment reads invalid UTF-8 as U+FFFD: the text its segments are
	// slices of.
	if !utf8.ValidString(old) {
		old = string([]rune(old))
	}
	if !utf8.ValidString(new) {
		new = string([]rune(new))
	}
	sc := scratchPool.Get().(*scratch)
	defer sc.release()
	sc.a, sc.b = appendSegments(sc.a[:0], old), appendSegments(sc.b[:0], new)
	var spans []Span
	op, start, at := Equal, 0, 0 // the span being read: old or new[start:at]
	ia, ib := 0, 0               // bytes of old and new read
	flush := func() {
		if at > start {
			text := old
			if op == Insert {
				text = new
			}
			spans = append(spans, Span{op, text[start:at]})
		}
	}
	for _, r := range sc.diffRuns(sc.a, sc.b) {
		n := 0
		for _, seg := range r.segs {
			n += len(seg)
		}
		if r.op != op {
			flush()
			op = r.op
			start = ia
			if op == Insert {
				start = ib
			}
			at = start
		}
		switch r.op {
		case Equal:
			ia += n
			ib += n
			at = ia
		case Delete:
			ia += n
			at = ia
		case Insert:
			ib += n
			at = ib
		}
	}
	flush()
	return spans
}

// scratch holds what a redline builds and drops: the segments of both
// texts and myersRuns' tables. Each redline takes one from scratchPool
// and gives it back, so that the comparison of thousands of items (on
// several goroutines) allocates them a few times, not once per item.
type scratch struct {
	a, b   []string
	ids    map[string]rune
	names  []string
	ra, rb []rune
	v      []int // myers's paths
}

var scratchPool = sync.Pool{New: func() any { return &scratch{ids: map[string]rune{}} }}

// maxScratch is the most segments a scratch keeps room for when it goes
// back to the pool: a text of more would have every later redline clear
// and carry its tables.
const maxScratch = 1 << 14

// release gives the scratch back to the pool, emptied of the texts it
// held.
func (sc *scratch) release() {
	if len(sc.names) > maxScratch || cap(sc.a)+cap(sc.b) > 2*maxScratch {
		return // let it go rather than keep a big one
	}
	// What lies past the lengths was cleared when it was last used
	// (myersRuns clears the names it empties).
	clear(sc.a)
	clear(sc.b)
	clear(sc.ids)
	clear(sc.names)
	sc.a, sc.b, sc.names = sc.a[:0], sc.b[:0], sc.names[:0]
	scratchPool.Put(sc)
}

// cjkClass gives the script class of the runs trimShared may cut into,
// and the fewest runes of a run it keeps when it cuts one: a run of
// kanji or hiragana is a word or several (規則, なければ), and two shared
// runes are a word more often than chance; katakana words are longer
// (ボタン -> ボード shares one, プレイヤー -> プレーヤー two, and neither
// may be cut). Class 0 is any other rune.
func cjkClass(r rune) (class, least int) {
	switch {
	case unicode.Is(unicode.Han, r):
		return 1, 2
	case unicode.Is(unicode.Hiragana, r):
		return 2, 2
	case unicode.Is(unicode.Katakana, r) || r == 'ー':
		return 3, 3
	}
	return 0, 0
}

// trimShared moves the Japanese or Chinese text that both sides of a
// replacement begin or end with out of it, into the unchanged text beside
// it. Where that cuts a run of one script in two, the part kept must be
// long enough to be a word of its own (cjkClass); otherwise the run stays
// whole in the replacement, so the change left still reads as words.
func trimShared(spans []Span) []Span {
	var out []Span
	add := func(s Span) {
		if s.Text == "" {
			return
		}
		if n := len(out); n > 0 && out[n-1].Op == s.Op {
			out[n-1].Text += s.Text
			return
		}
		out = append(out, s)
	}
	front := func(r []rune, k int) rune { return r[k] }
	back := func(r []rune, k int) rune { return r[len(r)-1-k] }
	for i := 0; i < len(spans); i++ {
		if spans[i].Op != Delete || i+1 >= len(spans) || spans[i+1].Op != Insert {
			add(spans[i])
			continue
		}
		if !mayShare(spans[i].Text, spans[i+1].Text) {
			add(spans[i])
			add(spans[i+1])
			i++
			continue
		}
		d, n := []rune(spans[i].Text), []rune(spans[i+1].Text)
		pre := sharedEdge(d, n, front)
		suf := sharedEdge(d[pre:], n[pre:], back)
		add(Span{Equal, string(d[:pre])})
		add(Span{Delete, string(d[pre : len(d)-suf])})
		add(Span{Insert, string(n[pre : len(n)-suf])})
		add(Span{Equal, string(d[len(d)-suf:])})
		i++
	}
	return out
}

// mayShare reports whether the sides d and n of a replacement begin or
// end with the same Japanese or Chinese rune: unless they do, sharedEdge
// finds nothing to move at either edge, and trimShared keeps them as
// they are without reading them as runes (most replacements, in most
// texts).
func mayShare(d, n string) bool {
	r, _ := utf8.DecodeRuneInString(d)
	if q, _ := utf8.DecodeRuneInString(n); r == q && d != "" && n != "" {
		if c, _ := cjkClass(r); c != 0 {
			return true
		}
	}
	r, _ = utf8.DecodeLastRuneInString(d)
	if q, _ := utf8.DecodeLastRuneInString(n); r == q && d != "" && n != "" {
		if c, _ := cjkClass(r); c != 0 {
			return true
		}
	}
	return false
}

// sharedEdge returns how many runes of Japanese or Chinese script d and n
// share at one edge (at(r, k) is the k-th rune from that edge), backing
// off from a cut inside a run that would keep too short a part of it.
func sharedEdge(d, n []rune, at func([]rune, int) rune) int {
	k := 0
	for k < len(d) && k < len(n) && at(d, k) == at(n, k) {
		if c, _ := cjkClass(at(d, k)); c == 0 {
			break
		}
		k++
	}
	if k == 0 {
		return 0
	}
	// The cut is inside a run when a rune of the last shared rune's
	// script follows it on either side.
	c, least := cjkClass(at(d, k-1))
	inside := k < len(d) && sameClass(at(d, k), c) || k < len(n) && sameClass(at(n, k), c)
	if !inside {
		return k
	}
	m := 0
	for m < k && sameClass(at(d, k-1-m), c) {
		m++
	}
	if m < least {
		return k - m
	}
	return k
}

// sameClass reports whether r is of script class c (cjkClass).
func sameClass(r rune, c int) bool {
	rc, _ := cjkClass(r)
	return rc == c
}

// RedlineSegments is Redline over segmentations of its own: a and b,
// concatenated, are the old and the new text, and a change is shown as
// whole segments of them. It lets another segmenter (a morphological
// analyser, say) be measured or used in place of Segment. Empty segments
// are allowed and change nothing.
//
// Its time is bounded: a Myers diff takes time in the segments times the
// differences, so past maxDiffUnits segments (after the common start and
// end) the texts are compared in chunks first (chunkedRuns), and the
// chunks that differ segment by segment.
func RedlineSegments(a, b []string) ([]Edit, []Span) {
	var spans []Span
	var text strings.Builder
	op := Equal
	flush := func() {
		if text.Len() > 0 {
			spans = append(spans, Span{op, text.String()})
			text.Reset()
		}
	}
	for _, r := range diffRuns(a, b) {
		if r.op != op {
			flush()
			op = r.op
		}
		for _, seg := range r.segs {
			text.WriteString(seg)
		}
	}
	flush()
	return edits(spans), spans
}

// maxDiffUnits bounds the units (segments, or chunks of them) one Myers
// diff compares: its time grows with the units times the differences,
// and two texts of 16,384 segments that differ throughout took 2.5 s (a
// text of a million segments would take hours). Rule texts have a few
// hundred segments.
var maxDiffUnits = 4000

// run is a stretch of segments kept, deleted or inserted.
type run struct {
	op   Op
	segs []string
}

// diffRuns compares the segments a and b: by myersRuns when there are at
// most maxDiffUnits of them; else their common start and end are kept,
// and what lies between is compared by myersRuns when it is short enough
// now, by chunkedRuns if not.
func diffRuns(a, b []string) []run {
	sc := scratchPool.Get().(*scratch)
	defer sc.release()
	return sc.diffRuns(a, b)
}

// diffRuns is diffRuns with the scratch's tables.
func (sc *scratch) diffRuns(a, b []string) []run {
	if len(a)+len(b) <= maxDiffUnits {
		return sc.myersRuns(a, b) // which keeps the common ends itself
	}
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	q := 0
	for q < len(a)-p && q < len(b)-p && a[len(a)-1-q] == b[len(b)-1-q] {
		q++
	}
	var out []run
	if p > 0 {
		out = append(out, run{Equal, a[:p]})
	}
	ma, mb := a[p:len(a)-q], b[p:len(b)-q]
	switch {
	case len(ma) == 0 && len(mb) == 0:
	case len(ma) == 0:
		out = append(out, run{Insert, mb})
	case len(mb) == 0:
		out = append(out, run{Delete, ma})
	case len(ma)+len(mb) <= maxDiffUnits:
		out = append(out, sc.myersRuns(ma, mb)...)
	default:
		out = append(out, sc.chunkedRuns(ma, mb)...)
	}
	if q > 0 {
		out = append(out, run{Equal, a[len(a)-q:]})
	}
	return out
}

// myersRuns compares a and b segment by segment (Myers 1986, as
// github.com/sergi/go-diff implements it, with its semantic cleanup). The
// segments of a run are a stretch of a (kept or deleted) or of b
// (inserted), sliced, not copied. It uses the scratch's tables, which
// the runs do not keep.
func (sc *scratch) myersRuns(a, b []string) []run {
	// Each distinct segment becomes one rune of a private-use plane, so
	// that the character diff runs over segments; there are at most
	// maxDiffUnits of them.
	clear(sc.ids)
	clear(sc.names)
	sc.names = sc.names[:0]
	enc := func(out []rune, segs []string) []rune {
		out = out[:0]
		for _, s := range segs {
			id, ok := sc.ids[s]
			if !ok {
				id = rune(0xF0000 + len(sc.names))
				if id > 0xFFFFD && id < 0x100000 {
					id = 0x100000 + (id - 0xFFFFE)
				}
				sc.ids[s] = id
				sc.names = append(sc.names, s)
			}
			out = append(out, id)
		}
		return out
	}
	sc.ra, sc.rb = enc(sc.ra, a), enc(sc.rb, b)
	// go-diff's algorithms without a time limit (deterministic: never
	// cut short by the clock), on the runes (myers).
	diffs := myers(sc.ra, sc.rb, &sc.v)
	// The diffs spell a then b: kept and deleted runes are those of a in
	// order, kept and inserted those of b.
	out := make([]run, 0, len(diffs))
	i, j := 0, 0 // segments of a and b read
	for _, d := range diffs {
		n := len(d.text)
		if n == 0 {
			continue
		}
		switch d.op {
		case myersDelete:
			out = append(out, run{Delete, a[i : i+n]})
			i += n
		case myersInsert:
			out = append(out, run{Insert, b[j : j+n]})
			j += n
		default:
			out = append(out, run{Equal, a[i : i+n]})
			i += n
			j += n
		}
	}
	return out
}

// chunkedRuns compares long a and b in two steps: first as chunks of
// segments, cut where the content says (after a segment when a hash of it
// and the one before is a multiple of the mean chunk length, so that an
// insertion moves no later cut), then segment by segment where chunks
// were replaced. Texts that share no chunk, or cut into too many, are
// replaced whole: correct, if coarse, in time linear in their length.
func (sc *scratch) chunkedRuns(a, b []string) []run {
	whole := []run{{Delete, a}, {Insert, b}}
	mean := uint64(2*(len(a)+len(b))/maxDiffUnits + 2)
	ca, cb := chunks(a, mean), chunks(b, mean)
	if len(ca)+len(cb) > maxDiffUnits {
		return whole
	}
	// A chunk's key spells its segments unambiguously: each after its
	// length.
	key := func(cs [][]string) []string {
		out := make([]string, len(cs))
		var buf []byte
		for i, c := range cs {
			buf = buf[:0]
			for _, seg := range c {
				buf = binary.AppendUvarint(buf, uint64(len(seg)))
				buf = append(buf, seg...)
			}
			out[i] = string(buf)
		}
		return out
	}
	var out []run
	var del, ins []string // the segments of replaced chunks, to compare
	flush := func() {
		switch {
		case len(del) > 0 && len(ins) > 0:
			out = append(out, sc.diffRuns(del, ins)...)
		case len(del) > 0:
			out = append(out, run{Delete, del})
		case len(ins) > 0:
			out = append(out, run{Insert, ins})
		}
		del, ins = nil, nil
	}
	shared := false
	i, j := 0, 0 // chunks of a and b consumed
	for _, r := range sc.myersRuns(key(ca), key(cb)) {
		for range r.segs {
			switch r.op {
			case Equal:
				flush()
				shared = true
				out = append(out, run{Equal, ca[i]})
				i++
				j++
			case Delete:
				del = append(del, ca[i]...)
				i++
			case Insert:
				ins = append(ins, cb[j]...)
				j++
			}
		}
	}
	if !shared {
		// Comparing the parts would compare the whole again.
		return whole
	}
	flush()
	return out
}

// chunks cuts segs after each segment where a hash of it and the
// segment before is a multiple of mean.
func chunks(segs []string, mean uint64) [][]string {
	var out [][]string
	start := 0
	prev := ""
	for i, seg := range segs {
		h := fnv.New64a()
		h.Write([]byte(prev))
		h.Write([]byte{0})
		h.Write([]byte(seg))
		prev = seg
		if h.Sum64()%mean == 0 {
			out = append(out, segs[start:i+1])
			start = i + 1
		}
	}
	if start < len(segs) {
		out = append(out, segs[start:])
	}
	return out
}

// edits turns redline spans into edits of the old text.
func edits(spans []Span) []Edit {
	var out []Edit
	at := 0
	for i := 0; i < len(spans); i++ {
		s := spans[i]
		n := utf8.RuneCountInString(s.Text)
		switch s.Op {
		case Equal:
			at += n
		case Delete:
			e := Edit{Start: at, End: at + n}
			if i+1 < len(spans) && spans[i+1].Op == Insert {
				e.New = spans[i+1].Text
				i++
			}
			out = append(out, e)
			at += n
		case Insert:
			out = append(out, Edit{Start: at, End: at, New: s.Text})
		}
	}
	// The edits come out in order of Start (at only grows), as Apply
	// wants them.
	return out
}
