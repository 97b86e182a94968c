package ingest

import (
	"errors"
	"regexp"
	"strconv"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// The "markdown" format reads rulebooks kept in Markdown, such as the WCA
// Regulations and their translations: "# <wca-title>Title", a
// "<version>Version: January 1, 2024" line, articles as headings
// ("## <article-1><officials> Article 1: Officials"), and regulations as
// nested list items ("- 1e1a) text", guidelines "- 1e1a+) text").
// Headings that number a rule ("## 12: Title", "## Rule 12 - Title")
// give rule items; any other heading gives a section with the text and
// list items under it as its text and parts. Links to regulations,
// guidelines and articles become refs and are reduced to their text.

func init() {
	register(&format{name: "markdown", doc: "Markdown rulebooks (WCA Regulations style, headings per rule)", parse: parseMarkdown})
}

var (
	mdHeadingRe  = regexp.MustCompile(`^(#{1,6})\s+(.*?)\s*#*$`)
	mdTagRe      = regexp.MustCompile(`<([a-zA-Z][a-zA-Z0-9-]*)>`)
	mdArticleRe  = regexp.MustCompile(`^<article-([0-9A-Za-z]+)>`)
	mdArtTitleRe = regexp.MustCompile(`^(?:[^:：]*?\s)?([0-9A-Za-z]+)\s*[:：]\s*(.+)$|^第\s*([0-9A-Za-z]+)\s*条\s*[:：]\s*(.+)$`)
	mdRegRe      = regexp.MustCompile(`^(\s*)[-*+]\s+([0-9A-Z][0-9a-z]*(\+*))\)\s*(.*)$`)
	mdListRe     = regexp.MustCompile(`^(\s*)(?:[-*+]|\d{1,3}[.)])\s+(.*)$`)
	mdRuleHeadRe = regexp.MustCompile(`(?i)^(?:(?:rule|regra|regla|règle|regel|ルール)\s*)?(\d{1,3}(?:-[A-Z])?)\s*[:.)\-–]\s*(.+)$`)
	mdLinkRe     = regexp.MustCompile(`\[([^\]]*)\]\(([^)\s]*)\)`)
	mdEmphRe     = regexp.MustCompile(`\*\*([^*]+)\*\*|__([^_]+)__`)
)

func parseMarkdown(text string, d *corpus.Document) error {
	ls := strings.Split(corpus.Clean(text), "\n")
	var items []corpus.Item
	cur := -1
	article := ""
	inTOC := false
	addText := func(s string) {
		if cur < 0 {
			items = append(items, corpus.Item{Kind: corpus.KindPreamble})
			cur = len(items) - 1
		}
		if items[cur].Text != "" {
			items[cur].Text += "\n"
		}
		items[cur].Text += s
	}
	for _, raw := range ls {
		l := strings.TrimRight(raw, " ")
		t := strings.TrimSpace(l)
		if t == "" {
			continue
		}
		if m := mdHeadingRe.FindStringSubmatch(t); m != nil {
			inTOC = false
			level, h := len(m[1]), m[2]
			switch {
			case strings.HasPrefix(h, "<wca-title>") || (level == 1 && d.Title == "" && len(items) == 0):
				d.Title = stripTags(h)
				continue
			case strings.HasPrefix(h, "<contents>"):
				inTOC = true
				d.Notes = append(d.Notes, "dropped table of contents")
				continue
			}
			if am := mdArticleRe.FindStringSubmatch(h); am != nil {
				title := stripTags(h)
				num, name := am[1], title
				if tm := mdArtTitleRe.FindStringSubmatch(title); tm != nil {
					name = tm[2] + tm[4]
				}
				article = title
				items = append(items, corpus.Item{ID: "sec:article-" + num, Kind: corpus.KindSection, Number: num, Title: name, Section: title})
				cur = len(items) - 1
				continue
			}
			h = stripTags(h)
			if rm := mdRuleHeadRe.FindStringSubmatch(h); rm != nil {
				items = append(items, corpus.Item{Kind: corpus.KindRule, Number: rm[1], Title: rm[2], Section: article})
				cur = len(items) - 1
				continue
			}
			if level <= 2 {
				article = h
			}
			items = append(items, corpus.Item{Kind: corpus.KindSection, Title: h, Section: article})
			cur = len(items) - 1
			continue
		}
		if inTOC {
			continue
		}
		if strings.HasPrefix(t, "<version>") {
			v := stripTags(t)
			if _, after, ok := strings.Cut(strings.Replace(v, "：", ":", 1), ":"); ok {
				v = after
			}
			d.Version = strings.TrimSpace(v)
			d.Date = parseDate(v)
			continue
		}
		if strings.HasPrefix(t, "<table-of-contents>") {
			continue
		}
		if m := mdRegRe.FindStringSubmatch(l); m != nil {
			kind := corpus.KindRegulation
			if m[3] != "" {
				kind = corpus.KindGuideline
			}
			items = append(items, corpus.Item{Kind: kind, Number: m[2], Text: m[4], Section: article})
			cur = len(items) - 1
			continue
		}
		if m := mdListRe.FindStringSubmatch(l); m != nil && cur >= 0 {
			it := &items[cur]
			it.Parts = append(it.Parts, corpus.Part{Label: strconv.Itoa(len(it.Parts) + 1), Marker: "-", Text: m[2]})
		}
		addText(t)
	}
	if len(items) == 0 {
		return errors.New("markdown: no headings, rules or regulations found")
	}
	for i := range items {
		it := &items[i]
		refs := corpus.Refs(it.Text)
		it.Refs = selfless(refs, it)
		if it.Refs == nil {
			it.Refs = []string{}
		}
		it.Text = plainMarkdown(it.Text)
		for j := range it.Parts {
			it.Parts[j].Text = plainMarkdown(it.Parts[j].Text)
		}
		if it.Kind == corpus.KindSection && it.Text == "" && len(it.Parts) == 0 && it.Number == "" {
			d.Notes = append(d.Notes, "heading without text: "+it.Title)
			continue
		}
		d.Items = append(d.Items, *it)
	}
	d.Edition = detectEdition(d.Title)
	if d.Date != "" && d.Edition != "" {
		// Editions of rulebooks dated to the day are named by the date.
		if len(d.Date) == len("2006-01-02") {
			d.Edition = strings.SplitN(d.Edition, "-", 2)[0] + "-" + d.Date
		}
	}
	return nil
}

// stripTags removes anchor tags ("<article-1>") and trims.
func stripTags(s string) string { return strings.TrimSpace(mdTagRe.ReplaceAllString(s, "")) }

// plainMarkdown reduces inline Markdown to its text: links to their text,
// strong emphasis to its words.
func plainMarkdown(s string) string {
	s = mdLinkRe.ReplaceAllString(s, "$1")
	s = mdEmphRe.ReplaceAllString(s, "$1$2")
	return s
}
