package ingest

import (
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
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
// then the list's preamble. Everything else is site chrome.

func init() {
	register(&format{name: "reader", doc: "text of a rule-reader web page (title + preview cards)", parse: parseReader})
}

const maxTitleRunes = 80

var (
	// "TDA 2024 · ja": the edition and language the page shows.
	readerEditionRe = regexp.MustCompile(`^(.{2,40}?)\s+((?:19|20)\d{2})\s*[·•|]\s*([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)$`)
	// "閲覧済み · 0/71": a progress counter with the number of rules.
	readerCounterRe = regexp.MustCompile(`\d+\s*/\s*(\d+)$`)
	// "推奨手順一覧を開く一覧を閉じる 22項目": a list header with its item count.
	readerListRe = regexp.MustCompile(`^(.*?)\s*(\d+)\s*(?:項目|件|個|items?|itens|entradas|entrées|Einträge)$`)
	readerUIRe   = regexp.MustCompile(`(?i)一覧を(?:開く|閉じる)|(?:open|close|show|hide|expand|collapse)(?: the)? list|abrir lista|fechar lista`)
	// A list marker ("2." or "3)") after which a cut preview may end.
	readerMarkRe    = regexp.MustCompile(`(?:^|\s)\d{1,2}[.)]`)
	readerEndMarkRe = regexp.MustCompile(`[\p{Han}\p{Hiragana}\p{Katakana}ー]\s\d{1,2}[.)]$`)
	readerGluedRe   = regexp.MustCompile(`[\p{Ll}\d)][.!?]\p{Lu}`)
)

func parseReader(text string, d *corpus.Document) error {
	if err := readReader(text, d); err != nil {
		return err
	}
	// A page whose counter states far more rules than were read lost
	// some: say so.
	for _, n := range d.Notes {
		var want int
		if _, err := fmt.Sscanf(n, "page counter says the edition has %d rules", &want); err == nil && d.Count(corpus.KindRule)*10 < want*9 {
			d.Notes = append(d.Notes, fmt.Sprintf("%sthe page counter says %d rules; %d were found", WarningNote, want, d.Count(corpus.KindRule)))
			break
		}
	}
	return nil
}

func readReader(text string, d *corpus.Document) error {
	ls := lines(text)
	start := findCardRun(ls)
	if start < 0 {
		return errors.New("reader: no run of title + preview cards found")
	}
	for _, l := range ls[:start] {
		readerChrome(l, d)
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
			d.Notes = append(d.Notes, fmt.Sprintf("%sline %q inside the cards has no card title; read as part of the preview of %q", WarningNote, clip(ls[i], 60), title))
			continue
		}
		preview = carry + preview
		carry = ""
		it := readerItem(corpus.KindRule, title, preview)
		if it.Has(corpus.FlagTruncated) && strings.HasSuffix(strings.TrimSpace(preview), "…") {
			cut = append(cut, runeLen(it.Text))
		}
		d.Items = append(d.Items, it)
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
		l := ls[i]
		m := readerListRe.FindStringSubmatch(l)
		if m == nil || i+1 >= len(ls) {
			readerChrome(l, d)
			i++
			continue
		}
		name := strings.TrimSpace(readerUIRe.ReplaceAllString(m[1], ""))
		var want int
		fmt.Sscan(m[2], &want)
		kind := namedKind(name) // the list's heading names its kind (kinds.txt)
		if kind == "" {
			kind = corpus.KindItem
		}
		previews := splitPreviews(ls[i+1], cutMin)
		if len(previews) != want {
			d.Notes = append(d.Notes, fmt.Sprintf("list %q says %d items; %d previews found", name, want, len(previews)))
		}
		for _, p := range previews {
			it := readerItem(kind, "", p)
			it.Section = name
			d.Items = append(d.Items, it)
		}
		i += 2
		// The list's preamble: long lines up to the next list header. A
		// short line between them is a heading for the next preamble.
		section := name
		for ; i < len(ls) && !readerListRe.MatchString(ls[i]); i++ {
			l := ls[i]
			if runeLen(l) <= maxTitleRunes || !endsSentence(l) {
				if titleLike(l) {
					section = l
				}
				readerChrome(l, d)
				continue
			}
			d.Items = append(d.Items, corpus.Item{Kind: corpus.KindPreamble, Text: l, Section: section})
			if d.Version == "" {
				d.Version = parseVersion(l)
			}
			// Keep the most precise date the preambles state.
			if date := parseDate(l); len(date) > len(d.Date) && strings.HasPrefix(date, d.Date) {
				d.Date = date
			}
		}
	}
	return nil
}

// readerChrome reads what a chrome line tells about the page and records
// the line as dropped.
func readerChrome(l string, d *corpus.Document) {
	if l == "" {
		return
	}
	if m := readerEditionRe.FindStringSubmatch(l); m != nil && d.Lang == "" {
		if tag, err := corpus.CanonicalLang(m[3]); err == nil {
			d.Lang = tag
			d.Edition = detectEdition(m[1] + " " + m[2])
			if d.Edition == "" {
				d.Edition = corpus.Slug(m[1]) + "-" + m[2]
			}
			if d.Title == "" {
				d.Title = m[1] + " " + m[2]
			}
		}
	}
	if m := readerCounterRe.FindStringSubmatch(l); m != nil {
		d.Notes = append(d.Notes, "page counter says the edition has "+m[1]+" rules")
	}
	d.Notes = append(d.Notes, "dropped page chrome: "+l)
	// A line as long as a sentence is not a button or a menu entry.
	if runeLen(l) > maxTitleRunes {
		d.Notes = append(d.Notes, fmt.Sprintf("%sa line of %d characters dropped as page chrome: %q", WarningNote, runeLen(l), clip(l, 60)))
	}
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

func titleLike(s string) bool {
	n := runeLen(s)
	if n == 0 || n > maxTitleRunes || strings.Contains(s, "…") {
		return false
	}
	r, _ := utf8.DecodeLastRuneInString(s)
	return !strings.ContainsRune("。．.!?！？、,", r)
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

// readerItem makes an item of a card's title and preview.
func readerItem(kind corpus.Kind, title, preview string) corpus.Item {
	text, ell := trimEllipsis(preview)
	it := corpus.Item{Kind: kind, Title: title, Text: text, Parts: letterParts(text)}
	if ell || !endsSentence(text) || readerEndMarkRe.MatchString(text) {
		it.SetFlag(corpus.FlagTruncated)
	}
	return it
}

// splitPreviews splits a line of previews joined by spaces. A preview that
// ends in "…" was cut by the site at about the same length as every other
// (at least cutMin runes), so an ellipsis always ends a preview and the
// cut preview starts at the last sentence end that leaves it that long;
// the text before it is a run of whole previews, split at sentence ends
// unless the next sentence continues the same entry (a later part label,
// an example, a step).
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

// continuationRe matches the start of a sentence that continues the entry
// before it rather than starting a new one.
var continuationRe = regexp.MustCompile(`^(?:[B-Z]\s?[:：.)）]|\d{1,2}\s?[:：)）]|例|ステップ|シチュエーション|手順|(?i:example|exemplo|ejemplo|step|passo|situation|situação|caso)\b)`)

// sentenceStarts returns the byte offsets in seg where a sentence that
// may start a new preview begins: after "。 " (or ". ") and not a
// continuation.
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
			if c < len(seg) && !continuationRe.MatchString(seg[c:]) {
				out = append(out, c)
			}
		}
	}
	sort.Ints(out)
	return out
}
