package ingest

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"unicode"

	"github.com/rulesync/rulesync/corpus"
)

// The "text" format is any plain text (reStructuredText included) read by
// the structure recognizer; "markdown" reads Markdown through a CommonMark
// parser into the same recognizer. Both know no words: see structure.go.

func init() {
	register(&format{name: "text", doc: "any plain text: numbered rules found by numbering succession, underlined headings", parse: parseText})
}

func parseText(text string, d *corpus.Document) error {
	_, err := fromBlocks(textBlocks(text), d)
	return err
}

// reader is a reading of text by the structure recognizer.
type reader func(text string, d *corpus.Document) (*structure, error)

// readTextOrMarkdown reads text both as plain text and as Markdown (a
// text that is Markdown without saying so: setext headings, bold numbers)
// and keeps the better (bestReading); plain text on a tie. Of a
// text over concurrentText, the Markdown reading is not held while the
// plain one is made: only its measure is, and it is read again if it is
// kept (a reading of 32 MB of numbered lines holds some 100 MB).
func readTextOrMarkdown(text string, d *corpus.Document) (*structure, error) {
	return readTextOrMarkdownTie(text, d, false)
}

// readMarkdownOrText is readTextOrMarkdown keeping Markdown on a tie:
// the reading of a file whose name says Markdown (a ".md" read as
// plain lines keeps "&amp;" and "\*" as they are printed).
func readMarkdownOrText(text string, d *corpus.Document) (*structure, error) {
	return readTextOrMarkdownTie(text, d, true)
}

func readTextOrMarkdownTie(text string, d *corpus.Document, markdownOnTie bool) (*structure, error) {
	readMD := func() (*corpus.Document, *structure, error) {
		md, release := anotherReading(d)
		defer release()
		bs, err := markdownBlocks(text)
		if err != nil {
			return nil, nil, err
		}
		st, err := readBoldHeadings(bs, md, fromBlocks)
		return md, st, err
	}
	md, stM, errM := readMD()
	if errors.Is(errM, ErrTooManyBlocks) {
		return nil, errM
	}
	rs := []reading{{}, {err: errM}}
	if errM == nil {
		rs[1].score = stM.score(md)
	}
	large := len(text) > concurrentText
	if large {
		md, stM = nil, nil
		dropReading()
	}
	stT, errT := readBoldHeadings(textBlocks(text), d, fromBlocks)
	if errors.Is(errT, ErrTooManyBlocks) {
		return nil, errT
	}
	if rs[0].err = errT; errT == nil {
		rs[0].score = stT.score(d)
	}
	best, why := bestReading(rs), "it gives more structure than plain lines"
	if best != 1 && markdownOnTie && errM == nil && (errT != nil || !rs[0].score.better(rs[1].score)) {
		best, why = 1, "its name says Markdown, and plain lines give no more structure"
	}
	if best == 1 {
		if large {
			// The text's reading is done with: not held while the
			// Markdown is read again (its Source is the one it was
			// given, which the reading leaves as it is).
			*d = corpus.Document{Source: d.Source}
			dropReading()
			if md, stM, errM = readMD(); errM != nil {
				return nil, errM
			}
		}
		*d = *md
		d.Source.Format = "markdown"
		d.Notes = append(d.Notes, FormatNote+"read as Markdown: "+why)
		return stM, nil
	}
	return stT, errT
}

// StructureNote and WarningNote start the notes the recognizer leaves: a
// one-line summary of the structure found, and each thing about it that
// looks wrong (holes in the numbering, text dropped, little structure).
// The command prints them on standard error; --strict fails on a warning.
// FormatNote says which reader read an input whose format detection had
// a choice, and why.
const (
	StructureNote = "structure: "
	WarningNote   = corpus.WarningNote
	FormatNote    = "format: "
)

// Report returns what an ingest says of its input for the user: the
// format choice and structure summary, and the warnings, from d's notes.
// A warning that lists places gives the first warningListShown and
// says how many more (corpus.Document.Warnings gives them all).
func Report(d *corpus.Document) (summary, warnings []string) {
	for _, n := range d.Notes {
		switch {
		case strings.HasPrefix(n, WarningNote):
			warnings = append(warnings, shortWarning(n))
		case strings.HasPrefix(n, StructureNote), strings.HasPrefix(n, FormatNote):
			summary = append(summary, n)
		}
	}
	return summary, warnings
}

