package ingest_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

func itemsOf(d *corpus.Document, k corpus.Kind) []corpus.Item {
	var out []corpus.Item
	for _, it := range d.Items {
		if it.Kind == k {
			out = append(out, it)
		}
	}
	return out
}

func TestReaderPage(t *testing.T) {
	d := testcorpus.Doc(t, "seeds/tda-2024-ja-reader-page.txt")
	if d.Source.Format != "reader" {
		t.Errorf("format = %q, want reader", d.Source.Format)
	}
	if d.Edition != "tda-2024" || d.Lang != "ja" {
		t.Errorf("edition, lang = %q, %q; want tda-2024, ja (as the page states)", d.Edition, d.Lang)
	}
	rules, rps, adds := itemsOf(d, corpus.KindRule), itemsOf(d, corpus.KindRP), itemsOf(d, corpus.KindAddendum)
	if len(rules) != 68 || len(rps) != 22 || len(adds) != 14 {
		t.Fatalf("got %d rules, %d RPs, %d addendum previews; want 68, 22, 14", len(rules), len(rps), len(adds))
	}
	// Titles as the page prints them, including one with "。" inside, one
	// after a preview cut without an ellipsis, and the first and last.
	wantTitles := map[int]string{
		0:  "プレイヤーの責務",
		3:  "電子機器および通信",
		23: "カードとチップは、見やすく数えやすく管理する。裁量によるカラーアップ",
		34: "サブスタンシャルアクション（SA）",
		64: "カードのエクスポーズと適切なフォールド",
		67: "警告、ペナルティ、失格",
	}
	for i, want := range wantTitles {
		if rules[i].Title != want {
			t.Errorf("rule card %d title = %q, want %q", i+1, rules[i].Title, want)
		}
	}
	seen := map[string]bool{}
	for i, r := range rules {
		if r.Title == "" || r.Text == "" {
			t.Errorf("rule card %d has title %q and text %q; both must be set", i+1, r.Title, r.Text)
		}
		if seen[r.Title] {
			t.Errorf("rule title %q appears twice", r.Title)
		}
		seen[r.Title] = true
		// A title glued to the preview must have been cut off it.
		if i+1 < len(rules) && strings.HasSuffix(r.Text, rules[i+1].Title) {
			t.Errorf("rule card %d text still ends with the next title %q", i+1, rules[i+1].Title)
		}
		if strings.Contains(r.Text, "…") {
			t.Errorf("rule card %d keeps the site's ellipsis in its text: %q", i+1, r.Text)
		}
	}
	// Cut previews are flagged: with an ellipsis (rule card 1) and without
	// one (card 64 ends in "2." where the site cut it); whole ones are not.
	for _, c := range []struct {
		i         int
		truncated bool
	}{{0, true}, {2, false}, {4, false}, {63, true}, {67, true}} {
		if got := rules[c.i].Has(corpus.FlagTruncated); got != c.truncated {
			t.Errorf("rule card %d (%s) truncated = %v, want %v", c.i+1, rules[c.i].Title, got, c.truncated)
		}
	}
	for _, p := range append(rps, adds...) {
		if p.Title != "" {
			t.Errorf("%s has title %q; RP and addendum previews carry none", p.ID, p.Title)
		}
	}
	// Site chrome stays out of items.
	chrome := regexp.MustCompile(`閲覧済み|一覧を開く|一覧を閉じる|Hold’em mode|マークはこのブラウザー|\d+項目|原典の前文`)
	for _, it := range d.Items {
		if chrome.MatchString(it.Title + it.Text) {
			t.Errorf("%s carries site chrome: %q", it.ID, chrome.FindString(it.Title+it.Text))
		}
	}
	// Cross-references in the Japanese citing style.
	byTitle := map[string]corpus.Item{}
	for _, r := range rules {
		byTitle[r.Title] = r
	}
	if got := byTitle["ブラインドの回避"].Refs; len(got) != 1 || got[0] != "rule:71#B" {
		t.Errorf("ブラインドの回避 refs = %v, want [rule:71#B] (ルール第71項-B参照)", got)
	}
	if d.Version != "1.0" || d.Date != "2024-10-09" {
		t.Errorf("version, date = %q, %q; want 1.0, 2024-10-09 from the preamble", d.Version, d.Date)
	}
}

