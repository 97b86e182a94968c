package align

import (
	"bytes"
	_ "embed"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

//go:embed glossary.tbx
var defaultTBX []byte

// Glossary is a multilingual termbase: concepts, each with its terms in
// several languages. The zero value has no concepts.
type Glossary struct {
	// Concepts lists each concept's terms by base language ("en", "ja").
	Concepts []Concept
	index    map[string]*termIndex // by base language, built on first use
	names    []string              // each concept's Name, built with index
	once     sync.Once
}

// Concept is one entry of a Glossary: an id and its terms by language.
type Concept struct {
	ID    string
	Terms map[string][]string
}

// Name is how the concept is shown: its first English term, else its id.
func (c Concept) Name() string {
	if ts := c.Terms["en"]; len(ts) > 0 {
		return ts[0]
	}
	return c.ID
}

// termIndex finds a language's terms in text: by first rune for scripts
// without spaces, by first word otherwise.
type termIndex struct {
	cjk    bool
	byHead map[string][]term
	// heads holds the runes that are keys of byHead on their own (the
	// first runes of CJK terms, and Latin words of one letter), so that
	// the search by first rune passes over the other runes of a text
	// without making a string of each and hashing it (half of find's time
	// on a Japanese text). Those below U+10000 are bits of bmp (8 KB):
	// a map looked up for every rune of a text was a third of find.
	heads map[rune]bool
	bmp   [0x10000 / 64]uint64
}

// isHead reports whether r is in ix.heads.
func (ix *termIndex) isHead(r rune) bool {
	if r < 0x10000 {
		return ix.bmp[r>>6]&(1<<(r&63)) != 0
	}
	return ix.heads[r]
}

type term struct {
	words   []string // lower-case words (or, for CJK, the whole term)
	concept int
}

var (
	defaultOnce     sync.Once
	defaultGlossary *Glossary
)

// DefaultGlossary returns the glossary shipped with rulesync
// (align/glossary.tbx): the terms of poker tournament rules and of the WCA
// Regulations in English, Japanese, Portuguese, Chinese, Spanish, French
// and German.
func DefaultGlossary() *Glossary {
	defaultOnce.Do(func() {
		g, err := ParseTBX(bytes.NewReader(defaultTBX))
		if err != nil {
			panic("align: the embedded glossary is broken: " + err.Error())
		}
		defaultGlossary = g
	})
	return defaultGlossary
}

// TBXError is a malformed termbase, with the position (line and column
// 1-based) where reading stopped.
type TBXError struct {
	corpus.Position
	Err error
}

func (e *TBXError) Error() string { return fmt.Sprintf("%d:%d: %v", e.Line, e.Col, e.Err) }

func (e *TBXError) Unwrap() error { return e.Err }

// ParseTBX reads a TBX termbase (ISO 30042: TBX-Basic's conceptEntry /
// langSec / termSec, or the older termEntry / langSet / tig). Terms are
// grouped by the base language of their xml:lang ("pt-BR" -> "pt"). A
// file with no concept is an error.
func ParseTBX(r io.Reader) (*Glossary, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	g := &Glossary{}
	var cur *Concept
	lang := ""
	inTerm := false
	var text strings.Builder
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, &TBXError{corpus.PositionAt(data, int(dec.InputOffset())), err}
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "conceptEntry", "termEntry":
				g.Concepts = append(g.Concepts, Concept{ID: attr(t, "id"), Terms: map[string][]string{}})
				cur = &g.Concepts[len(g.Concepts)-1]
			case "langSec", "langSet":
				lang = baseLang(attr(t, "lang"))
			case "term":
				inTerm = true
				text.Reset()
			}
		case xml.CharData:
			if inTerm {
				text.Write(t)
			}
		case xml.EndElement:
			if t.Name.Local == "term" {
				inTerm = false
				if s := strings.TrimSpace(text.String()); s != "" && cur != nil && lang != "" {
					cur.Terms[lang] = append(cur.Terms[lang], s)
				}
			}
		}
	}
	if len(g.Concepts) == 0 {
		return nil, &TBXError{corpus.Position{Line: 1, Col: 1}, errors.New("no conceptEntry or termEntry found")}
	}
	return g, nil
}

func attr(e xml.StartElement, local string) string {
	for _, a := range e.Attr {
		if a.Name.Local == local {
			return a.Value
		}
	}
	return ""
}

// baseLang returns the primary subtag of a language tag, lower-cased.
func baseLang(tag string) string {
	tag = strings.ToLower(strings.TrimSpace(tag))
	if i := strings.IndexAny(tag, "-_"); i >= 0 {
		tag = tag[:i]
	}
	return tag
}

func (g *Glossary) build() {
	g.index = map[string]*termIndex{}
	g.names = make([]string, len(g.Concepts))
	for ci, c := range g.Concepts {
		g.names[ci] = c.Name()
		for lang, terms := range c.Terms {
			ix := g.index[lang]
			if ix == nil {
				ix = &termIndex{cjk: lang == "ja" || lang == "zh" || lang == "ko", byHead: map[string][]term{}}
				g.index[lang] = ix
			}
			for _, t := range terms {
				f := strings.ToLower(corpus.Fold(t))
				if ix.cjk && strings.ContainsFunc(f, corpus.IsCJK) {
					r := []rune(f)
					ix.byHead[string(r[0])] = append(ix.byHead[string(r[0])], term{words: []string{f}, concept: ci})
					continue
				}
				ws := words(f)
				if len(ws) == 0 {
					continue
				}
				ix.byHead[ws[0]] = append(ix.byHead[ws[0]], term{words: ws, concept: ci})
			}
		}
	}
	for _, ix := range g.index {
		ix.heads = map[rune]bool{}
		for k, ts := range ix.byHead {
			if r, _ := utf8.DecodeRuneInString(k); string(r) == k {
				ix.heads[r] = true
				if r < 0x10000 {
					ix.bmp[r>>6] |= 1 << (r & 63)
				}
			}
			// Longest terms first, so "big blind" wins over "blind".
			sort.SliceStable(ts, func(i, j int) bool { return len(strings.Join(ts[i].words, " ")) > len(strings.Join(ts[j].words, " ")) })
			ix.byHead[k] = ts
		}
	}
}

