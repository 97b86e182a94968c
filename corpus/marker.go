package corpus

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/rulesync/rulesync/internal/lazyre"
	"github.com/rulesync/rulesync/internal/numerals"
)

// Markers are what `rulesync sync` writes into a translation draft so
// that a translator sees, and rulesync reads back, which items need work:
// "{{rulesync:stale}}" (the source changed since the item was
// translated), "{{rulesync:untranslated}}" (the source's text stands in
// for a translation), "{{rulesync:title-untranslated}}" (the source's
// title stands in for a translation of it, the item's text is the
// translation's), "{{rulesync:review}}" (look again: a fuzzy unit, a
// cut preview, a version line rewritten). A marker stays until the
// translator deletes it; ingest takes it out of the text and sets the
// item's flag of the same name, so a draft reads back with the same
// items and texts, and `gaps` lists every flagged item.
//
// An id marker, "{{rulesync:id rule:40-A addendum}}", gives an item the
// id, kind and number its layout cannot say: a draft written from a
// PDF's document in plain text prints "RP-5" but reads back as a rule;
// the marker keeps it rule:RP-5 of kind rp. The kind follows the id
// where the id's prefix does not say it ("{{rulesync:id rule:23}}" is a
// rule). It is not asked to be removed.
//
// A note, "{{rulesync:note ...}}", says why (the source's redline base ->
// current, where an item moved from): it is for the translator only,
// and ingest drops it whole, whatever it holds but "}}".

// The flags markers set.
const (
	FlagStale        Flag = "stale"
	FlagUntranslated Flag = "untranslated"
	FlagReview       Flag = "review"
	// FlagTitleUntranslated is set by the marker of an item whose
	// title alone is untranslated: the source's title stands in for a
	// translation of it, the text is the translation's. It is a marker
	// of its own, not FlagUntranslated's marker at some place of the
	// line: a draft writes an item's markers after its label, which in
	// a line that prints its title ("1 Floor Decisions" underlined) is
	// before the title's words, so that where the marker stands cannot
	// tell the title's from the item's.
	FlagTitleUntranslated Flag = "title-untranslated"
)

// MarkerFlags are the flags a marker can set, in the order markers are
// written.
var MarkerFlags = []Flag{FlagStale, FlagUntranslated, FlagTitleUntranslated, FlagReview}

// markerPrefix begins every marker and note.
const markerPrefix = "{{rulesync:"

var (
	markerRe = lazyre.New(`[ \t]?\{\{rulesync:(stale|untranslated|title-untranslated|review)\}\}[ \t]?`)
	noteRe   = lazyre.New(`[ \t]?\{\{rulesync:note\b(?:[^}]|\}[^}])*\}\}`)
	// idMarkRe is what findIDMarker and dropIDMarkers find by hand
	// (TestIDMarker holds them to it).
	idMarkRe = lazyre.New(`[ \t]?\{\{rulesync:id ([^{}\s]+)(?: ([a-z]+))?\}\}`)
)

// DraftNote is the note ingest keeps on a document that carried
// markers: a draft of rulesync sync, whose items have their source's ids.
const DraftNote = "rulesync draft: markers read"

// IsDraft reports whether d was read from a draft with markers.
func (d *Document) IsDraft() bool {
	for _, n := range d.Notes {
		if n == DraftNote {
			return true
		}
	}
	return false
}

// TitleMarker marks a heading of a draft as the document's title, not an
// item: sync writes it after a title that its draft's layout alone would
// read back as an item no entry wrote (the first heading of a document
// whose structure comes from its headings), and ingest reads the heading
// as the document's title.
const TitleMarker = markerPrefix + "title}}"

// CutTitleMarker returns s without the title marker (TitleMarker) and
// the blank before it, and whether it held one.
func CutTitleMarker(s string) (string, bool) {
	k := strings.Index(s, TitleMarker)
	if k < 0 {
		return s, false
	}
	return strings.TrimRight(s[:k], " \t") + s[k+len(TitleMarker):], true
}

// IDMarker returns the marker that gives an item its id and kind:
// "{{rulesync:id rule:23}}", the kind after the id where the id's prefix
// does not say it (KindOfPrefix): "{{rulesync:id rule:RP-5 rp}}".
func IDMarker(id string, kind Kind) string {
	prefix, _, _ := strings.Cut(id, ":")
	if kind == "" || kind == KindOfPrefix(prefix) {
		return markerPrefix + "id " + id + "}}"
	}
	return markerPrefix + "id " + id + " " + string(kind) + "}}"
}

// markedKind is the kind an id marker's match m gives: the kind it names
// where it names one, else its id's prefix's (KindOfPrefix); ok is false
// where the id is not well-formed or the word after it names no kind.
func markedKind(m []string) (kind Kind, ok bool) {
	if !WellFormedID(m[1]) {
		return "", false
	}
	if m[2] != "" {
		return Kind(m[2]), slices.Contains(Kinds(), Kind(m[2]))
	}
	prefix, _, _ := strings.Cut(m[1], ":")
	return KindOfPrefix(prefix), true
}

