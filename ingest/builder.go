package ingest

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// The builder: the items made of the blocks in document order, once the
// recognizer has chosen the blocks that start numbered items.

// open is an item being built, with what the hierarchy needs of it.
type open struct {
	item  int    // index in d.Items
	key   string // normalized label, "" when unnumbered
	level int    // heading level, for unnumbered headings
	depth int    // list depth, for list items
	path  []int  // outline place, for unnumbered items
	// entry: an unnumbered entry (blockEntry); preamble: the text of a
	// division after its entries.
	entry, preamble bool
}

// build makes the items: each start (a chain label), each unnumbered
// heading and each item of an ordered list opens an item; every other
// block is text of the item open before it.
func build(bs []block, starts startLabels, d *corpus.Document, st *structure, partless func([]corpus.Item) []bool) {
	numbered := starts.count()
	b := builder{d: d, st: st, partless: partless, numbered: numbered > 0, more: map[int][]string{}, links: map[int][]string{},
		counters: map[string]int{}, anchors: map[string]bool{}, headItem: -1, divisions: map[int]bool{},
		numberedLevels: map[int]bool{}, outlineHeads: map[int]bool{}}
	// The numbers given are asked only of a label that prints a word
	// before its number: where none does, they are not kept. Where they
	// are, a set of them (idSet: a number a bit) holds a million of them
	// in some 2 MB, where a map of strings held 52 MB.
	for _, l := range starts {
		if l != nil && l.prefix != "" {
			b.numbers = &idSet{}
			b.prefixed = map[string]bool{}
			break
		}
	}
	// Entries are the items of a document whose layout sets them apart:
	// the headings above them are its divisions, as above numbered items.
	// opening counts the blocks that start an item or are headings
	// (a numbered heading once).
	opening := 0
	b.lastStart = -1
	for i, bl := range bs {
		b.entries = b.entries || bl.kind == blockEntry && bl.chrome == ""
		if starts.has(i) {
			b.lastStart = i
		}
		if starts.has(i) || bl.kind == blockHeading && bl.chrome == "" {
			opening++
		}
	}
	// The labels are packed before the items are made, and the
	// candidates they were read into let go: held with the items, a
	// million labels were some 240 MB of the recognizer's peak. What
	// reads the labels whole (titledForms) reads them first.
	titled := titledForms(bs, starts)
	labs := packStarts(bs, starts)
	starts = nil
	if d.Items == nil {
		// Room for the items the starts and headings open, most of a
		// numbered document's: grown a doubling at a time, the list was
		// copied over and over. (Counted apart, a numbered heading took
		// room twice: 470 MB for a million numbered headings.)
		d.Items = make([]corpus.Item, 0, opening)
	}
	b.numbered = b.numbered || b.entries
	if b.entries {
		b.partWords = partWords(bs)
	}
	// Without a numbering, ordered lists are the rules where they hold
	// more items than there are headings (a contract of 5 and a list of
	// 10 under two headings); where headings are the rules and lists far
	// fewer (a style guide's rule with the order of its includes), a
	// list is content of the rule it is in, as the page renders it.
	if i := titleHeading(bs); i >= 0 && bs[i].kind == blockHeading {
		b.firstHeading = corpus.CleanLine(bs[i].text)
	}
	if b.numbered {
		termPlaces(bs)
		b.listsParts = !nestedLists(bs)
	} else {
		bs = termHeadings(bs)
		headings, listed := 0, 0
		for _, bl := range bs {
			switch {
			case bl.chrome != "":
			case bl.kind == blockHeading:
				headings++
			case bl.ordinal > 0 && bl.depth == 1:
				listed++
			}
		}
		b.listsInText = listed*2 < headings
	}
	b.kinds = divisionKinds(bs)
	skip := -1 // a block taken as the title of the item before it
	for i, bl := range bs {
		if i == skip {
			continue
		}
		b.at, b.ids.line = i, bl.line
		switch lab, ok := labs.get(bs, i); {
		case bl.chrome == "title":
		case bl.chrome != "":
			d.Notes = append(d.Notes, "dropped "+bl.chrome+": "+clip(corpus.CleanLine(bl.text), 120))
			if bl.count() > 0 {
				b.pageCount = bl.count()
			}
		case bl.kind == blockEntry:
			b.entry(bl)
		case ok:
			// A number alone on its line, then a short line and text
			// ("Article 1" / "Purpose" / "These rules ..."): the short
			// line is the title.
			if j, ok := titleBelow(bs, labs, i, lab); ok {
				bl.text += " " + bs[j].text
				skip = j
			}
			b.numberedItem(bl, lab, hasBody(bs, labs, i), titled[lab.form()])
		case bl.kind == blockHeading:
			b.heading(bl)
		case bl.ordinal > 0:
			b.listItem(bl)
		default:
			b.listPart(bl)
			if b.divisionText(bl) || b.entryPara(bl) {
				continue
			}
			b.endLists(bl.nest)
			b.text(bl.text)
		}
		if len(bl.links()) > 0 && bl.chrome == "" && len(b.stack) > 0 {
			top := b.stack[len(b.stack)-1].item
			b.links[top] = append(b.links[top], bl.links()...)
		}
	}
	b.finish()
}

