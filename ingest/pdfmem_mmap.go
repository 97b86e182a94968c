//go:build linux || darwin

package ingest

import (
	"syscall"

	"github.com/tetratelabs/wazero/experimental"
)

// pdfAllocator backs each PDF engine instance's WebAssembly memory with an
// anonymous mapping of the most it may grow to (the module's maximum,
// capped at pdfMemory), reserved but not committed: growing touches only
// the pages the engine writes and never copies, and closing the instance
// returns the mapping to the system. wazero's default appends to a Go
// slice, copying at every growth and leaving the old slices to the
// collector: a page that inflates to 1 GiB took the process to 817 MB
// under a 192 MiB cap.
var pdfAllocator experimental.MemoryAllocator = experimental.MemoryAllocatorFunc(func(_, max uint64) experimental.LinearMemory {
	n := min(max, pdfMemory)
	buf, err := syscall.Mmap(-1, 0, int(n), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON|syscall.MAP_NORESERVE)
	if err != nil {
		return &heapMemory{max: n}
	}
	return &mmapMemory{buf: buf}
})

// mmapMemory is a linear memory in a fixed mapping: it never moves.
type mmapMemory struct{ buf []byte }

func (m *mmapMemory) Reallocate(size uint64) []byte {
	if size > uint64(len(m.buf)) {
		pdfRefused.Add(1)
		return nil // over the cap: the engine's allocation fails
	}
	return m.buf[:size]
}

func (m *mmapMemory) Free() {
	if m.buf != nil {
		syscall.Munmap(m.buf)
		m.buf = nil
	}
}