// MarkedID returns the well-formed id an id marker in the item's title
// or text gives it.
func MarkedID(it *Item) (string, bool) {
	for _, s := range []string{it.Title, it.Text} {
		// The expression only where a marker may be: it begins with an
		// optional blank, so the regexp engine cannot look for its
		// literal first (reading a document JSON ran it on every item:
		// 10 ms of a 70 ms WCA diff).
		if !HasMarkers(s) {
			continue
		}
		if m := findIDMarker(s); m != nil {
			if _, ok := markedKind(m); ok {
				return m[1], true
			}
		}
	}
	return "", false
}

// KindOfPrefix returns the kind whose ids have prefix: "rule" -> rule,
// "sec" -> section, "pre" -> preamble; the prefixes of kinds that earlier
// releases gave ids of their own ("rp", "add", "reg", "guide", "def") ->
// those kinds, so that a marker written then still reads; KindItem for
// any other.
func KindOfPrefix(prefix string) Kind {
	switch prefix {
	case "rule":
		return KindRule
	case "sec":
		return KindSection
	case "pre":
		return KindPreamble
	}
	if k, ok := legacyPrefix[prefix]; ok {
		return k
	}
	return KindItem
}

// legacyPrefix is the id prefix of each kind of numbered item other
// than rules in releases that named ids by kind ("rp:5").
var legacyPrefix = map[string]Kind{"rp": KindRP, "add": KindAddendum, "reg": KindRegulation, "guide": KindGuideline, "def": KindDefinition}

// Marker returns the marker that sets flag f: "{{rulesync:stale}}".
func Marker(f Flag) string { return markerPrefix + string(f) + "}}" }

// Note returns a note for the translator: "{{rulesync:note text}}", on
// one line, with any "}}" of text broken up so that the note ends where
// it should.
func Note(text string) string {
	text = strings.Join(strings.Fields(strings.ReplaceAll(text, "\n", " ¶ ")), " ")
	for strings.Contains(text, "}}") {
		text = strings.ReplaceAll(text, "}}", "} }")
	}
	text = strings.TrimSuffix(text, "}")
	return markerPrefix + "note " + text + "}}"
}

// NoteText is the text of the first note in s (what DropNotes drops of
// it, without "{{rulesync:note " and "}}"), false when s holds none.
func NoteText(s string) (string, bool) {
	const open = markerPrefix + "note"
	for i := strings.Index(s, open); i >= 0; {
		end := i + len(open)
		if end < len(s) && isWordByte(s[end]) {
			k := strings.Index(s[i+1:], open)
			if k < 0 {
				return "", false
			}
			i += 1 + k
			continue
		}
		c := strings.Index(s[end:], "}}")
		if c < 0 {
			return "", false
		}
		return strings.TrimSpace(s[end : end+c]), true
	}
	return "", false
}

// HasMarkers reports whether s holds a marker or a note.
func HasMarkers(s string) bool { return strings.Contains(s, markerPrefix) }

