package ingest

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/langid"
	"github.com/rulesync/rulesync/internal/lazyre"
)

// headLines is how many lines at the start of a document may state its
// date without a word or number of version beside it (a title page's
// "ուժի մեջ են 2023թ.-ի հունվարի 1-ից", "in force from 1 January 2023");
// a date further on is history ("March 15th, 1997, and reworked ...").
const headLines = 6

// headRunes is how much of the start of a document is searched for its
// version line: the title and the first items.
const headRunes = 4000

// identify fills what names the document: its language (detected from
// the text unless the source or --lang states it; a stated language the
// text contradicts is warned about, and not one written in the script
// the text reads as when no language of the models writes it: "hi" and
// "und-Deva"), and its version and date from the
// version line, with the date's own text. A language the format reader
// set was stated by the source (a page's lang attribute, a reader page's
// header).
func (o Options) identify(d *corpus.Document) {
	switch {
	case o.Lang != "":
	case d.Lang == "":
		r := langid.DocumentOf(d.Title, len(d.Items), itemText(d))
		d.Lang = r.Lang
		if r.Lang == "und" {
			d.Notes = append(d.Notes, "the language could not be read from the text; give --lang")
		} else {
			d.Notes = append(d.Notes, "language detected from the text: "+r.String())
		}
	case d.Lang != "und":
		r := langid.DocumentOf(d.Title, len(d.Items), itemText(d))
		if r.Lang != "und" && r.Confidence >= 0.8 && !sameLang(r.Lang, d.Lang) && langid.Known(d.Lang) && !langid.WritesScriptOf(d.Lang, r.Lang) {
			d.Notes = append(d.Notes, fmt.Sprintf("%sthe source says its language is %s, but its text reads as %s; give --lang to correct it", WarningNote, d.Lang, r))
		}
	}
	o.versionLine(d)
}

// itemText gives the title and text of item i, which the language
// identifier reads as one text joined by a newline: it reads every item
// (are its letters all ASCII?), and the copies of all (24 MB for a table
// of 100k rows) would be held at once beside the items. An item marked
// untranslated (a draft's marker, a catalogue's empty unit) holds its
// source's text, and a title marked so its source's title: they are
// passed over where any item has a text of its own, so that a draft or
// catalogue with more of its source's text standing in than its own
// reads in its own language.
func itemText(d *corpus.Document) func(i int) (string, string) {
	stand := false
	own := false
	for i := range d.Items {
		if d.Items[i].Has(corpus.FlagUntranslated) {
			stand = true
		} else if d.Items[i].Text != "" {
			own = true
		}
	}
	if !stand || !own {
		return func(i int) (string, string) { return d.Items[i].Title, d.Items[i].Text }
	}
	return func(i int) (string, string) {
		it := &d.Items[i]
		switch {
		case it.Has(corpus.FlagUntranslated):
			return "", ""
		case it.Has(corpus.FlagTitleUntranslated):
			return "", it.Text
		}
		return it.Title, it.Text
	}
}

// head is the start of the document, where its version line is: the
// version the format reader found, the title, and the first items.
func head(d *corpus.Document) string {
	var b strings.Builder
	b.WriteString(d.Version + "\n" + d.Title + "\n")
	for i := range d.Items {
		if b.Len() > 3*headRunes {
			break
		}
		b.WriteString(d.Items[i].Title)
		b.WriteByte('\n')
		b.WriteString(d.Items[i].Text)
		b.WriteByte('\n')
	}
	return clip(b.String(), headRunes)
}

// preambles joins the texts of the document's preambles, up to
// 4*headRunes runes: where a title page ends up when a format reader
// keeps it apart.
func preambles(d *corpus.Document) string {
	var b strings.Builder
	for i := range d.Items {
		if it := &d.Items[i]; it.Kind == corpus.KindPreamble && b.Len() < 12*headRunes {
			b.WriteString(it.Text + "\n")
		}
	}
	return b.String()
}

// dateText is the text of the first line of s that states the date iso.
func dateText(s, iso, lang string) string {
	for _, l := range strings.Split(s, "\n") {
		if i, t := readDate(l, lang); i == iso {
			return t
		}
	}
	return ""
}

// versionLine reads the version and the date of the document from its
// version line where the format reader did not, keeps the date's text,
// and names an edition the source does not: by the version, else by the
// date. A date the reader found is kept; the version line can only make
// it more precise ("2024-01" -> "2024-01-01").
func (o Options) versionLine(d *corpus.Document) {
	h := head(d)
	if d.Version == "" {
		d.Version = parseVersion(h)
	}
	iso, text := versionDate(h, d.Lang, headLines)
	switch {
	case iso == "":
	case d.Date == "" || len(iso) > len(d.Date) && strings.HasPrefix(iso, d.Date):
		d.Date, d.DateText = iso, text
	case iso == d.Date:
		d.DateText = text
	}
	if d.Date != "" && d.DateText == "" {
		// The reader's date is another line's (a reader page's preamble
		// at the end): keep its text, found in the head or a preamble.
		d.DateText = dateText(h+"\n"+preambles(d), d.Date, d.Lang)
	}
	if o.Edition == "" && d.Edition == "" {
		switch {
		case d.Version != "" && versionNumberRe.MatchString(d.Version):
			d.Edition = d.Version
		case d.Date != "":
			d.Edition = d.Date
		case titleYear(d.Title) != "":
			// "Club Rules, Edition 2024", "2024-2025 Official Rules".
			d.Edition = titleYear(d.Title)
		}
		if d.Edition != "" {
			d.Notes = append(d.Notes, "the source names no rulebook rulesync knows; the edition is named by its version, date or the year its title states: "+d.Edition)
		}
	}
}

// titleYearRe matches a year, or a season of two ("2024-2025",
// "2024/25"), standing apart from other digits.
var titleYearRe = lazyre.New(`(?:^|[^0-9])((?:19|20)[0-9]{2}(?:\s*[-–/]\s*(?:(?:19|20)[0-9]{2}|[0-9]{2}))?)(?:[^0-9]|$)`)

// titleYear returns the year (or season) a document's title states, as
// an edition name ("2024", "2024-2025", "2024-25"), or "" when the title
// states none or more than one.
func titleYear(title string) string {
	ms := titleYearRe.FindAllStringSubmatch(corpus.Fold(title), -1)
	if len(ms) != 1 {
		return ""
	}
	y := strings.NewReplacer("–", "-", "/", "-").Replace(strings.Join(strings.Fields(ms[0][1]), ""))
	// A season is two years in a row ("2024-25"); "2024-01" is a month.
	if first, second, ok := strings.Cut(y, "-"); ok {
		a, _ := strconv.Atoi(first)
		b, _ := strconv.Atoi(second)
		if len(second) == 2 {
			b += a / 100 * 100
		}
		if b != a+1 {
			return ""
		}
	}
	return y
}