func TestWSOPPage(t *testing.T) {
	d := testcorpus.Doc(t, "seeds/wsop-2009-ja-rules-page9.txt")
	if d.Edition != "wsop-2009" || d.Lang != "ja" {
		t.Errorf("edition, lang = %q, %q; want wsop-2009, ja", d.Edition, d.Lang)
	}
	if len(d.Items) != 15 {
		t.Fatalf("got %d items, want rules 71-85", len(d.Items))
	}
	for i, it := range d.Items {
		want := corpus.ID(corpus.KindRule, strconv.Itoa(71+i))
		if it.ID != want || it.Kind != corpus.KindRule {
			t.Errorf("item %d = %s (%s), want %s", i, it.ID, it.Kind, want)
		}
		if strings.Contains(it.Text, "続きを読む") || strings.Contains(it.Text, "戻る") {
			t.Errorf("%s carries navigation: %q", it.ID, it.Text)
		}
	}
	// Rule 72 lists what causes a misdeal; machine translation mangled the
	// markers a) to e) into "1 ）", "b ）", "ç ）", "エ）".
	parts := d.Item("rule:72").Parts
	var labels []string
	for _, p := range parts {
		labels = append(labels, p.Label)
	}
	if strings.Join(labels, ",") != "a,b,c,e" {
		t.Errorf("rule 72 part labels = %v, want a,b,c,e", labels)
	}
	if len(parts) == 4 && parts[2].Marker != "ç ）" {
		t.Errorf("rule 72 part c marker = %q, want the printed %q", parts[2].Marker, "ç ）")
	}
	if got := d.Item("rule:79").Refs; len(got) != 1 || got[0] != "rule:52" {
		t.Errorf("rule 79 refs = %v, want [rule:52] (規則第52号)", got)
	}
}

func TestPortugueseAddendum(t *testing.T) {
	d := testcorpus.Doc(t, "seeds/tda-2024-addendum-pt.txt")
	if d.Source.Format != "addendum" || d.Lang != "pt" {
		t.Errorf("format, lang = %q, %q; want addendum, pt", d.Source.Format, d.Lang)
	}
	adds := itemsOf(d, corpus.KindAddendum)
	if len(adds) != 14 {
		for _, a := range adds {
			t.Logf("%s: %.60s", a.ID, a.Text)
		}
		t.Fatalf("got %d addendum entries, want 14", len(adds))
	}
	// Entry openings: a quoted rule, examples restarting at 1, prose
	// after an entry's closing bullet, a list quoting a rule.
	starts := []string{"Um processo duplo", "Exemplo: NLHE 9", "“Todas as cartas", "Exemplo 1: NLHE. 3", "Exemplo 1-A", "“Em situações", "“valor da última", "1. Sempre que", "Exemplos de situações", "Exemplo 1. Uma série", "Exemplo 1: NLHE, blinds 1000-2000", "Exemplo 1: PLO", "Exemplo 1: NLHE blinds 50-100", "Um jogador ignorado"}
	for i, s := range starts {
		if !strings.HasPrefix(adds[i].Text, s) {
			t.Errorf("entry %d starts %.40q, want %q", i+1, adds[i].Text, s)
		}
	}
	// "regra 43Valores dos Aumentos": the glued link title is gone, the
	// citation stays.
	all := ""
	for _, a := range adds {
		all += a.Text + "\n"
	}
	for _, glued := range []string{"43Valores", "45Apostas", "20Concedendo", "36Ação", "58Desistências", "Valores dos Aumentos", "Concedendo Fichas Indivisíveis"} {
		if strings.Contains(all, glued) {
			t.Errorf("glued link title %q left in the text", glued)
		}
	}
	refs := map[string]bool{}
	for _, a := range adds {
		for _, r := range a.Refs {
			refs[r] = true
		}
	}
	for _, want := range []string{"rule:20", "rule:43", "rule:45", "rule:36", "rule:58", "rule:51#B"} {
		if !refs[want] {
			t.Errorf("no entry cites %s", want)
		}
	}
	if got := len(adds[7].Parts); got != 8 {
		t.Errorf("multiple-chip entry has %d example parts, want 8 (1, 1-A, 1-B, 2, 3, 4, 4-A, 4-B)", got)
	}
}

