package align

import (
	"math"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/rulesync/rulesync/corpus"
)

// class is a kind of signal; each has its own weight in a score.
type class uint8

const (
	cNumber   class = iota // amounts, counts, ranges, times
	cRef                   // cross-references to other items
	cAcronym               // NLHE, SA, OOT
	cConcept               // glossary concepts
	cLoanword              // consonant skeletons of loanwords
	cWord                  // content words (same language only)
	cTitle                 // title words (same language only)
	cPart                  // part labels A, B, C
	nClass
)

var className = [nClass]string{"numbers", "refs", "acronyms", "terms", "loanwords", "words", "title", "parts"}

// classWeight is how much agreement in each class counts.
var classWeight = [nClass]float64{cNumber: 3, cRef: 3, cAcronym: 2, cConcept: 1.5, cLoanword: 1, cWord: 1, cTitle: 2, cPart: 0.5}

// feature is one token of an item, interned, and its class, packed as
// id<<3 | class (so that features sort by id as by value). Its weight
// (class weight times inverse document frequency) is the token's, the
// same in every item: extractor.weights holds it (4 bytes a feature,
// not 8 with the weight in each: the features of every item of both
// documents are held for the whole alignment, a quarter of its live
// heap at 100k items).
type feature uint32

// The class takes the key's low 3 bits (a compile error when the classes
// outgrow them); ids go to 2^29, far beyond the tokens of any pair of
// documents that fit in memory.
var _ [8 - nClass]struct{}

func newFeature(id int32, c class) feature {
	return feature(uint32(id)<<3 | uint32(c))
}

// id is the interned token's id.
func (f feature) id() int32 { return int32(f >> 3) }

// c is the token's class.
func (f feature) c() class { return class(f & 7) }

// features are the tokens of one item (or of two merged items), sorted by
// id, with the weight of each class.
// (The features of every item are held for the whole alignment: runes
// is an int32 beside truncated, and its log is looked up (logRunes), 64
// bytes a features, not 80.)
type features struct {
	toks      []feature
	mass      [nClass]float32
	runes     int32 // an item's text is far shorter than 2^31 runes
	truncated bool
}

// extractor turns items into features for one pair of documents. Its
// interning is sequential; the raw tokens it interns are made on workers
// (see read), each with its own skeletons.
type extractor struct {
	gloss    *Glossary // nil in one language, where it is not read
	sameLang bool
	memo     *memo              // shared by the alignments of a Pivot, or nil
	intern   map[tokenKey]int32 // nil once read has interned every token
	names    []string
	classes  []class
	weights  []float32 // by token id, set by weigh
}

// tokenKey is what interns a token: its class and key (a struct, not the
// two joined in a string: that was an allocation per token of every
// item).
type tokenKey struct {
	key string
	c   class
}

// named interns the token key of class c, shown in evidence as name.
func (x *extractor) named(c class, key, name string) int32 {
	if id, ok := x.intern[tokenKey{key, c}]; ok {
		return id
	}
	id := int32(len(x.names))
	// key and name may be words cut from an item's folded text: copies,
	// so that the text is not kept for them.
	x.intern[tokenKey{strings.Clone(key), c}] = id
	x.names = append(x.names, strings.Clone(name))
	x.classes = append(x.classes, c)
	return id
}

// features interns the raw tokens of an item: its features in the
// order found, before weighting (weigh drops the second of a token and
// sorts them). They are cut from the front of store, which has room for
// them (see alignScratch.tokenBlock), and what is left of it is returned
// for the next item: weigh makes the item's features in the same
// storage (a slice of ids for each item, and a copy of them as
// features, were a sixth of what reading a translation through its
// source allocated).
func (x *extractor) features(raw []rawToken, store []feature) ([]feature, []feature) {
	fs := store[:len(raw):len(raw)]
	for i, t := range raw {
		fs[i] = newFeature(x.named(t.c, t.key, t.name), t.c)
	}
	return fs, store[len(raw):]
}

