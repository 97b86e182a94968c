package reports

import (
	"strconv"
	"time"

	"github.com/rulesync/rulesync/corpus"
)

// settingsKey is what of the build's settings, besides its inputs'
// bytes, reaches the outputs of its cached steps, for their cache keys:
// the time written into documents and interchange files, the input
// size limit (over which a draft's layout goes without the source text)
// and the block limit (max_blocks, when set).
// The time is SOURCE_DATE_EPOCH's when set, Now's when the caller gave a
// clock, else "clock": outputs of the clock's time carry the time of the
// build that made them, and a warm build keeps them (no two builds by the
// clock are the same in every byte). The rulesync that runs and the shape
// of the cache are in every key already (key).
func (b *Build) settingsKey() string {
	t := "clock"
	if s, ok, _ := corpus.SourceDateEpoch(); ok {
		t = "epoch=" + strconv.FormatInt(s.Unix(), 10)
	} else if b.Now != nil {
		t = "now=" + b.Now().UTC().Format(time.RFC3339Nano)
	}
	t += "\x00max_bytes=" + strconv.FormatInt(b.Workspace.MaxBytes, 10)
	if b.Workspace.MaxBlocks > 0 {
		// Only when set: the keys of a manifest without it are as they were.
		t += "\x00max_blocks=" + strconv.Itoa(b.Workspace.MaxBlocks)
	}
	return t
}
