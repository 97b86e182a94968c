// Package peaktest measures the peak resident memory of work done in a
// process of its own: a test runs its own test binary again as a child
// (Run), the child does the work and reports its peak (Report), read
// from Linux's /proc/self/status (VmHWM).
package peaktest

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// status is where the kernel states the process's peak resident memory.
const status = "/proc/self/status"

// Skip skips t where the peak cannot be read (no /proc).
func Skip(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(status); err != nil {
		t.Skip("needs " + status + " for the peak memory")
	}
}

// Run runs the test named test of the running test binary in a child
// process, with env (KEY=value) added to its environment, and returns
// the peak resident memory in bytes the child reported with Report. It
// fails t when the child fails or reports none.
func Run(t *testing.T, test string, env ...string) int64 {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run", "^"+test+"$")
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, l := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(l, "peak "); ok {
			if peak, err := strconv.ParseInt(v, 10, 64); err == nil && peak > 0 {
				return peak
			}
		}
	}
	t.Fatalf("the child said no peak:\n%s", out)
	return 0
}

// Report prints the process's peak resident memory as Run reads it
// ("peak BYTES"); on an error it prints the error and exits with status
// 1, which fails the parent's Run.
func Report() {
	data, err := os.ReadFile(status)
	if err != nil {
		Fail(err)
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err != nil {
				Fail(err)
			}
			fmt.Printf("peak %d\n", kb<<10)
			return
		}
	}
	Fail(fmt.Errorf("%s states no VmHWM", status))
}

// Fail ends a child process that could not do its work: the error is
// printed and the status is 1.
func Fail(err error) {
	fmt.Println("error", err)
	os.Exit(1)
}
