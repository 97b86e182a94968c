package ingest

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/lazyre"
	"github.com/rulesync/rulesync/internal/lexicon"
)

// The "reader" format is the text of a rule-reader web page as a browser
// copies it: one card per rule, each card a title and a preview that the
// site cut short (usually with "…"), and the copy glues each title to the
// end of the previous card's preview, one card per line:
//
//	Title of rule 1
//	Preview of rule 1 …Title of rule 2
//	Preview of rule 2, not cut。Title of rule 3
//
// After the rules come collapsible lists ("<name> ... 22項目") whose
// previews carry no titles and stand on one line separated by spaces,
// then the list's preamble. Before the cards is site chrome, which also
// states the page's edition, language and number of rules ("0/71").
// The block reader says only that: each card or preview is an entry (a
// title, a preview, whether it was cut), a list's header a heading with
// its count, a long line after a list text outside its entries. Items,
// kinds, sections, ids, parts and the counts' checks are the structure
// recognizer's (entry.go).

func init() {
	register(&format{name: "reader", doc: "text of a rule-reader web page (title + preview cards)", parse: parseReader, read: readReader})
}

var (
	// "TDA 2024 · ja": the edition and language the page shows.
	readerEditionRe = lazyre.New(`^(.{2,40}?)\s+((?:19|20)\d{2})\s*[·•|]\s*([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)$`)
	// "閲覧済み · 0/71": a progress counter with the number of rules.
	readerCounterRe = lazyre.New(`\d+\s*/\s*(\d+)$`)
	// "推奨手順一覧を開く一覧を閉じる 22項目": a list's header ends with
	// the count of its entries, a number and at most a short word.
	readerListRe = lazyre.New(`^(.*?\S)\s*(\d{1,4})\s*(?:\pL{1,8}\.?)?$`)
	// The labels of the control that opens and closes a list, which the
	// copy glues to the list's name (the lexicon's "list" navigation words).
	readerUIRe = lazyre.NewFunc(func() string {
		return `(?i)` + lexicon.Alternation(lexicon.KeyWords(lexicon.Navigation, "list"))
	})
	// A list marker ("2." or "3)") after which a cut preview may end.
	readerMarkRe    = lazyre.New(`(?:^|\s)\d{1,2}[.)]`)
	readerEndMarkRe = lazyre.New(`[\p{Han}\p{Hiragana}\p{Katakana}ー]\s\d{1,2}[.)]$`)
	readerGluedRe   = lazyre.New(`[\p{Ll}\d)][.!?]\p{Lu}`)
)

func parseReader(text string, d *corpus.Document) error {
	_, err := readReader(text, d)
	return err
}

// readReader reads a reader page through its block reader and the
// structure recognizer, and gives the document what the page's chrome
// says of it.
func readReader(text string, d *corpus.Document) (*structure, error) {
	bs, page, err := readerBlocks(text)
	if err != nil {
		return nil, err
	}
	st, err := fromBlocks(bs, d)
	if err != nil {
		return st, err
	}
	page.apply(d)
	return st, nil
}

// readerPage is what a reader page's chrome and layout say of the
// document, besides its blocks.
type readerPage struct {
	title, edition, lang string
	warnings             []string
}

// apply gives d the page's edition, language and title, and the version
// and the most precise date its preambles state.
func (p readerPage) apply(d *corpus.Document) {
	d.Title, d.Edition, d.Version, d.Date = p.title, p.edition, "", ""
	if p.lang != "" {
		d.Lang = p.lang
	}
	for i := range d.Items {
		if it := &d.Items[i]; it.Kind == corpus.KindPreamble {
			if d.Version == "" {
				d.Version = parseVersion(it.Text)
			}
			if date := parseDate(it.Text); len(date) > len(d.Date) && strings.HasPrefix(date, d.Date) {
				d.Date = date
			}
		}
	}
	d.Notes = append(d.Notes, p.warnings...)
}

