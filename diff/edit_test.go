package diff

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSegment(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"Players may re-enter; hold'em 1,000 chips.", []string{"Players", " ", "may", " ", "re-enter", ";", " ", "hold'em", " ", "1,000", " ", "chips", "."}},
		{"プレイヤーは席を確認する。", []string{"プレイヤー", "は", "席", "を", "確認", "する", "。"}},
		{"NLHEで50-100", []string{"NLHE", "で", "50-100"}},
		{"", nil},
	} {
		got := Segment(c.in)
		if !slices.Equal(got, c.want) {
			t.Errorf("Segment(%q) = %q, want %q", c.in, got, c.want)
		}
		if strings.Join(got, "") != c.in {
			t.Errorf("Segment(%q) does not join back", c.in)
		}
	}
}

// TestRedline checks whole-word redlines with rune offsets, in English
// and in Japanese.
func TestRedline(t *testing.T) {
	for _, c := range []struct {
		old, new string
		want     []Edit
		spans    string
	}{
		{"Players must stay seated.", "Players should stay seated.", []Edit{{8, 12, "should"}}, "Players [-must-]{+should+} stay seated."},
		{"A bet of 100 is binding.", "A bet of 100 is binding. Chips count.", []Edit{{24, 24, " Chips count."}}, "A bet of 100 is binding.{+ Chips count.+}"},
		{"プレイヤーは席を確認する。", "プレイヤーは座席を確認する。", []Edit{{6, 7, "座席"}}, "プレイヤーは[-席-]{+座席+}を確認する。"},
		{"same", "same", nil, "same"},
		{"申告することができる。", "申告することができない。", []Edit{{9, 10, "ない"}}, "申告することができ[-る-]{+ない+}。"},
		{"審判は席を確認しなければならない。", "ディレクターは席を確認してもよい。", []Edit{{0, 2, "ディレクター"}, {7, 16, "してもよい"}}, "[-審判-]{+ディレクター+}は席を確認[-しなければならない-]{+してもよい+}。"},
		{"ボタンを動かす。", "ボードを動かす。", []Edit{{0, 3, "ボード"}}, "[-ボタン-]{+ボード+}を動かす。"},
		{"大会規則委員会が決める。", "大会運営委員会が決める。", []Edit{{2, 4, "運営"}}, "大会[-規則-]{+運営+}委員会が決める。"},
		{"審判が決める。", "審査が決める。", []Edit{{0, 2, "審査"}}, "[-審判-]{+審査+}が決める。"},
		{"プレイヤーが決める。", "プレーヤーが決める。", []Edit{{0, 5, "プレーヤー"}}, "[-プレイヤー-]{+プレーヤー+}が決める。"},
		{"ベッティングラウンドの終わり", "ベッティングストリートの終わり", []Edit{{6, 10, "ストリート"}}, "ベッティング[-ラウンド-]{+ストリート+}の終わり"},
		{"玩家必须坐下。", "玩家可以坐下。", []Edit{{2, 4, "可以"}}, "玩家[-必须-]{+可以+}坐下。"},
	} {
		edits, spans := Redline(c.old, c.new)
		if !slices.Equal(edits, c.want) {
			t.Errorf("Redline(%q, %q) edits = %v, want %v", c.old, c.new, edits, c.want)
		}
		if got := WordDiff.Render(spans); got != c.spans {
			t.Errorf("Redline(%q, %q) = %s, want %s", c.old, c.new, got, c.spans)
		}
		if got, err := Apply(c.old, edits); err != nil || got != c.new {
			t.Errorf("Apply(%q, %v) = %q, %v; want %q", c.old, edits, got, err, c.new)
		}
	}
}

func TestApplyErrors(t *testing.T) {
	for _, edits := range [][]Edit{{{3, 2, ""}}, {{0, 10, ""}}, {{2, 3, "x"}, {1, 2, "y"}}} {
		if _, err := Apply("abcd", edits); err == nil {
			t.Errorf("Apply(abcd, %v): no error", edits)
		}
	}
}

// FuzzRedline checks the round trip: the edits of a redline turn the old
// text into the new one, the spans spell both texts, and offsets count
// runes.
func FuzzRedline(f *testing.F) {
	f.Add("Players must stay seated.", "Players should stay seated.")
	f.Add("プレイヤーは席を確認する。", "プレイヤーは座席を確認する。")
	f.Add("he or she", "they")
	f.Add("することができる。", "することができない。")
	f.Add("ああい", "あい")
	f.Add("", "x")
	f.Fuzz(func(t *testing.T, old, new string) {
		if !utf8.ValidString(old) || !utf8.ValidString(new) {
			return
		}
		edits, spans := Redline(old, new)
		got, err := Apply(old, edits)
		if err != nil || got != new {
			t.Fatalf("Apply(%q, %v) = %q, %v; want %q", old, edits, got, err, new)
		}
		var o, n strings.Builder
		for _, s := range spans {
			if s.Op != Insert {
				o.WriteString(s.Text)
			}
			if s.Op != Delete {
				n.WriteString(s.Text)
			}
		}
		if o.String() != old || n.String() != new {
			t.Fatalf("spans spell %q / %q, want %q / %q", o.String(), n.String(), old, new)
		}
	})
}
