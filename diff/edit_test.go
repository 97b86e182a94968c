package diff

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/internal/testgen"
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

// segmentRunes is Segment as it was written first, over a []rune of the
// text: the reference TestSegmentRandom holds Segment to.
func segmentRunes(text string) []string {
	var out []string
	rs := []rune(text)
	class := func(r rune) int {
		switch {
		case unicode.Is(unicode.Han, r):
			return 1
		case unicode.Is(unicode.Hiragana, r):
			return 2
		case unicode.Is(unicode.Katakana, r) || r == 'ー':
			return 3
		case unicode.Is(unicode.Hangul, r):
			return 4
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			return 5
		case unicode.IsSpace(r):
			return 6
		}
		return 0
	}
	for i := 0; i < len(rs); {
		c := class(rs[i])
		j := i + 1
		if c != 0 {
			for j < len(rs) {
				cj := class(rs[j])
				if c == 5 && cj == 0 && (rs[j] == '\'' || rs[j] == '’' || rs[j] == '-' || rs[j] == ',' || rs[j] == '.') &&
					j+1 < len(rs) && class(rs[j+1]) == 5 && (rs[j] != ',' && rs[j] != '.' || unicode.IsDigit(rs[j-1]) && unicode.IsDigit(rs[j+1])) {
					j += 2
					continue
				}
				if cj != c {
					break
				}
				j++
			}
		}
		out = append(out, string(rs[i:j]))
		i = j
	}
	return out
}

// TestSegmentRandom holds Segment to segmentRunes on random texts of
// ASCII and other letters, digits (ASCII, Arabic-Indic, full width),
// inner marks, white space of both kinds, CJK scripts, combining marks
// and invalid bytes.
func TestSegmentRandom(t *testing.T) {
	pieces := []string{"a", "Z", "é", "ß", "0", "9", "٣", "７", "'", "’", "-", ",", ".", ";", " ", "\t", "\n", "\v", "\f", "\r", "\u0085", "\u00a0", "\u3000",
		"席", "確認", "は", "プレイヤー", "ー", "한", "\u0301", "\xff", "\xe3\x81", "!", "(", "$"}
	// Half the texts are words and numbers with inner marks only:
	// "1,0,0", "a-b'c".
	marks := []string{"1", "0", "a", "b", ",", ".", "-", "'", "’", " "}
	r := rand.New(rand.NewPCG(16, 2))
	for k := range 20000 {
		from := pieces
		if k%2 == 1 {
			from = marks
		}
		s := testgen.Text(r, from, 12)
		if got, want := Segment(s), segmentRunes(s); !slices.Equal(got, want) {
			t.Fatalf("Segment(%q) = %q, the reference %q", s, got, want)
		}
	}
}

// TestRedlineRandom holds Redline, whose spans are slices of the texts
// read from a scratch it reuses, to the plain composition it stands for:
// RedlineSegments over Segment's segments, then trimShared, on random
// texts and edits of them (Japanese, invalid UTF-8 and inner marks
// among them), one after another so that each reuses what the last
// left.
func TestRedlineRandom(t *testing.T) {
	pieces := []string{"a", "bet", "Z", "é", "0", "9", "'", "-", ",", ".", " ", " ", "\n", "\u00a0",
		"席", "確認", "は", "する", "プレイヤー", "ー", "한", "\u0301", "\xff", "\xe3\x81", "!", "("}
	r := rand.New(rand.NewPCG(16, 3))
	for range 5000 {
		old := testgen.Text(r, pieces, 40)
		// The new text keeps most of the old one's segments.
		var b strings.Builder
		for _, seg := range Segment(old) {
			switch r.IntN(8) {
			case 0: // dropped
			case 1:
				b.WriteString(testgen.Text(r, pieces, 4))
			default:
				b.WriteString(seg)
			}
		}
		b.WriteString(testgen.Text(r, pieces, 3))
		new := b.String()
		_, want := RedlineSegments(Segment(old), Segment(new))
		want = trimShared(want)
		edits, got := Redline(old, new)
		if !slices.Equal(got, want) {
			t.Fatalf("Redline(%q, %q) spans = %v, the reference %v", old, new, got, want)
		}
		if !slices.Equal(edits, editsOf(want)) {
			t.Fatalf("Redline(%q, %q) edits = %v, the reference %v", old, new, edits, editsOf(want))
		}
	}
}

