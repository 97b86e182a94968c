//go:build !linux && !darwin

package ingest

import "github.com/tetratelabs/wazero/experimental"

// pdfAllocator gives each PDF engine instance a linear memory on the Go
// heap, capped at pdfMemory (memory mappings are used where the system
// has them, see pdfmem_mmap.go).
var pdfAllocator experimental.MemoryAllocator = experimental.MemoryAllocatorFunc(func(_, max uint64) experimental.LinearMemory {
	return &heapMemory{max: min(max, pdfMemory)}
})
