package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/gaps"
)

// belongMin is the least share of the smaller document's items that
// confident pairs must hold (align.Alignment.Shared) for two inputs to be
// taken as editions or translations of one rulebook. On the real corpus,
// every such pair shares 0.87 or more (a translation cut short, a
// translation into another script), and every pair of two different
// rulebooks 0.00.
const belongMin = 0.2

// checkBelong warns when the two documents of al share almost nothing
// (different rulebooks, or the wrong file), and fails with exit status 2
// under --strict.
func checkBelong(c *call, al *align.Alignment, a, b string) error {
	s := al.Shared()
	if s >= belongMin {
		return nil
	}
	msg := fmt.Sprintf("%s and %s share almost nothing: confident pairs hold %.0f%% of the smaller one's items; are they editions or translations of one rulebook?", a, b, 100*s)
	return warnStrict(c, msg)
}

// checkLanguages warns when the translation reads as the source's own
// language (two editions given where a translation was meant, or the
// wrong file), and fails with exit status 2 under --strict. Documents
// of no known language ("und") are not compared. A translation that
// reads as the source's language by most of its text but as another by
// the part that differs from the source is taken in that language
// (gaps.OwnLanguage), with a note.
func checkLanguages(c *call, src, tr *corpus.Document, srcName, trName string) error {
	if src.Lang == "" || src.Lang == "und" || !strings.EqualFold(src.Lang, tr.Lang) {
		return nil
	}
	if own := gaps.OwnLanguage(src, tr); own != tr {
		// A translation in progress: read in the language of the part
		// it translated, which the note names.
		*tr = *own
		fmt.Fprintf(c.App.ErrWriter, "%s: note: %s: %s\n", c.Command.Name, trName, own.Notes[len(own.Notes)-1])
		return nil
	}
	msg := fmt.Sprintf("%s and %s are both in %s: a translation is in another language than its source (two editions compare with 'rulesync diff')", srcName, trName, src.Lang)
	return warnStrict(c, msg)
}

// checkEditionLanguages warns when the two editions a diff compares
// read as different languages (a translation given where an edition was
// meant: every item would be a substantive change), and fails with exit
// status 2 under --strict. Documents of no known language are not
// compared.
func checkEditionLanguages(c *call, old, new *corpus.Document, oldName, newName string) error {
	if msg := diff.LanguageMismatch(old.Lang, new.Lang, oldName, newName); msg != "" {
		return warnStrict(c, msg)
	}
	return nil
}

// warnStrict prints msg as the command's warning, or under --strict
// fails with it (exit status 2).
func warnStrict(c *call, msg string) error {
	if c.Bool("strict") {
		return cli.Exit(fmt.Sprintf("%s: --strict: %s", c.Command.Name, msg), exitBad)
	}
	fmt.Fprintf(c.App.ErrWriter, "%s: warning: %s\n", c.Command.Name, msg)
	return nil
}

// unplaceable is the message of command cmd on a translation trName that
// could not be put on its source srcName (gaps.Report.Unplaceable's
// err): one that does not read as a translation of it names both.
func unplaceable(cmd, srcName, trName string, err error) string {
	var nt *align.NotTranslationError
	if errors.As(err, &nt) {
		return fmt.Sprintf("%s: %s does not read as a translation of %s: %s", cmd, trName, srcName, nt.Reason)
	}
	return fmt.Sprintf("%s: %s: %v", cmd, trName, err)
}

// checkTranslation warns when target, aligned with source in al, does
// not read as a translation of it (align.Stated.Foreign: the two state
// too few of the same numbers, references and acronyms), and fails with
// exit status 2 under --strict. align shows the pairs all the same: they
// are the evidence of what was placed where.
func checkTranslation(c *call, opt align.Options, al *align.Alignment, source, target string) error {
	why, ok := opt.Affinity(al).Stated.Foreign()
	if !ok {
		return nil
	}
	return warnStrict(c, fmt.Sprintf("%s does not read as a translation of %s: %s", target, source, why))
}