// startSet says which blocks start items: startLabels, or the labels
// packed while the items are made (packedLabels).
type startSet interface{ has(i int) bool }

// hasBody reports whether the block of a start is followed by text of
// its own: not another item's start, a heading or an entry.
func hasBody(bs []block, starts startSet, i int) bool {
	for j := i + 1; j < len(bs); j++ {
		if bs[j].chrome != "" {
			continue
		}
		next := starts.has(j)
		// Text that goes on in lower case is the same sentence wrapped,
		// not the text under a title; an enumeration ("a) a warning;")
		// is text under it.
		if next || bs[j].kind == blockHeading || bs[j].kind == blockEntry || bs[j].ordinal != 0 {
			return false
		}
		if r, _ := utf8.DecodeRuneInString(bs[j].text); !unicode.IsLower(r) {
			return true
		}
		_, listed := readLabel(bs[j].text) // read only where it decides
		return listed
	}
	return false
}

// builder makes items of blocks in document order.
type builder struct {
	d  *corpus.Document
	st *structure
	// partless, when not nil, says which of the items the format reader
	// takes the parts of away after the recognizer (the WCA dialect's
	// regulations): findParts looks for none there.
	partless func([]corpus.Item) []bool
	numbered bool // the document has a numbering chain, or entries
	entries  bool // the document has entries (blockEntry)
	// lastStart is the block of the last item the numbering starts;
	// -1 for none.
	lastStart int
	// listsInText: an ordered list inside an item is that item's text
	// ("1. ..." lines), not items of its own.
	listsInText bool
	// listsParts: in a numbered document whose ordered lists do not
	// nest, a decimal list inside a numbered item (or one named by its
	// place) is that item's text, its places printed ("1. ..." lines, the
	// item's parts), as a list that prints its numbers is (Markdown's,
	// or an HTML list whose items print them): a page gives the same
	// items in either format. Where lists nest, their places name the
	// levels ("4.1(5)(2)"), which parts, one level deep, cannot.
	listsParts bool
	headItem   int          // the item of the last unnumbered heading; -1 none
	divisions  map[int]bool // the items that are divisions' preambles (heading)
	// firstHeading is the title of the title heading (titleHeading): the
	// document's title.
	firstHeading string
	numbers      *idSet // the numbers given so far; nil where no label asks (build)
	// prefixed says, for each numbering that prints a word or letters
	// before its numbers (by the word, how it is joined, and the
	// division), whether its numbers keep them (numberedItem).
	prefixed map[string]bool
	// numberedLevels are the heading levels at which a heading has
	// printed a number so far under the headings in force (the
	// outline's levels; outlineLevel); outlineHeads the unnumbered
	// headings' items, by index in d.Items, that stand at such a level
	// after such a heading: divisions of the outline.
	numberedLevels map[int]bool
	outlineHeads   map[int]bool
	// headed says, for each item (by index in d.Items), the level + 1
	// of the numbered heading that opened it, 0 for an item no heading
	// opened; levels counts the numbered headings of each level, and
	// those that print a title (numberedSections).
	headed []int8
	levels map[int]*[2]int
	stack  []open
	pre    []string // text before the first item
	// more holds the text blocks after an item's own, joined at the end:
	// appending to the item's text would copy it again for every block.
	more     map[int][]string
	links    map[int][]string // link destinations in each item's blocks
	heads    []inForce        // the headings in force, outermost first
	counters map[string]int   // outline counters by parent path
	anchors  map[string]bool
	// counted is the count the innermost heading in force prints of its
	// entries, with the entries found under it; nil when it prints none.
	counted *countClaim
	claims  []*countClaim
	// pageCount is the number of rules the page furniture says the
	// document has (a reading counter "0/71"); 0 when it says none.
	pageCount int
	ent       entryState      // the entry open
	partWords map[string]bool // the words of the entries' numbered part labels
	// listParts are the blocks of each item (by index in d.Items) that
	// may be its parts (listPart).
	listParts map[int][]block
	// kinds is the kind of the division each block is in (divisionKinds),
	// at the index of the block being built.
	kinds []corpus.Kind
	at    int
	ids   idState
	// lapsed is the unnumbered heading that numbered headings of its
	// own level follow (lapse), or nil.
	lapsed *inForce
	// run is the numbering run in force where no heading is (a list
	// that starts again at 1 after another, with nothing between: its
	// place among the runs qualifies its ids, as a heading's would), or
	// nil; runs counts the runs.
	run  *inForce
	runs int
}

