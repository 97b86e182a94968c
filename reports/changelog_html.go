package reports

import (
	"crypto/sha256"
	"encoding/base64"
	"html/template"
	"io"
	"sort"
	"strings"
	"sync"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
)

// HTML writes the changelog as one self-contained page: the Markdown
// changelog's structure (summary table, scope note, contents, the
// changes, what only one edition contains), styles inline, no script and
// no external request; cross-references to items the changelog lists
// link to their entries.
func (o ChangelogOptions) HTML(w io.Writer, c *diff.Comparison) error {
	title := o.changelogTitle(c)
	l := newChangelog(c, o)
	listed := map[string]string{}
	for _, g := range l.groups {
		for _, s := range g.sections {
			for _, e := range s.entries {
				if e.new != nil {
					listed[e.new.ID] = e.anchor()
				}
			}
		}
	}
	body := l.htmlBody(changelogLinks{title: title, cite: func(ref string) string {
		if a, ok := listed[corpus.RefItem(ref)]; ok {
			return fragment(a)
		}
		return ""
	}})
	return siteTmpl().ExecuteTemplate(w, "changelog-page", changelogPageView{
		standalonePage: newStandalonePage(c.New.Lang, body.Title),
		Body:           body,
	})
}

// changelogPageView is a changelog as a page of its own
// (templates/changelog_body.html "changelog-page").
type changelogPageView struct {
	standalonePage
	Body changelogBody
}

// standalonePage is the head of a page of its own, a changelog's or a
// history's (templates/standalone.html "standalone-head").
type standalonePage struct {
	Lang  string
	CSP   template.HTMLAttr
	CSS   template.CSS
	Title string
}

// newStandalonePage is the head of a page of its own in language lang
// with title title: the changelog's style sheet, under its policy.
func newStandalonePage(lang, title string) standalonePage {
	return standalonePage{
		Lang: lang,
		// The policy is ours, its quotes kept as they are.
		CSP:   template.HTMLAttr(`content="` + changelogCSP() + `"`),
		CSS:   template.CSS(changelogCSS),
		Title: title,
	}
}

// changelogLinks is where an HTML changelog's names point: the item
// pages of the old and the new edition (nil for none) and the target of
// a citation in the new edition's text.
type changelogLinks struct {
	title            string
	oldItem, newItem func(id string) string
	cite             func(ref string) string
	// bar, when set, is the change bar the site shows under the summary.
	bar template.HTML
}

// changelogBody is a changelog's content (templates/changelog_body.html
// "changelog-body"): heading, summary and table, scope notes, contents,
// the changes by severity and section, what only one edition contains,
// moved text and stale references.
type changelogBody struct {
	Title, Summary, Filters string
	Caution                 string // diff.Comparison.Caution
	Table                   []htmlTableRow
	Bar                     template.HTML
	// HasContents is set when the changelog has more than one part.
	HasContents bool
	Groups      []htmlGroup
	Scope       []htmlScope
	Moves       []htmlMove
	StaleRefs   []string
}

// htmlTableRow is a row of the summary table.
type htmlTableRow struct {
	Kind                          string
	Substantive, Editorial, Total int
}

// htmlGroup is the changes of one severity, by section.
type htmlGroup struct {
	Sev, Title string
	Count      int
	Sections   []htmlSection
}

// htmlSection is the changes of a section; Anchor is its heading's id.
type htmlSection struct {
	Anchor, Name string
	Entries      []changelogEntry
}

// htmlScope is a scope note with the items only one edition contains.
type htmlScope struct {
	Note, Slug, Heading string
	Items               []itemLinkView
}

// htmlMove is text moved between two items.
type htmlMove struct{ From, To, Text string }

// changelogEntry is a change of an item: its headline and reason, the
// redline of its title, and its text added, removed or redlined.
type changelogEntry struct {
	Anchor                   string
	Item                     itemLinkView
	Numbering, Headline, Why string
	Severity                 string
	// HasTitle is set when the title changed: TitleRedline is its redline.
	HasTitle     bool
	TitleRedline template.HTML
	// Quote is how the text is shown: "added" (Text, its citations
	// linked), "removed" (Removed), "redline" (Text), or "" for none.
	Quote   string
	Text    template.HTML
	Removed string
}

// itemLinkView is an item's printed number and title, linked to its
// page when Href is set.
type itemLinkView struct {
	// Href is a URL made of escaped parts (urlPath, fragment).
	Href  template.URL
	Label string
}

