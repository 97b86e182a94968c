package ingest

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"github.com/rulesync/rulesync/corpus"
)

// A publication's blocks (block.go) are its paragraphs: a DOCX paragraph,
// or the lines of a PDF paragraph joined. Their text may carry change-mark
// sentinels; a heading is what the layout sets apart (larger type, centred
// bold, a heading style), and lead is set when the text starts in bold
// type, as rule and entry titles do.

// The headings of the parts of a rulebook publication, as the TDA prints
// them: "12: Title", "RP-7. Title", "Rule 40-A: Title. Body".
var (
	pubRuleRe    = regexp.MustCompile(`^(\d{1,3})\s*:\s*(\S.*)$`)
	pubRPRe      = regexp.MustCompile(`^RP\s*-\s*(\d{1,3})\s*[.:]\s*(\S.*)$`)
	pubAddRe     = regexp.MustCompile(`^Rule\s+(\d{1,3}(?:-[A-Z])?)\s*[:.]\s*(\S.*)$`)
	pubLetterRe  = regexp.MustCompile(`^([A-Z])\s?[:.]\s+(\S)`)
	pubExampleRe = regexp.MustCompile(`^(?i:(example|situation))(?:\s+(\d{1,2})(?:\s*-\s*([A-Z]))?)?\s*[:.]\s*`)
	// pubStepRe starts the numbered lines inside an example ("Step 1:",
	// "1-A:", "2)"); they start paragraphs but not parts.
	pubStepRe = regexp.MustCompile(`^(?:Step\s+\d{1,2}\s*[:.]|\d{1,2}(?:-[A-Z])?\s*[:)])\s+\S`)
)

// pubSections names the publication parts that change how entries are read.
var pubSections = []struct {
	name string
	mode pubMode
}{
	{"Recommended Procedures", modeRP},
	{"Illustration Addendum", modeAddendum},
}

type pubMode int

const (
	modeRules pubMode = iota
	modeRP
	modeAddendum
)

// itemHeading reports whether a paragraph heads an item in mode m.
func itemHeading(b block, m pubMode) (kind corpus.Kind, number, rest string, ok bool) {
	t := narrow(strings.TrimSpace(stripMarks(b.text)))
	// "RP-20:" heads a procedure whatever its type: some editions set the
	// newest ones in plain type.
	if mm := pubRPRe.FindStringSubmatch(t); mm != nil && (b.lead || m == modeRP) {
		return corpus.KindRP, mm[1], mm[2], true
	}
	if !b.lead {
		return "", "", "", false
	}
	if mm := pubAddRe.FindStringSubmatch(t); mm != nil && m == modeAddendum {
		return corpus.KindAddendum, mm[1], mm[2], true
	}
	if mm := pubRuleRe.FindStringSubmatch(t); mm != nil && m == modeRules {
		return corpus.KindRule, mm[1], mm[2], true
	}
	return "", "", "", false
}

// partHeadingRe matches the title of a part of a publication: "2024
// Recommended Procedures,", "Illustration Addendum 2024 Rules", "TDA
// Recommended Procedures and ...".
var partHeadingRe = regexp.MustCompile(`(?i)^(?:\d{4}\s+)?(?:TDA\s+)?(recommended procedures|illustration addendum)\b`)

// partHeading reports which publication part a group of heading lines
// opens ("Recommended Procedures"), if any of them starts with a part's
// name.
func partHeading(group []string) (string, pubMode, bool) {
	for _, t := range group {
		m := partHeadingRe.FindStringSubmatch(t)
		if m == nil {
			continue
		}
		for _, p := range pubSections {
			if strings.EqualFold(p.name, m[1]) {
				return p.name, p.mode, true
			}
		}
	}
	return "", modeRules, false
}

// pubItem collects the paragraphs of one item.
type pubItem struct {
	item  corpus.Item
	paras []string
}

