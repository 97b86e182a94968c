package diff

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
)

// A change's Summary says what changed in the words of the rule: the
// clauses added, deleted or replaced, quoted from the redline, and the
// numbers that changed with the words beside them ("“for 30 seconds”
// became “for 60 seconds”"). It is made from the spans of the redline
// alone, so it holds in any language and script: no list of words
// decides what it quotes. Reason, beside it, says why the change is substantive or
// editorial.

// Limits of a summary.
const (
	// maxSummaryEdits is the most edits a summary quotes.
	maxSummaryEdits = 3
	// quoteWords is the most words one side of a quoted edit keeps
	// before it is cut at a clause boundary (or at the limit) with "…".
	quoteWords = 20
	// gapWords is the most words of unchanged text between two edits
	// that makes them one ("[-after-]{+by+} the [-clock-]{+floor+}").
	gapWords = 2
	// shortTitle is the most words of a title quoted whole.
	shortTitle = 10
	// maxBriefEdits is the most edits quoted briefly after those quoted
	// in full; briefWords the most words each side of one keeps.
	maxBriefEdits = 4
	briefWords    = 6
	// contextWords is the most words quoted before a number that
	// changed outside the quotes (one after it).
	contextWords = 2
)

// summaryEdit is a stretch of a redline that changed: its old and new
// text (with the unchanged gaps inside it on both sides), the unchanged
// text before and after it, its weight and its place.
type summaryEdit struct {
	del, ins      string
	before, after string
	changed       int  // words deleted plus words inserted
	number        bool // it holds a number the item gained or lost
	at            int
}

// weight orders edits: those that change a number first, then by the
// words they change.
func (e summaryEdit) weight() int {
	if e.number {
		return 1 << 20
	}
	return e.changed
}

// summarize says what changed from o to n, whose redline is spans, as
// Change.Summary does; reason is the severity's reason, the summary when
// no edit of the redline is more than typography, an equivalence or a
// part's label.
func summarize(o, n *corpus.Item, ch *Change, lang string, eqs *equivalences, reason string, own *ownPair) string {
	if ch.Kind == Split || ch.Kind == Merged {
		// The reason names the items; what the text says anew
		// across them follows.
		if !ch.TextChanged {
			return reason
		}
		if s := textSummary(o, n, ch.Spans, lang, eqs, own); s != "" {
			return reason + "; " + s
		}
		return reason
	}
	var parts []string
	if ch.TitleChanged {
		parts = append(parts, titleSummary(o.Title, n.Title, eqs))
	}
	if ch.TextChanged {
		spans := ch.Spans
		if len(spans) == 2 && spans[0].Op == Delete && (strings.Contains(o.Text, "\n") || strings.Contains(n.Text, "\n")) {
			// A text rewritten whole, paragraph by paragraph: the
			// paragraphs that still say much the same are compared
			// word by word.
			_, spans = LineRedline(o.Text, n.Text)
		}
		if s := textSummary(o, n, spans, lang, eqs, own); s != "" {
			parts = append(parts, s)
		} else if !ch.TitleChanged || !strings.HasPrefix(reason, "title ") {
			parts = append(parts, notesSummary(o.Text, n.Text, reason)) // an editorial edit: the reason quotes it
		}
		if len(parts) == 2 && equivalent(o.Title, n.Title, eqs) {
			parts = parts[1:] // the text's change says more
		}
	}
	if len(parts) == 0 {
		return reason
	}
	return strings.Join(parts, "; ")
}

// notesSummary is reason with the deletion notes the edit added or
// removed quoted as printed, when it names them: "only a deletion note"
// becomes "only a deletion note: “D) Deleted 2022” added".
func notesSummary(old, new, reason string) string {
	if !strings.Contains(reason, "a deletion note") {
		return reason
	}
	notes := func(s string) []string {
		var out []string
		for _, m := range deletionNoteRe.FindAllString(s, -1) {
			out = append(out, strings.TrimSpace(m))
		}
		return out
	}
	gone, came := delta(notes(old), notes(new))
	var out []string
	for _, x := range came {
		out = append(out, quote(x)+" added")
	}
	for _, x := range gone {
		out = append(out, quote(x)+" deleted")
	}
	if len(out) == 0 {
		return reason
	}
	return reason + ": " + and(out)
}

// itemSummary quotes an added or removed item's text, cut as clip
// cuts; reason when it has none (a heading, which its label names).
func itemSummary(it *corpus.Item, reason string) string {
	if c := clip(it.Text); c != "" {
		return quote(c)
	}
	return reason
}

