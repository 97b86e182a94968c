package align_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/synth"
)

// doc builds a document of rules from "number|title|text" lines; an
// empty number leaves the item unnumbered.
func doc(lang string, lines ...string) *corpus.Document {
	d := &corpus.Document{Edition: "test", Lang: lang}
	for _, l := range lines {
		f := strings.SplitN(l, "|", 3)
		it := corpus.Item{Kind: corpus.KindRule, Number: f[0], Title: f[1], Text: f[2]}
		it.Refs = corpus.Refs(it.Text)
		d.Items = append(d.Items, it)
	}
	corpus.AssignIDs(d)
	return d
}

var houseRules = []string{
	"1|Seat Draw|Seats are drawn at random by the floor before play starts; late players draw from the same pool of 40 seats.",
	"2|Table Changes|Players may ask for a table change once per day; requests are kept in order of arrival at the desk.",
	"3|Verbal Bets|A verbal bet of 500 is binding; chips pushed out later must match the declared amount exactly.",
	"4|Breaks|Play stops for a 15 minute break every two levels; the clock is paused until the tournament director restarts it.",
	"5|Dealer Errors|A misdeal is declared when two cards are exposed on the first round; the button does not move.",
	"6|Electronic Devices|Phones may not rest on the table and players with live hands may not use them; see Rule 2.",
}

func pairsOf(al *align.Alignment) []string {
	var out []string
	for _, p := range al.Pairs {
		var s, t []string
		for _, i := range p.Source {
			s = append(s, al.Source.Items[i].ID)
		}
		for _, j := range p.Target {
			t = append(t, al.Target.Items[j].ID)
		}
		out = append(out, strings.Join(s, "+")+"="+strings.Join(t, "+"))
	}
	return out
}

// TestSplitMergeRenumber checks the moves of the alignment on one
// language: a rule split in two (1-2), two merged (2-1), a rule inserted
// so that the later ones are renumbered, and a rule deleted.
func TestSplitMergeRenumber(t *testing.T) {
	old := doc("en", houseRules...)
	cur := doc("en",
		"1|Seat Draw|Seats are drawn at random by the floor before play starts; late players draw from the same pool of 40 seats.",
		"2|Bounties|A bounty chip worth 100 is awarded for each player a competitor knocks out of the event.",
		"3|Table Changes|Players may ask for a table change once per day;",
		"4|Table Change Order|requests are kept in order of arrival at the desk.",
		"5|Verbal Bets and Breaks|A verbal bet of 500 is binding; chips pushed out later must match the declared amount exactly. Play stops for a 15 minute break every two levels; the clock is paused until the tournament director restarts it.",
		"6|Electronic Devices|Phones may not rest on the table and players with live hands may not use them; see Rule 3.",
	)
	al := align.Options{}.Align(old, cur)
	want := []string{"rule:1=rule:1", "rule:2=rule:3+rule:4", "rule:3+rule:4=rule:5", "rule:6=rule:6"}
	if got := pairsOf(al); !slices.Equal(got, want) {
		t.Errorf("pairs %v, want %v", got, want)
	}
	if got := len(al.UnmatchedSource); got != 1 || al.Source.Items[al.UnmatchedSource[0]].ID != "rule:5" {
		t.Errorf("unmatched source %v, want rule:5 (deleted)", al.UnmatchedSource)
	}
	if got := len(al.UnmatchedTarget); got != 1 || al.Target.Items[al.UnmatchedTarget[0]].ID != "rule:2" {
		t.Errorf("unmatched target %v, want rule:2 (new)", al.UnmatchedTarget)
	}
}

