package ingest

import (
	"errors"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// The "numbered" format is plain text of numbered rules, one rule per
// paragraph starting with its number: "71 。 text" (as a machine
// translation renders "71."), "12: Title", "12. text". Short lines between
// rules are section headings; navigation lines ("続きを読む：", "Next:",
// page lists) are dropped.

func init() {
	register(&format{name: "numbered", doc: "plain text of numbered rules (\"12: Title\", \"71 。 text\")", parse: parseNumbered})
}

var (
	numberedRe = regexp.MustCompile(`^(\d{1,3}(?:-[A-Z])?)\s*(?:[。．.:：)）]\s*|\s+)(\S.*)$`)
	navRe      = regexp.MustCompile(`(?i)^(?:続きを読む|戻る|次へ|前へ|次のページ|前のページ|目次に戻る|next|previous|prev|back|continue reading|read more|próxima|anterior|voltar|siguiente|suivant|précédent)\b\s*[:：»›>]?|^(?:続きを読む|戻る|次へ|前へ)`)
	pageRe     = regexp.MustCompile(`(?i)(?:ページ|page|página|seite)\s*\d+`)
)

func parseNumbered(text string, d *corpus.Document) error {
	ls := lines(text)
	var head []string
	section := ""
	last := -1
	var cur *corpus.Item
	var body []string // the lines of cur's text, joined when it closes
	flush := func() {
		if cur != nil {
			cur.Text = strings.Join(body, "\n")
			body = body[:0]
			cur.Parts = enumParts(cur.Text)
			if cur.Parts == nil {
				cur.Parts = letterParts(cur.Text)
			}
			if !endsSentence(cur.Text) {
				cur.SetFlag(corpus.FlagTruncated)
			}
			d.Items = append(d.Items, *cur)
			cur = nil
		}
	}
	for i, l := range ls {
		if l == "" {
			continue
		}
		if navRe.MatchString(l) || len(pageRe.FindAllString(l, -1)) >= 3 {
			d.Notes = append(d.Notes, "dropped navigation: "+l)
			continue
		}
		if m := numberedRe.FindStringSubmatch(l); m != nil {
			n := atoi(m[1])
			if n > last && (last < 0 || n <= last+20) {
				flush()
				last = n
				it := corpus.Item{Kind: corpus.KindRule, Number: m[1], Section: section}
				rest := m[2]
				// "12: Title" on a line of its own, its text below.
				if titleLike(rest) && runeLen(rest) <= 60 && i+1 < len(ls) && ls[i+1] != "" && numberedRe.FindString(ls[i+1]) == "" {
					it.Title = rest
				} else {
					body = append(body, rest)
				}
				cur = &it
				continue
			}
		}
		if cur == nil {
			head = append(head, l)
			continue
		}
		// A short line after a blank line is a heading for what follows.
		if i > 0 && ls[i-1] == "" && titleLike(l) && runeLen(l) <= 40 {
			flush()
			section = l
			continue
		}
		body = append(body, l)
	}
	flush()
	if len(d.Items) == 0 {
		return errors.New("numbered: no numbered rules found")
	}
	for i, l := range head {
		switch {
		case i == 0:
			d.Title = l
		case titleLike(l):
			section = l
			d.Notes = append(d.Notes, "section heading before the rules: "+l)
		default:
			d.Notes = append(d.Notes, "text before the rules: "+l)
		}
	}
	// A heading between the title and the first rule belongs to the
	// rules up to the next heading.
	if section != "" {
		for i := range d.Items {
			if d.Items[i].Section != "" {
				break
			}
			d.Items[i].Section = section
		}
	}
	d.Edition = detectEdition(strings.Join(head, "\n"))
	return nil
}

// enumMarkRe finds enumeration markers "a)", "b ）", and the mangled ones
// machine translation leaves ("ç ）", "エ）", "1 ）"): one letter or digit
// before a closing parenthesis, at the start of a clause.
// The character before the marker must not be of its own script, so that
// the end of a word ("ケース）") is not taken for a marker.
var enumMarkRe = regexp.MustCompile(`(\pL|\d)\s?[)）]`)

// enumParts splits text at a sequence of enumeration markers that stand
// for a), b), c), ...: each marker is decoded to a letter (a letter with
// a diacritic to its base letter, a katakana vowel to its romaji, a digit
// to the letter of its place), and the sequence must rise. Fewer than two
// markers, or no marker that is a Latin letter, is no enumeration.
func enumParts(text string) []corpus.Part {
	ms := enumMarkRe.FindAllStringSubmatchIndex(text, -1)
	type mark struct {
		start, body int
		printed     string
		label       rune
	}
	var seq []mark
	latin := false
	for _, m := range ms {
		printed := text[m[2]:m[3]]
		r := []rune(printed)[0]
		if m[2] > 0 {
			prev, _ := utf8.DecodeLastRuneInString(text[:m[2]])
			if sameScript(prev, r) {
				continue
			}
		}
		label := decodeMarker(r, len(seq))
		if label == 0 || (len(seq) > 0 && label <= seq[len(seq)-1].label) {
			continue
		}
		if r < 0x80 && unicode.IsLetter(r) {
			latin = true
		}
		seq = append(seq, mark{m[2], m[1], printed, label})
	}
	if len(seq) < 2 || !latin {
		return nil
	}
	parts := make([]corpus.Part, len(seq))
	for i, m := range seq {
		end := len(text)
		if i+1 < len(seq) {
			end = seq[i+1].start
		}
		p := corpus.Part{Label: string(m.label), Text: strings.TrimSpace(text[m.body:end])}
		if m.printed != p.Label {
			p.Marker = strings.TrimSpace(text[m.start:m.body])
		}
		parts[i] = p
	}
	return parts
}

// sameScript reports whether a and b are letters (or digits) of one script.
func sameScript(a, b rune) bool {
	for _, t := range []*unicode.RangeTable{unicode.Latin, unicode.Katakana, unicode.Hiragana, unicode.Han, unicode.Digit} {
		if unicode.Is(t, a) && unicode.Is(t, b) {
			return true
		}
	}
	return false
}

var kanaVowel = map[rune]rune{'ア': 'a', 'イ': 'i', 'ウ': 'u', 'エ': 'e', 'オ': 'o', 'あ': 'a', 'い': 'i', 'う': 'u', 'え': 'e', 'お': 'o'}

// decodeMarker maps a marker character to the letter it stands for; pos is
// its place in the sequence (0 for the first). It returns 0 for a
// character that stands for no letter.
func decodeMarker(r rune, pos int) rune {
	if v, ok := kanaVowel[r]; ok {
		return v
	}
	if r >= '0' && r <= '9' {
		return 'a' + rune(pos)
	}
	base := unicode.ToLower(corpus.BaseLetter(r))
	if base >= 'a' && base <= 'z' {
		return base
	}
	return 0
}
