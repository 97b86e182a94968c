package ingest

import (
	"strings"

	"github.com/rulesync/rulesync/internal/lazyre"
	"github.com/rulesync/rulesync/internal/lexicon"
)

var (
	sniffMDHeadingRe = lazyre.New(`(?m)^#{1,6} \S`)
	// sniffMDListRe is a list item: a bullet, or an ordered list's marker
	// with its space or glued to its text ("1.Everyone", as the
	// Markdown reader reads it: gluedLists).
	sniffMDListRe    = lazyre.New(`(?m)^\s*[-*+] \S|^\s*\d+\. \S|^\d{1,9}\.[^\s\d.)]`)
	sniffMDLinkRe    = lazyre.New(`\[[^\]\n]+\]\([^)\s]+\)`)
	sniffNumberedRe  = lazyre.New(`(?m)^\s*(\d{1,3})\s*(?:[。．.:：)）]|\s)\s*\S`)
	sniffHTMLStartRe = lazyre.New(`(?i)^<(?:!doctype html|html|head|body)`)
	// sniffHTMLTagRe is a block element's tag: inline ones (<br>,
	// <strong>, <sup>) are Markdown's inline HTML as much as a page's.
	sniffHTMLTagRe = lazyre.New(`(?i)<(?:p|li|ol|ul|h[1-6]|div|table|tr|td|dl|dt|dd)[\s/>]`)
	// sniffMDTableRe is a row of a GFM table.
	sniffMDTableRe = lazyre.New(`(?m)^ {0,3}\|.*\|[ \t]*$`)
	sniffExampleRe = lazyre.NewFunc(func() string {
		return `(?mi)^\s*(?:` + lexicon.Alternation(lexicon.Words(lexicon.Examples, "")) + `)\s*\d*(?:-[A-Z])?\s*[.:：]`
	})
)

// detectBinary names the binary format data is in by its magic number, or
// returns "" for text.
func detectBinary(data []byte) string {
	if f := detectInterchange(data); f != "" {
		return f
	}
	s := string(data[:min(len(data), 1024)])
	switch {
	case strings.HasPrefix(s, zipMagic):
		return "docx"
	case strings.Contains(s, pdfMagic):
		return "pdf"
	case isHTML(data):
		return "html"
	}
	return ""
}

// Detect names the format of decoded text by its content, never by a file
// name: "po", "xliff" or "tmx" for translators' interchange files,
// "json" for a corpus document, "markdown", "reader" for a rule-reader
// page, "numbered" for numbered rules, "addendum" for an illustration
// addendum, and "guide" for any other text with headings.
func Detect(text string) string {
	t := strings.TrimSpace(text)
	if f := detectInterchange(t); f != "" {
		return f
	}
	// A draft may open with a marker ("{{rulesync:review}} Title"): no
	// JSON object starts with two braces.
	if strings.HasPrefix(t, "{") && !strings.HasPrefix(t, "{{rulesync:") {
		return "json"
	}
	if strings.HasPrefix(t, "[") {
		return "items"
	}
	if f := tableFormat(t); f != "" {
		return f
	}
	if strings.HasPrefix(t, "<") && sniffHTMLStartRe.MatchString(t) {
		return "html"
	}
	// A page fragment without <html> (a template, a CMS source): its
	// block tags outnumber Markdown's headings and list markers.
	if tags := len(sniffHTMLTagRe.FindAllStringIndex(t, 200)); tags >= 5 && tags > markdownMarks(t, 200) {
		return "html"
	}
	if strings.Contains(t, "…") && readerLike(lines(t)) {
		return "reader"
	}
	// Each count stops where it decides (two headings, three list items
	// or links, five examples): counting every one was a tenth of
	// ingesting a Markdown rulebook.
	headings := len(sniffMDHeadingRe.FindAllStringIndex(t, 2))
	if headings >= 2 && (listLines(t, 3) >= 3 || len(sniffMDLinkRe.FindAllStringIndex(t, 3)) >= 3) {
		return "markdown"
	}
	// The addendum format is a text whose entry headings were lost: one
	// that prints headings of its own is not, however many of its
	// paragraphs open with an example's label ("例1:", a rulebook's
	// illustrations under its rules' headings).
	if headings < 2 && len(sniffExampleRe.FindAllStringIndex(t, 5)) >= 5 {
		return "addendum"
	}
	if numberedRun(lines(t)) >= 3 {
		return "numbered"
	}
	if headings >= 2 {
		return "markdown"
	}
	return "guide"
}

