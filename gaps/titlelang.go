package gaps

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/langid"
)

// reasonTitleLeft is why a title left in the source's language needs a
// look: it is counted as a title not translated (the titles finding).
const reasonTitleLeft = "the title is left in the source's language"

// minOneWord is the fewest letters of a one-word title that titleRun
// reads as words of a language, not as a code or abbreviation.
const minOneWord = 4

// maxLeftRuns bounds how many titles leftTitles looks for in the texts:
// each look reads every text once.
const maxLeftRuns = 64

// leftTitles marks the entries whose title the translation left in the
// source's language (Entry.titleLeft): the title holds the source's
// title, or half its words or more, word for word (titleRun), and the
// translation translates those words elsewhere: the source's texts
// state them and none of the translation's texts does. A title the
// source's texts never state (an organisation's name in its heading
// alone), or that the translation's texts keep as the source writes it
// (a name, a term kept), is not left.
func (d *Draft) leftTitles() {
	sl, tl := d.Source.Lang, d.Translation.Lang
	if baseLang(sl) == baseLang(tl) || !langid.Known(sl) || !langid.Known(tl) {
		return
	}
	runs := map[string][]*Entry{}
	var order []string
	for i := range d.Entries {
		e := &d.Entries[i]
		if e.Target == nil || e.State == New {
			continue
		}
		run := titleRun(e.Source, d.Title(e), sl, tl)
		if run == "" {
			continue
		}
		if _, ok := runs[run]; !ok {
			if len(order) == maxLeftRuns {
				continue
			}
			order = append(order, run)
		}
		runs[run] = append(runs[run], e)
	}
	if len(order) == 0 {
		return
	}
	var src, tr strings.Builder
	for i := range d.Entries {
		e := &d.Entries[i]
		src.WriteString(" " + strings.Join(titleWords(e.Source.Text), " ") + " \n")
		if e.Target != nil {
			tr.WriteString(" " + strings.Join(titleWords(d.Text(e)), " ") + " \n")
		}
	}
	s, t := src.String(), tr.String()
	for _, run := range order {
		if strings.Contains(s, " "+run+" ") && !strings.Contains(t, " "+run+" ") {
			for _, e := range runs[run] {
				e.titleLeft = true
			}
		}
	}
}

// titleRun is the run of words of the source item's title (src) that a
// translation's title (tr) keeps in the source's language (sl; the
// translation's is tl), folded, or "": two words or more, word for
// word, at least half the source title's words (its label's counted, so
// that a title copied whole is found, a kept name of one word in a
// longer title not), or the whole of a one-word title of minOneWord
// letters or more, reading as sl to internal/langid (confidence 0.9,
// asked only "sl or tl?"). leftTitles keeps only the runs the source's
// texts state and the translation's do not: a name or term the
// translation keeps is in its texts too. A title with words of its own besides the run and its
// label (a translated title with the original beside it), or whose run
// is in parentheses (the original as a gloss), keeps none.
func titleRun(src *corpus.Item, tr, sl, tl string) string {
	sw, tw := titleWords(src.Title), titleWords(withoutParens(tr))
	// A title of one word is the run where it is a word of minOneWord
	// letters or more (not a code: "TDA", "FAQ").
	least := min(2, len(sw))
	if len(sw) == 0 || len(tw) < least || least == 1 && utf8.RuneCountInString(sw[0]) < minOneWord {
		return ""
	}
	// The longest run of the translation's words that the source's
	// title has in the same order.
	best, at := 0, 0
	for i := range tw {
		for j := range sw {
			k := 0
			for i+k < len(tw) && j+k < len(sw) && tw[i+k] == sw[j+k] {
				k++
			}
			if k > best {
				best, at = k, i
			}
		}
	}
	if best < least || 2*best < len(sw) {
		return ""
	}
	// Besides the run, one word at most that is not the label (its
	// number): a translated label word ("Статья A").
	num, own := strings.ToLower(src.Number), 0
	for i, w := range tw {
		if i >= at && i < at+best || num != "" && strings.Contains(w, num) {
			continue
		}
		own++
	}
	if own > 1 {
		return ""
	}
	run := strings.Join(tw[at:at+best], " ")
	if r := langid.Among(run, sl, tl); baseLang(r.Lang) != baseLang(sl) || r.Confidence < 0.9 {
		return ""
	}
	return run
}

// withoutParens is s without its spans in parentheses (ASCII or
// full-width).
func withoutParens(s string) string {
	if !strings.ContainsAny(s, "(（") {
		return s
	}
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch r {
		case '(', '（':
			depth++
			continue
		case ')', '）':
			if depth > 0 {
				depth--
				continue
			}
		}
		if depth == 0 {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// titleWords are the words of a text, letters only, folded to lower
// case: numbers and punctuation are no word.
func titleWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' })
}
