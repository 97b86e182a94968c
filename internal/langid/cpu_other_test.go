//go:build !unix

package langid

import "testing"

// cpuMeter reports nothing where there is no getrusage.
type cpuMeter struct{}

func startCPU() cpuMeter { return cpuMeter{} }

func (cpuMeter) report(*testing.B) {}