// inForce is a heading in force, for the Section of the items under it.
type inForce struct {
	level int
	title string
	// frag is the heading's id without its prefix ("3", "_2"), which
	// qualifies a numbering that starts again under it (again).
	frag  string
	again bool
	// base and runs: the heading's own frag and how many times a
	// numbering has started under it, where more than once (giveID).
	base string
	runs int
	// numbered: the heading prints a number.
	numbered bool
}

// kind is the kind the division the block being built is in names
// (divisionKinds), or "".
func (b *builder) kind() corpus.Kind { return b.kinds[b.at] }

// section is the title of the innermost heading in force above level (0:
// any).
func (b *builder) section(level int) string {
	for i := len(b.heads) - 1; i >= 0; i-- {
		if level == 0 || b.heads[i].level < level {
			return b.heads[i].title
		}
	}
	return ""
}

// enter makes a heading of the given level the innermost in force;
// numbered says it prints a number (lapse).
func (b *builder) enter(level int, title string, numbered bool) {
	b.lapse(level, numbered)
	for len(b.heads) > 0 && b.heads[len(b.heads)-1].level >= level {
		b.heads = b.heads[:len(b.heads)-1]
	}
	b.heads = append(b.heads, inForce{level: level, title: title, numbered: numbered})
}

func (b *builder) text(s string) {
	if len(b.stack) == 0 {
		b.pre = append(b.pre, s)
		return
	}
	i := b.stack[len(b.stack)-1].item
	b.more[i] = append(b.more[i], s)
}

func (b *builder) add(it corpus.Item, o open) {
	b.d.Items = append(b.d.Items, it)
	b.ids.lines = append(b.ids.lines, b.ids.line)
	b.headed = append(b.headed, 0)
	o.item = len(b.d.Items) - 1
	b.stack = append(b.stack, o)
}