// shortWarning is the warning note n as Report gives it: a listing
// warning (warningLists, countedLists) cut to its first
// warningListShown places and "and N more".
func shortWarning(n string) string {
	head, rest, ok := listingWarning(n)
	if !ok {
		return n
	}
	places := splitPlaces(rest)
	if len(places) <= warningListShown {
		return n
	}
	return fmt.Sprintf("%s: %s and %d more", head, strings.Join(places[:warningListShown], "; "), len(places)-warningListShown)
}

// listingWarning splits the warning note n that lists places into its
// head (WarningNote, a count for the heads of countedLists, the head)
// and its places; ok is false for a note that lists none.
func listingWarning(n string) (head, places string, ok bool) {
	for _, h := range warningLists {
		if rest, ok := strings.CutPrefix(n, WarningNote+h+": "); ok {
			return WarningNote + h, rest, true
		}
	}
	body, ok := strings.CutPrefix(n, WarningNote)
	digits := len(body) - len(strings.TrimLeft(body, "0123456789"))
	if !ok || digits == 0 || !strings.HasPrefix(body[digits:], " ") {
		return "", "", false
	}
	for _, h := range countedLists {
		if rest, ok := strings.CutPrefix(body[digits+1:], h+": "); ok {
			return WarningNote + body[:digits+1] + h, rest, true
		}
	}
	return "", "", false
}

// splitPlaces splits the places of a listing warning at each "; "
// outside a quoted text ("\"a; b\" read as 2 by its place" is one place;
// a quote inside one is written \").
func splitPlaces(s string) []string {
	var places []string
	quoted, start := false, 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && quoted:
			i++
		case s[i] == '"':
			quoted = !quoted
		case !quoted && strings.HasPrefix(s[i:], "; "):
			places = append(places, s[start:i])
			start = i + 2
			i++
		}
	}
	return append(places, s[start:])
}

// fromBlocks recognizes the structure of bs into d and states what it
// found in d.Notes.
func fromBlocks(bs []block, d *corpus.Document) (*structure, error) {
	return fromBlocksPartless(bs, d, nil)
}

// fromBlocksPartless is fromBlocks for a reader that takes the parts of
// the items partless says away (see builder.partless).
func fromBlocksPartless(bs []block, d *corpus.Document, partless func([]corpus.Item) []bool) (*structure, error) {
	if err := checkBlocks(len(bs), d); err != nil {
		return &structure{schemes: map[string]int{}}, err
	}
	st := recognize(bs, d, partless)
	text := false
	for i := range d.Items {
		text = text || strings.TrimSpace(d.Items[i].Text) != ""
	}
	if !text {
		return st, errors.New("no rules or text found, only headings")
	}
	// The document's title: its title heading, else (or where the
	// headings before its first division are a title page) the first
	// line of the text before the first item.
	head := ""
	if i := titleHeading(bs); i >= 0 && !st.titlePage {
		d.Title = corpus.CleanLine(bs[i].text)
	}
	if d.Items[0].Kind == corpus.KindPreamble {
		head = d.Items[0].Text
		if d.Title == "" {
			first, _, _ := strings.Cut(head, "\n")
			if runeLen(first) <= maxTitleRunes {
				d.Title = corpus.CleanLine(first)
			}
		}
		// A preamble that is the title line alone is the title.
		if !strings.Contains(head, "\n") && corpus.CleanLine(head) == d.Title && len(d.Items) > 1 {
			d.Items = d.Items[1:]
		}
	}
	head = d.Title + "\n" + clip(head, 2000)
	d.Edition = detectEdition(head)
	if d.Date == "" {
		d.Date = parseDate(head)
	}
	if d.Version == "" {
		d.Version = parseVersion(head)
	}
	d.Notes = append(d.Notes, StructureNote+st.summary(d))
	for _, p := range st.runs.positional {
		d.Notes = append(d.Notes, "numbered by position: "+p)
	}
	for _, p := range st.runs.misprinted {
		d.Notes = append(d.Notes, "read in its run: "+p)
	}
	d.Notes = append(d.Notes, st.warnings(d)...)
	return st, nil
}

// warningLists are the heads of the warnings that list places, in the
// order structure.warnings gives them.
var warningLists = []string{
	"numbering skips",
	"numbering restarts",
	"numbers out of sequence, read as items",
	"numbers printed twice (the second item's id takes \"-2\")",
	"lists numbered again under a heading, kept as its text, not items (under a heading that prints no number, after the numbering, a list that starts again is a division of its own; five items make a numbering anywhere but under headings that number one another)",
	"numberings that start again with nothing between them, one kept as the text before or after the other, not items (a word printed before the numbers of one, \"RP-1\", makes it a numbering of its own)",
	"counts the layout prints disagree with the items found",
	"headings whose number their place in a run contradicts",
	"a numbering that starts at 2 after a line printed in its form but with no number read, kept as the text before it (it may be item 1, its number in words)",
	"headings printed out of order, each keeping the number it prints",
}

