package ingest

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// pdfParagraphs joins hard-wrapped lines into paragraphs. A line starts a
// new paragraph when it is or follows a heading line (set larger than
// the body), when it starts with a label (startsParagraph), when a wholly
// bold title line precedes it, or when the line before ended short: the
// new line's first word would have fitted in the space left on it.
// A wholly bold line that prints no label and that a line starting in
// bold follows is a title wrapped over both ("Recommended Procedures and"
// / "Illustration Addendum: See ..."). End-of-line hyphens are repaired
// with the document's own vocabulary.
func pdfParagraphs(lines []pdfLine) []block {
	if len(lines) == 0 {
		return nil
	}
	body := bodySize(lines)
	heading := func(l pdfLine) bool { return l.boldAll && l.size >= body+1.5 }
	vocab := corpus.Vocabulary{}
	for _, l := range lines {
		vocab.AddText(l.text)
	}
	colRight := columnRights(lines)
	gap := lineGaps(lines)
	var out []block
	var para []string
	var paraLines []pdfLine
	flush := func() {
		if len(para) > 0 {
			first := paraLines[0]
			b := block{text: corpus.JoinLines(para, vocab), kind: kindIf(heading(first)), lead: first.boldStart, bold: true}
			// The bold run runs on over the lines set wholly in bold.
			runes := 0
			for _, l := range paraLines {
				runes += l.boldRunes
				b.bold = b.bold && l.boldAll
				if !l.boldAll {
					break
				}
			}
			b.rare = rareOf(blockRare{boldRunes: runes})
			out = append(out, b)
		}
		para, paraLines = para[:0], paraLines[:0]
	}
	for i, l := range lines {
		text := strings.TrimSpace(l.text)
		if i > 0 {
			prev := lines[i-1]
			starts, strong := startsParagraph(text)
			_, labelled := readLabel(prev.text)
			brk := heading(prev) || heading(l) ||
				starts && (strong && !inSentence(prev.text, text) || endsClause(prev.text)) && !inlineRun(para, text) ||
				prev.boldAll && !l.boldAll && (!l.boldStart || labelled) ||
				resized(prev, l) || spaced(prev, l, gap) || centeredShort(prev, l, text) ||
				endedShort(prev, text, paraRight(paraLines, colRight[i-1])) && !runsOn(prev.text, text) ||
				outdented(prev, l)
			if brk {
				flush()
			}
		}
		para = append(para, text)
		paraLines = append(paraLines, l)
	}
	flush()
	return out
}

// startsParagraph reports whether a line that begins with s starts a new
// paragraph: it starts with a label and its punctuation ("12:", "RP-7.",
// "Rule 40-A:", "Example 2:", "3)", "A:"). strong is false for a label
// that a wrapped sentence can also start with: a lone letter ("A:") or a
// number with a full stop ("2."), which start a paragraph only after a
// line that ends a clause.
func startsParagraph(s string) (starts, strong bool) {
	l, ok := readLabel(s)
	if !ok || l.term == "" || l.paren {
		return false, false
	}
	// A word before the number starts with a capital ("or 2) the ..."
	// goes on a sentence); a label of letters alone is one capital with a
	// colon or a full stop ("i.e." is no label, "A)" enumerates inside a
	// sentence).
	if r, _ := utf8.DecodeRuneInString(l.prefix); l.prefix != "" && !unicode.IsUpper(r) {
		return false, false
	}
	if !slices.ContainsFunc(l.comps, func(c comp) bool { return c.kind == compNum }) {
		return len(l.comps) == 1 && l.prefix == "" && l.comps[0].kind == compUpper && l.term != ")", false
	}
	return true, l.prefix != "" || l.term == ":" || l.term == ")" || len(l.comps) > 1
}

// bodySize returns the font size most characters are set in.
func bodySize(lines []pdfLine) float64 {
	n := map[float64]int{}
	for _, l := range lines {
		n[l.size] += len(l.text)
	}
	best, size := 0, 0.0
	for s, c := range n {
		if c > best || c == best && s < size {
			best, size = c, s
		}
	}
	return size
}

