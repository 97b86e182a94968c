package lexicon

import (
	"slices"
	"strconv"
	"strings"
	"sync"
)

// A NumberTable is one language's number words (NumberWords), read by a
// NumberReader.
type NumberTable struct {
	values map[string]int
	// times are the words that multiply a unit word right before them
	// (a value written "20x": "quatre-vingts" is 4 × 20), and add as
	// any other elsewhere ("vingt et un").
	times map[string]bool
	sv    sieve // every word of values: a word it does not hold is none
}

// NumberTables maps each language of NumberWords to its table.
var NumberTables = sync.OnceValue(func() map[string]*NumberTable {
	out := map[string]*NumberTable{}
	for _, e := range Entries(NumberWords) {
		t := out[e.Lang]
		if t == nil {
			t = &NumberTable{values: map[string]int{}}
			out[e.Lang] = t
		}
		for _, w := range e.Words {
			w, times := numberTimes(w)
			word, v, err := numberWord(w)
			if err != nil {
				// The files are the program's own: a test fails first.
				panic("lexicon: line " + strconv.Itoa(e.Line) + ": " + err.Error())
			}
			t.values[word] = v
			t.sv.add(word)
			if times {
				if t.times == nil {
					t.times = map[string]bool{}
				}
				t.times[word] = true
			}
		}
	}
	return out
})

// numberTimes cuts the "x" that marks a word multiplying the unit
// before it off a "word=value" pair of NumberWords ("vingt=20x").
func numberTimes(w string) (string, bool) {
	if p, ok := strings.CutSuffix(w, "x"); ok && strings.Contains(p, "=") {
		return p, true
	}
	return w, false
}

// Value is the value of word w in t, as NumberWords gives it (100 and
// 1000 multiply, 101 is a hundred that adds), and whether t holds it.
func (t *NumberTable) Value(w string) (int, bool) {
	if !t.sv.may(w) {
		return 0, false
	}
	v, ok := t.values[w]
	return v, ok
}

// Words are t's words and their values, for reading only.
func (t *NumberTable) Words() map[string]int { return t.values }

// numberJoins are the words that join number words ("twenty and one",
// "treinta y uno", "vinte e um", "vingt et un", "einundzwanzig").
var numberJoins = []string{"and", "y", "e", "et", "und"}

// A NumberReader reads runs of number words of one language as numbers,
// a word at a time: "nine thousand five hundred" is 9500, "forty two" 42,
// "quatre vingt dix" 90. Units add, 100 and 1000 multiply what comes
// before them, 101 is a hundred that adds ("ciento"), a word of the
// table's times multiplies the unit right before it; a join word
// ("and", "et") between two number words is skipped. Its zero value
// reads nothing: make it with Reader.
type NumberReader struct {
	t *NumberTable
	// heading reads a heading's number, all of whose words are one
	// number: a multiplier with nothing before it is one of it
	// ("Article cent", 100), and units joined to tens in one word are
	// read ("einundzwanzig"). In running text a multiplier alone is no
	// number ("hundreds of players").
	heading        bool
	total, current int
	unit           int  // the unit word just read (1 to 9), where the last word was one
	in             bool // a number is being read
}

// Reader returns a reader of t's words; heading says it reads a
// heading's number (see NumberReader).
func (t *NumberTable) Reader(heading bool) NumberReader {
	return NumberReader{t: t, heading: heading}
}

// Add reads the next word, in lower case; when the word ends a number
// (it is none of the table's), it returns that number and true.
func (n *NumberReader) Add(w string) (int, bool) {
	v, ended, _ := n.step(w)
	return v, ended
}

