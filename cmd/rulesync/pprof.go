//go:build pprof

package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"time"
)

// A binary built with -tags pprof writes a CPU profile of the whole
// process to $RULESYNC_CPUPROFILE, for finding where a command's time goes
// (go tool pprof BINARY FILE), and to $RULESYNC_MEMPROFILE a heap profile
// taken when the live heap was largest (sampled every 16 KiB allocated, polled every 10 ms: the profile
// is of the collection that found the most live bytes, give or take the
// collections of one poll); ordinary builds have no such hook.
func init() {
	var stops []func()
	if path := os.Getenv("RULESYNC_CPUPROFILE"); path != "" {
		f, err := os.Create(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "pprof:", err)
		} else if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, "pprof:", err)
		} else {
			stops = append(stops, func() {
				pprof.StopCPUProfile()
				f.Close()
			})
		}
	}
	if path := os.Getenv("RULESYNC_MEMPROFILE"); path != "" {
		runtime.MemProfileRate = 16 << 10 // finer than the default 512 KiB
		stops = append(stops, peakHeap(path))
	}
	atExit = func() {
		for _, stop := range stops {
			stop()
		}
	}
}

// peakHeap polls the live heap and writes a heap profile to path each
// time it passes its largest reading by a twentieth; the returned func
// stops the polling and writes the last profile taken.
func peakHeap(path string) func() {
	done := make(chan struct{})
	stopped := make(chan struct{})
	var best uint64
	var last []byte
	go func() {
		defer close(stopped)
		sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
			}
			metrics.Read(sample)
			live := sample[0].Value.Uint64()
			if live < best+best/20 {
				continue
			}
			best = live
			var buf bytesBuffer
			if err := pprof.Lookup("heap").WriteTo(&buf, 0); err == nil {
				last = buf
			}
		}
	}()
	return func() {
		close(done)
		<-stopped
		if err := os.WriteFile(path, last, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "pprof:", err)
		}
		fmt.Fprintf(os.Stderr, "pprof: heap profile at %d MB live\n", best>>20)
	}
}

// bytesBuffer is the io.Writer pprof writes a profile to.
type bytesBuffer []byte

func (b *bytesBuffer) Write(p []byte) (int, error) {
	*b = append(*b, p...)
	return len(p), nil
}