// readerBlocks reads a reader page as blocks.
func readerBlocks(text string) ([]block, readerPage, error) {
	var page readerPage
	ls := lines(text)
	start := findCardRun(ls)
	if start < 0 {
		return nil, page, errors.New("reader: no run of title + preview cards found")
	}
	var bs []block
	for i, l := range ls[:start] {
		bs = page.chrome(bs, l, i+1)
	}
	// The rule cards.
	title := ls[start]
	var cut []int // lengths of previews cut with an ellipsis
	i := start + 1
	carry := "" // a line inside the run that carries no title: text of the next card
	for ; i < len(ls); i++ {
		preview, next := splitCard(ls[i])
		if next == "" && i+1 < len(ls) && cardLine(ls[i+1]) {
			// The run goes on after this line: it belongs to the card
			// whose title came last (an untranslated sentence, a line
			// break inside a preview), not to the page around the run.
			carry += ls[i] + " "
			page.warnings = append(page.warnings, fmt.Sprintf("%sline %q inside the cards has no card title; read as part of the preview of %q", WarningNote, clip(ls[i], 60), title))
			continue
		}
		b := previewBlock(title, carry+preview, i+1)
		carry = ""
		if b.cut() && strings.HasSuffix(strings.TrimSpace(preview), "…") {
			cut = append(cut, runeLen(b.text))
		}
		bs = append(bs, b)
		if next == "" {
			i++
			break
		}
		title = next
	}
	cutMin := 100
	if len(cut) >= 3 {
		sort.Ints(cut)
		cutMin = cut[0] * 9 / 10
	}
	// The lists that follow.
	for i < len(ls) {
		name, count, ok := listHeader(ls, i)
		if !ok {
			bs = page.chrome(bs, ls[i], i+1)
			i++
			continue
		}
		bs = append(bs, block{text: name, kind: blockHeading, level: 1, rare: rareOf(blockRare{count: count}), line: i + 1})
		for _, p := range splitPreviews(ls[i+1], cutMin) {
			bs = append(bs, previewBlock("", p, i+2))
		}
		i += 2
		// The list's preamble: long lines up to the next list header. A
		// short line between them is a heading for the next preamble.
		for ; i < len(ls); i++ {
			if _, _, ok := listHeader(ls, i); ok {
				break
			}
			l := ls[i]
			switch {
			case runeLen(l) > maxTitleRunes && endsSentence(l):
				bs = append(bs, block{text: l, line: i + 1, nest: 1})
			case titleLike(l):
				bs = append(bs, block{text: l, kind: blockHeading, level: 1, line: i + 1})
			default:
				bs = page.chrome(bs, l, i+1)
			}
		}
	}
	return bs, page, nil
}

// chrome adds line l of the page (1-based number n) as page furniture,
// and reads what it says of the page: its edition and language ("TDA
// 2024 · ja"), or the number of rules of its reading counter ("0/71").
func (p *readerPage) chrome(bs []block, l string, n int) []block {
	if l == "" {
		return bs
	}
	if m := readerEditionRe.FindStringSubmatch(l); m != nil && p.lang == "" {
		if tag, err := corpus.CanonicalLang(m[3]); err == nil {
			p.lang = tag
			p.edition = detectEdition(m[1] + " " + m[2])
			if p.edition == "" {
				p.edition = corpus.Slug(m[1]) + "-" + m[2]
			}
			p.title = m[1] + " " + m[2]
		}
	}
	b := block{text: l, line: n, chrome: "page chrome"}
	if m := readerCounterRe.FindStringSubmatch(l); m != nil {
		b.edit().count = atoi(m[1])
	}
	return append(bs, b)
}

// listHeader reads line i of ls as a list's header: a short line that
// ends with the count of the list's entries, before the long line of
// their previews. It returns the list's name, without the labels of the
// control that opens and closes it, and the count.
func listHeader(ls []string, i int) (name string, count int, ok bool) {
	l := ls[i]
	m := readerListRe.FindStringSubmatch(l)
	if m == nil || runeLen(l) > maxTitleRunes || i+1 >= len(ls) || runeLen(ls[i+1]) <= maxTitleRunes {
		return "", 0, false
	}
	// A list whose header prints no name but the control's labels is a
	// list still, called by them: its name is no part of what its
	// entries are.
	if name = strings.TrimSpace(readerUIRe.ReplaceAllString(m[1], "")); name == "" {
		name = strings.TrimSpace(m[1])
	}
	return name, atoi(m[2]), true
}

// findCardRun returns the index of the first card title: a short line
// without sentence punctuation followed by two lines that each end with a
// glued title. It returns -1 when there is none.
func findCardRun(ls []string) int {
	for i := 0; i+2 < len(ls); i++ {
		if !titleLike(ls[i]) {
			continue
		}
		if !cardLine(ls[i+1]) || !cardLine(ls[i+2]) {
			continue
		}
		return i
	}
	return -1
}

