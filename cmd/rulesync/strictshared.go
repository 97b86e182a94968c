package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
)

// strictShared weighs the warnings of inputs read together (docs, read
// from ins; warn[i] false for an input named earlier in the run) for
// --strict. A place of a numbering warning that another input prints
// alike (ingest.Unshared: a source that leaves the letters of removed
// rules unused, and its translation that follows it) is the numbering
// both documents print, not a doubt about the reading of either:
// --strict does not count it, and says so once on standard error,
// naming the inputs that share it. Any other warning fails --strict, exit 2,
// naming its input.
func strictShared(c *call, ins []string, docs []*corpus.Document, warn []bool) error {
	var fail error
	for i, d := range docs {
		if !warn[i] || d == nil || len(d.Warnings()) == 0 {
			continue
		}
		var others []*corpus.Document
		var by []string
		for j, o := range docs {
			if j == i || !warn[j] || o == nil {
				continue
			}
			others = append(others, o)
			if _, n := ingest.Unshared(d, o); n > 0 {
				by = append(by, ins[j])
			}
		}
		left, shared := ingest.Unshared(d, others...)
		if shared > 0 && c.Bool("strict") && !quiet(c) {
			fmt.Fprintf(c.App.ErrWriter, "%s: %d %s of its numbering warnings %s printed alike by %s (the numbering they share, not a doubt about either's reading): not counted by --strict\n",
				ins[i], shared, plural(shared, "place", "places"), plural(shared, "is", "are"), strings.Join(by, ", "))
		}
		if len(left) > 0 && c.Bool("strict") && fail == nil {
			msg := fmt.Sprintf("%s: --strict: %d warning(s) about the structure found", ins[i], len(left))
			if shared > 0 {
				// What it alone prints, which the warnings shown mix
				// with the places shared.
				msg += ", of places no other input prints: " + strings.Join(left, "; ")
			}
			fail = cli.Exit(msg, exitBad)
		}
	}
	return fail
}

// plural is one where n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// strictRead is strictShared for sync's inputs: the source srcName, the
// translation trName and the bases, read one after the other.
func strictRead(c *call, srcName, trName string, src, tr *corpus.Document, bases []*corpus.Document) error {
	ins := append([]string{srcName, trName}, c.StringSlice("base")...)
	docs := append([]*corpus.Document{src, tr}, bases...)
	warn := make([]bool, len(ins))
	seen := map[string]bool{}
	for i, in := range ins {
		// A name given twice (SOURCE as --base too) is one input.
		warn[i] = c.firsts[in] && !seen[in]
		seen[in] = true
	}
	return strictShared(c, ins, docs, warn)
}
