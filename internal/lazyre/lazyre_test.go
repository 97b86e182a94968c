package lazyre

import (
	"slices"
	"testing"
)

// TestNewInTest checks that a test binary compiles an expression at once,
// so that a broken one fails its package's tests as regexp.MustCompile
// at package level does.
func TestNewInTest(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Errorf(`New("(") did not panic in a test binary`)
		}
	}()
	New("(")
}

// TestMethods checks that the methods answer as the compiled expression.
func TestMethods(t *testing.T) {
	r := New(`(\d+)-(\d+)`)
	if got := r.FindAllStringSubmatch("1-2 and 30-40", -1); len(got) != 2 || !slices.Equal(got[1], []string{"30-40", "30", "40"}) {
		t.Errorf("FindAllStringSubmatch = %q", got)
	}
	if got := r.ReplaceAllString("1-2", "$2-$1"); got != "2-1" {
		t.Errorf("ReplaceAllString = %q", got)
	}
	if r.String() != `(\d+)-(\d+)` || r.NumSubexp() != 2 {
		t.Errorf("String %q, NumSubexp %d", r.String(), r.NumSubexp())
	}
}

// TestNewFunc checks that an expression made by a function is made once
// and answers as the expression it makes.
func TestNewFunc(t *testing.T) {
	calls := 0
	r := NewFunc(func() string { calls++; return `a(b+)` })
	if got := r.FindStringSubmatch("xabbb"); !slices.Equal(got, []string{"abbb", "bbb"}) || r.String() != `a(b+)` {
		t.Errorf("FindStringSubmatch = %q, String %q", got, r.String())
	}
	r.MatchString("ab")
	if calls != 1 {
		t.Errorf("build called %d times, want 1", calls)
	}
}