// titleSummary quotes a title change: both titles whole when they are
// short, else the edits between them.
func titleSummary(old, new string, eqs *equivalences) string {
	if equivalent(old, new, eqs) {
		la, lb := normalize(old), normalize(new)
		_, u1 := rewrite(la, eqs)
		_, u2 := rewrite(lb, eqs)
		if used := telling(la, lb, append(u1, u2...)); len(used) > 0 {
			return "title: " + describeEqs(la, lb, used)
		}
	}
	if countWords(old) <= shortTitle && countWords(new) <= shortTitle {
		return "title " + quote(flat(old)) + " became " + quote(flat(new))
	}
	_, spans := Redline(old, new)
	var out []string
	for _, e := range summaryEdits(spans) {
		out = append(out, e.phrase())
	}
	return "title: " + strings.Join(out, "; ")
}

// textSummary quotes the edits of a text that matter most: at most
// maxSummaryEdits, those changing a number the item gained or lost first,
// then the longest, leaving out edits much smaller than the largest, in
// the text's order, and says how many more there are.
func textSummary(o, n *corpus.Item, spans []Span, lang string, eqs *equivalences, own *ownPair) string {
	gone, came := setDelta(own.numbers(o, n, lang))
	moved := map[string]bool{}
	for _, x := range append(gone, came...) {
		moved[x] = true
	}
	var kept []summaryEdit
	for _, e := range summaryEdits(spans) {
		e = e.trimmed().widened()
		if equivalent(e.del, e.ins, eqs) || labelOnly(e.del, o.Parts) && labelOnly(e.ins, n.Parts) {
			continue
		}
		// An edit changes a number only where some number moved: the
		// edits' numbers are read only then.
		if len(moved) > 0 {
			for _, x := range append(align.Numbers(e.del, lang), align.Numbers(e.ins, lang)...) {
				if moved[x] {
					e.number = true
				}
			}
		}
		kept = append(kept, e)
	}
	if len(kept) == 0 {
		return ""
	}
	sort.SliceStable(kept, func(i, j int) bool { return kept[i].weight() > kept[j].weight() })
	most := 0
	for _, e := range kept {
		most = max(most, e.changed)
	}
	// Edits of under an eighth of the words of the largest are left
	// to the redline, unless they change a number.
	k := 0
	for _, e := range kept {
		if e.number || e.changed*8 >= most {
			kept[k] = e
			k++
		}
	}
	full := kept[:min(k, maxSummaryEdits)]
	brief := kept[len(full):k]
	more := 0
	if len(brief) > maxBriefEdits {
		more = len(brief) - maxBriefEdits
		brief = brief[:maxBriefEdits]
	}
	byPlace := func(es []summaryEdit) []summaryEdit {
		es = slices.Clone(es)
		sort.SliceStable(es, func(i, j int) bool { return es[i].at < es[j].at })
		return es
	}
	var out []string
	for _, e := range byPlace(full) {
		out = append(out, e.phrase())
	}
	s := strings.Join(out, "; ")
	// The smaller edits, each side cut short, after the larger.
	out = out[:0]
	for _, e := range byPlace(brief) {
		out = append(out, e.briefPhrase())
	}
	if len(out) > 0 {
		s += "; also " + and(out)
	}
	// The numbers that changed, when the quotes cut them off (the
	// quotes' numbers read only where some changed).
	var quoted []string
	if len(gone)+len(came) > 0 {
		quoted = align.Numbers(s, lang)
	}
	lost := func(xs []string) []string {
		var out []string
		for _, x := range xs {
			if !slices.Contains(quoted, x) {
				out = append(out, x)
			}
		}
		return out
	}
	if g, c := lost(gone), lost(came); len(g)+len(c) > 0 {
		s += "; " + numbersInContext(o.Text, n.Text, g, c, lang)
	}
	if more > 0 {
		s += "; " + strconv.Itoa(more) + " more " + plural(more, "edit", "edits")
	}
	return s
}

// summaryEdits reads the edits of a redline: each stretch of deleted and
// inserted spans, joined with its neighbour when no more than gapWords
// words and no sentence end lie between them.
func summaryEdits(spans []Span) []summaryEdit {
	spans = splitLines(spans)
	var out []summaryEdit
	for i := 0; i < len(spans); {
		if spans[i].Op == Equal {
			i++
			continue
		}
		e := summaryEdit{at: i}
		if i > 0 {
			e.before = spans[i-1].Text
		}
		j := i
		for j < len(spans) {
			s := spans[j]
			if s.Op == Equal {
				if j+1 >= len(spans) || !shortGap(s.Text) {
					break
				}
			} else {
				e.changed += countWords(s.Text)
			}
			if s.Op != Insert {
				e.del += s.Text
			}
			if s.Op != Delete {
				e.ins += s.Text
			}
			j++
		}
		if j < len(spans) {
			e.after = spans[j].Text
		}
		out = append(out, e)
		i = j
	}
	return out
}