// columnRights returns, for each line, the right edge of its column: the
// furthest right that lines starting near it (lefts less than
// columnSpan apart) on its page reach. Each page's lines are taken in
// the order of their left edges, and the lines near one form a window
// of that order whose two ends only move forward, so a queue of the
// window's rights in falling order gives each maximum: linear after
// the sort (a page of 150,000 lines took 57 s as every pair of lines).
// A line whose left edge is not a finite number is near no line, and
// its own right is its column's.
func columnRights(lines []pdfLine) []float64 {
	out := make([]float64, len(lines))
	byPage := map[int][]int{}
	for i, l := range lines {
		out[i] = l.right
		if !math.IsInf(l.left, 0) && !math.IsNaN(l.left) {
			byPage[l.page] = append(byPage[l.page], i)
		}
	}
	var queue []int // indexes into idx of the window, their rights falling
	for _, idx := range byPage {
		slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(lines[a].left, lines[b].left) })
		// nan[k] counts the lines of idx[:k] whose right is NaN: max
		// is NaN over a window that holds one, as the builtin gives.
		nan := make([]int, len(idx)+1)
		for k, i := range idx {
			nan[k+1] = nan[k]
			if math.IsNaN(lines[i].right) {
				nan[k+1]++
			}
		}
		queue = queue[:0]
		lo, hi := 0, 0 // the window of line k is idx[lo:hi]
		for _, i := range idx {
			left := lines[i].left
			for hi < len(idx) && lines[idx[hi]].left-left < columnSpan {
				r := lines[idx[hi]].right
				for len(queue) > 0 && !(lines[idx[queue[len(queue)-1]]].right > r) {
					queue = queue[:len(queue)-1]
				}
				queue = append(queue, hi)
				hi++
			}
			for left-lines[idx[lo]].left >= columnSpan {
				lo++
			}
			for queue[0] < lo {
				queue = queue[1:]
			}
			if nan[hi]-nan[lo] > 0 {
				out[i] = math.NaN()
				continue
			}
			out[i] = max(lines[i].right, lines[idx[queue[0]]].right)
		}
	}
	return out
}

// columnSpan is how far apart, in points, the left edges of two lines
// of one column may be.
const columnSpan = 40

// endsClause reports whether a line ends where a paragraph may end.
func endsClause(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return true
	}
	r := []rune(s)
	return strings.ContainsRune(".:;!?)\"”’0123456789", r[len(r)-1])
}

// inlineRun reports whether the label that text starts with goes on an
// enumeration that the paragraph para prints inside its sentences: "3)"
// starting a line after "... 2) first card dealt to the wrong seat;".
// Numbering succession decides: the label's predecessor, in the same
// form, stands after white space inside one of para's lines.
func inlineRun(para []string, text string) bool {
	l, ok := readLabel(text)
	if !ok || l.prefix != "" || l.term == "" || len(l.comps) != 1 || l.comps[0].kind != compNum || l.comps[0].n < 2 {
		return false
	}
	pred := strconv.Itoa(l.comps[0].n-1) + l.term
	for _, line := range para {
		for i := strings.Index(line, pred); i >= 0; {
			if i > 0 && (line[i-1] == ' ' || line[i-1] == '\t') {
				return true
			}
			j := strings.Index(line[i+1:], pred)
			if j < 0 {
				break
			}
			i += 1 + j
		}
	}
	return false
}

// centeredShort reports whether two lines set about one centre, with
// left edges apart, are two paragraphs: the first word of the second
// would have fitted on the first within the wider of the two, as a title
// page's "Longform Version Includes:" and the line below it. A title
// wrapped over two centred lines ("POKER TOURNAMENT" / "DIRECTORS
// ASSOCIATION") left no such room.
func centeredShort(prev, l pdfLine, next string) bool {
	mid := func(l pdfLine) float64 { return (l.left + l.right) / 2 }
	if math.Abs(mid(prev)-mid(l)) > 3 || math.Abs(prev.left-l.left) <= 3 {
		return false
	}
	width := max(prev.right-prev.left, l.right-l.left)
	return endedShort(prev, next, prev.left+width)
}

