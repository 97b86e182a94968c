package ingest

import (
	"regexp"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// numberingLists are the heads of warningLists whose places are labels
// of the numbering itself ("1c -> 1e", "3h after 3d2", "2s (line
// 108)"): what another document of the same rulebook prints alike.
var numberingLists = warningLists[:4]

// placeLabel is the label a numbering warning's place is about: the
// number after the hole of a skip ("1c -> 1e": 1e) or a restart ("3h
// after 3d2": 3h), the number out of sequence ("2s (line 108)": 2s),
// the id printed twice ("rule:2.1 at ..."). Two files that print the
// same numbering may word one hole otherwise (a skip in one, "out of
// sequence" in the other, where the sub-items before it differ) and
// give other lines: the label is what they share.
var placeLabel = regexp.MustCompile(`^(?:.* -> )?(\S+?)(?: after .*| at .*| \(line \d+\))?$`)

// placeOf is placeLabel's label of the place p, or p itself.
func placeOf(p string) string {
	if m := placeLabel.FindStringSubmatch(p); m != nil {
		return m[1]
	}
	return p
}

// Unshared returns d's warnings (as Report gives them) that no other
// document of others shares, and how many places of its numbering
// warnings it left out. A numbering warning's place (a skip, a restart,
// a number out of sequence, a number printed twice) that another
// document prints too, about the same label (placeLabel: its wording
// and line aside), is the numbering both print: a rulebook that
// leaves the letters of removed rules unused, and its translation that
// follows it, say so alike. Such a place is no doubt about the reading
// of either; a place only d prints, and every other warning, is kept.
// A warning some of whose places are shared is kept with the others
// only.
func Unshared(d *corpus.Document, others ...*corpus.Document) (left []string, shared int) {
	_, warnings := Report(d)
	theirs := map[string]bool{}
	for _, o := range others {
		if o == nil || o == d {
			continue
		}
		for _, n := range o.Notes {
			_, rest, ok := numberingWarning(n)
			if !ok {
				continue
			}
			for _, p := range splitPlaces(rest) {
				theirs[placeOf(p)] = true
			}
		}
	}
	k := 0
	for _, n := range d.Notes {
		if !strings.HasPrefix(n, WarningNote) {
			continue
		}
		w := warnings[k]
		k++
		head, rest, ok := numberingWarning(n)
		if !ok {
			left = append(left, w)
			continue
		}
		places := splitPlaces(rest)
		var own []string
		for _, p := range places {
			if !theirs[placeOf(p)] {
				own = append(own, p)
			}
		}
		shared += len(places) - len(own)
		switch {
		case len(own) == len(places):
			left = append(left, w)
		case len(own) > 0:
			left = append(left, shortWarning(WarningNote+head+": "+strings.Join(own, "; ")))
		}
	}
	return left, shared
}

// numberingWarning splits a note that is a numbering warning
// (numberingLists) into its head and places.
func numberingWarning(n string) (head, places string, ok bool) {
	for _, h := range numberingLists {
		if rest, ok := strings.CutPrefix(n, WarningNote+h+": "); ok {
			return h, rest, true
		}
	}
	return "", "", false
}
