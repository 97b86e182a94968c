package main

import (
	"fmt"

	"github.com/urfave/cli/v3"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
)

// keyedFormat reports whether a translation was read from a PO, XLIFF or
// TMX file, whose ids are those of the source edition it was made for.
func keyedFormat(d *corpus.Document) bool {
	switch d.Source.Format {
	case "po", "xliff", "tmx":
		return true
	}
	return false
}

// statedEdition is the source edition a translation read from a PO,
// XLIFF or TMX file says it was made for (X-Rulesync-Source-Edition, the
// file's original), or "" for any other translation or one that names
// none.
func statedEdition(tr *corpus.Document) string {
	if !keyedFormat(tr) || tr.Edition == "" || tr.Edition == corpus.UnknownEdition {
		return ""
	}
	return tr.Edition
}

// pickBase is the base edition of a translation, as gaps and sync both
// take it: the --base document that states the edition a catalogue says
// it was made for (whatever the others, provenance not asked), else
// chooseBase's.
func pickBase(c *call, opt gaps.Options, tr *corpus.Document, bases []*corpus.Document) (*corpus.Document, *gaps.Provenance, error) {
	if e := statedEdition(tr); e != "" {
		for _, b := range bases {
			if b.Edition == e {
				return b, nil, nil
			}
		}
	}
	return chooseBase(c, opt, tr, bases)
}

// statedMismatch says, for a catalogue made for another edition than the
// one it is compared with (base, else the source), which it was made for
// and what to give; "" when they agree or it states none. Its ids are
// the other edition's: compared with this one, items changed since are
// not found stale.
func statedMismatch(tr, src, base *corpus.Document) string {
	e := statedEdition(tr)
	orig, role := src, "SOURCE"
	if base != nil {
		orig, role = base, "--base"
	}
	if e == "" || e == orig.Edition {
		return ""
	}
	hint := "give --base with the source edition it was made for"
	if base != nil {
		hint = "give the source edition it was made for as --base"
	}
	return fmt.Sprintf("made for %s, not for %s (%s): %s", e, orig.Name(), role, hint)
}

// checkBaseStates warns when the base given contradicts the edition the
// translation states (its date: "2021-05-01" against a base of
// 2024-01-01), and fails with exit status 2 under --strict: stale items
// are found from the base, and a wrong one finds none. A catalogue's
// stated edition is statedMismatch's; a draft sync wrote states its
// source's date, not its base's.
func checkBaseStates(c *call, tr, base *corpus.Document, trName, baseName string) error {
	if base == nil || keyedFormat(tr) || tr.IsDraft() || tr.Date == "" || base.Date == "" || tr.Date == base.Date {
		return nil
	}
	msg := fmt.Sprintf("--base %s states %s, but %s states %s: is it the edition the translation was made from?", baseName, base.Date, trName, tr.Date)
	return warnStrict(c, msg)
}

// checkNoBase warns, when no base was given, that a translation stating
// an older edition than its source's (its date: "2021-05-01" against
// 2024-01-01) is compared with the source alone, so that what changed
// since is not found stale; it fails with exit status 2 under --strict.
// A catalogue or a draft rulesync wrote keeps the source's ids and its
// own stale markers, and states its source's edition (statedMismatch
// speaks for the first).
func checkNoBase(c *call, tr, src, base *corpus.Document, trName, srcName string) error {
	if base != nil || keyedFormat(tr) || tr.IsDraft() || tr.Date == "" || src.Date == "" || tr.Date == src.Date {
		return nil
	}
	msg := fmt.Sprintf("%s states %s and %s %s: without --base, what changed in the source since is not found stale; give --base with the edition of the source the translation was made from", trName, tr.Date, srcName, src.Date)
	return warnStrict(c, msg)
}

// baseName is the argument that gave base among the --base documents.
func baseName(c *call, bases []*corpus.Document, base *corpus.Document) string {
	names := c.StringSlice("base")
	for i, b := range bases {
		if b == base && i < len(names) {
			return names[i]
		}
	}
	return "--base"
}

// unrelatedBase is the error of a report whose translation could not be
// put on a base that shares almost nothing with the source (another
// rulebook given as --base): it names the base, which is at fault, not
// the translation. nil when there is no base or it belongs with the
// source.
func unrelatedBase(c *call, r *gaps.Report, baseName, srcName string) error {
	if r.Base == nil || r.Comparison == nil || r.Comparison.Alignment == nil {
		return nil
	}
	s := r.Comparison.Alignment.Shared()
	if s >= belongMin {
		return nil
	}
	return cli.Exit(fmt.Sprintf("%s: --base %s is not an edition of %s: they share almost nothing (confident pairs hold %.0f%% of the smaller one's items); give the edition of %s the translation was made from", c.Command.Name, baseName, srcName, 100*s, r.Source.Name()), exitBad)
}

// checkReportBelongs is checkBelong on what a report compared: the
// translation with its source, or, with a base, the base with the source
// and the translation with the base, each named as given; and a warning
// (exit 2 under --strict) where the report's placement of the items is
// unsure (gaps.Report.Unsure).
func checkReportBelongs(c *call, r *gaps.Report, srcName, trName, baseName string) error {
	if r.Alignment == nil {
		return nil
	}
	if r.Base == nil || r.Comparison == nil || r.Comparison.Alignment == nil {
		if err := checkBelong(c, r.Alignment, srcName, trName); err != nil {
			return err
		}
	} else {
		if err := checkBelong(c, r.Comparison.Alignment, "--base "+baseName, srcName); err != nil {
			return err
		}
		if err := checkBelong(c, r.Alignment, "--base "+baseName, trName); err != nil {
			return err
		}
	}
	if r.Unsure != "" {
		return warnStrict(c, trName+": "+r.Unsure)
	}
	return nil
}
