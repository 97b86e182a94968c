package gaps_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
)

// labelRe finds part labels "A:" at the start or after a sentence.
var labelRe = regexp.MustCompile(`(?:^|[\s。])([A-Z]):`)

// doc builds a document from "number|title|text" lines; "…" at the end
// of a text marks a cut preview.
func doc(lang string, lines ...string) *corpus.Document {
	d := &corpus.Document{Edition: "house-2031", Lang: lang}
	for _, l := range lines {
		f := strings.SplitN(l, "|", 3)
		it := corpus.Item{Kind: corpus.KindRule, Number: f[0], Title: f[1], Text: strings.TrimSuffix(f[2], "…"), Refs: corpus.Refs(f[2])}
		if strings.HasSuffix(f[2], "…") {
			it.SetFlag(corpus.FlagTruncated)
		}
		for _, m := range labelRe.FindAllStringSubmatch(f[2], -1) {
			it.Parts = append(it.Parts, corpus.Part{Label: m[1]})
		}
		d.Items = append(d.Items, it)
	}
	corpus.AssignIDs(d)
	return d
}

// TestChecks runs the checks on a small English rulebook and a Japanese
// translation written with one defect per check, and one clean rule for
// each thing the checks must not flag: locale numbers, full-width digits,
// 万, and numbers a cut preview cannot show.
func TestChecks(t *testing.T) {
	en := doc("en",
		"1|Seat Draw|Seats are drawn at random; the buy-in is 10,000 chips and late players draw from the same pool of 40 seats.",
		"2|Clock|A player may call for a clock after a reasonable time; the player then has 60 seconds to act, see Rule 1.",
		"3|Breaks|Play stops for a 15 minute break every two levels; the dealer colors up chips of 25 at each break.",
		"4|Penalties|A: A warning is given first. B: A missed hand follows. C: A missed round follows after that.",
		"5|Chip Counts|Players may ask for a count of an opponent's stack of 5000 chips or more, once per betting round, see Rule 2.",
		"6|Verbal Bets|A verbal bet of 1200 is binding and the chips put out later must match the declared amount of 1200 exactly.",
		"7|Hand for Hand|Hand for hand play starts when the money bubble is near, with 18 players left in 2 tables of 9.",
	)
	ja := doc("ja",
		"|席の抽選|席はランダムに抽選する。バイインは１万チップで、遅れて来たプレイヤーも同じ４０席から抽選する。",
		"|クロック|プレイヤーは相当の時間が過ぎたあとクロックを要求できる。プレイヤーはその後90秒以内にアクションしなければならない。ルール第1項を参照。",
		"|休憩|2レベルごとに15分の休憩でゲームを止める。ディーラーは休憩ごとに25のチップをカラーアップする。",
		"|ペナルティ|A: 最初に警告する。C: 次にハンドを欠場する。",
		"|チップのカウント|プレイヤーは5000チップ以上の相手のスタックのカウントを要求できる。ルール第3項を参照。",
		"|口頭のベット|口頭による1200のベットは拘束力を持ち、あとから出すチップは宣言額12…",
		"|ハンドフォーハンド|Hand for hand play starts when the money bubble is near、残り18人で9人ずつ2テーブル。",
		"|おまけ|このルールは原文にない。",
	)
	r := gaps.Options{}.Gaps(en, ja, nil)
	want := map[string]bool{
		"numbers error rule:2 rule:2":        true, // 90 seconds for 60
		"refs error rule:5 rule:5":           true, // cites rule 3 for rule 2: one finding
		"refs warning rule:5 rule:5":         false,
		"parts error rule:4 rule:4":          false,
		"parts warning rule:4 rule:4":        true, // B missing
		"untranslated warning rule:7 rule:7": true,
		"truncated info rule:6 rule:6":       true,
		"extra warning item:8":               true,
		"enumeration warning rule:4":         true, // A then C
	}
	got := map[string]gaps.Finding{}
	for _, f := range r.Findings {
		got[strings.Join(strings.Fields(string(f.Check)+" "+string(f.Severity)+" "+f.SourceID+" "+f.TargetID), " ")] = f
	}
	for k, w := range want {
		if _, ok := got[k]; ok != w {
			t.Errorf("%s: reported %v, want %v", k, ok, w)
		}
	}
	if f := got["refs error rule:5 rule:5"]; f.Message != "the translation cites Rule 3 where the source cites Rule 2" {
		t.Errorf("rule 5's reference: %q", f.Message)
	}
	// The time once, as printed: not again in seconds ("60s -> 90s").
	if f := got["numbers error rule:2 rule:2"]; f.Message != "the translation changes numbers of the source: 60 -> 90" {
		t.Errorf("rule 2's time: %q", f.Message)
	}
	for k, f := range got {
		if strings.HasPrefix(k, "numbers") && !strings.HasSuffix(k, "rule:2 rule:2") {
			t.Errorf("unexpected %s: %s", k, f.Message) // 1万, full-width ４０, the cut 12… are fine
		}
	}
	if r.Coverage != 100 {
		t.Errorf("coverage %.1f, want 100", r.Coverage)
	}
}