// TestTranslationKeepsSequence: a translation that prints no numbers and
// shares no word with its source, whose translator condensed two rules in
// a row, pairs every rule with its own translation. Leaving each of the
// two out for a partner whose length fits better (the third source rule
// with the fifth translated one) is a shift a translation rarely makes:
// lengths alone do not buy it. The condensed pairs need a human look.
func TestTranslationKeepsSequence(t *testing.T) {
	en := doc("en",
		"|Seat Draw|Seats are drawn at random by the floor before play starts, and late players draw from the seats that are left.",
		"|Table Changes|Players may ask for a table change once a day; requests are kept in order of arrival at the desk.",
		"|Verbal Bets|A verbal bet is binding; chips pushed out later must match the declared amount exactly, or the floor rules on the amount.",
		"|Breaks|Play stops for a short break every two levels, and the clock is paused until the director restarts it.",
		"|Dealer Errors|A misdeal is declared when two cards are exposed on the first round of the deal, and the button does not move.",
		"|Phones|Phones may not rest on the table, and players with live hands may not use them.",
	)
	he := doc("he",
		"|הגרלת מקומות|המקומות מוגרלים באקראי לפני תחילת המשחק, ושחקנים מאחרים מגרילים מהמקומות שנותרו.",
		"|החלפת שולחן|שחקן רשאי לבקש החלפת שולחן פעם ביום; הבקשות נרשמות לפי סדר ההגעה לדלפק.",
		"|הימור בעל פה|הימור בעל פה מחייב את השחקן.",
		"|הפסקות|המשחק נעצר להפסקה.",
		"|טעויות חלוקה|חלוקה שגויה מוכרזת כאשר שני קלפים נחשפים בסיבוב הראשון של החלוקה, והכפתור אינו זז.",
		"|טלפונים|אסור להניח טלפונים על השולחן, ושחקנים עם יד חיה אינם רשאים להשתמש בהם.",
	)
	al := align.Options{}.Align(en, he)
	want := []string{"item:1=item:1", "item:2=item:2", "item:3=item:3", "item:4=item:4", "item:5=item:5", "item:6=item:6"}
	if got := pairsOf(al); !slices.Equal(got, want) {
		t.Fatalf("pairs %v, want each rule with its own translation %v", got, want)
	}
	for _, k := range []int{2, 3} {
		if p := al.Pairs[k]; !p.Low {
			t.Errorf("condensed translation %s: score %.2f, not marked Low", he.Items[k].ID, p.Score)
		}
	}
}

// TestSameNumberOtherText: a new edition drops rule 2 and puts another
// rule under its number, and inserts a rule before the last, which moves
// to 5. Number and order both put the two rules 2 side by side; their
// texts share little, so the pair is marked Low and says why, and the
// order does not lift it to confidence (it did: 0.52). The unchanged and
// the renumbered rules stay confident.
func TestSameNumberOtherText(t *testing.T) {
	old := doc("en",
		"1|Seat Draw|Seats are drawn at random by the floor before play starts; late players draw from the same pool of seats.",
		"2|Verbal Bets|A verbal bet in turn is binding; a player who declares a raise must put out the declared amount of chips.",
		"3|Breaks|Play stops for a break every two levels; the clock is paused until the tournament director restarts it.",
		"4|Dealer Errors|A misdeal is declared when two cards are exposed on the first round; the button does not move.",
	)
	cur := doc("en",
		"1|Seat Draw|Seats are drawn at random by the floor before play starts; late players draw from the same pool of seats.",
		"2|Table Talk|A player in turn may not discuss a live hand; the floor penalizes a player who reveals cards, whatever the declared amount of chips bet.",
		"3|Breaks|Play stops for a break every two levels; the clock is paused until the director restarts it.",
		"4|Bounties|A bounty is paid in cash at the end of each level by the tournament staff.",
		"5|Dealer Errors|A misdeal is declared when two cards are exposed on the first round; the button does not move.",
	)
	al := align.Options{}.Align(old, cur)
	want := []string{"rule:1=rule:1", "rule:2=rule:2", "rule:3=rule:3", "rule:4=rule:5"}
	if got := pairsOf(al); !slices.Equal(got, want) {
		t.Fatalf("pairs %v, want %v", got, want)
	}
	p := al.Pairs[1]
	said := false
	for _, e := range p.Evidence {
		said = said || e.Signal == "text" && !e.Agrees
	}
	if !p.Low || p.Score >= 0.5 || !said {
		t.Errorf("rule 2 under another text: score %.2f, low %v, evidence %v; want low, under 0.5, and a text signal against it", p.Score, p.Low, p.Evidence)
	}
	for _, k := range []int{0, 2, 3} {
		if q := al.Pairs[k]; q.Low {
			t.Errorf("%s: marked low (%.2f, %v)", pairsOf(al)[k], q.Score, q.Evidence)
		}
	}
}

// TestCrossingIDs checks that items identified by id (regulations) are
// paired by id even when they moved, and that such a pair says so.
func TestCrossingIDs(t *testing.T) {
	reg := func(lang string, lines ...string) *corpus.Document {
		d := doc(lang, lines...)
		for i := range d.Items {
			d.Items[i].Kind, d.Items[i].ID = corpus.KindRegulation, ""
		}
		corpus.AssignIDs(d)
		return d
	}
	en := reg("en", "1a|x|Competitors must bring 3 puzzles.", "1b|x|The judge starts the timer after 15 seconds.", "1c|x|Results are posted within 2 days.")
	ja := reg("ja", "1c|x|結果は2日以内に掲示される。", "1a|x|競技者はパズルを3個持参する。", "1b|x|ジャッジは15秒後にタイマーを始める。")
	al := align.Options{}.Align(en, ja)
	got := pairsOf(al)
	slices.Sort(got)
	if want := []string{"rule:1a=rule:1a", "rule:1b=rule:1b", "rule:1c=rule:1c"}; !slices.Equal(got, want) {
		t.Errorf("pairs %v, want %v", got, want)
	}
	moved := 0
	for _, p := range al.Pairs {
		for _, e := range p.Evidence {
			if e.Signal == "order" && !e.Agrees {
				moved++
			}
		}
	}
	if moved != 1 {
		t.Errorf("%d pairs say they moved, want 1", moved)
	}
}

