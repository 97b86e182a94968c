package langid

import "testing"

// StartCPU starts a cpuMeter for the benchmarks of package langid_test
// and returns its report.
func StartCPU() func(*testing.B) { return startCPU().report }