// editsOf is edits with the sort it no longer does: the edits of spans
// in order of Start.
func editsOf(spans []Span) []Edit {
	out := edits(spans)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out
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
		{"席を確認する。", "席を再確認する。", []Edit{{2, 2, "再"}}, "席を{+再+}確認する。"},
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
	units := maxDiffUnits
	f.Cleanup(func() { maxDiffUnits = units })
	f.Fuzz(func(t *testing.T, old, new string) {
		// Short inputs, and their length checked first: the engine
		// minimizes every input that reaches new code, running the target
		// for each subset of its bytes and counting none of those runs, and
		// a long input takes new turns of a loop (utf8.ValidString's, a
		// redline's). With inputs of any length, or their validity checked
		// before their length, FuzzRedline stalled at 0 execs/s.
		if len(old)+len(new) > 512 || !utf8.ValidString(old) || !utf8.ValidString(new) {
			return
		}
		// Each pair twice: compared whole, and in chunks as long texts
		// are (maxDiffUnits lowered so that short ones take that path).
		for _, maxDiffUnits = range []int{units, 8} {
			edits, spans := Redline(old, new)
			got, err := Apply(old, edits)
			if err != nil || got != new {
				t.Fatalf("max %d units: Apply(%q, %v) = %q, %v; want %q", maxDiffUnits, old, edits, got, err, new)
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
				t.Fatalf("max %d units: spans spell %q / %q, want %q / %q", maxDiffUnits, o.String(), n.String(), old, new)
			}
		}
		maxDiffUnits = units
	})
}

// longRedline is a pair of long texts for TestRedlineLong and
// BenchmarkRedlineLong, with what its edits may replace, inserted text
// included.
type longRedline struct {
	name     string
	old, new string
	maxRunes int
}

// longRedlines are long texts that a Myers diff takes long on (time in
// the length times the differences: two texts of 16,384 segments that
// differ throughout took 2.5 s, 65,536 took 40 s), a long text with a
// few changes, and texts of more than 130,000 distinct words.
func longRedlines() []longRedline {
	words := func(n, seed int) []string {
		out := make([]string, n)
		x := uint32(seed)
		for i := range out {
			x = x*1664525 + 1013904223
			out[i] = fmt.Sprintf("w%d", x>>20)
		}
		return out
	}
	text := strings.Join(words(20000, 1), " ")
	edited := strings.Replace(strings.Replace(strings.Replace(text, " w", " CHANGED w", 1)+"", words(20000, 1)[10000], "X", 1), words(20000, 1)[19000], "Y Z", 1)
	distinct := make([]string, 140000)
	for i := range distinct {
		distinct[i] = fmt.Sprintf("w%d", i)
	}
	many := strings.Join(distinct, " ")
	return []longRedline{
		{"differ throughout", strings.Repeat("a ", 32768), strings.Repeat("b ", 32768), 1 << 20},
		{"unrelated", text, strings.Join(words(20000, 2), " "), 1 << 20},
		{"three changes", text, edited, 60},
		{"140,000 distinct words", many, strings.Replace(many, "w70000 ", "", 1), 10},
	}
}

// TestRedlineLong: the edits of long texts give the new text, those of a
// long text with a few changes stay small, and texts of more than
// 130,000 distinct words do not panic. (Their time is
// BenchmarkRedlineLong's.)
func TestRedlineLong(t *testing.T) {
	for _, c := range longRedlines() {
		edits, _ := Redline(c.old, c.new)
		got, err := Apply(c.old, edits)
		if err != nil || got != c.new {
			t.Errorf("%s: the edits do not give the new text: %v", c.name, err)
		}
		n := 0
		for _, e := range edits {
			n += e.End - e.Start + utf8.RuneCountInString(e.New)
		}
		if n > c.maxRunes {
			t.Errorf("%s: the edits replace %d runes, want at most %d", c.name, n, c.maxRunes)
		}
	}
}

// BenchmarkRedlineLong times the redlines of longRedlines.
func BenchmarkRedlineLong(b *testing.B) {
	for _, c := range longRedlines() {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				Redline(c.old, c.new)
			}
		})
	}
}