// numberedItem opens the item a chain label starts. A heading, a short
// line all in bold (without its final full stop), or a short line
// without sentence punctuation that text of its own follows (body) gives
// the item's title; where the items of its numbering mostly print such
// title lines (titled), a line of up to maxTitleRunes does. A bold run
// at the start of a longer block gives it too when text follows it: its
// first line, or its first sentence.
func (b *builder) numberedItem(bl block, lab label, body, titled bool) {
	key := lab.key()
	it := corpus.Item{Kind: corpus.KindRule, Number: labelNumber(lab)}
	// The kind, for display only: the one the label's word names
	// ("RP-1"), else the one the division heading in force names
	// ("Recommended Procedures"), else a rule.
	if lab.kind != "" {
		it.Kind = lab.kind
	}
	// A second numbering that prints a word before its numbers ("Appendix
	// A" after rules 1-n, "RP-1" after rules 1-71) is apart from the
	// first for nesting: "A.1" of the first is not under "Appendix A".
	// Letters joined to the number ("RP-1") are part of it, and stay in
	// its number and id. What it prints and the numbers given before it
	// decide this, for the whole numbering at its first label (the
	// numbers it goes on to, RP-72 after rule 71, keep the letters as
	// RP-1 did), never whether the word names a kind. Its ids are not
	// the word's: letters joined to the number stay (numberID), a word
	// apart does not, and the heading it restarts under qualifies them.
	if lab.prefix != "" && b.keepsPrefix(lab, it.Number) {
		if lab.joined {
			it.Number = lab.prefix + "-" + it.Number
		}
		key = lab.prefix + "\x00" + key
	}
	if b.numbers != nil {
		b.numbers.add(it.Number)
	}
	for len(b.stack) > 0 && !strings.HasPrefix(key, b.stack[len(b.stack)-1].key+".") {
		b.stack = b.stack[:len(b.stack)-1]
	}
	rest := labelRest(bl, lab)
	if lab.place() {
		b.st.places++ // no numbering printed: the summary says so
	} else {
		b.st.schemes[lab.shape()]++
	}
	switch {
	case bl.kind == blockHeading:
		it.Title = rest
		it.Section = b.section(bl.level)
		b.enter(bl.level, headingSection(lab, rest), true)
		b.outlineLevel(bl.level, true)
	case bl.kind == blockRow:
		// A row of cells: number, title, text; or number and text.
		cells := strings.Split(rest, "\t")
		it.Section = b.section(0)
		if len(cells) >= 2 && runeLen(cells[0]) <= maxTitleRunes {
			it.Title, it.Text = cells[0], strings.Join(cells[1:], "\n")
		} else {
			it.Text = strings.Join(cells, "\n")
		}
	case bl.bold && runeLen(rest) <= maxTitleRunes && !strings.Contains(rest, "\n"):
		it.Title = strings.TrimSpace(strings.TrimSuffix(rest, "."))
		it.Section = b.section(0)
	case titleLine(bl, rest, body, titled):
		// "12: Title" on a line of its own, its text on the lines below.
		it.Title = rest
		it.Section = b.section(0)
	default:
		it.Section = b.section(0)
		if t, body, ok := sentenceTitle(bl, lab, rest); ok {
			it.Title, it.Text = t, body
		} else if t, body, ok := leadTitle(bl, rest); ok {
			it.Title, it.Text = t, body
		} else if t, body, ok := parenTitle(rest, lab.end > 0 && !unicode.IsSpace(rune(bl.text[lab.end-1]))); ok {
			it.Title, it.Text = t, body
		} else {
			it.Text = rest
		}
	}
	b.numberID(&it, lab, bl.kind == blockHeading)
	if (lab.prefix != "" || lab.counter != "") && !lab.place() {
		it.Printed = printedLabel(bl.text, lab)
	}
	if lab.place() {
		// A place, not a printed number: named as one ("rule:_3"), and
		// with no number that a translation's label could pair.
		it.ID, it.Number = corpus.PlaceNumberID(it.Kind, it.Number), ""
		if bl.kind == blockHeading && len(b.heads) > 0 {
			// A numbering that starts again under it is qualified by
			// the place ("rule:_11_2"), not by a number it does not
			// print.
			b.heads[len(b.heads)-1].frag = idFrag(it.ID)
		}
	}
	b.add(it, open{key: key, depth: bl.depth})
	if bl.kind == blockHeading {
		b.numberedHeading(bl.level, it.Title != "")
	}
}

// printedLabel is lab as text prints it, the punctuation and spaces
// after it left out: "Article 12", "第十二条", "አንቀጽ፡፩".
func printedLabel(text string, lab label) string {
	end := min(max(lab.end, 0), len(text))
	return strings.TrimSpace(strings.TrimRightFunc(text[:end], func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) }))
}

// keepsPrefix reports whether the numbering of lab, a label that prints
// a word or letters before its number, keeps them in its items' numbers
// and keys: where the first number it printed (the first label of its
// word, joining and division) was given before it, as number is now.
func (b *builder) keepsPrefix(lab label, number string) bool {
	k := lab.prefix + "\x00" + strconv.FormatBool(lab.joined) + "\x00" + strconv.Itoa(lab.div)
	keep, ok := b.prefixed[k]
	if !ok {
		if b.prefixed == nil {
			b.prefixed = map[string]bool{}
		}
		keep = b.numbers != nil && b.numbers.has(number)
		b.prefixed[k] = keep
	}
	return keep
}

