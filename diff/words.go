package diff

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// A whole word, for the equivalences, is a form between two runes that
// are neither letters nor digits: the expression
// `([^\pL\pN])FORM([^\pL\pN])`, and for canonical
// `(?i)(^|[^\pL\pN])FORM($|[^\pL\pN])`. wordFinder finds those matches by
// hand, as regexp's FindAll and ReplaceAll would (leftmost first, each
// match taking its boundary runes, so that " a a " holds one match of
// "a", not two), without compiling an expression for each form: the
// compiling alone was 9% of a process diffing the WCA regulations.
// TestWordFinder holds it to the expressions.
type wordFinder struct {
	form string
	// fold matches the form under simple case folding, as (?i) does;
	// edges lets the start and the end of the text stand for a boundary
	// rune, as ^ and $ do.
	fold, edges bool
}

// wordMatch is one match: the whole match is s[start:end], the form
// s[formStart:formEnd], the boundary runes (or nothing at an edge) on
// either side of it.
type wordMatch struct {
	start, formStart, formEnd, end int
}

// boundary reports whether r may stand beside a whole word.
func boundary(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) }

// usable reports whether the finder answers for s as the expression
// does: for valid UTF-8 (an invalid byte is U+FFFD to regexp, and a form
// may hold U+FFFD) and a non-empty form.
func (f wordFinder) usable(s string) bool {
	return f.form != "" && utf8.ValidString(s) && utf8.ValidString(f.form)
}

// find returns the matches in s, at most n of them (n < 0: all).
func (f wordFinder) find(s string, n int) []wordMatch {
	var out []wordMatch
	p := 0 // where the next match may start
	for k := 0; k < len(s) && n != 0; {
		if !f.fold {
			i := strings.Index(s[k:], f.form)
			if i < 0 {
				break
			}
			k += i
		}
		m, ok := f.at(s, p, k)
		if !ok {
			// The next candidate: the next rune.
			_, size := utf8.DecodeRuneInString(s[k:])
			k += size
			continue
		}
		out = append(out, m)
		n--
		// The next match starts after this one (its form, after a
		// boundary rune of its own).
		p, k = m.end, m.end
	}
	return out
}

// at reports the match whose form starts at k, the previous match
// having ended at p.
func (f wordFinder) at(s string, p, k int) (wordMatch, bool) {
	m := wordMatch{start: k, formStart: k}
	switch {
	case f.edges && k == 0:
		// ^: nothing before the form.
	case k > p:
		r, size := utf8.DecodeLastRuneInString(s[:k])
		if !boundary(r) {
			return m, false
		}
		m.start = k - size
	default:
		return m, false // the rune before belongs to the previous match
	}
	end, ok := f.prefix(s[k:])
	if !ok {
		return m, false
	}
	m.formEnd = k + end
	switch {
	case m.formEnd == len(s):
		if !f.edges {
			return m, false
		}
		m.end = m.formEnd
	default:
		r, size := utf8.DecodeRuneInString(s[m.formEnd:])
		if !boundary(r) {
			return m, false
		}
		m.end = m.formEnd + size
	}
	return m, true
}

// prefix reports whether s starts with the form, and the length in s of
// what matched it.
func (f wordFinder) prefix(s string) (int, bool) {
	if !f.fold {
		return len(f.form), strings.HasPrefix(s, f.form)
	}
	i := 0
	for _, want := range f.form {
		if i >= len(s) {
			return 0, false
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r != want && !sameFold(r, want) {
			return 0, false
		}
		i += size
	}
	return i, true
}

// sameFold reports whether r is in the simple case-folding orbit of
// want, as a literal rune under (?i) matches.
func sameFold(r, want rune) bool {
	for f := unicode.SimpleFold(want); f != want; f = unicode.SimpleFold(f) {
		if f == r {
			return true
		}
	}
	return false
}

// count returns how many matches s holds.
func (f wordFinder) count(s string) int {
	if !f.usable(s) {
		return len(f.regexp().FindAllStringIndex(s, -1))
	}
	return len(f.find(s, -1))
}

// replace writes each match as its boundary runes around repl, and
// reports whether there was any. repl is literal (a "$" in it is no
// group of the expression).
func (f wordFinder) replace(s, repl string) (string, bool) {
	if !f.usable(s) {
		re := f.regexp()
		if !re.MatchString(s) {
			return s, false
		}
		return re.ReplaceAllString(s, "${1}"+strings.ReplaceAll(repl, "$", "$$")+"${2}"), true
	}
	ms := f.find(s, -1)
	if len(ms) == 0 {
		return s, false
	}
	var b strings.Builder
	b.Grow(len(s) + len(ms)*len(repl))
	last := 0
	for _, m := range ms {
		b.WriteString(s[last:m.formStart])
		b.WriteString(repl)
		b.WriteString(s[m.formEnd:m.end])
		last = m.end
	}
	b.WriteString(s[last:])
	return b.String(), true
}

// regexp is the expression the finder stands for, compiled once for the
// process: for the texts the finder does not read.
func (f wordFinder) regexp() *regexp.Regexp {
	expr := `([^\pL\pN])` + regexp.QuoteMeta(f.form) + `([^\pL\pN])`
	if f.edges {
		expr = `(^|[^\pL\pN])` + regexp.QuoteMeta(f.form) + `($|[^\pL\pN])`
	}
	if f.fold {
		expr = `(?i)` + expr
	}
	return compiled(expr)
}

var (
	patMu    sync.Mutex
	patCache = map[string]*regexp.Regexp{}
)

// compiled returns the expression compiled, once for the process.
func compiled(expr string) *regexp.Regexp {
	patMu.Lock()
	defer patMu.Unlock()
	if p, ok := patCache[expr]; ok {
		return p
	}
	p := regexp.MustCompile(expr)
	patCache[expr] = p
	return p
}
