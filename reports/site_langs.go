package reports

import (
	"fmt"
	"html/template"
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

// langLink links a language's page from a page at root.
func langLink(tag, root string) string {
	return fmt.Sprintf("<a href=\"%slanguages/%s\">%s</a>", root, esc(langFile(tag)), esc(langWords(tag)))
}

// siteDoc is a document as the language pages list it.
type siteDoc struct {
	DocSummary
	page string // its page, relative to the site's root
	tr   *TranslationSummary
	// role says what the document is in the workspace.
	role string
}

// siteDocs lists the documents the build read with their pages and
// roles, by name.
func siteDocs(in siteInput) map[string]*siteDoc {
	docs := map[string]*siteDoc{}
	for _, d := range in.sum.Documents {
		docs[d.Name] = &siteDoc{DocSummary: d, page: "documents/" + urlPath(d.Name) + ".html", role: "edition"}
	}
	for _, c := range in.sum.Checks {
		if d := docs[c.Name]; d != nil {
			d.role = "checked alone: " + c.counts()
		}
	}
	for i := range in.sum.Translations {
		t := &in.sum.Translations[i]
		if d := docs[t.Name]; d != nil {
			d.page, d.tr, d.role = "translations/"+urlPath(t.Name)+".html", t, "translation of "+t.Source
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
		data, err := renderBytes(page{Title: langWords(lang) + " · " + title, Root: "../", Body: template.HTML(languageBody(in, docs, lang))})
		if err != nil {
			return err
		}
		out["languages/"+langFile(lang)] = data
	}
	return nil
}

// languageBody is a language's page: the rulebooks in it, then the
// translations made from them into other languages.
func languageBody(in siteInput, docs map[string]*siteDoc, lang string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<h1>%s</h1>\n", esc(langWords(lang)))
	var mine []*siteDoc
	for _, d := range in.sum.Documents {
		if langFile(d.Lang) == langFile(lang) {
			mine = append(mine, docs[d.Name])
		}
	}
	fmt.Fprintf(&b, "<section aria-labelledby=\"rulebooks\"><h2 id=\"rulebooks\">Rulebooks in %s</h2>\n", esc(lang))
	b.WriteString("<table>\n<caption>Each rulebook in this language: its edition and items; a translation with its progress and worklist</caption>\n<thead><tr><th scope=\"col\">Rulebook</th><th scope=\"col\">Items</th><th scope=\"col\">Progress</th><th scope=\"col\">Worklist and files</th></tr></thead><tbody>\n")
	for _, d := range mine {
		b.WriteString(docRow(d, docs))
	}
	b.WriteString("</tbody></table></section>\n")
	// The translations of the rulebooks in this language into others.
	var from []*siteDoc
	for _, t := range in.sum.Translations {
		src, d := docs[t.Source], docs[t.Name]
		if src != nil && d != nil && langFile(src.Lang) == langFile(lang) && langFile(d.Lang) != langFile(lang) {
			from = append(from, d)
		}
	}
	if len(from) > 0 {
		fmt.Fprintf(&b, "<section aria-labelledby=\"from\"><h2 id=\"from\">Translations of these rulebooks into other languages</h2>\n")
		b.WriteString("<table>\n<caption>Each translation made from a rulebook in this language: its progress and worklist</caption>\n<thead><tr><th scope=\"col\">Translation</th><th scope=\"col\">Items</th><th scope=\"col\">Progress</th><th scope=\"col\">Worklist and files</th></tr></thead><tbody>\n")
		for _, d := range from {
			b.WriteString(docRow(d, docs))
		}
		b.WriteString("</tbody></table></section>\n")
	}
	return b.String()
}

// docRow is a document's row on a language page, its links from
// languages/.
func docRow(d *siteDoc, docs map[string]*siteDoc) string {
	meta := esc(d.Edition) + ", " + langLink(d.Lang, "../") + "; " + esc(d.role)
	if d.tr != nil {
		if src := docs[d.tr.Source]; src != nil {
			meta = fmt.Sprintf("%s, %s; translation of <a href=\"../%s\">%s</a>", esc(d.Edition), langLink(d.Lang, "../"), esc(src.page), esc(src.Name))
		}
		return fmt.Sprintf("<tr id=\"tr-%s\"><th scope=\"row\"><a href=\"../%s\">%s</a><div class=\"meta\">%s</div></th><td class=\"n\">%d</td><td>%s</td><td class=\"files\">%s</td></tr>\n",
			esc(d.Name), esc(d.page), esc(d.Name), meta, d.Items, progressBar(d.Name, *d.tr), translationFiles(d.Name, d.tr.Draft, "../"))
	}
	var trs []string
	for _, t := range sortedDocs(docs) {
		if t.tr != nil && t.tr.Source == d.Name {
			trs = append(trs, fmt.Sprintf("<a href=\"#tr-%s\">%s</a>", esc(t.Name), esc(t.Name)))
		}
	}
	files := ""
	if len(trs) > 0 {
		files = "Translated as " + strings.Join(trs, ", ")
	}
	return fmt.Sprintf("<tr id=\"doc-%s\"><th scope=\"row\"><a href=\"../%s\">%s</a><div class=\"meta\">%s</div></th><td class=\"n\">%d</td><td></td><td>%s</td></tr>\n",
		esc(d.Name), esc(d.page), esc(d.Name), meta, d.Items, files)
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

// languagesSection is the overview's list of the language pages.
func languagesSection(in siteInput) string {
	docs := siteDocs(in)
	langs := languages(docs)
	if len(langs) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("<section aria-labelledby=\"languages\"><h2 id=\"languages\">Languages</h2>\n<ul>\n")
	for _, l := range langs {
		n, tr := 0, 0
		for _, d := range docs {
			if langFile(d.Lang) == langFile(l) {
				n++
				if d.tr != nil {
					tr++
				}
			}
		}
		fmt.Fprintf(&b, "<li>%s: %s, %s</li>\n", langLink(l, ""), nOf(n, "rulebook"), nOf(tr, "translation"))
	}
	b.WriteString("</ul></section>\n")
	return b.String()
}

// nOf is n and a noun, plural unless n is 1: "1 rulebook", "2 rulebooks".
func nOf(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
