package reports

import (
	"fmt"
	"sort"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// The site's language pages: languages/<tag>.html for each language of
// the workspace's documents, with every rulebook in that language (each
// translation with its progress bar and worklist) and the translations
// made from them into other languages.

// langFile is the name of a language's page: its tag, with anything
// but letters, digits and hyphens (which no BCP 47 tag has) as "_",
// and "und" for a document whose language is not known.
func langFile(tag string) string {
	if tag == "" {
		tag = "und"
	}
	return strings.Map(func(r rune) rune {
		if r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, tag) + ".html"
}

// langWords names a language by its tag and display names: "ja,
// Japanese (日本語)", "en, English", "und, language not known".
func langWords(tag string) string {
	if tag == "" {
		tag = "und"
	}
	en, self := corpus.LangName(tag)
	switch {
	case en == "":
		return tag + ", language not known"
	case self == "" || self == en:
		return tag + ", " + en
	}
	return fmt.Sprintf("%s, %s (%s)", tag, en, self)
}

// siteDoc is a document as the language pages list it.
type siteDoc struct {
	DocSummary
	Page string // its page, relative to the site's root
	Tr   *TranslationSummary
	// Role says what the document is in the workspace.
	Role string
}

// siteDocs lists the documents the build read with their pages and
// roles, by name.
func siteDocs(in siteInput) map[string]*siteDoc {
	docs := map[string]*siteDoc{}
	for _, d := range in.sum.Documents {
		docs[d.Name] = &siteDoc{DocSummary: d, Page: "documents/" + urlPath(d.Name) + ".html", Role: "edition"}
	}
	for _, c := range in.sum.Checks {
		if d := docs[c.Name]; d != nil {
			d.Role = "checked alone: " + c.counts()
		}
	}
	for i := range in.sum.Translations {
		t := &in.sum.Translations[i]
		if d := docs[t.Name]; d != nil {
			d.Page, d.Tr, d.Role = "translations/"+urlPath(t.Name)+".html", t, "translation of "+t.Source
		}
	}
	return docs
}

// languages lists the languages of the documents with their names.
func languages(docs map[string]*siteDoc) []string {
	set := map[string]bool{}
	for _, d := range docs {
		set[langFile(d.Lang)] = true
	}
	var out []string
	for _, d := range docs {
		if set[langFile(d.Lang)] {
			delete(set, langFile(d.Lang))
			out = append(out, d.Lang)
		}
	}
	sort.Slice(out, func(i, j int) bool { return langFile(out[i]) < langFile(out[j]) })
	return out
}

// languagePages adds languages/<tag>.html for each language.
func languagePages(out files, in siteInput, title string) error {
	docs := siteDocs(in)
	for _, lang := range languages(docs) {
		data, err := renderBody(page{Title: langWords(lang) + " · " + title, Root: "../"}, "language", newLanguageView(in, docs, lang))
		if err != nil {
			return err
		}
		out["languages/"+langFile(lang)] = data
	}
	return nil
}

// languageView is a language's page (templates/language.html): the
// rulebooks in it (Mine), then the translations made from them into
// other languages (From).
type languageView struct {
	Lang, Words string
	Mine, From  []docRowView
}

// docRowView is a document's row on a language page: Src is the
// source of a translation, Translated the translations of a source.
type docRowView struct {
	*siteDoc
	Src        *siteDoc
	Translated []string
}

func newLanguageView(in siteInput, docs map[string]*siteDoc, lang string) languageView {
	v := languageView{Lang: lang, Words: langWords(lang)}
	for _, d := range in.sum.Documents {
		if langFile(d.Lang) == langFile(lang) {
			v.Mine = append(v.Mine, docRow(docs[d.Name], docs))
		}
	}
	// The translations of the rulebooks in this language into others.
	for _, t := range in.sum.Translations {
		src, d := docs[t.Source], docs[t.Name]
		if src != nil && d != nil && langFile(src.Lang) == langFile(lang) && langFile(d.Lang) != langFile(lang) {
			v.From = append(v.From, docRow(d, docs))
		}
	}
	return v
}

// docRow is a document's row on a language page.
func docRow(d *siteDoc, docs map[string]*siteDoc) docRowView {
	v := docRowView{siteDoc: d}
	if d.Tr != nil {
		v.Src = docs[d.Tr.Source]
		return v
	}
	for _, t := range sortedDocs(docs) {
		if t.Tr != nil && t.Tr.Source == d.Name {
			v.Translated = append(v.Translated, t.Name)
		}
	}
	return v
}

// sortedDocs is the documents by name.
func sortedDocs(docs map[string]*siteDoc) []*siteDoc {
	var out []*siteDoc
	for _, d := range docs {
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// langCount is a language of the overview's list: how many documents
// are in it, and how many of them are translations.
type langCount struct {
	Lang               string
	Docs, Translations int
}

// langCounts lists the languages of the site's documents for the
// overview.
func langCounts(in siteInput) []langCount {
	docs := siteDocs(in)
	var out []langCount
	for _, l := range languages(docs) {
		c := langCount{Lang: l}
		for _, d := range docs {
			if langFile(d.Lang) == langFile(l) {
				c.Docs++
				if d.Tr != nil {
					c.Translations++
				}
			}
		}
		out = append(out, c)
	}
	return out
}

// nOf is n and a noun, plural unless n is 1: "1 rulebook", "2 rulebooks".
func nOf(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