// heading opens the item of an unnumbered heading: in a numbered
// document a section (kept only when it has text of its own: otherwise it
// lives on as the Section of the items under it); in an unnumbered one,
// an item numbered by its place in the outline, or named by its anchor.
func (b *builder) heading(bl block) {
	for len(b.stack) > 0 {
		top := b.stack[len(b.stack)-1]
		if top.key == "" && top.depth == 0 && !top.entry && !top.preamble && top.level < bl.level {
			break
		}
		b.stack = b.stack[:len(b.stack)-1]
	}
	title := corpus.CleanLine(bl.text)
	b.counted = nil
	if bl.count() > 0 {
		b.counted = &countClaim{title: title, want: bl.count()}
		b.claims = append(b.claims, b.counted)
	}
	// Every heading takes its place in the outline, divisions too: the
	// place names the sections that print no number ("sec:_2.1") and
	// qualifies a numbering that starts again under a heading.
	section := b.section(bl.level)
	var path []int
	if len(b.stack) > 0 {
		path = append(path, b.stack[len(b.stack)-1].path...)
	}
	pk := fmt.Sprint(path)
	b.counters[pk]++
	path = append(path, b.counters[pk])
	// A heading under which a numbering starts again, in a numbered
	// document, opens a division (restartedDivisions): its words and the
	// text under it are the division's preamble. The division is called
	// by the name of a kind of items the heading prints ("2024
	// Recommended Procedures"), for display, else by the heading (a
	// heading run in to its text: its bold run). Where the layout gives
	// headings no level (DOCX, PDF), a heading after the numbering's
	// last item opens one even without labels under it: the numbered
	// part of the document has ended, and the heading stands outside
	// it (a short form's "Recommended Procedures: see the longform
	// version"). A heading the numbering goes on through, the
	// document's title, or a heading among headings of its level that
	// print numbers (a division of the outline: outlineLevel) opens
	// none.
	kind, name := divisionName(corpus.CleanLine(headingName(bl)))
	if kind == "" {
		name = corpus.CleanLine(headingName(bl))
	}
	if b.numbered && !b.entries && !bl.through && title != b.firstHeading && !b.numberedLevels[bl.level] && (bl.divided || bl.level == 0 && b.at > b.lastStart) {
		b.enter(bl.level, name, false)
		b.heads[len(b.heads)-1].frag = corpus.OutlinePlace(path)
		b.add(corpus.Item{Kind: corpus.KindPreamble, Section: name, Text: title}, open{level: bl.level})
		b.headItem = len(b.d.Items) - 1
		b.divisions[b.headItem] = true
		return
	}
	it := corpus.Item{Kind: corpus.KindSection, Title: title, Section: section, ID: corpus.OutlineID(path)}
	if !b.numbered {
		it.Kind = corpus.KindItem
		if bl.term && b.kind() == corpus.KindDefinition {
			it.Kind = corpus.KindDefinition // a term under "Definitions"
		}
		it.ID = "item:" + joinInts(path)
		if a := anchorID(bl.anchor()); a != "" && !b.anchors[a] {
			b.anchors[a] = true
			it.ID = "item:" + a
		}
	}
	name, numbered := title, false
	if lab := bl.outline(); lab != nil && b.numbered {
		// A number printed outside the numbering, which the headings'
		// numbers make an outline of (outlineNumbers): the section is
		// named by it ("sec:2", kept without text of its own), not by
		// its place.
		rest := labelRest(bl, *lab)
		it.ID, it.Number, it.Title, numbered = "", labelNumber(*lab), rest, true
		if rest != "" {
			name = rest
		}
	}
	b.enter(bl.level, name, false)
	b.heads[len(b.heads)-1].frag = corpus.OutlinePlace(path)
	if numbered {
		b.giveID(&it, "", false, false, true)
	}
	b.add(it, open{level: bl.level, path: path})
	b.headItem = len(b.d.Items) - 1
	b.outlineHeads[b.headItem] = b.outlineLevel(bl.level, numbered)
}

