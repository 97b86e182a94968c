package gaps

import (
	"slices"
	"strings"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
)

// shownLen is the length in runes of an item's text as a reader sees
// it. A text read from a PO, XLIFF or TMX holds its inline markup in
// Markdown syntax (ingest.InterchangeUnit: "[RFC 2119](https://…)"),
// read here as the Markdown reader reads a Markdown file's text
// (ingest.MarkdownInline: "RFC 2119"); markup says so (keyedByID of
// its document). Another text is measured as read. The same text
// measures the same whichever file holds it: the truncated check and
// the length ratios read this measure (WCA ja's PO measured its links'
// addresses, 1f1 77 runes where its Markdown draft has 48).
func shownLen(s string, markup bool) int {
	if markup && strings.ContainsAny(s, "[]*_`<>~\\&") {
		s, _ = ingest.MarkdownInline(s)
	}
	return corpus.Len(s)
}

// pairedRatio is the target/source length ratio of a translation paired
// by the ids it carries (a PO, XLIFF or TMX, a draft of sync): the
// median, in runes as shown (shownLen), over its 1-1 pairs of whole texts, as the aligner
// learns its own (align.Alignment.Ratio), or 0 with fewer than
// minRatioEntries. The truncated check reads it: taken from the pairs
// the ids give, the same translations give the same ratio whichever
// file holds them, where the aligner's, learnt from its own pairing of
// a draft, is not the one a PO, whose items it never pairs, gets (WCA
// ja: truncated on 9l, B1a and F2 of the Markdown draft, on none of
// the PO it was written from).
func pairedRatio(al *align.Alignment) float64 {
	sm, tm := keyedByID(al.Source), keyedByID(al.Target)
	rs := make([]float64, 0, len(al.Pairs))
	for _, p := range al.Pairs {
		if len(p.Source) != 1 || len(p.Target) != 1 {
			continue
		}
		s, t := &al.Source.Items[p.Source[0]], &al.Target.Items[p.Target[0]]
		if t.Has(corpus.FlagTruncated) || t.Has(corpus.FlagUntranslated) || t.Has(corpus.FlagEmptyUnit) {
			continue
		}
		sn, tn := shownLen(s.Text, sm), shownLen(t.Text, tm)
		if sn < minRatioRunes || tn < minRatioRunes/2 {
			continue
		}
		rs = append(rs, float64(tn)/float64(sn))
	}
	if len(rs) < minRatioEntries {
		return 0
	}
	slices.Sort(rs)
	return rs[len(rs)/2]
}
