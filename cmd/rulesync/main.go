// Command rulesync keeps rulebooks in sync across editions and languages.
package main

import (
	"os"
	"runtime/debug"

	"github.com/rulesync/rulesync/internal/gctune"
)

// memoryLimit is the heap size the garbage collector works to stay under
// unless GOMEMLIMIT says otherwise: an ingest makes much short-lived
// garbage (the page's tree, the blocks, the JSON), and without a limit the
// heap grows to twice what is live before it is collected.
const memoryLimit = 768 << 20

// smallHeap is the heap a command may fill before its first garbage
// collection (gctune.Lazy): a diff or gaps of rulebooks of a few hundred
// items allocates less in all.
const smallHeap = 64 << 20

// atExit runs before the process exits (a profile to finish in a build
// with -tags pprof); nil otherwise.
var atExit func()

func main() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
	gctune.Lazy(smallHeap, memoryLimit)
	code := run(os.Args, os.Stdin, os.Stdout, os.Stderr)
	if atExit != nil {
		atExit()
	}
	os.Exit(code)
}
