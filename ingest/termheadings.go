package ingest

// Glossaries and their terms: headings that name the terms a list of
// definitions defines, read as the glossary's entries, not as divisions.

// termHeadings makes the terms of definition lists headings of the text
// after them, one level below the heading they are under, where they are
// a document's repeated structure: it has no numbering (build's caller
// decides) and more terms than headings (a glossary page, where each
// term is an item; not a page of four rules with a list of three facts
// about it), or the list opens the text of a heading other than the
// document's title, right under it (a "Glossary" section, by its layout
// whatever its heading says; not a rule whose text defines two words,
// nor facts under the title). Terms one after another name
// one definition: one heading. Terms inside a document of many headings
// (a style guide's rule that defines three words) stay its text, as an
// ordered list in it does. It returns bs, changed in place.
func termHeadings(bs []block) []block {
	terms, headings := 0, 0
	for _, bl := range bs {
		switch {
		case bl.chrome != "":
		case bl.term:
			terms++
		case bl.kind == blockHeading:
			headings++
		}
	}
	if terms == 0 {
		return bs
	}
	// A list that is a heading's whole text: its terms are items
	// whatever their count.
	glossary := glossaries(bs)
	all := terms > headings
	level := 0
	out := bs[:0]
	for i, b := range bs {
		switch {
		case b.chrome != "":
		case b.term && !all && !glossary[i]:
		case b.term && len(out) > 0 && out[len(out)-1].term && out[len(out)-1].kind == blockHeading:
			// "Anchor" and "Hook" over one definition.
			out[len(out)-1].text += " / " + b.text
			continue
		case b.term:
			b.kind, b.level = blockHeading, min(level+1, 7)
		case b.kind == blockHeading:
			level = b.level
		}
		out = append(out, b)
	}
	return out
}

// termPlaces numbers by their places the terms of each definition list
// that is a heading's whole text (glossaries) in a numbered document:
// a term and its definition are an entry of the list, as an ordered
// list's item is (an item "1(2)" under "1. Definitions"), not text of
// the heading's item. A list whose terms print labels is read by them
// ("1.2 Forfeit"), and the terms of a document without a numbering are
// headings (termHeadings). Terms one after another name one
// definition: the first takes the place. The definitions are text of
// their terms' entries (nest 2: in a list item of depth 1).
func termPlaces(bs []block) {
	glossary := glossaries(bs)
	for i := 0; i < len(bs); {
		if !glossary[i] {
			i++
			continue
		}
		j := i
		for j < len(bs) && glossary[j] {
			j++
		}
		if !printsLabels(bs[i:j]) {
			place := 0
			for k := i; k < j; k++ {
				switch b := &bs[k]; {
				case b.chrome != "":
				case b.term && (k == i || !bs[k-1].term):
					place++
					b.ordinal, b.depth = place, 1
				case !b.term && place > 0:
					// The definition lies in its term's entry.
					b.nest = 2
				}
			}
		}
		i = j
	}
}

// printsLabels reports whether a term of bs prints a label ("(1)" too:
// an ordered list whose items print their own markers is text, and so
// is a definition list's).
func printsLabels(bs []block) bool {
	for _, b := range bs {
		if _, ok := readLabel(b.text); b.term && ok {
			return true
		}
	}
	return false
}

// glossaries marks the blocks under the headings (the document's title
// aside) whose text opens with a definition list's term, right under
// the heading, up to the next heading.
func glossaries(bs []block) []bool {
	title := titleHeading(bs)
	out := make([]bool, len(bs))
	for h := range bs {
		if bs[h].kind != blockHeading || bs[h].chrome != "" || h == title {
			continue
		}
		first := -1
		end := len(bs)
		for i := h + 1; i < len(bs); i++ {
			if bs[i].chrome != "" {
				continue
			}
			if bs[i].kind == blockHeading {
				end = i
				break
			}
			if first < 0 {
				first = i
			}
		}
		if first < 0 || !bs[first].term {
			continue
		}
		for i := first; i < end; i++ {
			out[i] = true
		}
	}
	return out
}
