package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/rulesync/rulesync/ingest"
)

// maxBytesFlag is --max-bytes, the input size limit of the commands that
// read inputs.
func maxBytesFlag() cli.Flag {
	return &cli.StringFlag{Name: "max-bytes", Usage: fmt.Sprintf("read no input larger than `SIZE` (bytes, or with KiB, MiB, GiB; default %dMiB; a document JSON rulesync wrote may have 4 times SIZE)", ingest.DefaultMaxBytes>>20)}
}

// maxBlocksFlag is --max-blocks, the limit of the blocks (and items) of
// an input, or of all the inputs of a command that holds several at once
// (sharedBudget).
func maxBlocksFlag() cli.Flag {
	return &cli.IntFlag{Name: "max-blocks", Value: ingest.DefaultMaxBlocks, Usage: "read no more than `N` blocks (paragraphs, lines, headings, list items, table rows; the items of a document JSON, PO, XLIFF, TMX or table) in an input, or in all the inputs together of a command that reads several at once (diff, gaps, sync, align, provenance, history; the documents a build holds); an input's lines, units or start tags are counted before it is read", Validator: func(n int) error {
		if n <= 0 {
			return errors.New("not a number of blocks above zero")
		}
		return nil
	}}
}

// sharedBudget is the budget of blocks (--max-blocks) that the inputs of
// a command that holds several documents at once share (diff, gaps,
// sync, align, history, provenance): together they hold no more than
// one input at the limit may, so that the command's memory is bounded
// as one input's is, however many it reads.
func sharedBudget(c *call) *ingest.Budget {
	if c.budget == nil {
		c.budget = ingest.NewBudget(c.Int("max-blocks"))
	}
	return c.budget
}

// maxBytes is the --max-bytes of the command: 0 (the default) when not
// given, an exit-2 error when it is not a size.
func maxBytes(c *call) (int64, error) {
	s := c.String("max-bytes")
	if s == "" {
		return 0, nil
	}
	n, err := parseSize(s)
	if err != nil {
		return 0, cli.Exit(fmt.Sprintf("%s: --max-bytes %q: %v", c.Command.Name, s, err), exitBad)
	}
	return n, nil
}

// parseSize reads a size: a number of bytes, with an optional unit KiB,
// MiB or GiB (K, M, G, KB, MB and GB meaning the same).
func parseSize(s string) (int64, error) {
	num := strings.TrimRight(s, "KMGiBkb")
	unit := strings.ToUpper(strings.TrimSpace(s[len(num):]))
	shift := map[string]uint{"": 0, "B": 0, "K": 10, "KB": 10, "KIB": 10, "M": 20, "MB": 20, "MIB": 20, "G": 30, "GB": 30, "GIB": 30}
	sh, ok := shift[unit]
	n, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64)
	if !ok || err != nil || n <= 0 || n > (1<<62)>>sh {
		return 0, fmt.Errorf("want a number of bytes above 0, as 1048576, 64KiB, 32MiB or 1GiB")
	}
	return n << sh, nil
}

// checkOutput refuses an output path that begins with "~" or "~user":
// the shell expands those only unquoted (not in -o '~/site' nor, in most
// shells, in --output=~/site), and rulesync does not, so such a path
// would make a folder named "~" beside the user's files.
func checkOutput(c *call, flag, path string) error {
	first, _, _ := strings.Cut(filepath.ToSlash(path), "/")
	if strings.HasPrefix(first, "~") {
		return cli.Exit(fmt.Sprintf("%s: %s: output: rulesync does not expand %q (the shell does, when it is not quoted); give the path without it, as $HOME/%s", c.Command.Name, namedPath{flag, path}, first, strings.TrimPrefix(strings.TrimPrefix(filepath.ToSlash(path), first), "/")), exitBad)
	}
	return nil
}

// sizeHint is err's message, naming --max-bytes when err is an input over
// the size limit (ingest.ErrTooLarge): the flag that reads it.
func sizeHint(err error) string {
	if errors.Is(err, ingest.ErrTooLarge) {
		return err.Error() + "; --max-bytes SIZE raises the limit"
	}
	return err.Error()
}
