package diff

import (
	"strings"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
)

// renamedSections maps the heading of each section of old to the heading
// of the section of new it is paired with, where the two differ (a
// section retitled in place, "Article 1: Officials" -> "Chapter 1:
// Officials"): an item that stays under its section has not moved,
// whatever the heading says now. A heading paired twice, each time with
// another, is left out: it says nothing.
func renamedSections(old, new *corpus.Document, al *align.Alignment) map[string]string {
	renamed := map[string]string{}
	ambiguous := map[string]bool{}
	for _, p := range al.Pairs {
		if len(p.Source) != 1 || len(p.Target) != 1 {
			continue
		}
		o, n := &old.Items[p.Source[0]], &new.Items[p.Target[0]]
		if o.Kind != corpus.KindSection || n.Kind != corpus.KindSection || o.Section == "" || n.Section == "" || o.Section == n.Section {
			continue
		}
		if was, ok := renamed[o.Section]; ok && was != n.Section {
			ambiguous[o.Section] = true
		}
		renamed[o.Section] = n.Section
	}
	for h := range ambiguous {
		delete(renamed, h)
	}
	return renamed
}

// ownHeading reports whether it is a section whose Section is its own
// heading (the heading line that holds its title: "Article 1:
// Officials"), not the heading of the section it sits under.
func ownHeading(it *corpus.Item) bool {
	return it.Kind == corpus.KindSection && it.Title != "" && strings.Contains(it.Section, it.Title)
}

// headingChange is the change of a section whose heading's words around
// its number changed while its number, title and text stayed: editorial,
// as the words that label a division are for display.
func headingChange(ch Change, o, n *corpus.Item) Change {
	ch.Kind = Retitled
	_, ch.TitleSpans = Redline(o.Section, n.Section)
	ch.oldText = o.Text
	ch.Severity, ch.Rule = Editorial, "heading"
	ch.Reason = "heading reworded around its number: " + quote(o.Section) + " became " + quote(n.Section)
	ch.Summary = ch.Reason
	return ch
}
