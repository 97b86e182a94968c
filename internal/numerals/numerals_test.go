package numerals

import (
	"slices"
	"testing"
	"unicode"
)

// TestDigitSets holds what Digit rests on: every decimal digit of
// Unicode lies in a set of ten that starts at a zero of ndZeros, so its
// value is its distance from that zero; and no other rune has a value.
func TestDigitSets(t *testing.T) {
	n := 0
	for r := rune(0); r <= unicode.MaxRune; r++ {
		v := Digit(r)
		if !unicode.Is(unicode.Nd, r) {
			if v >= 0 {
				t.Fatalf("Digit(%U) = %d for a rune that is no decimal digit", r, v)
			}
			continue
		}
		n++
		if v < 0 || v > 9 {
			t.Fatalf("Digit(%U) = %d", r, v)
		}
		// The zero of its set is a digit, and so are the nine after it.
		z := r - rune(v)
		for d := rune(0); d < 10; d++ {
			if !unicode.Is(unicode.Nd, z+d) {
				t.Fatalf("%U: set from %U is not ten digits (%U)", r, z, z+d)
			}
		}
	}
	if n < 600 {
		t.Fatalf("%d decimal digits in Unicode; want the 60 sets and more", n)
	}
	for _, c := range []struct {
		r rune
		v int
	}{{'7', 7}, {'٧', 7}, {'۷', 7}, {'७', 7}, {'৭', 7}, {'๗', 7}, {'໗', 7}, {'༧', 7}, {'၇', 7}, {'៧', 7}, {'૭', 7}, {'೭', 7}, {'７', 7}, {'𑄽', 7}, {'𝟕', 7}, {'x', -1}, {'七', -1}, {'Ⅶ', -1}, {'⑦', -1}} {
		if got := Digit(c.r); got != c.v {
			t.Errorf("Digit(%q) = %d, want %d", c.r, got, c.v)
		}
	}
}

// TestCJK checks the value of numbers in CJK numerals and digits.
func TestCJK(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
	}{
		{"十二", 12}, {"三十", 30}, {"六十", 60}, {"十六", 16}, {"百三", 103}, {"贰拾叁", 23},
		{"１２", 12}, {"१२", 12}, {"二〇二四", 2024}, {"一万二千", 12000}, {"三千五百", 3500},
		{"十万", 100000}, {"万", 0}, {"万万", 0}, {"a", 0}, {"十a", 0},
		{"百", 100}, {"千", 1000}, {"百零一", 101}, {"壱", 1}, {"弐拾参", 23}, {"参拾", 30}, {"拾", 10},
	} {
		t.Run(c.in, func(t *testing.T) {
			if got := CJK(c.in); got != c.want {
				t.Errorf("CJK(%q) = %d, want %d", c.in, got, c.want)
			}
		})
	}
}

// TestCJKRuns checks which runs of CJK numerals a text is read to state
// as numbers: two numerals or more, a numeral alone being a word.
func TestCJKRuns(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []int
	}{
		{"会員は十六歳以上", []int{16}},
		{"通知は六十日前、会費は三十日以内", []int{60, 30}},
		{"一般に百分之五十", []int{50}},
		{"二〇二四年", []int{2024}},
		{"第一条 一般", nil},
		{"第百条の規定", []int{100}},
		{"第千章", []int{1000}},
		{"제백조", nil}, // Hangul in running text: a syllable, no number
		{"百分之五十", []int{50}},
		{"百人", nil},
		{"第十条", nil},
		{"第百", nil},
		{"参照", nil},
		{"第弐拾参条", []int{23}},
		{"English 16 only", nil},
	} {
		t.Run(c.in, func(t *testing.T) {
			var got []int
			CJKRuns(c.in, func(from, to, v int) bool {
				if CJK(c.in[from:to]) != v {
					t.Errorf("%q at %d-%d: value %d", c.in, from, to, v)
				}
				got = append(got, v)
				return true
			})
			if !slices.Equal(got, c.want) {
				t.Errorf("CJKRuns(%q) = %v, want %v", c.in, got, c.want)
			}
		})
	}
}

// TestHangul checks the value of numbers in Sino-Korean numerals written
// in Hangul, and that what is not written so is no number.
func TestHangul(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
	}{
		{"일", 1}, {"십", 10}, {"십이", 12}, {"이십", 20}, {"이십삼", 23}, {"삼십", 30}, {"백", 100}, {"백오", 105},
		{"백십", 110}, {"일백", 100}, {"천구백사십팔", 1948}, {"육", 6}, {"륙", 6},
		{"", 0}, {"이이", 0}, {"십십", 0}, {"일십", 0}, {"십백", 0}, {"사람", 0}, {"이사", 0},
	} {
		t.Run(c.in, func(t *testing.T) {
			if got := Hangul(c.in); got != c.want {
				t.Errorf("Hangul(%q) = %d, want %d", c.in, got, c.want)
			}
		})
	}
	for _, r := range "일이삼사오육칠팔구십백천" {
		if !IsHangul(r) {
			t.Errorf("IsHangul(%q) = false", r)
		}
	}
	if IsHangul('조') || IsHangul('1') {
		t.Error("IsHangul of a counter or a digit")
	}
}

// TestOrdinal checks the frame that makes a single numeral a number.
func TestOrdinal(t *testing.T) {
	for _, c := range []struct {
		text     string
		from, to int
		want     bool
	}{
		{"第百条", 3, 6, true}, {"제백조", 3, 6, true}, {"百条", 0, 3, false}, {"第百人", 3, 6, false}, {"第百", 3, 6, false},
	} {
		if got := Ordinal(c.text, c.from, c.to); got != c.want {
			t.Errorf("Ordinal(%q, %d, %d) = %v, want %v", c.text, c.from, c.to, got, c.want)
		}
	}
}
