package ingest

import (
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/lazyre"
)

// The "markdown" format reads Markdown through a CommonMark parser
// (mdblocks.go) into the structure recognizer. Its block reader also reads
// the tags the WCA Regulations' Markdown dialect adds to the layout, and
// says only what they say: "# <wca-title>Title" is the title,
// "<version>Version: January 1, 2024" the version line (kept in the
// document's version and date, not in an item), "## <contents>" the table
// of contents (page furniture, noted), and "## <article-1>... Article 1:
// Officials" an article heading with its anchor. The numbering of the
// articles and of the regulations under them ("- 1e1a) text") is the
// recognizer's, as in any other Markdown.

func init() {
	register(&format{name: "markdown", doc: "Markdown rulebooks (CommonMark; WCA Regulations tags)", parse: parseMarkdown, read: readMarkdown})
}

var (
	// mdLayoutTagRe finds the tags of the WCA dialect at the start of a
	// source line, after a heading's hashes: "## <article-1><officials>".
	mdLayoutTagRe = lazyre.New(`^(?:#{1,6}\s+)?((?:<[a-zA-Z][a-zA-Z0-9-]*>)+)`)
	mdTagRe       = lazyre.New(`<([a-zA-Z][a-zA-Z0-9-]*)>`)
)

func parseMarkdown(text string, d *corpus.Document) error {
	_, err := readMarkdown(text, d)
	return err
}

// readMarkdown reads Markdown, with the WCA dialect's tags where the
// source has them.
func readMarkdown(text string, d *corpus.Document) (*structure, error) {
	bs, lay, err := markdownLayout(text)
	if err != nil {
		return nil, err
	}
	var partless func([]corpus.Item) []bool
	if len(lay.articles) > 0 {
		partless = lay.regulations
	}
	st, err := readBoldHeadings(bs, d, func(bs []block, d *corpus.Document) (*structure, error) {
		return fromBlocksPartless(bs, d, partless)
	})
	if err != nil {
		return st, err
	}
	if len(lay.articles) > 0 {
		lay.apply(d)
		for i, n := range d.Notes {
			if strings.HasPrefix(n, StructureNote) {
				d.Notes[i] = StructureNote + st.summary(d)
			}
		}
	}
	return st, nil
}

// mdLayout is what the WCA dialect's tags said about a source.
type mdLayout struct {
	version string // the version line's text after its label: "January 1, 2024"
	// articles maps the number of each heading tagged <article-X> to the
	// heading's text: "1" -> "Article 1: Officials".
	articles map[string]string
}

// markdownLayout reads Markdown as blocks (markdownBlocks) and marks
// what the WCA dialect's tags say of them.
func markdownLayout(text string) ([]block, mdLayout, error) {
	clean := corpus.CleanLines(text)
	lay := mdLayout{articles: map[string]string{}}
	bs, err := cleanMarkdownBlocks(clean)
	if err != nil {
		return nil, lay, err
	}
	src := strings.Split(clean, "\n")
	tags := func(b block) []string {
		if b.line < 1 || b.line > len(src) {
			return nil
		}
		line := strings.TrimSpace(src[b.line-1])
		if strings.IndexByte(line, '<') < 0 {
			return nil // mdLayoutTagRe matches a tag's "<" or nothing
		}
		m := mdLayoutTagRe.FindStringSubmatch(line)
		if m == nil {
			return nil
		}
		var out []string
		for _, t := range mdTagRe.FindAllStringSubmatch(m[1], -1) {
			out = append(out, t[1])
		}
		return out
	}
	contents := 0 // the level of the table of contents' heading, while in it
	for i := range bs {
		b := &bs[i]
		if b.kind == blockHeading && contents > 0 && b.level <= contents {
			contents = 0
		}
		ts := tags(*b)
		switch {
		case contents > 0:
			b.chrome = "table of contents"
		case len(ts) == 0:
		case b.kind == blockHeading && ts[0] == "contents":
			contents = b.level
			b.chrome = "table of contents"
		case b.kind == blockHeading && strings.HasPrefix(ts[0], "article-"):
			b.edit().anchor = ts[0]
			lay.articles[strings.TrimPrefix(ts[0], "article-")] = corpus.CleanLine(b.text)
		case b.kind == blockPara && ts[0] == "version":
			v := b.text
			if _, after, ok := strings.Cut(strings.Replace(v, "：", ":", 1), ":"); ok {
				v = after
			}
			lay.version = strings.TrimSpace(v)
			b.chrome = "version line"
		case b.kind == blockCode && ts[0] == "table-of-contents" && strings.TrimSpace(b.text) == "<table-of-contents>":
			b.chrome = "table of contents"
		}
	}
	return bs, lay, nil
}