// countedLists are the heads of the warnings that list places after a
// count ("133 characters dropped as page furniture (listed in notes):
// line 7 <aside> (76); line 12 <footer> (57)").
var countedLists = []string{chromeListHead}

// warningListShown is how many places of a listing warning Report
// gives, for standard error and the site: "and N more" stands for the
// rest. The note itself, and so the document JSON and the
// input_warnings of gaps and sync --report, holds every place.
const warningListShown = 5

// warnings are the things about a structure that a user should check.
// A warning that lists places lists them all, separated by "; ".
func (st *structure) warnings(d *corpus.Document) []string {
	var w []string
	for i, xs := range [][]string{st.holes, st.restarts, st.outOfOrder, st.duplicates, st.listsAsText, st.runsAsText, st.counts, st.runs.disagree, st.firstWords, st.runs.moved} {
		if len(xs) > 0 {
			w = append(w, WarningNote+warningLists[i]+": "+strings.Join(xs, "; "))
		}
	}
	if st.chromeRunes > 200 {
		w = append(w, fmt.Sprintf("%s%d characters dropped as page furniture (listed in notes)", WarningNote, st.chromeRunes))
	}
	if st.textRunes > 30000 && len(d.Items) <= 2 {
		w = append(w, fmt.Sprintf("%s%d characters of text gave %d item(s): no structure recognized", WarningNote, st.textRunes, len(d.Items)))
	}
	return w
}

// itemCount is how many items a reading explains, as a note says it: a
// score below zero (the penalties of explains exceed its items) is 0,
// never a negative count.
func itemCount(score float64) string {
	return fmt.Sprintf("%.0f", max(score, 0))
}

// dropReading collects the garbage of a reading of a text over
// concurrentText, dropped once measured, before the next reading is
// made. The collector's room above the live heap is set at each
// collection from what it found live: a reading that ends with 650 MB
// live let the next one grow on top of its garbage to that much again,
// so that two readings one after the other peaked higher than either.
func dropReading() { runtime.GC() }

// concurrentText is the longest text arbitrate reads both ways at once.
const concurrentText = 4 << 20

// arbitrate reads text both with the format detection chose (one of the
// readers built for a particular layout) and with the structure
// recognizer, and keeps the better (bestReading); on a tie, the
// particular reader's (which also knows the navigation of the pages it
// was built for), unless preferGeneric (the file's name says Markdown).
// It says in the notes which it kept and why.
//
// The two readings share nothing but the text and run at once: on two
// cores the Markdown of the WCA regulations reads in the time of the
// longer one. A text over concurrentText is read one way after the
// other, and of the first reading only its measures are held while the
// second is made (it is made again if it is kept), so that one reading
// at a time is in memory (a reading of a million table rows holds some
// 600 MB), not both at once.
func arbitrate(text string, f *format, generic reader, preferGeneric bool, d *corpus.Document) (string, error) {
	var special *corpus.Document
	var errS error
	var stS *structure
	readSpecial := func() {
		var release func()
		special, release = anotherReading(d)
		defer release()
		if f.read != nil {
			stS, errS = f.read(text, special)
		} else {
			errS = f.parse(text, special)
		}
	}
	// Of a large text, only the measures of the particular reading are
	// held while the recognizer reads it; the reading is made again if
	// it is kept.
	var (
		ns      readingScore
		numbers [sha256.Size]byte
	)
	measure := func() {
		ns, numbers = readerScore(special, stS, errS), numbersSum(special)
	}
	large := len(text) > concurrentText
	read := make(chan struct{})
	if large {
		readSpecial()
		measure()
		special, stS = nil, nil
		dropReading()
		close(read)
	} else {
		go func() {
			defer close(read)
			readSpecial()
			measure()
		}()
	}
	general, release := anotherReading(d)
	defer release()
	st, errG := generic(text, general)
	<-read
	for _, err := range []error{errS, errG} {
		if errors.Is(err, ErrTooManyBlocks) {
			return f.name, err
		}
	}
	var ng readingScore
	if errG == nil {
		ng = st.score(general)
	}
	name := "text"
	if f.name == "markdown" || general.Source.Format == "markdown" {
		name = "markdown"
	}
	best := bestReading([]reading{{ns, errS}, {ng, errG}})
	if best == 0 && preferGeneric && errG == nil && !ns.better(ng) {
		best = 1 // a tie, and the name says Markdown
	}
	switch best {
	case -1:
		return f.name, errS
	case 0:
		var notes []string
		if errG == nil && ng.value() > 0 {
			notes = append(notes, fmt.Sprintf(FormatNote+"read as %s: %s items, the structure recognizer's reading explains %s", f.name, itemCount(ns.value()), itemCount(ng.value())))
			// Where both readings number the same items, what the
			// recognizer found wrong with the numbering holds for this
			// reading too.
			// (A reader that feeds the recognizer itself has said so
			// already: each warning is stated once.)
			if ns.numbered > 0 && numbersSum(general) == numbers {
				_, w := Report(general)
				notes = append(notes, w...)
			}
		}
		if large {
			general, st = nil, nil
			dropReading()
			if readSpecial(); errS != nil {
				return f.name, errS
			}
		}
		*d = *special
		for _, n := range notes {
			if !slices.Contains(d.Notes, n) || strings.HasPrefix(n, FormatNote) {
				d.Notes = append(d.Notes, n)
			}
		}
		return f.name, nil
	}
	*d = *general
	if errS == nil {
		d.Notes = append(d.Notes, fmt.Sprintf(FormatNote+"detected as %s, read by the structure recognizer: its reading explains %s items, the %s reader's %s", f.name, itemCount(ng.value()), f.name, itemCount(ns.value())))
	} else {
		d.Notes = append(d.Notes, fmt.Sprintf(FormatNote+"detected as %s, read by the structure recognizer: its reading explains %s items, the %s reader's none (%v)", f.name, itemCount(ng.value()), f.name, errS))
	}
	return name, nil
}