// TestJapaneseGuides checks the two guide pages: each heading an item
// numbered by its place (item:N, the guides print no numbers), the
// bullets, cards, terms and Q&A under it its parts, the page furniture
// and the page's title kept out of the items.
func TestJapaneseGuides(t *testing.T) {
	// item is the item with id, which must have the title.
	item := func(d *corpus.Document, id, title string) *corpus.Item {
		it := d.Item(id)
		if it == nil || it.Title != title {
			t.Errorf("%s = %+v; want the item titled %s", id, it, title)
			return &corpus.Item{}
		}
		return it
	}
	g := testcorpus.Doc(t, "seeds/holdem-basics-guide-ja.txt")
	if g.Source.Format != "guide" || g.Lang != "ja" {
		t.Errorf("format, lang = %q, %q; want guide, ja", g.Source.Format, g.Lang)
	}
	hands := item(g, "item:6", "ポーカーの役を強い順に確認")
	if len(hands.Parts) != 10 || hands.Parts[0].Title != "ロイヤルフラッシュ" || hands.Parts[9].Label != "10" {
		t.Errorf("hand-rank section = %+v; want 10 numbered parts from ロイヤルフラッシュ", hands)
	}
	faq := item(g, "item:8", "よくあるルールの疑問")
	if len(faq.Parts) != 6 || faq.Parts[0].Label != "Q1" || !strings.HasSuffix(faq.Parts[0].Title, "？") {
		t.Errorf("FAQ section = %+v; want 6 Q&A parts", faq)
	}
	actions := item(g, "item:5", "選べる5つのアクション")
	if len(actions.Parts) != 5 || actions.Parts[0].Title != "チェック" {
		t.Errorf("actions section = %+v; want 5 term/definition parts", actions)
	}
	for _, it := range g.Items {
		if it.Title == "目次" || strings.Contains(it.Text, "+4 / +4") {
			t.Errorf("%s carries page chrome", it.ID)
		}
	}
	r := testcorpus.Doc(t, "seeds/general-poker-rules-ja.txt")
	if r.Title != "一般的ポーカーのルール" {
		t.Errorf("title = %q", r.Title)
	}
	var titles []string
	for _, it := range r.Items {
		titles = append(titles, it.Title)
	}
	want := "バイイン,ボタンの動きとブラインド,ブラインドに関するルール,ベットとレイズ,勝敗の決め方,引き分け"
	if strings.Join(titles, ",") != want {
		t.Errorf("sections = %v, want %s", titles, want)
	}
	if blinds := item(r, "item:3", "ブラインドに関するルール"); len(blinds.Parts) != 8 {
		t.Errorf("blind rules section has %v bullets, want 8", blinds)
	}
}