// paraRight is the right edge a paragraph's lines wrap at: the furthest
// right its lines reach once it has three, which a paragraph indented
// from the right (Word's right indent) keeps inside its column, and the
// column's right edge before.
func paraRight(paraLines []pdfLine, colRight float64) float64 {
	if len(paraLines) < 3 {
		return colRight
	}
	r := math.Inf(-1)
	for _, l := range paraLines {
		r = max(r, l.right)
	}
	return min(r, colRight)
}

// outdented reports whether l starts left of prev after prev ended a
// clause: the text after an indented list goes back to the margin
// ("3. Read a hand that hasn't been tabled." / "One-player-to-a-hand
// is in effect.").
func outdented(prev, l pdfLine) bool {
	return prev.page == l.page && l.left < prev.left-3 && endsClause(prev.text)
}

// inSentence reports whether a line that begins with next, whose label
// closes with a parenthesis ("1)"), goes on the sentence of prev: prev
// ends in no clause's punctuation ("... on request because" / "1) they
// paid to see it"), so the label enumerates inside the sentence.
func inSentence(prev, next string) bool {
	l, ok := readLabel(next)
	return ok && l.term == ")" && l.prefix == "" && !endsClause(prev)
}

// resized reports whether two lines are set in sizes a point or more
// apart: a title page's name, date and notes, a heading and its text.
// A paragraph keeps its size; what is raised or lowered inside a line
// (mergeRaised) does not make the line's size.
func resized(prev, l pdfLine) bool { return math.Abs(prev.size-l.size) >= 1 }

// spaced reports whether more white space stands between prev and l,
// on one page in one size, than between the lines of a paragraph: half
// a line more than the usual gap, the space a publisher leaves between
// paragraphs. The gap runs from prev's bottom to l's top, so that an
// engine that reads two printed lines as one line (PDFium does, for some
// runs) makes no space of its own.
func spaced(prev, l pdfLine, gap map[float64]float64) bool {
	g, ok := gap[l.size]
	return ok && prev.page == l.page && prev.size == l.size && l.top < prev.top && prev.bottom-l.top > g+l.size/2
}

// lineGaps returns, for each font size, the usual white space between
// two lines of that size that follow each other down a column: the lower
// median of the gaps, which the lines inside paragraphs, the most of
// them, make (a title page's two gaps, one within its name and one
// before its date, give the smaller).
func lineGaps(lines []pdfLine) map[float64]float64 {
	gaps := map[float64][]float64{}
	for i := 1; i < len(lines); i++ {
		prev, l := lines[i-1], lines[i]
		if prev.page == l.page && prev.size == l.size && l.top < prev.top {
			gaps[l.size] = append(gaps[l.size], prev.bottom-l.top)
		}
	}
	out := make(map[float64]float64, len(gaps))
	for size, gs := range gaps {
		slices.Sort(gs)
		out[size] = gs[(len(gs)-1)/2]
	}
	return out
}

// runsOn reports whether a line that begins with next goes on the
// sentence of the line prev: prev ends in no clause's punctuation and
// next starts with a lower-case letter, which no sentence starts with.
// The wrap of a ragged column leaves room that the width estimate of
// endedShort misjudges by up to twice a word ("Players can’t be" /
// "raced out of play"); case settles those where the script has one.
func runsOn(prev, next string) bool {
	r, _ := utf8.DecodeRuneInString(next)
	return unicode.IsLower(r) && !endsClause(prev)
}

// shortSlack is how many times the room the next word needs a line
// must leave to have ended short. The room is estimated from the line's
// mean character width, which spaces and capitals widen: in the TDA
// PDFs, lines that wrap leave up to 1.31 times the estimate before a
// word that starts with a capital or a digit ("see" / "Recommended
// Procedure 5.", "reaching the" / "50% threshold"), while the last
// lines of paragraphs that run on into an unlabelled one leave 1.55
// times or more.
const shortSlack = 1.5

// endedShort reports whether the line prev ended early enough that the
// first word of next would have fitted after it: a paragraph end.
func endedShort(prev pdfLine, next string, colRight float64) bool {
	n := len([]rune(strings.TrimSpace(prev.text)))
	if n == 0 || prev.right <= prev.left {
		return false
	}
	charW := (prev.right - prev.left) / float64(n)
	word, _, _ := strings.Cut(next, " ")
	need := charW * float64(len([]rune(word))+1)
	return colRight-prev.right > need*shortSlack
}