// DropNotes removes every note from s, with the blank before it: what
// noteRe matches, found by hand (the expression was most of the time a
// sync spent dropping the notes of its draft before reading it back;
// TestDropNotes holds the two together). A note is "{{rulesync:note"
// where no ASCII letter, digit or underscore follows, up to the first
// "}}" after it (the expression's body cannot pass one), with the space
// or tab before it that no note removed before it ends on.
func DropNotes(s string) string {
	const open = markerPrefix + "note"
	i := strings.Index(s, open)
	if i < 0 {
		return s
	}
	var b strings.Builder
	last := 0 // s[:last] is written or dropped
	for i >= 0 {
		end := i + len(open)
		if end < len(s) && isWordByte(s[end]) {
			// No word boundary: no note here; look after it.
			if k := strings.Index(s[i+1:], open); k >= 0 {
				i += 1 + k
				continue
			}
			break
		}
		c := strings.Index(s[end:], "}}")
		if c < 0 {
			break // no note closes here, nor further on
		}
		start := i
		if start > last && (s[start-1] == ' ' || s[start-1] == '\t') {
			start--
		}
		if b.Len() == 0 {
			b.Grow(len(s))
		}
		b.WriteString(s[last:start])
		last = end + c + 2
		i = strings.Index(s[last:], open)
		if i >= 0 {
			i += last
		}
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// StripMarkers removes the notes and markers from s and returns the text
// without them (a blank kept where a marker stood between two words)
// and the flags the markers set, in the order of MarkerFlags.
func StripMarkers(s string) (string, []Flag) {
	if !HasMarkers(s) {
		return s, nil
	}
	s = DropNotes(s)
	var flags []Flag
	seen := map[string]bool{}
	s = markerRe.ReplaceAllStringFunc(s, func(m string) string {
		seen[markerRe.FindStringSubmatch(m)[1]] = true
		if strings.HasPrefix(m, " ") && strings.HasSuffix(m, " ") || strings.HasPrefix(m, "\t") && strings.HasSuffix(m, "\t") {
			return " "
		}
		return ""
	})
	for _, f := range MarkerFlags {
		if seen[string(f)] {
			flags = append(flags, f)
		}
	}
	return s, flags
}

// StripItemMarkers takes the markers out of an item's title, text and
// parts and sets the flags they name. It reports whether there were any.
func StripItemMarkers(it *Item) bool {
	any := false
	strip := func(s string) string {
		if !HasMarkers(s) {
			return s
		}
		t, flags := StripMarkers(s)
		for _, f := range flags {
			it.SetFlag(f)
		}
		any = true
		return strings.TrimSpace(t)
	}
	it.Title = strip(it.Title)
	if text := strip(it.Text); text != it.Text {
		// Marks count runes of the text as published; a draft has none.
		it.Text, it.Marks = text, nil
	}
	for i := range it.Parts {
		it.Parts[i].Title = strip(it.Parts[i].Title)
		it.Parts[i].Text = strip(it.Parts[i].Text)
	}
	// The heading an item sits under carries its own item's markers.
	if HasMarkers(it.Section) {
		t, _ := StripMarkers(it.Section)
		it.Section = strings.TrimSpace(dropIDMarkers(t))
	}
	for _, s := range []*string{&it.Title, &it.Text} {
		if !HasMarkers(*s) {
			continue
		}
		m := findIDMarker(*s)
		if m == nil {
			continue
		}
		*s = strings.TrimSpace(dropIDMarkers(*s))
		any = true
		kind, ok := markedKind(m)
		if !ok {
			continue
		}
		prefix, name, _ := strings.Cut(m[1], ":")
		it.ID, it.Kind = m[1], kind
		it.IDSource, it.Confidence = IDMarked, 1
		num := strings.TrimPrefix(name, "article-")
		if prefix != "sec" && prefix != "item" && prefix != "pre" {
			// A numbering that starts again under a heading qualifies
			// the number by it ("rule:_2_6", "rule:3_1": number 6, 1),
			// as the id's reader has it.
			num = name[strings.LastIndex(name, "_")+1:]
			it.Number = num
		}
		// A layout that printed the number before the title ("52-B
		// Incorrect Bet Amounts") or the text and was not read as a
		// label.
		// A heading's number may close with a mark ("2.1. General
		// rules"), a text's does not: "1. Everyone ..." is a list's
		// place.
		cut := func(s string, mark bool) (string, bool) {
			if rest, ok := CutNumber(s, num, mark); ok {
				return strings.TrimSpace(rest), true
			}
			return s, false
		}
		if t, ok := cut(it.Title, true); ok {
			it.Title = t
			if prefix == "sec" {
				// A section's heading that prints the number its id
				// gives ("### 2.1. 総則 {{rulesync:id sec:2.1}}") has
				// that number, as the heading read without its marker.
				it.Number = num
			}
		} else if t, ok := cut(it.Text, false); ok && it.Title == "" {
			it.Text = t
		}
	}
	return any
}

// documentMarker begins the note of a document whose title or version
// carried a marker.
const documentMarker = "rulesync marker "

// DocumentMarkerNote is the note ingest keeps for a marker on a
// document's title or version line: "rulesync marker review: version".
func DocumentMarkerNote(f Flag, where string) string {
	return documentMarker + string(f) + ": " + where
}

// DocumentMarkers returns the markers noted on a document's title or
// version line, as flag and place ("review", "version").
func (d *Document) DocumentMarkers() [][2]string {
	var out [][2]string
	for _, n := range d.Notes {
		if rest, ok := strings.CutPrefix(n, documentMarker); ok {
			if f, where, ok := strings.Cut(rest, ": "); ok {
				out = append(out, [2]string{f, where})
			}
		}
	}
	return out
}

// CutNumber reports whether s begins with the number num as a marked
// heading prints it before its title: its ASCII digits in the digits of
// any script ("٢.١" for 2.1), the rest as num has it, then, with mark
// set, one of the marks that close a label (".", ")", ":") or none,
// then a space, a line break or the end ("2.1. General rules", "2.1
// General rules"); rest is s after the number and its mark.
func CutNumber(s, num string, mark bool) (rest string, ok bool) {
	if num == "" {
		return s, false
	}
	i := 0
	for _, c := range num {
		if i >= len(s) {
			return s, false
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if c >= '0' && c <= '9' {
			if numerals.Digit(r) != int(c-'0') {
				return s, false
			}
		} else if r != c {
			return s, false
		}
		i += n
	}
	if mark && i < len(s) && strings.ContainsRune(".):", rune(s[i])) {
		i++
	}
	if i < len(s) && s[i] != ' ' && s[i] != '\n' {
		return s, false
	}
	return s[i:], true
}
