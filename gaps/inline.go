package gaps

import (
	"fmt"

	"github.com/rulesync/rulesync/corpus"
)

// Markup is the check of the inline markup (links, emphasis, code,
// inline HTML: the placeholders of translators' tools) of a translation
// read from a PO, XLIFF or TMX file against the source text beside it
// in the file: a mark missing or repeated (warning), a tag that opens
// or closes nothing, or syntax left as text (error). One finding per
// fault, naming the file's unit (the segment: "rule:12/title").
const Markup = "markup"

// inline reports the faults the reader of an interchange file found in
// the inline markup of each item of d (corpus.Item.Inline).
func (c *checker) inline(d *corpus.Document) {
	srcOf := c.sourceIDs()
	for j := range d.Items {
		t := &d.Items[j]
		for _, f := range t.Inline {
			c.r.add(Finding{Check: Markup, Severity: inlineSeverity(f.Fault), SourceID: srcOf[j], TargetID: t.ID,
				Message: inlineMessage(f)})
		}
	}
}

// inlineSeverity ranks a fault: markup that is broken (a tag without
// its partner, syntax left as text) is an error; a mark missing or
// repeated, which a translation may mean, a warning.
func inlineSeverity(fault string) Severity {
	switch fault {
	case corpus.InlineUnbalanced, corpus.InlineMalformed:
		return Error
	}
	return Warning
}

func inlineMessage(f corpus.InlineFault) string {
	switch f.Fault {
	case corpus.InlineMissing:
		return fmt.Sprintf("segment %s: the source's markup %s is not in the translation (deleted?): put it back around the words it marks", f.Segment, f.Markup)
	case corpus.InlineDuplicated:
		return fmt.Sprintf("segment %s: the translation has the markup %s more often than the source", f.Segment, f.Markup)
	case corpus.InlineUnbalanced:
		return fmt.Sprintf("segment %s: the inline code %s has no partner of its id in the right order (dropped from the text): restore the pair", f.Segment, f.Markup)
	case corpus.InlineMalformed:
		return fmt.Sprintf("segment %s: the source's markup %s is broken in the translation (its syntax is left as text): restore it", f.Segment, f.Markup)
	}
	return fmt.Sprintf("segment %s: %s %s", f.Segment, f.Fault, f.Markup)
}
