// Package longtest marks the long tests: those that read the whole real
// corpus or perturb it thousands of times, measure peak memory or scale,
// or drive a browser or the Translate Toolkit. `go test ./...` skips
// them, each saying so, and stays the quick suite; `go test -tags long
// ./...` runs them too, as `bash .ci/run` does.
package longtest

import "testing"

// Skip skips t, a long test, unless the test binary was built with
// -tags long.
func Skip(t testing.TB) {
	t.Helper()
	if !on {
		t.Skip("a long test: go test -tags long runs it")
	}
}

// On reports whether the long tests run (-tags long).
func On() bool { return on }

// Sample is all with -tags long and, in the quick suite, n of its
// elements spread evenly over it, the first among them, in their order:
// a test that reads every file of the real corpus reads a few in the
// quick suite and all of them in the long one, which CI runs.
func Sample[T any](all []T, n int) []T {
	if on || n <= 0 || len(all) <= n {
		return all
	}
	out := make([]T, 0, n)
	for k := range n {
		out = append(out, all[k*len(all)/n])
	}
	return out
}
