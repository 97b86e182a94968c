package reports

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
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
	p := &printer{w: w}
	title := o.changelogTitle(c)
	p.f("<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta http-equiv=\"Content-Security-Policy\" content=\"%s\">\n<title>%s</title>\n<style>\n%s</style>\n</head>\n<body>\n<main>\n",
		esc(c.New.Lang), changelogCSP(), esc(title), changelogCSS)
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
	l.htmlBody(p, changelogLinks{title: title, cite: func(ref string) string {
		if a, ok := listed[corpus.RefItem(ref)]; ok {
			return fragment(a)
		}
		return ""
	}})
	p.f("</main>\n</body>\n</html>\n")
	return p.err
}

// changelogLinks is where an HTML changelog's names point: the item
// pages of the old and the new edition (nil for none) and the target of
// a citation in the new edition's text.
type changelogLinks struct {
	title            string
	oldItem, newItem func(id string) string
	cite             func(ref string) string
	// bar, when set, is the change bar the site shows under the summary.
	bar string
}

// htmlBody writes the changelog's content: heading, summary and table,
// scope notes, contents, the changes by severity and section, what only
// one edition contains, moved text and stale references.
func (l *changelog) htmlBody(p *printer, links changelogLinks) {
	c := l.c
	p.f("<h1>%s</h1>\n<p>%s.", esc(links.title), esc(summary(c)))
	if f := l.filters(); f != "" {
		p.f(" %s", esc(f))
	}
	p.f("</p>\n")
	if len(c.Changes) > 0 {
		p.f("<table class=\"summary\">\n<caption>Changes by kind and severity</caption>\n<thead><tr><th scope=\"col\">Change</th><th scope=\"col\">Substantive</th><th scope=\"col\">Editorial</th><th scope=\"col\">Total</th></tr></thead>\n<tbody>\n")
		for _, r := range table(c) {
			p.f("<tr class=\"k-%s\"><th scope=\"row\">%s</th><td>%d</td><td>%d</td><td>%d</td></tr>\n", r.kind, r.kind, r.substantive, r.editorial, r.total)
		}
		p.f("</tbody>\n</table>\n")
	}
	p.f("%s", links.bar)
	for _, n := range c.Scope {
		p.f("<p class=\"scope\"><strong>Scope.</strong> %s <a href=\"#%s\">The list</a>.</p>\n", esc(n.Note), esc(slug(scopeHeading(c, n))))
	}
	if toc := l.htmlContents(); toc != "" {
		p.f("<nav class=\"toc\" aria-labelledby=\"toc\"><h2 id=\"toc\">Contents</h2>\n%s</nav>\n", toc)
	}
	for _, g := range l.groups {
		p.f("<section class=\"%s\" aria-labelledby=\"%s\">\n<h2 id=\"%s\">%s</h2>\n", g.sev, g.sev, g.sev, g.title())
		for _, sec := range g.sections {
			p.f("<h3 id=\"%s\">%s</h3>\n<ul>\n", esc(string(g.sev)+"-"+slug(sec.name)), esc(sec.name))
			for _, e := range sec.entries {
				l.htmlEntry(p, e, links)
			}
			p.f("</ul>\n")
		}
		p.f("</section>\n")
	}
	for _, n := range c.Scope {
		h := scopeHeading(c, n)
		page := links.newItem
		if n.InOld {
			page = links.oldItem
		}
		p.f("<section aria-labelledby=\"%s\"><h2 id=\"%s\">%s</h2>\n<ul class=\"scope-list\">\n", esc(slug(h)), esc(slug(h)), esc(h))
		for _, it := range scopeItems(c, n) {
			p.f("<li>%s</li>\n", itemLink(it, page))
		}
		p.f("</ul></section>\n")
	}
	if len(c.Moves) > 0 {
		p.f("<section aria-labelledby=\"moved\"><h2 id=\"moved\">Text moved between rules</h2>\n<ul>\n")
		for _, m := range c.Moves {
			p.f("<li>From %s to %s: “%s”</li>\n", esc(moveLabel(c.Old, m.OldID)), esc(moveLabel(c.New, m.NewID)), esc(m.Text))
		}
		p.f("</ul></section>\n")
	}
	if len(c.StaleRefs) > 0 {
		p.f("<section aria-labelledby=\"stale-refs\"><h2 id=\"stale-refs\">Cross-references to check</h2>\n<ul>\n")
		refs := append([]diff.StaleRef(nil), c.StaleRefs...)
		sort.SliceStable(refs, func(i, j int) bool { return refs[i].In < refs[j].In })
		for _, s := range refs {
			p.f("<li>%s</li>\n", esc(s.Reason))
		}
		p.f("</ul></section>\n")
	}
}

// htmlContents is the list of an HTML changelog's parts, linked.
func (l *changelog) htmlContents() string {
	if len(l.groups) < 2 && len(l.c.Scope) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("<ul>\n")
	for _, g := range l.groups {
		fmt.Fprintf(&b, "<li><a href=\"#%s\">%s</a> (%d)<ul>\n", g.sev, g.title(), g.count())
		for _, s := range g.sections {
			fmt.Fprintf(&b, "<li><a href=\"#%s\">%s</a> (%d)</li>\n", esc(string(g.sev)+"-"+slug(s.name)), esc(s.name), len(s.entries))
		}
		b.WriteString("</ul></li>\n")
	}
	for _, n := range l.c.Scope {
		h := scopeHeading(l.c, n)
		fmt.Fprintf(&b, "<li><a href=\"#%s\">%s</a></li>\n", esc(slug(h)), esc(h))
	}
	if len(l.c.Moves) > 0 {
		b.WriteString("<li><a href=\"#moved\">Text moved between rules</a></li>\n")
	}
	if len(l.c.StaleRefs) > 0 {
		b.WriteString("<li><a href=\"#stale-refs\">Cross-references to check</a></li>\n")
	}
	b.WriteString("</ul>\n")
	return b.String()
}

func (l *changelog) htmlEntry(p *printer, e entry, links changelogLinks) {
	it := e.item()
	page := links.newItem
	if e.new == nil {
		page = links.oldItem
	}
	p.f("<li id=\"%s\"><p><strong>%s</strong> <span class=\"meta\">(%s)</span>: %s.</p>\n",
		esc(e.anchor()), itemLink(it, page), esc(numbering(e)), esc(headline(e, true)))
	if w := why(e, true); w != "" {
		p.f("<p class=\"meta\">Why %s: %s.</p>\n", e.ch.Severity, esc(w))
	}
	if e.ch.TitleChanged && e.old != nil {
		p.f("<p>Title: %s</p>\n", htmlRedline(e.ch.TitleSpans, nil, nil))
	}
	var refs []string
	if e.new != nil {
		refs = e.new.Refs
	}
	switch {
	case e.ch.Kind == diff.Added && it.Text != "":
		p.f("<blockquote><ins>%s</ins></blockquote>\n", linkedText(it.Text, refs, links.cite))
	case e.ch.Kind == diff.Removed && it.Text != "":
		p.f("<blockquote><del>%s</del></blockquote>\n", esc(it.Text))
	case len(e.ch.Spans) > 0:
		p.f("<blockquote>%s</blockquote>\n", htmlRedline(e.ch.Spans, refs, links.cite))
	}
	p.f("</li>\n")
}

// itemLink is an item's printed number and title, linked to its page
// when page gives one.
func itemLink(it *corpus.Item, page func(id string) string) string {
	if page != nil {
		if u := page(it.ID); u != "" {
			return fmt.Sprintf("<a href=\"%s\">%s</a>", esc(u), esc(label(it)))
		}
	}
	return esc(label(it))
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