// splitLines cuts the deleted and inserted spans at the line breaks
// that end a paragraph (after a sentence or clause mark: not a line
// wrapped inside a sentence), each break becoming unchanged text
// between them, so that every paragraph added or deleted is an edit of
// its own; of a replacement, the first paragraphs of the two sides stay
// one edit.
func splitLines(spans []Span) []Span {
	var out []Span
	add := func(op Op, text string, first bool) {
		for i, para := range paragraphs(text) {
			if i > 0 || !first {
				out = append(out, Span{Equal, "\n"})
			}
			if para != "" {
				out = append(out, Span{op, para})
			}
		}
	}
	multi := func(s string) bool { return len(paragraphs(s)) > 1 }
	for i := 0; i < len(spans); i++ {
		s := spans[i]
		pair := s.Op == Delete && i+1 < len(spans) && spans[i+1].Op == Insert
		switch {
		case s.Op == Equal || !multi(s.Text) && (!pair || !multi(spans[i+1].Text)):
			out = append(out, s)
		case pair:
			d, n := paragraphs(s.Text), paragraphs(spans[i+1].Text)
			out = append(out, Span{Delete, d[0]}, Span{Insert, n[0]})
			if len(d) > 1 {
				add(Delete, strings.Join(d[1:], "\n"), false)
			}
			if len(n) > 1 {
				add(Insert, strings.Join(n[1:], "\n"), false)
			}
			i++
		default:
			add(s.Op, s.Text, true)
		}
	}
	return out
}

// paragraphs cuts s at the line breaks that follow a sentence or clause
// mark (or another line break, or begin s): the ends of paragraphs, not
// of lines wrapped inside a sentence.
func paragraphs(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '\n' {
			continue
		}
		before := strings.TrimRightFunc(s[start:i], unicode.IsSpace)
		r, _ := utf8.DecodeLastRuneInString(before)
		if before == "" || clauseMark(string(r)) {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// shortGap reports whether unchanged text between two edits is short
// enough to quote them as one: a few words within a paragraph and a
// sentence.
func shortGap(s string) bool {
	return countWords(s) <= gapWords && !strings.Contains(s, "\n") && sentences(s) == 0
}

// phrase says what an edit did, each side quoted and clipped: "“x”
// became “y”", "“y” added", "“x” deleted".
func (e summaryEdit) phrase() string { return editWords(clip(e.del), clip(e.ins)) }

// briefPhrase is phrase with each side cut after briefWords words.
func (e summaryEdit) briefPhrase() string {
	return editWords(clipTo(e.del, briefWords), clipTo(e.ins, briefWords))
}

// numbersInContext names the numbers an item lost (gone, found in old)
// and gained (came, in new) with the words beside them in its text,
// each within its clause (“Ex 1”, “100-200 blinds”, “act is 700”): a
// number quoted with another is named once.
func numbersInContext(old, new string, gone, came []string, lang string) string {
	quoteAll := func(text string, xs []string) []string {
		var out []string
		named := map[string]bool{}
		for _, x := range xs {
			if named[x] {
				continue
			}
			c := numberContext(text, x, lang)
			if c == "" {
				c = x
			}
			for _, y := range align.Numbers(c, lang) {
				named[y] = true
			}
			out = append(out, quote(c))
		}
		return out
	}
	g, c := quoteAll(old, gone), quoteAll(new, came)
	switch {
	case len(g) > 0 && len(c) > 0:
		return "numbers changed: " + and(g) + " became " + and(c)
	case len(c) > 0:
		return plural(len(came), "new number: ", "new numbers: ") + and(c)
	}
	return plural(len(gone), "number removed: ", "numbers removed: ") + and(g)
}

// numberContext is the first place text states number x (as
// align.Numbers reads it) with up to contextWords words before it and
// one after it, within its clause, on one line; "" when text does not
// state it.
func numberContext(text, x, lang string) string {
	segs := Segment(text)
	digits := func(seg string) bool { return strings.ContainsAny(corpus.Fold(seg), "0123456789") }
	stop := func(seg string) bool { return strings.Contains(seg, "\n") || clauseMark(seg) }
	for k := 0; k < len(segs); k++ {
		if !digits(segs[k]) {
			continue
		}
		// The number's run: digits, and the marks between them.
		end := k + 1
		for end+1 < len(segs) && len([]rune(segs[end])) == 1 && !isWordSeg(segs[end]) && !isSpaceSeg(segs[end]) && digits(segs[end+1]) {
			end += 2
		}
		if !slices.Contains(align.Numbers(strings.Join(segs[k:end], ""), lang), x) {
			k = end - 1
			continue
		}
		from, words := k, 0
		for from > 0 && !stop(segs[from-1]) && words < contextWords {
			from--
			if isWordSeg(segs[from]) {
				words++
			}
		}
		for from < k && !isWordSeg(segs[from]) {
			from++
		}
		to, words := end, 0
		for to < len(segs) && !stop(segs[to]) && words < 1 {
			if isWordSeg(segs[to]) {
				words++
			}
			to++
		}
		return flat(strings.Join(segs[from:to], ""))
	}
	return ""
}
