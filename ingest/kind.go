package ingest

import (
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/lexicon"
)

// kindName is one name of a kind, folded and split into words.
type kindName struct {
	kind  corpus.Kind
	words []string
}

// divisionNames are the lexicon's names of kinds (lexicon.Kinds), in its
// order: kind by kind as first listed, each kind's names in file order.
var divisionNames = sync.OnceValue(func() []kindName {
	var order []corpus.Kind
	byKind := map[corpus.Kind][]kindName{}
	for _, e := range lexicon.Entries(lexicon.Kinds) {
		kind := corpus.Kind(e.Key)
		if corpus.ID(kind, "1") == "item:1" {
			panic(fmt.Sprintf("lexicon kinds, line %d: %q is no kind with ids of its own", e.Line, e.Key))
		}
		if _, ok := byKind[kind]; !ok {
			order = append(order, kind)
		}
		for _, n := range e.Words {
			byKind[kind] = append(byKind[kind], kindName{kind, kindWords(n)})
		}
	}
	var out []kindName
	for _, k := range order {
		out = append(out, byKind[k]...)
	}
	return out
})

// kindWords splits a name into its folded words: runs of letters and
// digits in scripts that space words, and single characters in those that
// do not (so that "推奨手順一覧" holds the name "推奨手順"). Names and
// headings are split alike (kindWordsAt).
func kindWords(s string) []string {
	w, _ := kindWordsAt(s)
	return w
}

// unspaced reports whether r is of a script written without spaces
// between words.
func unspaced(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar)
}

// namedKind returns the kind a division heading or a label prefix names
// ("Recommended Procedures", "推奨手順一覧を開く", "RP"): the first kind of
// the lexicon's kinds one of whose names is a run of the text's words, and "" when
// none is. A heading longer than a title names none: a sentence that
// mentions the procedures is no division of them.
func namedKind(s string) corpus.Kind {
	k, _ := namedKindSpan(s)
	return k
}

// namedKindSpan is namedKind, with the longest of the kind's names that
// s holds, as s prints it: "Illustration Addendum" of "Illustration
// Addendum 2024 Rules". A division is called by that name, which stays
// when the year or the words around it change from edition to edition.
func namedKindSpan(s string) (corpus.Kind, string) {
	if s == "" || runeLen(s) > maxTitleRunes {
		return "", ""
	}
	words, at := kindWordsAt(s)
	var kind corpus.Kind
	span := ""
	best := 0
	for _, n := range divisionNames() {
		if kind != "" && n.kind != kind {
			continue
		}
		i := runIndex(words, n.words)
		if i < 0 || len(n.words) <= best {
			continue
		}
		kind, best = n.kind, len(n.words)
		span = strings.TrimSpace(s[at[i][0]:at[i+len(n.words)-1][1]])
	}
	return kind, span
}

// kindWordsAt is kindWords with the byte range in s of each word.
func kindWordsAt(s string) ([]string, [][2]int) {
	var out []string
	var at [][2]int
	var w strings.Builder
	start := -1
	flush := func(end int) {
		if w.Len() > 0 {
			out = append(out, w.String())
			at = append(at, [2]int{start, end})
			w.Reset()
		}
		start = -1
	}
	for i, r0 := range s {
		// An ASCII letter or digit folds to itself and lowers to its
		// small letter, and a space folds to nothing: the path below,
		// without its strings (640 of the 1,470 allocations of reading
		// the kinds' names).
		switch {
		case 'a' <= r0 && r0 <= 'z' || '0' <= r0 && r0 <= '9':
			if start < 0 {
				start = i
			}
			w.WriteByte(byte(r0))
			continue
		case 'A' <= r0 && r0 <= 'Z':
			if start < 0 {
				start = i
			}
			w.WriteByte(byte(r0) + 'a' - 'A')
			continue
		case r0 == ' ':
			flush(i)
			continue
		}
		end := i + utf8.RuneLen(r0)
		f := strings.ToLower(corpus.Fold(string(r0)))
		if f == "" {
			flush(i) // white space, which Fold trims
		}
		for _, r := range f {
			switch {
			case unspaced(r):
				flush(i)
				out = append(out, string(r))
				at = append(at, [2]int{i, end})
			case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.M, r):
				if start < 0 {
					start = i
				}
				w.WriteRune(r)
			default:
				flush(i)
			}
		}
	}
	flush(len(s))
	return out, at
}

