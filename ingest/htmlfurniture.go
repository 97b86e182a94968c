package ingest

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// An element a page marks as furniture by its element or role
// (htmlChrome: a <footer>, an <aside>) is a guess about the page's
// layout, and a page may set an article in one. Such an element that
// prints, first, the label the document's numbering needs there is read
// as text: its label follows the label of its form before it (an item
// it numbers, or furniture read as text) by numbering succession, and
// the next label of its form after it is not its own (or, with none
// before it, follows it). Nothing else, and no word, decides: "Article
// 5" in a <footer> after Article 4, and before Article 6 or at the end,
// is the document's Article 5; "Article 5" after Article 30, or before
// the page's own Article 5, is furniture. The page is read once with
// all such furniture dropped, which says where each stands among the
// blocks, and again keeping what goes on with the numbering (parseHTML).

// furnitureAt is an element dropped as furniture by its element or role,
// outside any other, as a reading of a page met it: its name, the number
// of the page's blocks before it (-1 where it lies outside what the
// reading reads: before or after the content root, in <pre>, in
// furniture guessed from names, in a list of links), and the start of
// its text (as the note on it gives it, before clipping: furnitureText).
type furnitureAt struct {
	name string
	at   int
	text string
}

// furnitureText is the start of the text t of an element dropped as
// furniture that keepFurniture reads, a copy of its own (a <nav> may
// hold a page's worth).
func furnitureText(t string) string {
	const n = 256
	if len(t) <= n {
		return t
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(t[cut]) {
		cut--
	}
	return strings.Clone(t[:cut])
}

// keepFurniture decides which of the elements fs, dropped by a reading
// of a page as furniture, continue the numbering of the reading's blocks
// bs, and returns a note on each one kept; keep is nil when none does.
func keepFurniture(bs []block, fs []furnitureAt) (keep []bool, notes []string) {
	// The furniture that starts with a label, in the order of the
	// blocks it stands before, and the forms of those labels.
	type slot struct {
		form  string
		lab   label
		text  string // the label as printed
		block bool
		k     int // the furniture's index in fs
	}
	var furn []slot
	forms := map[string]bool{}
	for k, f := range fs {
		if f.at < 0 || f.at > len(bs) {
			continue
		}
		if form, l, t, ok := leadLabel(f.text, true); ok {
			furn = append(furn, slot{form: form, lab: l, text: t, k: k})
			forms[form] = true
		}
	}
	if len(furn) == 0 {
		return nil, nil
	}
	slices.SortStableFunc(furn, func(a, b slot) int { return cmp.Compare(fs[a.k].at, fs[b.k].at) })
	// The labels of those forms in the page's order: the blocks' (or,
	// for the items of an ordered list that prints none, the numbers it
	// implies), each furniture's before the block it stands before.
	seqs := map[string][]slot{}
	j := 0
	for i := 0; i <= len(bs); i++ {
		for ; j < len(furn) && fs[furn[j].k].at == i; j++ {
			seqs[furn[j].form] = append(seqs[furn[j].form], furn[j])
		}
		if i == len(bs) || bs[i].chrome != "" {
			continue
		}
		f, l, t, ok := leadLabel(bs[i].text, bs[i].kind == blockHeading)
		if !ok && bs[i].ordinal > 0 && (bs[i].ordinalType == 0 || bs[i].ordinalType == '1') {
			t = strconv.Itoa(bs[i].ordinal)
			l, ok = label{comps: []comp{newComp(compNum, t)}, printed: t}, true
			f = l.form()
		}
		if ok && forms[f] {
			seqs[f] = append(seqs[f], slot{form: f, lab: l, text: t, block: true})
		}
	}
	keep = make([]bool, len(fs))
	kept := map[int]string{}
	for _, f := range slices.Sorted(maps.Keys(seqs)) {
		seq := seqs[f]
		// nextBlock[j] is the first slot of a block from j on.
		nextBlock := make([]int, len(seq)+1)
		nextBlock[len(seq)] = len(seq)
		for j := len(seq) - 1; j >= 0; j-- {
			nextBlock[j] = nextBlock[j+1]
			if seq[j].block {
				nextBlock[j] = j
			}
		}
		prev := -1 // the slot of the numbering's last label
		for j, s := range seq {
			if s.block {
				prev = j
				continue
			}
			// After the numbering's last label, its next (and not the
			// label of the page's next block as well); before its
			// first, the one before it.
			next, nb := j+1, nextBlock[j+1]
			switch {
			case prev >= 0 && !follows(seq[prev].lab.comps, s.lab.comps, 0),
				prev >= 0 && nb < len(seq) && sameLabel(seq[nb].lab.comps, s.lab.comps),
				prev < 0 && (next == len(seq) || !follows(s.lab.comps, seq[next].lab.comps, 0)):
				continue
			}
			around := ""
			if prev >= 0 {
				around = fmt.Sprintf("after %q", seq[prev].text)
			} else {
				around = fmt.Sprintf("before %q", seq[next].text)
			}
			keep[s.k] = true
			prev = j
			kept[s.k] = fmt.Sprintf("read page furniture <%s> as text: it starts with %q, the number %s", fs[s.k].name, s.text, around)
		}
	}
	if len(kept) == 0 {
		return nil, nil
	}
	for _, k := range slices.Sorted(maps.Keys(kept)) {
		notes = append(notes, kept[k])
	}
	return keep, notes
}

// leadLabel reads the label text starts with: its form (what it prints
// beside its number), the label and the label as printed. Where the
// label grammar reads none, and text may be a heading (run), it reads a
// number in words of the language as a run of headings does
// (numberRuns): "አንቀጽ፡፭፤", the one number of the text's start (digits of
// any script, CJK or Ethiopic numerals) after letters that print none,
// whose form is those letters.
func leadLabel(text string, run bool) (form string, l label, printed string, ok bool) {
	if l, ok := readLabel(text); ok && !l.paren {
		t := text
		if l.end > 0 && l.end <= len(t) {
			t = t[:l.end]
		}
		return l.form(), l, strings.TrimSpace(t), true
	}
	if !run {
		return "", l, "", false
	}
	head := text[:min(len(text), maxLeadWords+utf8.UTFMax)]
	from := strings.IndexFunc(head, isNumeralRune)
	if from <= 0 || from > maxLeadWords {
		return "", l, "", false
	}
	to := from + strings.IndexFunc(text[from:], func(r rune) bool { return !isNumeralRune(r) })
	if to < from {
		to = len(text)
	}
	lead := strings.TrimSpace(text[:from])
	if _, _, v, ok := numeralToken(text[:to]); ok && strings.IndexFunc(lead, isLetterMark) >= 0 {
		n := strconv.Itoa(v)
		return "\x01" + lead, label{comps: []comp{newComp(compNum, n)}, printed: n}, strings.TrimSpace(text[:to]), true
	}
	return "", l, "", false
}

// maxLeadWords is how far into a text, in bytes, the number of a
// heading's words may start for leadLabel.
const maxLeadWords = 64

// sameLabel reports whether a and b are the same label's components.
func sameLabel(a, b []comp) bool {
	return len(a) == len(b) && sameComps(a, b)
}