// parsePublication reads a publication's paragraphs (DOCX, PDF) both
// with the layout of the TDA publications (tdaPublication) and with the
// structure recognizer, and keeps the reading that explains more, as
// text and Markdown do (arbitrate): a bylaws DOCX of numbered paragraphs
// under "Section 1" headings was a preamble of everything. Change marks
// are read by the TDA reading only; the recognizer reads the text with
// them removed.
func parsePublication(blocks []block, mk *markKinds, d *corpus.Document) error {
	special, general := *d, *d
	errS := tdaPublication(blocks, mk, &special)
	plain := make([]block, len(blocks))
	for i, b := range blocks {
		b.text = stripMarks(b.text)
		plain[i] = b
	}
	st, errG := fromBlocks(plain, &general)
	ns, ng := readerExplains(&special, nil, errS), 0.0
	if errG == nil {
		ng = st.explains(&general)
	}
	switch {
	case errS != nil && errG != nil:
		return errS
	case errS == nil && (errG != nil || ns >= ng):
		*d = special
		if errG == nil && ng > 0 {
			d.Notes = append(d.Notes, fmt.Sprintf(FormatNote+"read as a rulebook publication: %.0f items, the structure recognizer's reading explains %.0f", ns, ng))
		}
		return nil
	}
	*d = general
	if errS == nil {
		d.Notes = append(d.Notes, fmt.Sprintf(FormatNote+"read by the structure recognizer: its reading explains %.0f items, the publication reader's %.0f", ng, ns))
	}
	return nil
}

