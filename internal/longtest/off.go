//go:build !long

package longtest

// on: built without -tags long, the quick suite.
const on = false