// TestAlignInvariants checks on generated documents that every item is in
// at most one pair or unmatched list, pairs keep the order of both
// documents, and scores are in [0, 1].
func TestAlignInvariants(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		src, tgt := synthetic(seed, 60+int(seed)*7)
		al := align.Options{Band: 8}.Align(src, tgt)
		checkInvariants(t, al)
	}
}

func checkInvariants(t *testing.T, al *align.Alignment) {
	t.Helper()
	seenS := map[int]int{}
	seenT := map[int]int{}
	lastS, lastT := -1, -1
	for _, p := range al.Pairs {
		if p.Score < 0 || p.Score > 1 || len(p.Source) == 0 || len(p.Target) == 0 || len(p.Source)+len(p.Target) > 3 {
			t.Fatalf("bad pair %+v", p)
		}
		for _, i := range p.Source {
			seenS[i]++
		}
		for _, j := range p.Target {
			seenT[j]++
		}
		if p.Source[0] <= lastS || p.Target[0] <= lastT && !p.Anchor {
			t.Fatalf("pairs out of order at %v/%v after %d/%d", p.Source, p.Target, lastS, lastT)
		}
		lastS, lastT = p.Source[len(p.Source)-1], p.Target[len(p.Target)-1]
	}
	for _, i := range al.UnmatchedSource {
		seenS[i]++
	}
	for _, j := range al.UnmatchedTarget {
		seenT[j]++
	}
	for i := range al.Source.Items {
		if seenS[i] != 1 {
			t.Fatalf("source item %d accounted for %d times", i, seenS[i])
		}
	}
	for j := range al.Target.Items {
		if seenT[j] != 1 {
			t.Fatalf("target item %d accounted for %d times", j, seenT[j])
		}
	}
}

// synthetic returns a generated edition pair (internal/synth).
func synthetic(seed uint64, n int) (*corpus.Document, *corpus.Document) {
	old, cur, _ := synth.Editions(seed, n)
	return old, cur
}

// TestAlignCancel: an alignment whose context has ended does not do the
// work: it returns an alignment (never nil) with fewer pairs than the
// whole one. How soon a cancel during the alignment is seen is logged,
// not asserted: a timed assertion fails on a loaded machine.
func TestAlignCancel(t *testing.T) {
	if testing.Short() {
		t.Skip("aligns 10,000 items a side")
	}
	src, tgt := synthetic(1, 10000)
	start := time.Now()
	all := align.Options{}.Align(src, tgt)
	whole := time.Since(start)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if al := (align.Options{Context: ctx}).Align(src, tgt); al == nil || len(al.Pairs) >= len(all.Pairs) {
		t.Errorf("an alignment cancelled before it started gave %v, want fewer pairs than the whole one's %d", al, len(all.Pairs))
	}
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	time.AfterFunc(whole/10, cancel)
	start = time.Now()
	align.Options{Context: ctx}.Align(src, tgt)
	t.Logf("whole alignment %v, cancelled at %v: stopped after %v", whole.Round(time.Millisecond), (whole / 10).Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
}

// TestEvidenceWithoutRatio checks that a translation from which no length
// ratio is learned (a cut preview among its items, fewer than five
// confident pairs) still gets the evidence of its texts: its pairs are
// those of the first pass, which is made without evidence where a
// second pass follows.
func TestEvidenceWithoutRatio(t *testing.T) {
	src := doc("en",
		"|Seat Draw|Seats are drawn at random before play starts from a pool of 4500 seats.",
		"|Verbal Bets|A verbal bet of 7250 is binding for the player who states it.",
		"|Breaks|Play stops for a break of 1250 seconds every two levels.")
	tgt := doc("ja",
		"|席|席は4500の中から無作為に",
		"|宣言|7250の宣言は拘束力がある。",
		"|休憩|1250秒の休憩がある。")
	tgt.Items[0].Flags = []corpus.Flag{corpus.FlagTruncated}
	al := align.Options{}.Align(src, tgt)
	if al.Ratio != 0 {
		t.Fatalf("ratio %v: the test wants none learned", al.Ratio)
	}
	if len(al.Pairs) != 3 {
		t.Fatalf("pairs %v, want 3", pairsOf(al))
	}
	for _, p := range al.Pairs {
		if !slices.ContainsFunc(p.Evidence, func(e align.Evidence) bool { return e.Signal == "numbers" && e.Agrees }) {
			t.Errorf("pair %v has evidence %v, want the shared number", p.Source, p.Evidence)
		}
	}
}