// step is Add, and says whether the word was read as a number word or
// a join word between two (took); where it was not, the number ended
// before it, or none was being read.
func (n *NumberReader) step(w string) (value int, ended, took bool) {
	v, ok := n.t.Value(w)
	unit := n.unit
	n.unit = 0
	if !ok && n.heading {
		// Units joined to tens in one word ("einundzwanzig").
		if u, t, j := n.joined(w); j {
			v, ok, unit = u+t, true, 0
		}
	}
	switch {
	case !ok && n.in && slices.Contains(numberJoins, w):
	case !ok:
		v, ended := n.Flush()
		return v, ended, false
	case v == 1000:
		if n.current == 0 && n.total == 0 && !n.heading {
			v, ended := n.Flush()
			return v, ended, false
		}
		n.total += max(n.current, 1) * 1000
		n.current = 0
		n.in = true
	case v == 100:
		if n.current == 0 && !n.heading {
			v, ended := n.Flush()
			return v, ended, false
		}
		n.current = max(n.current, 1) * 100
		n.in = true
	case v == 101:
		// "cem", "ciento": a hundred that adds, not multiplies.
		n.current += 100
		n.in = true
	case unit > 0 && n.t.times[w]:
		// "quatre-vingts": the unit before times the word.
		n.current += unit*v - unit
		n.in = true
	default:
		n.current += v
		n.in = true
		if v < 10 {
			n.unit = v
		}
	}
	return 0, false, true
}

// Flush ends the number being read: it returns it and true if there is
// one, and starts afresh.
func (n *NumberReader) Flush() (int, bool) {
	v, ok := n.total+n.current, n.in && n.total+n.current > 0
	n.total, n.current, n.unit, n.in = 0, 0, 0, false
	return v, ok
}

// joined splits a word written as a unit, a joining word and tens
// ("einundzwanzig": ein, und, zwanzig) into the two numbers, where the
// table holds both.
func (n *NumberReader) joined(w string) (unit, tens int, ok bool) {
	for _, j := range numberJoins {
		for i := strings.Index(w, j); i > 0; {
			u, uok := n.t.values[w[:i]]
			t, tok := n.t.values[w[i+len(j):]]
			if uok && tok && u < 10 && t >= 20 && t < 100 && t%10 == 0 {
				return u, t, true
			}
			k := strings.Index(w[i+1:], j)
			if k < 0 {
				break
			}
			i += 1 + k
		}
	}
	return 0, 0, false
}

// NumberWordsValue reads words, in lower case, all of them, as one
// number in the number words of one language of NumberWords (the
// languages tried in the order of their tags), as a heading prints it
// ("vingt et un", "quatre vingt un", "one hundred and five"); 0 where no
// language reads them all.
func NumberWordsValue(words []string) int {
	if len(words) == 0 {
		return 0
	}
	for _, lang := range numberLangs() {
		r := NumberTables()[lang].Reader(true)
		whole := true
		for _, w := range words {
			if _, _, took := r.step(w); !took {
				whole = false
				break
			}
		}
		if v, ok := r.Flush(); whole && ok {
			return v
		}
	}
	return 0
}

// numberLangs are the languages of NumberTables, sorted.
var numberLangs = sync.OnceValue(func() []string {
	var out []string
	for l := range NumberTables() {
		out = append(out, l)
	}
	slices.Sort(out)
	return out
})

// sieve is a set of 1024 bits, one for each value of a word's sieveBit
// (its first and last bytes and its length): a word whose bit is not set
// is none of the words the set was made of, known without hashing the
// whole word for a map (the lookups of every word of an English text in
// the number words were a third of align's reading of numbers).
type sieve [16]uint64

func sieveBit(w string) uint {
	return ((uint(w[0])*31+uint(w[len(w)-1]))*31 + uint(len(w))) & 1023
}

func (sv *sieve) add(w string) {
	if w != "" {
		b := sieveBit(w)
		sv[b>>6] |= 1 << (b & 63)
	}
}

// may reports whether w may be one of the words added (the empty word
// always may).
func (sv *sieve) may(w string) bool {
	if w == "" {
		return true
	}
	b := sieveBit(w)
	return sv[b>>6]&(1<<(b&63)) != 0
}
