package atomicfile

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// NewDir makes the directory an output directory final is written into
// before it takes final's place whole: ".BASE.new-PID-RANDOM" beside
// final, named by the process so that a later run can tell one a killed
// process left (kill -9, which no interrupt handler sees), and removes
// those first (RemoveStaleDirs).
func NewDir(final string) (string, error) {
	parent, base := filepath.Dir(final), filepath.Base(final)
	RemoveStaleDirs(parent, base)
	return os.MkdirTemp(parent, "."+base+".new-"+strconv.Itoa(os.Getpid())+"-*")
}

// RemoveStaleDirs removes, in dir, the directories NewDir made for the
// output base whose process no longer runs: ".base.new-PID-*" whose PID
// is not a running process on this host. It returns the paths removed.
func RemoveStaleDirs(dir, base string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	prefix := "." + base + ".new-"
	var removed []string
	for _, e := range entries {
		name := e.Name()
		if !e.IsDir() || !strings.HasPrefix(name, prefix) {
			continue
		}
		pidText, _, ok := strings.Cut(strings.TrimPrefix(name, prefix), "-")
		if !ok || !digits(pidText) {
			continue // not NewDir's naming (a build's ".out.new-HEX")
		}
		pid, err := strconv.Atoi(pidText)
		if err != nil || pid == os.Getpid() || processRuns(pid) {
			continue
		}
		if p := filepath.Join(dir, name); os.RemoveAll(p) == nil {
			removed = append(removed, p)
		}
	}
	return removed
}
