package main

import (
	"io"
	"testing"
)

// BenchmarkNewApp: the command tree every run of rulesync builds before
// it reads its command line.
func BenchmarkNewApp(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		newApp(nil, io.Discard, io.Discard)
	}
}