func TestWCARegulations(t *testing.T) {
	for _, c := range []struct {
		file, edition, lang, date string
		regs                      int
	}{
		{"wca/wca-regulations-2024-01-01-en.md", "wca-2024-01-01", "en", "2024-01-01", 451},
		{"wca/wca-regulations-2021-05-01-en.md", "wca-2021-05-01", "en", "2021-05-01", 452},
		{"wca/wca-regulations-2021-05-01-ja.md", "wca-2021-05-01", "ja", "2021-05-01", 452},
	} {
		d := testcorpus.Doc(t, c.file)
		if d.Edition != c.edition || d.Lang != c.lang || d.Date != c.date {
			t.Errorf("%s: edition, lang, date = %q, %q, %q; want %q, %q, %q", c.file, d.Edition, d.Lang, d.Date, c.edition, c.lang, c.date)
		}
		regs := itemsOf(d, corpus.KindRegulation)
		ids := map[string]int{}
		for _, r := range regs {
			ids[r.ID]++
			if !regexp.MustCompile(`^rule:[0-9A-Z][0-9a-z]*$`).MatchString(r.ID) || r.Text == "" {
				t.Errorf("%s: bad regulation %s with text %q", c.file, r.ID, r.Text)
			}
			if strings.Contains(r.Text, "](") {
				t.Errorf("%s: %s keeps Markdown link syntax", c.file, r.ID)
			}
		}
		if len(regs) != c.regs || len(ids) != c.regs {
			t.Errorf("%s: %d regulations (%d distinct ids), want %d", c.file, len(regs), len(ids), c.regs)
		}
		if e := d.Item("rule:1e2"); e == nil || len(e.Refs) != 1 || e.Refs[0] != "rule:2k" {
			t.Errorf("%s: rule:1e2 = %+v; want a ref to rule:2k", c.file, e)
		}
		if a := d.Item("sec:A"); a == nil || a.Number != "A" {
			t.Errorf("%s: article A missing: %+v", c.file, a)
		}
	}
}

// TestWCAKindsAcrossLanguages checks that the kinds the recognizer gives
// the WCA Regulations come from their layout and numbering, not from
// English words: the Japanese translation of the 2021 edition (articles
// "第1条：大会役員", "第A条：...") gives every article and regulation the
// id and kind the English gives it, in the same order.
func TestWCAKindsAcrossLanguages(t *testing.T) {
	en := testcorpus.Doc(t, "wca/wca-regulations-2021-05-01-en.md")
	ja := testcorpus.Doc(t, "wca/wca-regulations-2021-05-01-ja.md")
	kinds := func(d *corpus.Document) []string {
		var out []string
		for _, it := range d.Items {
			if it.Kind == corpus.KindSection && it.Number == "" {
				continue // the unnumbered notes before the articles
			}
			out = append(out, it.ID+" "+string(it.Kind))
		}
		return out
	}
	e, j := kinds(en), kinds(ja)
	if len(e) != len(j) {
		t.Errorf("en gives %d articles and regulations, ja %d", len(e), len(j))
	}
	for i := 0; i < min(len(e), len(j)); i++ {
		if e[i] != j[i] {
			t.Fatalf("item %d: en %s, ja %s", i, e[i], j[i])
		}
	}
	if n := ja.Count(corpus.KindSection); n < 17 {
		t.Errorf("ja: %d sections; want the 17 articles 1-12 and A-Y at least", n)
	}
}

// TestDeterministic checks that ingesting the same source twice gives
// byte-identical JSON, and that the JSON reads back to the same document.
func TestDeterministic(t *testing.T) {
	for _, rel := range []string{"seeds/tda-2024-ja-reader-page.txt", "wca/wca-regulations-2021-05-01-ja.md", "seeds/tda-2024-addendum-pt.txt"} {
		a, b := testcorpus.Doc(t, rel), testcorpus.Doc(t, rel)
		a.Source.Ingested, b.Source.Ingested = "", ""
		ja, _ := corpusjson.Marshal(a)
		jb, _ := corpusjson.Marshal(b)
		if string(ja) != string(jb) {
			t.Errorf("%s: two ingests differ", rel)
		}
		back, err := ingest.Options{}.Bytes(rel+".json", ja)
		if err != nil {
			t.Fatalf("%s: reading the JSON back: %v", rel, err)
		}
		jc, _ := corpusjson.Marshal(back)
		if string(jc) != string(ja) {
			t.Errorf("%s: JSON does not round-trip through ingest", rel)
		}
	}
}