// markdownMarks counts Markdown's block marks in t (headings, list
// items, table rows), up to n of each.
func markdownMarks(t string, n int) int {
	return len(sniffMDHeadingRe.FindAllStringIndex(t, n)) + len(sniffMDListRe.FindAllStringIndex(t, n)) + len(sniffMDTableRe.FindAllStringIndex(t, n))
}

// tableFormat returns "tsv" or "csv" when the first line of t is a header
// row naming at least two item columns (number, title, text_ja, ...), and
// "" otherwise.
func tableFormat(t string) string {
	first, _, _ := strings.Cut(t, "\n")
	for _, sep := range []string{"\t", ";", ","} {
		cells := strings.Split(first, sep)
		known := 0
		for _, c := range cells {
			c = strings.ToLower(strings.Trim(strings.TrimSpace(c), `"`))
			field, _, _ := strings.Cut(c, "_")
			if fieldNames[c] != "" || fieldNames[field] != "" {
				known++
			}
		}
		if len(cells) >= 2 && known >= 2 {
			if sep == "\t" {
				return "tsv"
			}
			return "csv"
		}
	}
	return ""
}

// numberedRun returns the length of the longest run of lines that start
// with increasing numbers.
func numberedRun(ls []string) int {
	best, run, last := 0, 0, -1
	for _, l := range ls {
		// The lines are trimmed: one that opens with no digit is none
		// (the expression on every line of a rulebook was a fifth of
		// detecting it).
		if l == "" || l[0] < '0' || l[0] > '9' {
			continue
		}
		m := sniffNumberedRe.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		n := atoi(m[1])
		if n > last && n <= last+3 {
			run++
		} else {
			run = 1
		}
		last = n
		if run > best {
			best = run
		}
	}
	return best
}

// listLines counts the matches of sniffMDListRe in t up to limit, line
// by line: each match ends on a line that opens, after blanks, with a
// list marker (or, at the line's start, an ordered marker glued to its
// text), and each such line ends one (the blank lines a match may open
// with hold nothing else), so only the lines that open with a marker's
// first character are tried. The expression run through a whole
// rulebook without lists (a sync draft read back) was a third of
// detecting it.
func listLines(t string, limit int) int {
	n := 0
	for len(t) > 0 && n < limit {
		line := t
		if i := strings.IndexByte(t, '\n'); i >= 0 {
			line, t = t[:i], t[i+1:]
		} else {
			t = ""
		}
		rest := strings.TrimLeft(line, " \t\f\r")
		if rest == "" {
			continue
		}
		switch c := rest[0]; {
		case c == '-' || c == '*' || c == '+' || c >= '0' && c <= '9':
			if sniffMDListRe.MatchString(line) {
				n++
			}
		}
	}
	return n
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return n
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// readerLike reports whether the lines ls are a reader page's: a run of
// cards (titles glued to previews) whose previews the site cut with an
// ellipsis again and again. An ellipsis is a cut mark where it ends a
// line or a card's preview (a title glued after it); at least two lines
// and a tenth of the card lines must carry one, so that an ellipsis
// inside a sentence never makes a document a page of cut previews. A
// Markdown table row or heading is markup a page's copy never holds: it
// is neither a card nor a cut preview.
func readerLike(ls []string) bool {
	cards, cuts := 0, 0
	for _, l := range ls {
		if strings.HasPrefix(l, "|") || strings.HasPrefix(l, "#") {
			continue
		}
		card := cardLine(l)
		if card {
			cards++
		}
		if strings.HasSuffix(l, "…") {
			cuts++
		} else if p, _ := splitCard(l); card && strings.HasSuffix(p, "…") {
			cuts++
		}
	}
	return cards >= 3 && cuts >= 2 && cuts*10 >= cards && findCardRun(ls) >= 0
}