// htmlBody is the changelog's content.
func (l *changelog) htmlBody(links changelogLinks) changelogBody {
	c := l.c
	v := changelogBody{Title: links.title, Summary: summary(c), Filters: l.filters(), Bar: links.bar, Caution: c.Caution}
	if len(c.Changes) > 0 {
		for _, r := range table(c) {
			v.Table = append(v.Table, htmlTableRow{r.kind, r.substantive, r.editorial, r.total})
		}
	}
	v.HasContents = len(l.groups) >= 2 || len(c.Scope) > 0
	for _, g := range l.groups {
		hg := htmlGroup{Sev: string(g.sev), Title: g.title(), Count: g.count()}
		for _, sec := range g.sections {
			hs := htmlSection{Anchor: string(g.sev) + "-" + slug(sec.name), Name: sec.name}
			for _, e := range sec.entries {
				hs.Entries = append(hs.Entries, l.htmlEntry(e, links))
			}
			hg.Sections = append(hg.Sections, hs)
		}
		v.Groups = append(v.Groups, hg)
	}
	for _, n := range c.Scope {
		h := scopeHeading(c, n)
		page := links.newItem
		if n.InOld {
			page = links.oldItem
		}
		sc := htmlScope{Note: n.Note, Slug: slug(h), Heading: h}
		for _, it := range scopeItems(c, n) {
			sc.Items = append(sc.Items, itemLink(it, page))
		}
		v.Scope = append(v.Scope, sc)
	}
	for _, m := range c.Moves {
		v.Moves = append(v.Moves, htmlMove{moveLabel(c.Old, m.OldID), moveLabel(c.New, m.NewID), m.Text})
	}
	refs := append([]diff.StaleRef(nil), c.StaleRefs...)
	sort.SliceStable(refs, func(i, j int) bool { return refs[i].In < refs[j].In })
	for _, s := range refs {
		v.StaleRefs = append(v.StaleRefs, s.Reason)
	}
	return v
}

func (l *changelog) htmlEntry(e entry, links changelogLinks) changelogEntry {
	it := e.item()
	page := links.newItem
	if e.new == nil {
		page = links.oldItem
	}
	v := changelogEntry{Anchor: e.anchor(), Item: itemLink(it, page), Numbering: numbering(e),
		Headline: headline(e, true), Why: why(e, true), Severity: string(e.ch.Severity)}
	if e.ch.TitleChanged && e.old != nil {
		v.HasTitle, v.TitleRedline = true, template.HTML(htmlRedline(e.ch.TitleSpans, nil, nil))
	}
	var refs []string
	if e.new != nil {
		refs = e.new.Refs
	}
	switch {
	case e.ch.Kind == diff.Added && it.Text != "":
		v.Quote, v.Text = "added", template.HTML(linkedText(it.Text, refs, links.cite))
	case e.ch.Kind == diff.Removed && it.Text != "":
		v.Quote, v.Removed = "removed", it.Text
	case len(e.ch.Spans) > 0:
		v.Quote, v.Text = "redline", template.HTML(htmlRedline(e.ch.Spans, refs, links.cite))
	}
	return v
}

// itemLink is an item's printed number and title, linked to its page
// when page gives one.
func itemLink(it *corpus.Item, page func(id string) string) itemLinkView {
	v := itemLinkView{Label: label(it)}
	if page != nil {
		v.Href = template.URL(page(it.ID))
	}
	return v
}

// slug is an anchor made of a heading.
func slug(s string) string {
	if t := corpus.Slug(s); t != "" {
		return t
	}
	return "part"
}

// changelogCSP is the changelog page's Content-Security-Policy: its one
// inline style sheet (by its sha256), nothing else.
var changelogCSP = sync.OnceValue(func() string {
	sum := sha256.Sum256([]byte("\n" + changelogCSS))
	return "default-src 'none'; style-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'; base-uri 'none'; form-action 'none'"
})

// htmlRedline renders spans with <del> and <ins>; the citations of refs
// in kept and inserted text link where cite says.
func htmlRedline(spans []diff.Span, refs []string, cite func(string) string) string {
	var b strings.Builder
	for _, s := range spans {
		switch s.Op {
		case diff.Delete:
			b.WriteString("<del>" + esc(s.Text) + "</del>")
		case diff.Insert:
			b.WriteString("<ins>" + linkedText(s.Text, refs, cite) + "</ins>")
		default:
			b.WriteString(linkedText(s.Text, refs, cite))
		}
	}
	return b.String()
}

const changelogCSS = `body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #fff; }
main { max-width: 50rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.6rem; } h2 { margin-top: 2rem; border-bottom: 1px solid #ccc; } h3 { margin-bottom: .3rem; }
ul { padding-left: 1.2rem; } li { margin: .8rem 0; } .toc li, .scope-list li { margin: .2rem 0; }
table { border-collapse: collapse; } th, td { border: 1px solid #ccc; padding: .3rem .6rem; text-align: left; } td { text-align: right; }
.meta { color: #555; font-size: .9em; } .scope { border-left: 4px solid #607d8b; padding: .3rem .8rem; background: #f4f6f8; }
blockquote { margin: .3rem 0 0 0; padding: .3rem .8rem; border-left: 4px solid #ddd; background: #fafafa; white-space: pre-wrap; }
del { background: #ffe0e0; color: #8a1010; } ins { background: #dff5df; color: #0b5a0b; text-decoration: none; border-bottom: 1px solid #0b5a0b; }
@media (prefers-color-scheme: dark) { body { background: #151515; color: #eee; } blockquote, .scope { background: #222; border-color: #444; } .meta { color: #aaa; } del { background: #4a1c1c; color: #ffb4b4; } ins { background: #1c3d1c; color: #b8f0b8; } a { color: #8ab4f8; } }
`