// tdaPublication reads the structure of an official rulebook
// publication from its paragraphs: a preamble (organisation, version,
// date), section headings, numbered rules with lettered parts, and the
// Recommended Procedures and Illustration Addendum parts of the TDA
// longform, whose entries become rp and addendum items with their
// examples as parts.
func tdaPublication(blocks []block, mk *markKinds, d *corpus.Document) error {
	var (
		items   []*pubItem
		cur     *pubItem
		mode    = modeRules
		section string
		head    []string // text before the first section or item
		started bool     // a section heading or item has been seen
		// partOpen is set while the blocks read are the title of a part.
		partOpen bool
	)
	newItem := func(it corpus.Item) {
		cur = &pubItem{item: it}
		items = append(items, cur)
	}
	for i := 0; i < len(blocks); i++ {
		b := blocks[i]
		if !strings.ContainsFunc(stripMarks(b.text), isWordRune) {
			d.Notes = append(d.Notes, fmt.Sprintf("dropped a stray paragraph %q", strings.TrimSpace(stripMarks(b.text))))
			continue
		}
		wasOpen := partOpen
		partOpen = false
		t := strings.TrimSpace(stripMarks(b.text))
		if kind, num, rest, ok := itemHeading(b, mode); ok {
			started = true
			it := corpus.Item{Kind: kind, Number: num, Section: section}
			title, body := rest, ""
			if kind == corpus.KindAddendum {
				title, body = splitTitle(rest)
			}
			it.Title = strings.TrimSuffix(strings.TrimSpace(title), ".")
			newItem(it)
			if body != "" {
				cur.paras = append(cur.paras, bodyAfter(b.text, body))
			}
			continue
		}
		if (b.kind == blockHeading) || b.lead && started && !pubLetterRe.MatchString(t) && !pubExampleRe.MatchString(t) {
			// A run of headings: a section title, or the title page of a
			// part of the publication.
			var group []string
			j := i
			for ; j < len(blocks) && ((blocks[j].kind == blockHeading) || j == i); j++ {
				group = append(group, strings.TrimSpace(stripMarks(blocks[j].text)))
			}
			name, m, isPart := partHeading(group)
			if isPart && wasOpen {
				name = section
			}
			switch {
			case !started && (b.kind == blockHeading) && !isPart && len(group) == 1 && len(head) > 0:
				// The first section heading after the title page.
				started = true
				section = group[0]
				cur = nil
			case !started:
				head = append(head, group...)
			case isPart:
				// A part's title may run over several bold paragraphs.
				if !wasOpen {
					newItem(corpus.Item{Kind: corpus.KindPreamble, Section: name})
					section = name
				}
				mode = m
				cur.paras = append(cur.paras, group...)
				partOpen = true
				i = j - 1
				continue
			case (b.kind == blockHeading):
				section = strings.Join(group, " ")
				cur = nil
			default:
				// A bold paragraph that is neither a heading nor an entry:
				// body text of the current item (some editions set whole
				// new paragraphs in bold).
				j = i + 1
				if cur == nil {
					newItem(corpus.Item{Kind: corpus.KindPreamble, Section: section})
				}
				cur.paras = append(cur.paras, b.text)
			}
			i = j - 1
			continue
		}
		if !started {
			head = append(head, b.text)
			continue
		}
		if cur == nil {
			newItem(corpus.Item{Kind: corpus.KindPreamble, Section: section})
		}
		cur.paras = append(cur.paras, b.text)
	}
	if len(items) == 0 {
		return errors.New("no rules found: expected headings like \"12: Title\", \"RP-7. Title\" or \"Rule 40-A: Title\" in bold")
	}
	headText := strings.Join(head, "\n")
	if len(head) > 0 {
		d.Title = corpus.CleanLine(stripMarks(head[0]))
		pre := &pubItem{item: corpus.Item{Kind: corpus.KindPreamble}, paras: head}
		items = append([]*pubItem{pre}, items...)
	}
	plain := stripMarks(headText)
	d.Edition = detectEdition(plain)
	d.Version = parseVersion(plain)
	d.Date = parseDate(plain)
	for _, pi := range items {
		it := pi.item
		text, marks := mk.take(corpus.Clean(strings.Join(pi.paras, "\n")))
		it.Text, it.Marks = text, marks
		it.Title = stripMarks(it.Title)
		it.Parts = pubParts(it.Kind, strings.Split(text, "\n"))
		d.Items = append(d.Items, it)
	}
	return nil
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// splitTitle splits an addendum heading "Title. Body..." after the first
// sentence; a heading with no full stop is all title.
func splitTitle(s string) (title, body string) {
	plain := stripMarks(s)
	for i := 0; i < len(plain); i++ {
		if plain[i] != '.' {
			continue
		}
		rest := strings.TrimSpace(plain[i+1:])
		if rest == "" {
			return strings.TrimSpace(plain[:i]), ""
		}
		if i+1 < len(plain) && plain[i+1] == ' ' {
			return strings.TrimSpace(plain[:i]), rest
		}
	}
	return plain, ""
}

// bodyAfter returns the part of marked text that carries the plain text
// body, keeping the sentinels inside it.
func bodyAfter(marked, body string) string {
	// Walk back from the end of marked until body's runes are consumed.
	want := []rune(body)
	rs := []rune(marked)
	j := len(want)
	i := len(rs)
	for i > 0 && j > 0 {
		i--
		if isSentinel(rs[i]) {
			continue
		}
		j--
	}
	return string(rs[i:])
}

// pubParts finds an item's parts among its paragraphs: lettered parts
// ("A:", "B.") in sequence for rules and procedures, examples and
// situations for addendum entries. A part runs to the next part; the
// paragraphs before the first part are not a part.
func pubParts(kind corpus.Kind, paras []string) []corpus.Part {
	var parts []corpus.Part
	want := byte('A')
	for _, p := range paras {
		p = strings.TrimSpace(p)
		if m := pubExampleRe.FindStringSubmatchIndex(p); m != nil {
			label := "1"
			if m[4] >= 0 {
				label = p[m[4]:m[5]]
				if m[6] >= 0 {
					label += "-" + p[m[6]:m[7]]
				}
			}
			if strings.EqualFold(p[m[2]:m[3]], "situation") {
				label = "S" + label
			}
			parts = append(parts, corpus.Part{Label: label, Marker: strings.TrimSpace(p[:m[1]]), Text: strings.TrimSpace(p[m[1]:])})
			continue
		}
		if m := pubLetterRe.FindStringSubmatchIndex(p); m != nil && kind != corpus.KindAddendum && p[m[2]] == want {
			want++
			parts = append(parts, corpus.Part{Label: p[m[2]:m[3]], Text: p[m[4]:]})
			continue
		}
		if len(parts) > 0 {
			last := &parts[len(parts)-1]
			last.Text = strings.TrimSpace(last.Text + "\n" + p)
		}
	}
	return parts
}
