package ingest

import (
	"errors"
	"strconv"
	"strings"
	"unicode"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/lazyre"
)

// The "guide" format is the text of a web page without rule numbers:
// headings (short lines without sentence punctuation), paragraphs,
// bulleted lists ("- "), numbered cards ("- 01" then a name and a
// description), runs of labelled steps (a short label, then one line),
// and Q&A (a question line, then its answer). Each heading becomes a
// section item; bullets, cards, steps and Q&A become its parts.

func init() {
	register(&format{name: "guide", doc: "text of a guide or rules page without numbers (headings, bullets, Q&A)", parse: parseGuide})
}

var (
	bulletRe      = lazyre.New(`^(?:[-*•・●▪]|\d{1,2}[.)])\s+(.*)$`)
	cardNumberRe  = lazyre.New(`^[-*•・]\s*(\d{1,3})$`)
	chromeWordsRe = lazyre.New(`(?i)^(?:目次|目录|contents|table of contents|índice|sumário|inhalt|sommaire)$`)
)

type guideLine int

const (
	glPara guideLine = iota
	glHeading
	glBullet
	glQuestion
	glChrome
)

func classifyGuide(l string) guideLine {
	switch {
	case cardNumberRe.MatchString(l):
		return glBullet
	case !strings.ContainsFunc(l, unicode.IsLetter):
		return glChrome
	case bulletRe.MatchString(l):
		return glBullet
	case strings.HasSuffix(l, "？") || strings.HasSuffix(l, "?"):
		return glQuestion
	case titleLike(l) && runeLen(l) <= 40 && !strings.Contains(l, "→"):
		return glHeading
	}
	return glPara
}

func parseGuide(text string, d *corpus.Document) error {
	var ls []string
	for _, l := range lines(text) {
		if l != "" {
			ls = append(ls, l)
		}
	}
	cls := make([]guideLine, len(ls))
	for i, l := range ls {
		cls[i] = classifyGuide(l)
	}
	is := func(i int, c guideLine) bool { return i >= 0 && i < len(ls) && cls[i] == c }
	// pair reports whether line i is a label with exactly one line under it.
	pair := func(i int) bool {
		return is(i, glHeading) && is(i+1, glPara) && (i+2 >= len(ls) || is(i+2, glHeading))
	}
	// qa reports whether line i opens a question with its answer, in a
	// run of at least two questions.
	qa := func(i int) bool {
		if !is(i, glQuestion) || !is(i+1, glPara) {
			return false
		}
		return is(i+2, glQuestion) || is(i-2, glQuestion) && is(i-1, glPara)
	}
	var secs []corpus.Item
	var body []string
	cur := -1
	open := func(title string) {
		closeGuideSection(secs, cur, body)
		body = nil
		secs = append(secs, corpus.Item{Kind: corpus.KindSection, Title: title})
		cur = len(secs) - 1
	}
	addPart := func(p corpus.Part, lines ...string) {
		if cur < 0 {
			open("")
		}
		if p.Label == "" {
			p.Label = strconv.Itoa(len(secs[cur].Parts) + 1)
		}
		secs[cur].Parts = append(secs[cur].Parts, p)
		body = append(body, lines...)
	}
	for i := 0; i < len(ls); i++ {
		l := ls[i]
		switch cls[i] {
		case glChrome:
			d.Notes = append(d.Notes, "dropped page chrome: "+l)
		case glBullet:
			if m := cardNumberRe.FindStringSubmatch(l); m != nil {
				p := corpus.Part{Label: m[1]}
				if is(i+1, glHeading) {
					i++
					p.Title = ls[i]
				}
				if is(i+1, glPara) {
					i++
					p.Text = ls[i]
				}
				addPart(p, l, p.Title, p.Text)
				continue
			}
			item := bulletRe.FindStringSubmatch(l)[1]
			// A short bullet before a sentence bullet is a term and its
			// definition.
			if titleLike(item) && runeLen(item) <= 15 && i+1 < len(ls) && cls[i+1] == glBullet && cardNumberRe.FindString(ls[i+1]) == "" {
				def := bulletRe.FindStringSubmatch(ls[i+1])[1]
				if endsSentence(def) {
					i++
					addPart(corpus.Part{Title: item, Text: def, Marker: "-"}, l, ls[i])
					continue
				}
			}
			// Lines after a bullet up to the next bullet or heading are
			// its wrapped continuation.
			lns := []string{l}
			wrapped := []string{item}
			for i+1 < len(ls) && cls[i+1] == glPara {
				i++
				wrapped = append(wrapped, ls[i])
				lns = append(lns, ls[i])
			}
			item = corpus.JoinLines(wrapped, nil)
			addPart(corpus.Part{Text: item, Marker: "-"}, lns...)
		case glQuestion:
			if qa(i) {
				n := 0
				if cur >= 0 {
					for _, p := range secs[cur].Parts {
						if strings.HasPrefix(p.Label, "Q") {
							n++
						}
					}
				}
				addPart(corpus.Part{Label: "Q" + strconv.Itoa(n+1), Title: l, Text: ls[i+1]}, l, ls[i+1])
				i++
				continue
			}
			open(l)
		case glHeading:
			// A run of three or more labels each with one line under it:
			// the first is the section, the rest are its steps.
			if pair(i) && cur >= 0 && len(body) > 0 && pair(i-2) && is(i-1, glPara) {
				addPart(corpus.Part{Title: l, Text: ls[i+1]}, l, ls[i+1])
				i++
				continue
			}
			if pair(i) && pair(i+2) && pair(i+4) {
				open(l)
				i++
				body = append(body, ls[i])
				continue
			}
			open(l)
		default:
			if cur < 0 {
				open("")
			}
			body = append(body, l)
		}
	}
	closeGuideSection(secs, cur, body)
	for i, s := range secs {
		switch {
		case s.Text == "" && len(s.Parts) == 0 && i == 0 && chromeWordsRe.MatchString(s.Title):
			d.Notes = append(d.Notes, "dropped page chrome: "+s.Title)
		case s.Text == "" && len(s.Parts) == 0 && i == 0 && d.Title == "":
			d.Title = s.Title
		case s.Text == "" && len(s.Parts) == 0:
			d.Notes = append(d.Notes, "dropped empty heading: "+s.Title)
		default:
			if s.Title == "" {
				s.Kind = corpus.KindPreamble
			}
			d.Items = append(d.Items, s)
		}
	}
	if len(d.Items) == 0 {
		return errors.New("guide: no sections with text found")
	}
	d.Edition = detectEdition(strings.Join(ls[:min(len(ls), 3)], "\n"))
	if d.Edition == "" && d.Title != "" {
		d.Edition = corpus.Slug(d.Title)
		d.Notes = append(d.Notes, "the source names no rulebook; edition taken from its title")
	}
	return nil
}

func closeGuideSection(secs []corpus.Item, cur int, body []string) {
	if cur < 0 {
		return
	}
	var b []string
	for _, l := range body {
		if l != "" {
			b = append(b, l)
		}
	}
	secs[cur].Text = strings.Join(b, "\n")
}