// rawToken is a token of an item before it is interned: its class, key,
// and the name evidence shows.
type rawToken struct {
	c         class
	key, name string
}

// itemText is an item's title and text in comparison form (corpus.Fold),
// each folded apart: the text alone is what sharedWords reads, and a text
// of ASCII on one line is its own comparison form, where the title and
// text joined by a line break never were.
type itemText struct{ title, text string }

func foldText(it *corpus.Item) itemText {
	return itemText{corpus.Fold(it.Title), corpus.Fold(it.Text)}
}

// foldTextIn is foldText, the forms that are not the texts themselves
// written in *arena (see forms.setIn).
func foldTextIn(it *corpus.Item, arena *[]byte) itemText {
	return itemText{foldIn(arena, it.Title), foldIn(arena, it.Text)}
}

// foldIn is corpus.Fold(s), written in *arena where it is not s.
func foldIn(arena *[]byte, s string) string {
	start := len(*arena)
	*arena = corpus.AppendFold(*arena, s)
	b := (*arena)[start:]
	if string(b) == s {
		*arena = (*arena)[:start]
		return s
	}
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// joinIn is corpus.JoinFolded(a, b) (Fold(a + "\n" + b) given Fold(a)
// and Fold(b), or the same in lower case: strings.ToLower maps rune by
// rune), written in *arena where arena is not nil (see setIn).
func joinIn(arena *[]byte, a, b string) string {
	if arena == nil || a == "" || b == "" {
		return corpus.JoinFolded(a, b)
	}
	start := len(*arena)
	*arena = append(append(append(*arena, a...), ' '), b...)
	return unsafe.String(&(*arena)[start], len(*arena)-start)
}

// lowerIn is strings.ToLower(s), written in *arena where arena is not
// nil and s has a rune it changes (s itself where it has none, as
// strings.ToLower returns it; TestLowerIn holds the two together).
func lowerIn(arena *[]byte, s string) string {
	if arena == nil {
		return strings.ToLower(s)
	}
	i := 0 // the first byte that changes
	for i < len(s) {
		if c := s[i]; c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				break
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || unicode.ToLower(r) != r {
			break // an invalid byte is written as U+FFFD, as strings.Map does
		}
		i += size
	}
	if i == len(s) {
		return s
	}
	start := len(*arena)
	b := append(*arena, s[:i]...)
	for _, r := range s[i:] {
		b = utf8.AppendRune(b, unicode.ToLower(r))
	}
	*arena = b
	return unsafe.String(&b[start], len(b)-start)
}

// forms are an item's title and text as the signals read them, each made
// once: folded, in lower case, and split into words.
type forms struct {
	f                 string // title and text folded: foldItem
	low               string // f in lower case
	lowTitle, lowText string // the title's and the text's folded forms in lower case
	// words are words(low): the title's (the first nTitle), then the
	// text's.
	words  []string
	nTitle int
	// content is a buffer for the content words of one form at a time.
	content []string
	// hashed is a buffer for the bytes of the text keyIn hashes.
	hashed []byte
	// concepts is a buffer for the concepts appendFind finds in one form.
	concepts []int
	// nums is a buffer for the numbers of the text.
	nums []string
}

// set makes the forms of an item whose title and text fold to t, reusing
// the storage of fm.words.
func (fm *forms) set(t itemText) { fm.setIn(t, nil) }

// setIn is set with the forms that are new strings (the joined text,
// the lower case) written in *arena where arena is not nil: the caller
// reuses its storage once nothing holds them (see chunk.text; made
// apart, they were a tenth of what reading a translation through its
// source allocated at 100k items).
func (fm *forms) setIn(t itemText, arena *[]byte) {
	fm.f = joinIn(arena, t.title, t.text)
	fm.lowTitle, fm.lowText = lowerIn(arena, t.title), lowerIn(arena, t.text)
	if fm.lowTitle == t.title && fm.lowText == t.text {
		// A text in lower case already (or with no case, as Japanese)
		// is its own lower case: no second join of it.
		fm.low = fm.f
	} else {
		fm.low = joinIn(arena, fm.lowTitle, fm.lowText)
	}
	// Fold leaves a space between title and text, which ends any word:
	// the words of low are the title's and then the text's.
	fm.words = appendWords(fm.words[:0], fm.lowTitle)
	fm.nTitle = len(fm.words)
	fm.words = appendWords(fm.words, fm.lowText)
}

func (fm *forms) titleWords() []string { return fm.words[:fm.nTitle:fm.nTitle] }
func (fm *forms) textWords() []string  { return fm.words[fm.nTitle:] }

// rawTokens appends the tokens of an item to out: fm are its forms, sk
// the skeletons of the worker that reads it.
func (x *extractor) rawTokens(out []rawToken, it *corpus.Item, lang string, fm *forms, sk *skeletons) []rawToken {
	add := func(c class, ss []string) {
		for _, s := range ss {
			out = append(out, rawToken{c, s, s})
		}
	}
	// The signals read the text in lower case: lowered once for them all.
	f, low := fm.f, fm.low
	// The numbers read in ASCII digits, whatever the script wrote them
	// in (asciiDigits: the text itself where all are ASCII).
	fd := asciiDigits(f)
	fm.nums = appendNumbers(fm.nums[:0], fd, lang, func() string { return low })
	// A part's label printed in the text ("1.", "(2)") is the part's,
	// counted below as a part label, not an amount: counted as a number
	// too, any two items of numbered paragraphs share their numbers
	// (articles 15 and 16 in each other's places read alike).
	if len(it.Parts) > 0 {
		fm.nums = slices.DeleteFunc(fm.nums, func(n string) bool {
			return slices.ContainsFunc(it.Parts, func(p corpus.Part) bool { return p.Label == n })
		})
	}
	add(cNumber, fm.nums)
	add(cNumber, ranges(fd, lang))
	add(cNumber, times(fd, low))
	// WCA translations write "b4" for B4: compare references in lower case.
	for _, r := range it.Refs {
		out = append(out, rawToken{cRef, strings.ToLower(r), r})
	}
	add(cAcronym, acronyms(f))
	var labels []string
	for _, p := range it.Parts {
		labels = append(labels, p.Label)
	}
	add(cPart, labels)
	if x.sameLang {
		fm.content = appendContentWords(fm.content[:0], fm.words, low)
		add(cWord, fm.content)
		fm.content = appendContentWords(fm.content[:0], fm.titleWords(), fm.lowTitle)
		add(cTitle, fm.content)
		return out
	}
	// The glossary and the loanwords read the text folded, in lower case,
	// and its words.
	concepts := func(c class, lower string, ws []string) {
		fm.concepts = x.gloss.appendFind(fm.concepts[:0], lang, func() string { return lower }, func() []string { return ws })
		for _, k := range fm.concepts {
			// appendFind built the names with the index it found k in.
			out = append(out, rawToken{c, x.gloss.Concepts[k].ID, x.gloss.names[k]})
		}
	}
	loans := func(c class, text func() (string, string), ws []string) {
		eachLoanword(text, lang, func() []string { return ws }, sk, func(s, w string) {
			out = append(out, rawToken{c, s, w})
		})
	}
	concepts(cConcept, low, fm.words)
	loans(cLoanword, func() (string, string) { return it.Title, it.Text }, fm.words)
	// A title is short and chosen with care: its terms say more than the
	// same terms in the body.
	concepts(cTitle, fm.lowTitle, fm.titleWords())
	loans(cTitle, func() (string, string) { return it.Title, "" }, fm.titleWords())
	return out
}

// memo keeps the comparison form and tokens of items across the
// alignments of one Pivot: the pivot is in every one of them, and the
// editions of one rulebook share most of their texts (provenance aligns a
// translation with 20 editions of 500 items 1.9 times faster with it).
// It is safe for concurrent use.
type memo struct {
	mu      sync.Mutex
	folded  map[string]itemText
	entries map[string][]rawToken
}

func newMemo() *memo {
	return &memo{folded: map[string]itemText{}, entries: map[string][]rawToken{}}
}

// fold is foldText, remembered.
func (m *memo) fold(it *corpus.Item) itemText {
	k := it.Title + "\n" + it.Text
	m.mu.Lock()
	f, ok := m.folded[k]
	m.mu.Unlock()
	if !ok {
		f = foldText(it)
		m.mu.Lock()
		m.folded[k] = f
		m.mu.Unlock()
	}
	return f
}

// tokens is x.rawTokens, remembered by everything the tokens depend on.
func (m *memo) tokens(x *extractor, it *corpus.Item, lang string, fm *forms, sk *skeletons) []rawToken {
	var b strings.Builder
	b.WriteString(lang)
	if x.sameLang {
		b.WriteString("\x00same")
	}
	b.WriteString("\x00" + it.Title + "\x00" + it.Text + "\x00")
	for _, r := range it.Refs {
		b.WriteString(r + "\x01")
	}
	b.WriteByte(0)
	for _, p := range it.Parts {
		b.WriteString(p.Label + "\x01")
	}
	k := b.String()
	m.mu.Lock()
	raw, ok := m.entries[k]
	m.mu.Unlock()
	if !ok {
		raw = x.rawTokens(nil, it, lang, fm, sk)
		for i := range raw { // words cut from texts the memo need not keep
			raw[i].key, raw[i].name = strings.Clone(raw[i].key), strings.Clone(raw[i].name)
		}
		m.mu.Lock()
		m.entries[k] = raw
		m.mu.Unlock()
	}
	return raw
}

// weigh turns the tokens of every item of both documents (the toks of
// out, see reading.feats) into features weighted by class and inverse
// document frequency, each item's in out and in its tokens' own
// storage (the tokens are read once: a list of every item's tokens
// beside the features was 5 MB of reading a translation through its
// source at 100k items a side). An item with a twin (twins[i] > 0, see
// reading.twins; twins may be nil) has its twin's features, tokens
// included: the same ids make the same tokens and weights, and the same
// text as many runes (the tokens of a diff's unchanged items were held
// twice, 12 MB of the live heap at 100k items a side).
//
// The items are those of src, then those of tgt.
func (x *extractor) weigh(out []features, twins []int32, src, tgt *corpus.Document) []features {
	item := func(i int) *corpus.Item {
		if i < len(src.Items) {
			return &src.Items[i]
		}
		return &tgt.Items[i-len(src.Items)]
	}
	// seen[id] is 1 + the index of the last item that had the token: one
	// slice for all items instead of a map per item.
	seen := make([]int32, len(x.names))
	df := make([]int, len(x.names))
	for i := range out {
		for _, f := range out[i].toks {
			if id := f.id(); seen[id] != int32(i+1) {
				seen[id] = int32(i + 1)
				df[id]++
			}
		}
	}
	n := float64(len(out))
	// Every token's weight first (it depends on the token alone), then
	// the items' features on every core, each worker with its own marks
	// of the tokens an item had already (the items were a tenth of an
	// alignment's time at 100k items, on one core).
	x.weights = make([]float32, len(x.names))
	for id, d := range df {
		if d == 0 {
			continue // in no item: never read
		}
		c := x.classes[id]
		w := classWeight[c] * math.Log(1+n/float64(d))
		if c == cLoanword {
			// Short skeletons ("pr", "kr") collide by chance.
			w *= math.Min(1, float64(len(x.names[id])-1)/2)
		}
		x.weights[id] = float32(w)
	}
	inBlocks(len(out), 512, func(w int) func(lo, hi int) {
		marks := seen // the first worker reuses the counting's
		if w > 0 {
			marks = make([]int32, len(x.names))
		} else {
			clear(marks)
		}
		return func(lo, hi int) {
			for i := lo; i < hi; i++ {
				if twins == nil || twins[i] == 0 {
					x.itemFeatures(&out[i], out[i].toks, int32(i+1), marks, item(i))
				}
			}
		}
	})
	for i, tw := range twins {
		if tw > 0 {
			out[i] = out[tw-1]
			out[i].truncated = cutPreview(item(i)) // its flag and its end, not its words
		}
	}
	return out
}

// itemFeatures sets f from the tokens fs of item it, in order found
// (mark is 1 + its index, marks the caller's, by token id): each token
// once, in fs's own storage, which it rewrites. The features of every
// item are held for the whole alignment, so each has a slice of its own
// size (append's spare room was a third of them), cut by read from
// blocks of tokenBlock shared by the items (one allocation each was 6%
// more than their size, and 200k of them for 100k items a side).
func (x *extractor) itemFeatures(f *features, fs []feature, mark int32, marks []int32, it *corpus.Item) {
	k := 0
	for _, t := range fs {
		id := t.id()
		if marks[id] == mark {
			continue
		}
		marks[id] = mark
		fs[k] = t
		k++
		f.mass[t.c()] += x.weights[id]
	}
	f.toks = fs[:k:k]
	// By id: an item has a token once, and the id is a feature's high
	// bits, so the order of the values is the order of the ids.
	slices.Sort(f.toks)
	f.runes = int32(corpus.Len(it.Text))
	f.truncated = cutPreview(it)
}

// tokenBlock is how many tokens a block of the items' tokens holds
// (64 KiB; see extractor.features).
const tokenBlock = 16 << 10

// merge returns the features of two items read as one, reusing buf's
// storage; weights are the tokens' (extractor.weights).
func merge(a, b *features, buf *features, weights []float32) *features {
	m := buf
	m.toks = m.toks[:0]
	m.runes, m.truncated = a.runes+b.runes, b.truncated
	i, j := 0, 0
	for i < len(a.toks) || j < len(b.toks) {
		switch {
		case j >= len(b.toks) || i < len(a.toks) && a.toks[i].id() < b.toks[j].id():
			m.toks = append(m.toks, a.toks[i])
			i++
		case i >= len(a.toks) || b.toks[j].id() < a.toks[i].id():
			m.toks = append(m.toks, b.toks[j])
			j++
		default:
			m.toks = append(m.toks, a.toks[i])
			i++
			j++
		}
	}
	m.mass = [nClass]float32{}
	for _, t := range m.toks {
		m.mass[t.c()] += weights[t.id()]
	}
	return m
}

// sameLanguage reports whether two documents' texts can be compared word
// for word.
func sameLanguage(a, b string) bool {
	return baseLang(a) == baseLang(b) && a != "" && !strings.EqualFold(a, "und")
}

// sharedWords reports whether most of the target's words are the
// source's, whatever the documents' languages say: a translation left
// mostly in the source language (the Korean Debian Constitution is
// English under Korean headings) is compared word for word. vocabS and
// vocabT are the content words of the items' texts (see read); words
// are counted once each, numbers and one-letter words do not count, and
// fewer than 200 distinct words decide nothing.
func sharedWords(vocabS, vocabT map[string]bool) bool {
	if len(vocabT) < 200 {
		return false
	}
	n := 0
	for w := range vocabT {
		if vocabS[w] {
			n++
		}
	}
	return n*2 > len(vocabT)
}

// isNumber reports whether w is made only of digits, full stops and
// commas (as strings.Trim(w, "0123456789.,") == "", which built its set
// of bytes on every call: a fifth of sharedWords at 100k items).
func isNumber(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; (c < '0' || c > '9') && c != '.' && c != ',' {
			return false
		}
	}
	return true
}

// cutPreview reports whether it is a cut preview: flagged so by its
// reader (corpus.FlagTruncated), or whose text ends in the cut mark a
// page of previews prints, an ellipsis ("…"), which a layout that has
// no flag for it (Markdown bullets, an HTML list, plain paragraphs)
// keeps in the text. Its length says nothing of its source item's.
func cutPreview(it *corpus.Item) bool {
	return it.Has(corpus.FlagTruncated) || strings.HasSuffix(strings.TrimRightFunc(it.Text, unicode.IsSpace), "…")
}