// regulations says which of items apply makes regulations (or
// guidelines), whose parts it takes away: a rule numbered in the
// regulations' scheme under an article heading (a section whose number
// a tag names), starting with the article's number.
func (lay mdLayout) regulations(items []corpus.Item) []bool {
	regs := make([]bool, len(items))
	article := ""
	for i := range items {
		it := &items[i]
		if it.Kind == corpus.KindSection && it.Number != "" {
			if _, ok := lay.articles[it.Number]; ok {
				article = it.Number
				continue
			}
		}
		regs[i] = article != "" && it.Kind == corpus.KindRule && strings.HasPrefix(it.Number, article) && isRegNumber(it.Number)
	}
	return regs
}

// isRegNumber reports whether s is a regulation's number in the WCA
// scheme, or with "+" a guideline's: an article's number or letter, then
// letters and digits alternating (`^[0-9A-Z][0-9a-z]*\+*$`).
func isRegNumber(s string) bool {
	if s == "" || !('0' <= s[0] && s[0] <= '9' || 'A' <= s[0] && s[0] <= 'Z') {
		return false
	}
	i := 1
	for i < len(s) && ('0' <= s[i] && s[i] <= '9' || 'a' <= s[i] && s[i] <= 'z') {
		i++
	}
	for i < len(s) && s[i] == '+' {
		i++
	}
	return i == len(s)
}

// apply gives a document in the WCA dialect what its tags said, and the
// kinds its documents have always had: the version and date of
// the version line (an edition dated to the day is named by the date),
// articles as sections ("sec:X"), and the items numbered in the
// regulations' scheme under them as regulations.
func (lay mdLayout) apply(d *corpus.Document) {
	if lay.version != "" {
		d.Version = lay.version
		d.Date = parseDate(lay.version)
	}
	d.Edition = detectEdition(d.Title)
	if d.Date != "" && d.Edition != "" && len(d.Date) == len("2006-01-02") {
		d.Edition = strings.SplitN(d.Edition, "-", 2)[0] + "-" + d.Date
	}
	article, section := "", ""
	regs := lay.regulations(d.Items)
	for i := range d.Items {
		it := &d.Items[i]
		if it.Kind == corpus.KindSection && it.Number != "" {
			if head, ok := lay.articles[it.Number]; ok {
				// The items under it are in the section its title names,
				// or its number where it prints none (headingSection).
				article, section = it.Number, it.Title
				if section == "" {
					section = it.Number
				}
				it.Section = head
				continue
			}
		}
		if article == "" {
			continue
		}
		if it.Section == section {
			it.Section = lay.articles[article]
		}
		if regs[i] {
			// A regulation's sub-levels are regulations of their own: an
			// enumeration inside its text is no part of it.
			it.Kind, it.Parts = corpus.KindRegulation, nil
			if strings.HasSuffix(it.Number, "+") {
				it.Kind = corpus.KindGuideline
			}
			if it.Refs != nil {
				it.Refs = selfless(it.Refs, it)
				if it.Refs == nil {
					it.Refs = []string{}
				}
			}
		}
	}
}
