//go:build pprof

package main

import (
	"fmt"
	"os"
	"runtime/pprof"
)

// A binary built with -tags pprof writes a CPU profile of the whole
// process to $RULESYNC_CPUPROFILE, for finding where a command's time goes
// (go tool pprof BINARY FILE); ordinary builds have no such hook.
func init() {
	path := os.Getenv("RULESYNC_CPUPROFILE")
	if path == "" {
		return
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "pprof:", err)
		return
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		fmt.Fprintln(os.Stderr, "pprof:", err)
		return
	}
	atExit = func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}