// outlineLevel reports whether a heading of level stands where a
// heading of its level printed a number before it, under the same
// headings (a sibling: a heading above ends what the levels below it
// printed), and records numbered, that this one does.
func (b *builder) outlineLevel(level int, numbered bool) bool {
	for l := range b.numberedLevels {
		if l > level {
			delete(b.numberedLevels, l)
		}
	}
	was := b.numberedLevels[level]
	if numbered {
		b.numberedLevels[level] = true
	}
	return was
}

// finish joins the items' texts, adds the preamble, finds parts, and
// drops the section items of a numbered document that hold no text.
// idMarkerText begins an id marker (corpus.IDMarker): a heading of a
// draft that holds one is the item it names, kept whatever it holds.
const idMarkerText = "{{rulesync:id "

func (b *builder) finish() {
	d := b.d
	// A division's preamble without text of its own, with items under
	// it, lives on as their Section, as an empty section does: the
	// heading's whole text, so that no word of it is lost ("Recommended
	// procedures for dealers"), whatever words it prints.
	empty := map[int]bool{}
	for i := range b.divisions {
		if it := &d.Items[i]; len(b.more[i]) == 0 && it.Title == "" && strings.Contains(it.Text, idMarkerText) {
			// A heading a draft marks with its id is that item (a
			// section), its words its title: no division's words
			// spread over the items under it.
			it.Title, it.Text = it.Text, ""
			continue
		}
		if len(b.more[i]) > 0 {
			continue
		}
		name, full := d.Items[i].Section, d.Items[i].Text
		for j := i + 1; j < len(d.Items) && d.Items[j].Section == name && d.Items[j].Kind != corpus.KindPreamble; j++ {
			d.Items[j].Section = full
			empty[i] = true
		}
	}
	for i, ss := range b.more {
		it := &d.Items[i]
		if it.Text != "" {
			ss = append([]string{it.Text}, ss...)
		}
		it.Text = strings.Join(ss, "\n")
	}
	// An item's citations are in its text and, where the format has
	// links, in their destinations ("](regulations:regulation:2k)").
	for i, ls := range b.links {
		it := &d.Items[i]
		var dest strings.Builder
		for _, l := range ls {
			dest.WriteString("](" + l + ")\n")
		}
		it.Refs = selfless(corpus.Refs(it.Title+"\n"+it.Text+"\n"+dest.String()), it)
		if it.Refs == nil {
			it.Refs = []string{}
		}
	}
	b.makeListParts()
	// An empty section lives on as the Section of the items under it;
	// one that no item is under (a heading before a dropped list of
	// links) stays an item, or its words would be lost; the first
	// heading is the document's title. A heading between numbered
	// headings of its level (at a level of the outline, after a sibling
	// that prints a number: outlineLevel) is a division of the outline
	// whatever it prints,
	// and stays an item with its outline place as id: "Article 12"
	// printed without its number is a section as its neighbours are, the
	// one a translation's "12" pairs with.
	under := map[string]int{}
	for i := range d.Items {
		under[d.Items[i].Section]++
	}
	items := d.Items[:0]
	lines := b.ids.lines[:0]
	headed := b.headed[:0]
	for i, it := range d.Items {
		outline := b.outlineHeads[i] && it.Title != b.firstHeading
		if b.numbered && it.Kind == corpus.KindSection && it.Number == "" && it.Text == "" && !outline && !strings.Contains(it.Title, idMarkerText) && (under[it.Title] > 0 || it.Title == b.firstHeading) {
			continue
		}
		if empty[i] {
			continue
		}
		items = append(items, it)
		lines = append(lines, b.ids.lines[i])
		headed = append(headed, b.headed[i])
	}
	d.Items = items
	b.checkCounts()
	if len(b.pre) > 0 {
		text := strings.Join(b.pre, "\n")
		d.Items = append([]corpus.Item{{Kind: corpus.KindPreamble, Text: text}}, d.Items...)
		lines = append([]int{0}, lines...)
		headed = append([]int8{0}, headed...)
	}
	numberedSections(d.Items, headed, b.levels)
	var partless []bool
	if b.partless != nil {
		partless = b.partless(d.Items)
	}
	findParts(d.Items, partless)
	b.st.duplicates = duplicateWarnings(d, lines)
}
