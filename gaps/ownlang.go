package gaps

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/langid"
)

// ownShare is the share of an item's words its source's words must lack
// for the item to be a text of the translation's own: an item left in
// the source's language states the source's words, one in another
// language hardly any (numbers, names).
const ownShare = 0.5

// ownLanguage reads the language of a translation that reads as its
// source's language over the part of it that differs from the source:
// its lines most of whose words the source never writes. A translation
// left mostly in the source's language (a translation in progress)
// reads as the source's language by the majority of its text, and would
// then be no translation of it; the lines it translated are in its own
// language. It returns the language read there, when it is another than
// the source's, and the note that says so; "" where the translation
// does not read as the source's language, where a tenth of its lines
// or fewer differ from the source, or where those read as the source's
// language too (an edition of the source given as a translation).
func ownLanguage(source, translation *corpus.Document) (string, string) {
	if baseLang(source.Lang) != baseLang(translation.Lang) || !langid.Known(source.Lang) {
		return "", ""
	}
	vocab := map[string]bool{}
	for i := range source.Items {
		it := &source.Items[i]
		for _, s := range []string{it.Title, it.Text} {
			for w := range words(strings.ToLower(corpus.Fold(s))) {
				vocab[w] = true
			}
		}
	}
	// The units are the translation's lines (each title, each line of
	// each text), not its items: a reading that found few items (a
	// translation without its numbers, read as a guide) holds both
	// languages in each item, its lines one each.
	var units, own []string
	worded := 0 // units holding a word of letters
	for j := range translation.Items {
		it := &translation.Items[j]
		units = append(units, it.Title)
		units = append(units, strings.Split(it.Text, "\n")...)
	}
	for _, u := range units {
		all, known := 0, 0
		for w := range words(strings.ToLower(corpus.Fold(u))) {
			if !hasLetter(w) {
				continue
			}
			all++
			if vocab[w] {
				known++
			}
		}
		if all == 0 {
			continue
		}
		worded++
		if float64(all-known) >= ownShare*float64(all) {
			own = append(own, u)
		}
	}
	if len(own) == 0 || 10*len(own) <= worded {
		return "", ""
	}
	r := langid.DocumentOf("", len(own), func(i int) (string, string) {
		return "", own[i]
	})
	if r.Lang == "und" || baseLang(r.Lang) == baseLang(source.Lang) || r.Confidence < 0.8 {
		return "", ""
	}
	return r.Lang, fmt.Sprintf("the text reads as %s, the source's language, by most of its lines; the %d of %d lines whose words the source does not write read as %s: read as a translation into %s",
		translation.Lang, len(own), len(translation.Items), r, r.Lang)
}

// OwnLanguage returns translation in the language of the part of it
// that differs from source, where that is another language than the
// source's while the whole reads as the source's (see ownLanguage): a
// copy with that language and a note saying why. Otherwise it returns
// translation itself.
func OwnLanguage(source, translation *corpus.Document) *corpus.Document {
	lang, note := ownLanguage(source, translation)
	if lang == "" {
		return translation
	}
	t := *translation
	t.Lang = lang
	t.Notes = append(append([]string(nil), translation.Notes...), note)
	return &t
}

// hasLetter reports whether w holds a letter.
func hasLetter(w string) bool {
	return strings.ContainsFunc(w, unicode.IsLetter)
}