// divisionName returns the kind whose division a heading's text names,
// and the name as printed (namedKindSpan), or "", "": a name of two
// letters ("RP") names a kind as a label's word ("RP-4") only, since as a
// heading's word it is as often an abbreviation of something else ("RP
// Rules" of a role-play server). Whether the heading is the document's
// title, which names no division, is the caller's to say.
func divisionName(s string) (corpus.Kind, string) {
	k, span := namedKindSpan(s)
	if span == "" || len(kindWords(span)) == 1 && runeLen(span) <= 2 {
		return "", ""
	}
	return k, span
}

// runIndex returns where run starts as a run of consecutive words of ws,
// or -1.
func runIndex(ws, run []string) int {
	if len(run) == 0 {
		return -1
	}
	for i := 0; i+len(run) <= len(ws); i++ {
		ok := true
		for j, w := range run {
			if ws[i+j] != w {
				ok = false
				break
			}
		}
		if ok {
			return i
		}
	}
	return -1
}

// numberedKind reports whether the recognizer numbers items of kind k:
// rules and the kinds the lexicon names.
func numberedKind(k corpus.Kind) bool {
	return k == corpus.KindRule || k == corpus.KindRP || k == corpus.KindAddendum || k == corpus.KindDefinition
}

// divisionKinds returns, for each block, the kind the headings in force
// before it name (namedKind of the innermost heading above it that names
// one), or "" where none does, and the index of that heading (-1). A
// heading's own title names the kind of the blocks under it, not its
// own; the document's title (titleHeading) names none: "Poker Rules and
// Recommended Procedures" is the whole book, not a division of it.
func divisionKinds(bs []block) (kinds []corpus.Kind, from []int) {
	type head struct {
		level, at int
		kind      corpus.Kind
	}
	title := titleHeading(bs)
	var heads []head
	kinds, from = make([]corpus.Kind, len(bs)), make([]int, len(bs))
	for i, b := range bs {
		from[i] = -1
		for j := len(heads) - 1; j >= 0; j-- {
			if heads[j].kind != "" {
				kinds[i], from[i] = heads[j].kind, heads[j].at
				break
			}
		}
		if b.kind != blockHeading || b.chrome != "" {
			continue
		}
		for len(heads) > 0 && heads[len(heads)-1].level >= b.level {
			heads = heads[:len(heads)-1]
		}
		h := head{level: b.level, at: i}
		if i != title {
			h.kind, _ = divisionName(headingName(b))
		}
		heads = append(heads, h)
	}
	return kinds, from
}

// restartedDivisions takes the kind a division heading gives from the
// labels of a numbering that goes on through the heading: where the first
// label under it succeeds the last label before it, printed alike (rules
// 1-3, "Addendum to rule 3", 4, 5), the labels are the document's
// numbering, and stay rules. A numbering that starts again under the
// heading (1, 2, 3), or one of another form ("Rule 10:" entries after
// RP-22), is the division's.
func restartedDivisions(bs []block, cands []candidate, kinds []corpus.Kind, from []int) {
	going := map[int]bool{} // heading -> the numbering goes on through it
	seen := map[int]bool{}
	for j, c := range cands {
		h := from[c.block]
		if h < 0 || c.lab.kind == "" || seen[h] || namedKind(c.lab.prefix) != "" {
			continue
		}
		seen[h] = true
		for k := j - 1; k >= 0; k-- {
			if p := cands[k]; p.block < h {
				going[h] = p.lab.prefix == c.lab.prefix && p.lab.counter == c.lab.counter && follows(p.lab.comps, c.lab.comps, 0)
				break
			}
		}
	}
	for h := range going {
		if going[h] {
			bs[h].through = true
		}
	}
	for j := range cands {
		h := from[cands[j].block]
		switch {
		case h < 0:
		case namedKind(cands[j].lab.prefix) != "":
			// "RP-4" under "Recommended Procedures": the division's own
			// numbering, with the lettered paragraphs under it.
			if cands[j].lab.kind == kinds[cands[j].block] {
				cands[j].lab.div = h + 1
			}
		case going[h]:
			cands[j].lab.kind = ""
		default:
			cands[j].lab.div = h + 1
		}
	}
}