// Find returns the indexes into Concepts of the concepts whose terms in
// lang occur in text, each once, in order of first occurrence. Latin-script
// terms match whole words, case-insensitively, a final "s" aside; CJK terms
// match anywhere. Where terms overlap the longest wins.
func (g *Glossary) Find(text, lang string) []int {
	lower := func() string { return strings.ToLower(corpus.Fold(text)) }
	return g.find(lang, lower, func() []string { return words(lower()) })
}

// find is Find, given functions that return the text folded and in lower
// case and the words of that (called only when lang has terms): the
// aligner has them already.
func (g *Glossary) find(lang string, lower func() string, lowerWords func() []string) []int {
	return g.appendFind(nil, lang, lower, lowerWords)
}

// appendFind appends what find returns to out: the extractor reuses one
// buffer (a new list for each item was 4% of what an alignment across
// languages allocated).
func (g *Glossary) appendFind(out []int, lang string, lower func() string, lowerWords func() []string) []int {
	if g == nil || len(g.Concepts) == 0 {
		return out
	}
	g.once.Do(g.build)
	ix := g.index[baseLang(lang)]
	if ix == nil {
		return out
	}
	// An item names few concepts, and no more than the glossary has: a
	// look along out finds a repeat sooner than a map (the map was a
	// third of find).
	start := len(out)
	add := func(c int) {
		if !slices.Contains(out[start:], c) {
			out = append(out, c)
		}
	}
	// Latin words, also in CJK text (acronyms and loanwords in Latin letters).
	ws := lowerWords()
	for i := 0; i < len(ws); i++ {
		for _, t := range ix.byHead[ws[i]] {
			if i+len(t.words) <= len(ws) && equalWords(ws[i:i+len(t.words)], t.words) {
				add(t.concept)
				i += len(t.words) - 1
				break
			}
		}
		if s, ok := strings.CutSuffix(ws[i], "s"); ok && len(s) > 2 {
			for _, t := range ix.byHead[s] {
				if len(t.words) == 1 {
					add(t.concept)
					break
				}
			}
		}
	}
	if ix.cjk {
		// Rune by rune through the text's bytes, not a []rune of it: a
		// term (valid UTF-8, folded) matches at a rune where its bytes
		// follow, which is where its runes follow in the text's runes
		// (a byte that is no UTF-8, U+FFFD among the runes, is part of no
		// term either way).
		low := lower()
		for i := 0; i < len(low); {
			r, size := utf8.DecodeRuneInString(low[i:])
			if !ix.isHead(r) {
				i += size
				continue
			}
			head := low[i : i+size]
			if r == utf8.RuneError && size == 1 {
				head = string(utf8.RuneError)
			}
			next := i + size
			ts := ix.byHead[head]
			for k, t := range ts {
				if strings.HasPrefix(low[i:], t.words[0]) {
					// A term shared by concepts (規則: rule, regulation)
					// stands for each.
					for _, u := range ts[k:] {
						if u.words[0] == t.words[0] {
							add(u.concept)
						}
					}
					next = i + len(t.words[0])
					break
				}
			}
			i = next
		}
	}
	return out
}

func equalWords(a, b []string) bool {
	for i := range b {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// words splits lower-case folded text into words of letters and digits,
// keeping inner hyphens and apostrophes ("all-in", "hold'em"). The words
// are substrings of s (a caller that keeps one beyond s's life clones it):
// the aligner split every text this way, and the words' copies were 30%
// of what it allocated.
func words(s string) []string { return appendWords(nil, s) }

// appendWords appends the words of s to out. An ASCII byte is read as
// itself, without a decoding or a call (they were a third of the
// aligner's reading of an English text; TestAppendWords holds this to
// the reading rune by rune).
func appendWords(out []string, s string) []string {
	start := -1
	for i := 0; ; {
		if i == len(s) {
			if start >= 0 {
				out = append(out, s[start:])
			}
			return out
		}
		var r rune
		size := 1
		var in bool
		if c := s[i]; c < 0x80 {
			r = rune(c)
			in = 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || 'A' <= c && c <= 'Z'
		} else {
			// A byte that is not UTF-8 is U+FFFD, never part of a word.
			r, size = utf8.DecodeRuneInString(s[i:])
			in = isWordRune(r)
		}
		if !in && (r == '-' || r == '\'') && start >= 0 && i+size < len(s) {
			next, _ := utf8.DecodeRuneInString(s[i+size:])
			in = isWordRune(next)
		}
		if in && start < 0 {
			start = i
		}
		if !in && start >= 0 {
			out = append(out, s[start:i])
			start = -1
		}
		i += size
	}
}

// isWordRune reports whether r is part of a word: a letter or digit, CJK
// aside.
func isWordRune(r rune) bool {
	if r < 0x80 {
		return r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r >= 'A' && r <= 'Z'
	}
	return (unicode.IsLetter(r) || unicode.IsDigit(r)) && !corpus.IsCJK(r)
}
