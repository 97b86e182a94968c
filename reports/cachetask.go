package reports

import (
	"errors"
	"io/fs"
)

// loadTaskInto copies a task's cached outputs into the output directory
// out, each file streamed and checked against its sha256 as it is
// copied, and returns the task's summary; false when the cache has no
// whole entry for key. An entry whose files do not match their record is
// removed, with a note, and the files copied from it are removed from
// out.
func (c *cache) loadTaskInto(key, what string, out *tree) (any, bool) {
	if c == nil {
		return nil, false
	}
	entry := taskEntry(key)
	rec, err := c.record(entry)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false
	}
	var summary any
	if err == nil {
		switch {
		case rec.Changelog != nil:
			summary = rec.Changelog
		case rec.Translation != nil:
			summary = rec.Translation
		case rec.Check != nil:
			summary = rec.Check
		default:
			return nil, false
		}
	}
	var copied []string
	if err == nil {
		for name, sum := range rec.SHA256 {
			copied = append(copied, name)
			if err = c.copyChecked(entry+"/files/"+name, rec.Size[name], sum, out, name); err != nil {
				break
			}
		}
	}
	if err != nil {
		for _, n := range copied {
			out.removeAll(n)
		}
		c.notes.add("cache entry %s (%s) failed its checksum (%v): edited or cut short, it was made again", c.path(entry), what, pathless(err))
		if !c.off.Load() {
			c.removeAll(entry)
		}
		return nil, false
	}
	return summary, true
}

// storeTaskFrom caches a task's outputs, copied from the output
// directory where tf wrote them, and its summary.
func (c *cache) storeTaskFrom(key string, tf *taskFiles, summary any) error {
	rec := entryRecord{SHA256: tf.sums, Size: tf.sizes}
	switch s := summary.(type) {
	case *ChangelogSummary:
		rec.Changelog = s
	case *TranslationSummary:
		rec.Translation = s
	case *CheckSummary:
		rec.Check = s
	}
	return c.storeWith(taskEntry(key), rec, func(tmp string) error {
		for _, n := range tf.names {
			if err := tf.dst.copyChecked(n, tf.sizes[n], tf.sums[n], c.tree, tmp+"/files/"+n); err != nil {
				return err
			}
		}
		return nil
	})
}