// cardLine reports whether l is a preview of some length with a title
// glued to its end.
func cardLine(l string) bool {
	p, t := splitCard(l)
	return t != "" && runeLen(p) >= 20
}

// splitCard splits a card line into the preview and the title glued to its
// end. The title starts after the last ellipsis; without one, after the
// last sentence end or list marker (a preview may be cut right after
// "2."). A title may itself contain "。" when an ellipsis precedes it.
func splitCard(l string) (preview, title string) {
	if i := strings.LastIndex(l, "…"); i >= 0 {
		preview, title = l[:i+len("…")], strings.TrimSpace(l[i+len("…"):])
	} else {
		cut := -1
		for _, p := range []string{"。", "！", "？"} {
			if i := strings.LastIndex(l, p); i >= 0 && i+len(p) > cut {
				cut = i + len(p)
			}
		}
		// In Latin script the title is glued right after the full stop.
		for _, m := range readerGluedRe.FindAllStringIndex(l, -1) {
			if end := m[1] - 1; end > cut {
				cut = end
			}
		}
		for _, m := range readerMarkRe.FindAllStringIndex(l, -1) {
			if m[1] > cut {
				cut = m[1]
			}
		}
		if cut < 0 {
			return l, ""
		}
		preview, title = l[:cut], strings.TrimSpace(l[cut:])
	}
	if !titleLike(title) || strings.TrimSpace(preview) == "" {
		return l, ""
	}
	return preview, title
}

// previewBlock is the entry of a card with its title (or of a list's
// preview, "" for none) and preview, at line n: cut where the preview
// ends in an ellipsis, in the middle of a sentence, or right after a list
// marker ("… 2.").
func previewBlock(title, preview string, n int) block {
	text, ell := trimEllipsis(preview)
	return block{text: text, kind: blockEntry, line: n,
		rare: rareOf(blockRare{title: title, cut: ell || !endsSentence(text) || readerEndMarkRe.MatchString(text)})}
}

// splitPreviews splits a line of previews joined by spaces. A preview that
// ends in "…" was cut by the site at about the same length as every other
// (at least cutMin runes), so an ellipsis always ends a preview and the
// cut preview starts at the last sentence end that leaves it that long;
// the text before it is a run of whole previews, split at sentence ends
// unless the next sentence continues the same entry (sentenceStarts).
func splitPreviews(l string, cutMin int) []string {
	var out []string
	for _, seg := range splitAfter(l, "… ") {
		seg = strings.TrimSpace(seg)
		if seg == "" {
			continue
		}
		cands := sentenceStarts(seg)
		start := 0
		if strings.HasSuffix(seg, "…") {
			for _, c := range cands {
				if runeLen(seg[c:]) >= cutMin {
					start = c
				}
			}
		} else {
			start = len(seg)
		}
		prev := 0
		for _, c := range cands {
			if c > start {
				break
			}
			if c > prev {
				out = append(out, strings.TrimSpace(seg[prev:c]))
				prev = c
			}
		}
		if prev < len(seg) {
			out = append(out, strings.TrimSpace(seg[prev:]))
		}
	}
	return out
}

func splitAfter(s, sep string) []string {
	var out []string
	for {
		i := strings.Index(s, sep)
		if i < 0 {
			return append(out, s)
		}
		out = append(out, s[:i+len(sep)])
		s = s[i+len(sep):]
	}
}

// sentenceStarts returns the byte offsets in seg where a sentence that
// may start a new preview begins: after "。 " (or ". "), unless it starts
// with a label other than a first one ("B:", "2)", "Example 2:"), which
// goes on with the parts of the entry before it ("A:", "Example 1:" may
// start one).
func sentenceStarts(seg string) []int {
	var out []int
	for _, sep := range []string{"。 ", ". ", "！ ", "？ "} {
		for off := 0; ; {
			i := strings.Index(seg[off:], sep)
			if i < 0 {
				break
			}
			c := off + i + len(sep)
			off = c
			if l, ok := readLabel(seg[c:]); c < len(seg) && (!ok || allFirst(l.comps)) {
				out = append(out, c)
			}
		}
	}
	sort.Ints(out)
	return out
}
