//go:build long

package longtest

// on: built with -tags long.
const on = true
