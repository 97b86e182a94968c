package corpus

import (
	"regexp"
	"regexp/syntax"
	"sync"
	"unicode/utf8"

	"github.com/rulesync/rulesync/internal/lazyre"
)

// A scanned expression finds the matches of a citation expression as its
// FindAllStringSubmatchIndex does, without trying the expression at every
// byte of the text: a text of a rulebook holds a citation every few
// hundred bytes, and the expression, whose alternatives (every word for
// "rule" in every language, under (?i)) share no literal prefix,
// tried each of them at each position (the search was a sixth of a DOCX
// diff's processor time). A position can start a match only if the
// expression's program can read the text's first runes there (headRunes
// of them, empty-width assertions taken as true), which a table decides
// for the first rune and the program's instructions for the rest; at
// such a position alone the expression is tried, anchored there, with
// the rune before it read as context (for \b). Matches follow one
// another as in FindAll: the next is sought from the end of the last.
type scanned struct {
	re   *lazyre.Regexp
	once sync.Once
	ok   bool // the head could be made; otherwise FindAll is used
	prog *syntax.Prog
	// first is, for each ASCII rune, the instructions the program may
	// be at after reading it from the start (their closure: each reads
	// a rune); firstAny holds the start's own rune instructions, for a
	// first rune beyond ASCII. matchFirst marks the ASCII runes after
	// which the program may already match.
	first      [utf8.RuneSelf][]uint32
	matchFirst [utf8.RuneSelf]bool
	// starts marks the ASCII runes a match may start with (matchFirst,
	// or first not empty): the scan steps over the others without a
	// look at what follows them.
	starts   [utf8.RuneSelf]bool
	firstAny []uint32
	// next is, for each rune instruction, the closure of what follows
	// it; nextMatch whether the match is in it.
	next      [][]uint32
	nextMatch []bool
	// at is the expression anchored at the start of the text; after
	// the same after one rune of any kind (the rune before the
	// position, its context).
	at, after *regexp.Regexp
	// quick, where set, reads the match at byte i of f without the
	// expression where it can be sure of it (ok); else the expression
	// decides. Its matches are the expression's: the tests hold the scan
	// to the expression's own FindAll.
	quick func(f string, i int) (m []int, ok bool)
}

// headRunes is how many runes the filter reads at a position before it
// lets the expression try: "rule" and "regra" part there from "are"
// and "before".
const headRunes = 4

// scan returns the expression re with a scanner.
func scan(re *lazyre.Regexp) *scanned { return &scanned{re: re} }

// prepare builds the filter and the anchored expressions once.
func (s *scanned) prepare() {
	expr := s.re.String()
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return
	}
	s.prog = prog
	start, match := s.closure(nil, uint32(prog.Start))
	if match {
		return // an empty match: every position may start one
	}
	s.next = make([][]uint32, len(prog.Inst))
	s.nextMatch = make([]bool, len(prog.Inst))
	for pc, in := range prog.Inst {
		switch in.Op {
		case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
			s.next[pc], s.nextMatch[pc] = s.closure(nil, in.Out)
		}
	}
	s.firstAny = start
	for r := range rune(utf8.RuneSelf) {
		s.first[r], s.matchFirst[r] = s.step(nil, start, r)
		s.starts[r] = s.matchFirst[r] || len(s.first[r]) > 0
	}
	s.at = regexp.MustCompile(`\A(?:` + expr + `)`)
	s.after = regexp.MustCompile(`\A(?s:.)(?:` + expr + `)`)
	s.ok = true
}

// closure appends to out the rune-reading instructions reachable from
// pc without reading a rune, and reports whether the match is.
func (s *scanned) closure(out []uint32, pc uint32) ([]uint32, bool) {
	seen := map[uint32]bool{}
	var match bool
	var walk func(pc uint32)
	walk = func(pc uint32) {
		if seen[pc] {
			return
		}
		seen[pc] = true
		in := &s.prog.Inst[pc]
		switch in.Op {
		case syntax.InstAlt, syntax.InstAltMatch:
			walk(in.Out)
			walk(in.Arg)
		case syntax.InstCapture, syntax.InstNop, syntax.InstEmptyWidth:
			walk(in.Out)
		case syntax.InstMatch:
			match = true
		case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
			out = append(out, pc)
		}
	}
	walk(pc)
	return out, match
}

// step appends to dst the rune instructions the program may be at after
// reading r at one of pcs (each instruction's closure, made by
// prepare), and reports whether it may match there.
func (s *scanned) step(dst, pcs []uint32, r rune) ([]uint32, bool) {
	match := false
	for _, pc := range pcs {
		in := &s.prog.Inst[pc]
		var ok bool
		switch in.Op {
		case syntax.InstRuneAny:
			ok = true
		case syntax.InstRuneAnyNotNL:
			ok = r != '\n'
		default:
			ok = in.MatchRune(r)
		}
		if ok {
			dst = append(dst, s.next[pc]...)
			match = match || s.nextMatch[pc]
		}
	}
	return dst, match
}

// may reports whether a match may start at byte i of f.
func (s *scanned) may(f string, i int) bool {
	var bufs [2][32]uint32
	r, size := utf8.DecodeRuneInString(f[i:])
	var pcs []uint32
	if r < utf8.RuneSelf {
		if s.matchFirst[r] {
			return true
		}
		pcs = s.first[r]
	} else {
		var match bool
		if pcs, match = s.step(bufs[0][:0], s.firstAny, r); match {
			return true
		}
	}
	for k := 1; k < headRunes && len(pcs) > 0; k++ {
		i += size
		if i >= len(f) {
			return true // what the end of the text allows, the expression decides
		}
		r, size = utf8.DecodeRuneInString(f[i:])
		var match bool
		if pcs, match = s.step(bufs[k%2][:0], pcs, r); match {
			return true
		}
	}
	return len(pcs) > 0
}

// quickAt is quick's match at i, where there is a quick.
func (s *scanned) quickAt(f string, i int) ([]int, bool) {
	if s.quick == nil {
		return nil, false
	}
	return s.quick(f, i)
}

// FindAllStringSubmatchIndex is the expression's, of f.
func (s *scanned) FindAllStringSubmatchIndex(f string) [][]int {
	s.once.Do(s.prepare)
	if !s.ok {
		return s.re.FindAllStringSubmatchIndex(f, -1)
	}
	var out [][]int
	for i := 0; i < len(f); {
		// No match starts with an ASCII rune that starts none of the
		// program (nor a quick one: its matches are the expression's).
		if c := f[i]; c < utf8.RuneSelf && !s.starts[c] {
			i++
			continue
		}
		// quick's matches are the expression's: where it reads one, the
		// filter would let the expression try.
		if m, ok := s.quickAt(f, i); ok {
			out = append(out, m)
			i = m[1]
			continue
		}
		_, size := utf8.DecodeRuneInString(f[i:])
		if !s.may(f, i) {
			i += size
			continue
		}
		var m []int
		if i == 0 {
			m = s.at.FindStringSubmatchIndex(f)
		} else {
			_, back := utf8.DecodeLastRuneInString(f[:i])
			if m = s.after.FindStringSubmatchIndex(f[i-back:]); m != nil {
				for k := range m {
					if m[k] >= 0 {
						m[k] += i - back
					}
				}
				m[0] = i
			}
		}
		if m == nil || m[1] == i {
			// No match here (an empty one the filter rules out).
			i += size
			continue
		}
		out = append(out, m)
		i = m[1]
	}
	return out
}