// minCoverage is the share of an input's letters and digits, in percent,
// below which a reader's result is a warning: the seed readers keep 95% or
// more (what they drop is navigation, listed in the notes).
const minCoverage = 90

// summarize adds the structure summary for a document a particular
// reader read (the recognizer writes its own): items per kind, and, for
// text, the share of the input's letters and digits found in the items.
// input gives the input's text ("" for no text), read only where the
// summary is written: decoding it again costs as much as a small reader.
func summarize(d *corpus.Document, format string, input func() string) {
	for _, n := range d.Notes {
		if strings.HasPrefix(n, StructureNote) {
			return
		}
	}
	line := fmt.Sprintf("%s%s; numbering: as the %s reader reads it", StructureNote, kindCounts(d), format)
	if text := input(); text != "" {
		// The title is kept in the document, if not in an item.
		in, out := alnum(text), alnum(d.Title)
		for i := range d.Items {
			it := &d.Items[i]
			out += alnum(it.Number) + alnum(it.Title) + alnum(it.Text)
		}
		if in > 0 {
			cov := 100 * float64(min(in, out)) / float64(in)
			line += fmt.Sprintf("; coverage %.1f%%", cov)
			if cov < minCoverage {
				d.Notes = append(d.Notes, fmt.Sprintf("%sonly %.1f%% of the input's letters and digits are in items (the rest is in the notes)", WarningNote, cov))
			}
		}
	}
	d.Notes = append(d.Notes, line)
}

// alnum counts the letters and digits of s.
func alnum(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			n++
		}
	}
	return n
}

// repeatedNumbers counts the items of d whose number an item before them
// already has.
func repeatedNumbers(d *corpus.Document) int {
	seen := map[string]bool{}
	n := 0
	for i := range d.Items {
		num := string(d.Items[i].Kind) + ":" + d.Items[i].Number
		if d.Items[i].Number == "" {
			continue
		}
		if seen[num] {
			n++
		}
		seen[num] = true
	}
	return n
}

// numberedItems counts the items of d that print a number.
func numberedItems(d *corpus.Document) int {
	n := 0
	for i := range d.Items {
		if d.Items[i].Number != "" {
			n++
		}
	}
	return n
}

// numbersSum is a checksum of the printed numbers of d's items, in
// order: two readings with the same sum number the same items (a
// reading of a large text is not held to compare them).
func numbersSum(d *corpus.Document) [sha256.Size]byte {
	h := sha256.New()
	for i := range d.Items {
		if n := d.Items[i].Number; n != "" {
			h.Write([]byte(n))
			h.Write([]byte{0})
		}
	}
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return sum
}
