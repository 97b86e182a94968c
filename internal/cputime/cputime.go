// Package cputime reads the processor time this process has used, for benchmarks on shared machines.
package cputime

import "time"

// Used returns the processor time, user and system, of every thread of
// this process so far (the goroutines and the garbage collector's); ok is
// false where the system does not say (then Used is 0).
func Used() (d time.Duration, ok bool) { return used() }