// TestLocaleNumbers checks that Portuguese thousands separators match
// English ones: no numbers finding.
func TestLocaleNumbers(t *testing.T) {
	en := doc("en", "1|Pot|The pot totals 10,500 and the blinds are 1,000-2,000 this level, with 90 seconds to act.")
	pt := doc("pt", "1|Pote|O pote totaliza 10.500 e os blinds são 1.000-2.000 neste nível, com 90 segundos para agir.")
	for _, f := range (gaps.Options{}).Gaps(en, pt, nil).Findings {
		t.Errorf("unexpected finding %s %s: %s", f.Check, f.Severity, f.Message)
	}
}

// TestChangedNumbers: a number given in place of the source's is one
// finding naming both; numbers in another order are no finding; a number
// dropped in one place and another added elsewhere stay two findings.
func TestChangedNumbers(t *testing.T) {
	en := doc("en",
		"1|Raise|UTG bets 1200, UTG+1 raises to 1500 and the button calls 2800 all in.",
		"2|Order|The blinds of 300 and 600 go up to 400 and 800 next level.",
		"3|Apart|Players start with 20000 chips, late entry closes at 5000 chips behind, and each level lasts 300 seconds.",
	)
	pt := doc("pt",
		"1|Aumento|UTG aposta 1200, UTG+1 aumenta para 1300 e o botão paga 2800 all in.",
		"2|Ordem|No próximo nível os blinds de 400 e 800 sobem de 300 e 600.",
		"3|Separado|Os jogadores começam com 20000 fichas, cada nível dura 300 segundos e há 7000 fichas de bônus.",
	)
	var got []string
	for _, f := range (gaps.Options{}).Gaps(en, pt, nil).Findings {
		if f.Check == gaps.Numbers {
			got = append(got, string(f.Severity)+" "+f.SourceID+": "+f.Message)
		}
	}
	want := []string{
		"error rule:1: the translation changes numbers of the source: 1500 -> 1300",
		"error rule:3: the translation states numbers the source does not: 7000",
		"warning rule:3: numbers of the source missing from the translation: 5000",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("numbers findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestChangedReference: a citation in place of the source's is one
// finding, naming both ids as the documents print them.
func TestChangedReference(t *testing.T) {
	en := doc("en", "1|Timer|Start the timer as in [Regulation A3b](regulations:regulation:A3b), then stop it.")
	ja := doc("ja", "1|タイマー|[規則 A3b1](regulations:regulation:A3b1) のようにタイマーを開始し、止める。")
	var got []string
	for _, f := range (gaps.Options{}).Gaps(en, ja, nil).Findings {
		if f.Check == gaps.Refs {
			got = append(got, string(f.Severity)+": "+f.Message)
		}
	}
	if want := "error: the translation cites A3b1 where the source cites A3b"; len(got) != 1 || got[0] != want {
		t.Errorf("refs findings %q, want [%q]", got, want)
	}
}

// TestProvenanceOneCandidate: with one candidate the translation follows
// it when its items pair with it; a document of other rules does not.
func TestProvenanceOneCandidate(t *testing.T) {
	en := doc("en",
		"1|Seat Draw|Seats are drawn at random for 40 seats and 10,000 chips.",
		"2|Clock|A player has 60 seconds to act once a clock is called.",
	)
	ja := doc("ja",
		"|席の抽選|４０席と１万チップで席はランダムに抽選する。",
		"|クロック|クロックが要求されたら、プレイヤーは60秒以内にアクションする。",
	)
	if pv, _ := (gaps.Options{}).Provenance(ja, en); pv.Best != 0 || pv.Votes[0] != 2 {
		t.Errorf("best %d, votes %v; want the one candidate, with both items", pv.Best, pv.Votes)
	}
	other := doc("en", "1|Dress Code|Players wear shoes.", "2|Food|No food at the table.")
	if pv, _ := (gaps.Options{}).Provenance(ja, other); pv.Votes[0] == 2 {
		t.Errorf("a rulebook of other rules got every item: votes %v", pv.Votes)
	}
}

// TestCheckDocument runs the source-free checks: duplicate, enumeration,
// terminology (two renderings of one term, a misspelt katakana term) and
// truncated.
func TestCheckDocument(t *testing.T) {
	d := doc("ja",
		"1|a|プレイヤーはフォールドできる。ボタンは時計回りに動く。A: 一つ目。B: 二つ目。D: 四つ目。",
		"2|b|プレイヤーはフォルドできる。ディーラーはチップを数える。",
		"3|c|同じ文章がここにあります。これは重複のテストのための文章です。",
		"4|d|同じ文章がここにあります。これは重複のテストのための文章です。",
		"5|e|ペナルティと罰則が並ぶ。途中で切れたプレビュー…",
	)
	r := gaps.Options{}.Check(d)
	var keys []string
	for _, f := range r.Findings {
		keys = append(keys, string(f.Check)+" "+f.TargetID)
	}
	for _, k := range []string{"enumeration rule:1", "terminology rule:2", "duplicate rule:4", "terminology ", "truncated rule:5"} {
		found := false
		for _, g := range keys {
			if strings.TrimSpace(g) == strings.TrimSpace(k) {
				found = true
			}
		}
		if !found {
			t.Errorf("%q not found in %v", k, keys)
		}
	}
	if r.Worst() != gaps.Warning {
		t.Errorf("worst severity %q, want warning", r.Worst())
	}
}

// TestRangeInWords: a range the source states in words of its own ("3.2
// to 3.8", "1000 to 2000") and the translation with a dash is no
// finding; a range one of whose ends the source does not state is.
func TestRangeInWords(t *testing.T) {
	en := doc("en",
		"1|Scope|Articles 3.2 to 3.8 apply to every move of a piece.",
		"2|Blinds|The blinds go from 100 to 200, then from 1000 to 2000 at the next level.",
	)
	for _, c := range []struct {
		tr   *corpus.Document
		want string
	}{
		{doc("ru",
			"1|Охват|Статьи 3.2-3.8 применяются к каждому ходу фигуры.",
			"2|Блайнды|Блайнды растут с 100-200, затем с 1000-2000 на следующем уровне."), ""},
		{doc("ru",
			"1|Охват|Статьи 3.2-3.9 применяются к каждому ходу фигуры.",
			"2|Блайнды|Блайнды растут с 100-200, затем с 1000-200 на следующем уровне."), "rule:1: the translation changes numbers of the source: 3.8 -> 3.9\nrule:1: the translation states numbers the source does not: 3.2-3.9\nrule:2: the translation states numbers the source does not: 1000-200"},
	} {
		var got []string
		for _, f := range (gaps.Options{}).Gaps(en, c.tr, nil).Findings {
			if f.Check == gaps.Numbers && f.Severity == gaps.Error {
				got = append(got, f.SourceID+": "+f.Message)
			}
		}
		if strings.Join(got, "\n") != c.want {
			t.Errorf("numbers errors %q, want %q", got, c.want)
		}
	}
}

// TestEnumerationNested: a list of roman numerals under a lettered part
// ("(b) ... except where (i) ... (ii) ...") starts a list of its own at
// i, which is no letter after b that skips c to h; a letter list that
// skips a letter, or a roman list that does not start at i, still is.
func TestEnumerationNested(t *testing.T) {
	for _, c := range []struct {
		name   string
		labels []string
		want   string // the enumeration message, "" for none
	}{
		{"roman-under-b", []string{"a", "b", "i", "ii"}, ""},
		{"roman-under-b-then-c", []string{"a", "b", "i", "ii", "iii", "iv", "v", "c"}, ""},
		{"upper-roman-under-B", []string{"A", "B", "I", "II"}, ""},
		{"letters-after-h", []string{"g", "h", "i", "j"}, ""},
		{"skip", []string{"a", "b", "d"}, "the sequence skips c (b then d)"},
		{"skip-before-roman", []string{"a", "c", "i", "ii"}, "the sequence skips b (a then c)"},
		{"v-alone", []string{"a", "b", "v"}, "the sequence skips c to u (b then v)"},
		{"eight-skipped", []string{"a", "j"}, "the sequence skips b, c, d, e, f, g, h, i (a then j)"},
		// A run of any length is named by its ends, in a message of the
		// same length.
		{"far-number", []string{"1", "2", "900000"}, "the sequence skips 3 to 899999 (2 then 900000)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := &corpus.Document{Edition: "house-2031", Lang: "en"}
			it := corpus.Item{ID: "rule:1", Kind: corpus.KindRule, Number: "1", Text: "x"}
			for _, l := range c.labels {
				it.Parts = append(it.Parts, corpus.Part{Label: l, Text: "text of " + l})
			}
			d.Items = []corpus.Item{it}
			var got []string
			for _, f := range (gaps.Options{}).Check(d).Findings {
				if f.Check == gaps.Enumeration {
					got = append(got, f.Message)
				}
			}
			if c.want == "" && len(got) > 0 || c.want != "" && (len(got) != 1 || got[0] != c.want) {
				t.Errorf("enumeration findings %q, want %q", got, c.want)
			}
		})
	}
}

// TestCitingLeavesStandInsOut: a translation whose translator cites as
// plain words (no item of its own cites) is not taken to cite by the
// source's words an item marked untranslated holds in its place (an
// empty entry of a catalogue, a draft's new item): its items that cite
// nothing get no "does not cite" note, in any form of the translation,
// the stand-in moved through every place. A translation that cites
// somewhere of its own still gets it. The citations left unchecked are
// said in one note.
func TestCitingLeavesStandInsOut(t *testing.T) {
	lines := []string{
		"1|Timer|Start the timer as in [Regulation A3b](regulations:regulation:A3b), then stop it.",
		"2|Stop|Stop the timer as in [Regulation A3c](regulations:regulation:A3c) at once.",
		"3|Reset|Reset the timer as in [Regulation A3d](regulations:regulation:A3d) after that.",
	}
	en := doc("en", lines...)
	tr := []string{"1|タイマー|規則 A3b のようにタイマーを開始し、止める。", "2|停止|規則 A3c のようにすぐにタイマーを止める。", "3|リセット|規則 A3d のようにその後タイマーをリセットする。"}
	var note []string // the note on the citations left unchecked
	lacking := func(ja *corpus.Document) []string {
		var got []string
		note = nil
		for _, f := range (gaps.Options{}).Gaps(en, ja, nil).Findings {
			switch {
			case f.Check == gaps.Refs && f.SourceID == "":
				note = append(note, f.Message)
			case f.Check == gaps.Refs:
				got = append(got, f.SourceID)
			}
		}
		return got
	}
	for k := range tr {
		ja := doc("ja", slices.Concat(tr[:k], lines[k:k+1], tr[k+1:])...)
		ja.Items[k].SetFlag(corpus.FlagUntranslated)
		if got := lacking(ja); len(got) > 0 {
			t.Errorf("item %d the source's words, marked untranslated: refs findings on %v, want none", k+1, got)
		}
		if len(note) != 1 || !strings.Contains(note[0], " 2 citations of the source (in 2 items) are not checked") {
			t.Errorf("item %d the source's words, marked untranslated: note %q, want one of the 2 citations left unchecked", k+1, note)
		}
		ja.Items[k].Flags = nil
		if got := lacking(ja); len(got) != 2 {
			t.Errorf("item %d the translator's, citing: refs findings on %v, want the two others", k+1, got)
		}
	}
}
