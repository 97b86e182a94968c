// Package lazyre holds regular expressions that compile when first used,
// not when the program starts: rulesync's packages declare more than a
// hundred, and a command uses few of them (a diff of two JSON documents
// none of ingest's), while compiling them all at start was a third of a
// process's package initialisation (after golang/go
// src/internal/lazyregexp). Under go test they compile at once, so that
// a broken expression fails every test of its package, as
// regexp.MustCompile at package level does.
package lazyre

import (
	"os"
	"regexp"
	"strings"
	"sync"
)

// Regexp is a regexp.Regexp compiled on first use. Its methods are those
// of regexp.Regexp that rulesync calls.
type Regexp struct {
	expr  string
	build func() string // makes expr on first use, when not nil
	once  sync.Once
	rx    *regexp.Regexp
}

// re returns the compiled expression, compiling it the first time.
func (r *Regexp) re() *regexp.Regexp {
	r.once.Do(func() {
		if r.build != nil {
			r.expr = r.build()
		}
		r.rx = regexp.MustCompile(r.expr)
	})
	return r.rx
}

// inTest is whether the program is a test binary.
var inTest = strings.HasSuffix(os.Args[0], ".test")

// New returns the expression, to be compiled on first use (at once in a
// test binary); it panics then if the expression does not parse, as
// regexp.MustCompile does.
func New(expr string) *Regexp {
	r := &Regexp{expr: expr}
	if inTest {
		r.re()
	}
	return r
}

// NewFunc is New for an expression made by build on first use, such as
// one whose words come from data that is itself read on first use
// (internal/lexicon).
func NewFunc(build func() string) *Regexp {
	r := &Regexp{build: build}
	if inTest {
		r.re()
	}
	return r
}

// Regexp returns the compiled expression.
func (r *Regexp) Regexp() *regexp.Regexp { return r.re() }

// String returns the source text of the expression.
func (r *Regexp) String() string { return r.re().String() }

// MatchString is regexp.Regexp's MatchString.
func (r *Regexp) MatchString(s string) bool { return r.re().MatchString(s) }

// Match is regexp.Regexp's Match.
func (r *Regexp) Match(b []byte) bool { return r.re().Match(b) }

// FindString is regexp.Regexp's FindString.
func (r *Regexp) FindString(s string) string { return r.re().FindString(s) }

// FindStringIndex is regexp.Regexp's FindStringIndex.
func (r *Regexp) FindStringIndex(s string) []int { return r.re().FindStringIndex(s) }

// FindStringSubmatch is regexp.Regexp's FindStringSubmatch.
func (r *Regexp) FindStringSubmatch(s string) []string { return r.re().FindStringSubmatch(s) }

// FindStringSubmatchIndex is regexp.Regexp's FindStringSubmatchIndex.
func (r *Regexp) FindStringSubmatchIndex(s string) []int { return r.re().FindStringSubmatchIndex(s) }

// FindAllString is regexp.Regexp's FindAllString.
func (r *Regexp) FindAllString(s string, n int) []string { return r.re().FindAllString(s, n) }

// FindAllStringIndex is regexp.Regexp's FindAllStringIndex.
func (r *Regexp) FindAllStringIndex(s string, n int) [][]int { return r.re().FindAllStringIndex(s, n) }

// FindAllStringSubmatch is regexp.Regexp's FindAllStringSubmatch.
func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.re().FindAllStringSubmatch(s, n)
}

// FindAllStringSubmatchIndex is regexp.Regexp's FindAllStringSubmatchIndex.
func (r *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return r.re().FindAllStringSubmatchIndex(s, n)
}

// ReplaceAllString is regexp.Regexp's ReplaceAllString.
func (r *Regexp) ReplaceAllString(src, repl string) string { return r.re().ReplaceAllString(src, repl) }

// ReplaceAllLiteralString is regexp.Regexp's ReplaceAllLiteralString.
func (r *Regexp) ReplaceAllLiteralString(src, repl string) string {
	return r.re().ReplaceAllLiteralString(src, repl)
}

// ReplaceAllStringFunc is regexp.Regexp's ReplaceAllStringFunc.
func (r *Regexp) ReplaceAllStringFunc(src string, repl func(string) string) string {
	return r.re().ReplaceAllStringFunc(src, repl)
}

// FindSubmatch is regexp.Regexp's FindSubmatch.
func (r *Regexp) FindSubmatch(b []byte) [][]byte { return r.re().FindSubmatch(b) }

// Split is regexp.Regexp's Split.
func (r *Regexp) Split(s string, n int) []string { return r.re().Split(s, n) }

// SubexpNames is regexp.Regexp's SubexpNames.
func (r *Regexp) SubexpNames() []string { return r.re().SubexpNames() }

// SubexpIndex is regexp.Regexp's SubexpIndex.
func (r *Regexp) SubexpIndex(name string) int { return r.re().SubexpIndex(name) }

// NumSubexp is regexp.Regexp's NumSubexp.
func (r *Regexp) NumSubexp() int { return r.re().NumSubexp() }
