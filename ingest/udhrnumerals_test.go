package ingest_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
)

// headingNumber is the number an article heading of a udhr page prints:
// decimal digits of any set, or a run of CJK numerals.
var headingNumber = regexp.MustCompile(`\p{Nd}+|[〇零一二三四五六七八九十百千]+`)

// cjkNumber writes n (below 10000) in CJK numerals with digits from
// digits (0 to 9) and the units ten, hundred and thousand; zero, where
// not "", for the places skipped inside the number (Chinese's "百零一").
// One is written before a unit but the first where inner is set
// (Chinese's "百一十"), before none where not (Japanese's "百十").
func cjkNumber(n int, digits []string, units [3]string, zero string, inner bool) string {
	var b strings.Builder
	skipped := false
	for k, p := range []int{1000, 100, 10, 1} {
		d := n / p % 10
		if d == 0 {
			skipped = skipped || b.Len() > 0
			continue
		}
		if skipped && zero != "" {
			b.WriteString(zero)
		}
		skipped = false
		if p == 1 || d > 1 || inner && b.Len() > 0 {
			b.WriteString(digits[d])
		}
		if p > 1 {
			b.WriteString(units[2-k])
		}
	}
	return b.String()
}

var (
	hanDigits    = strings.Split("〇 一 二 三 四 五 六 七 八 九", " ")
	formalDigits = strings.Split("〇 壱 弐 参 四 五 六 七 八 九", " ")
	hangulDigits = strings.Split("영 일 이 삼 사 오 육 칠 팔 구", " ")
	hanUnits     = [3]string{"十", "百", "千"}
	formalUnits  = [3]string{"拾", "百", "千"}
	hangulUnits  = [3]string{"십", "백", "천"}
)

// numberedItems is each item of d as its id and the labels of its parts
// ("rule:13(1,2)"), the article numbers of its ids less offset.
func numberedItems(d *corpus.Document, offset int) string {
	var out []string
	for _, it := range d.Items {
		id := it.ID
		if offset != 0 {
			if p, n, ok := strings.Cut(id, ":"); ok {
				if v, err := strconv.Atoi(n); err == nil {
					id = p + ":" + strconv.Itoa(v-offset)
				}
			}
		}
		var labels []string
		for _, p := range it.Parts {
			labels = append(labels, p.Label)
		}
		out = append(out, id+"("+strings.Join(labels, ",")+")")
	}
	return strings.Join(out, " ")
}

// TestUDHRNumeralsRewritten rewrites the article numbers of the udhr
// Chinese, Japanese and Korean pages, at run time from the real files:
// Chinese numbered from 100 (第百条, 第百零一条, ... 第百二十九条: a hundred
// alone, and 零 for a place skipped) and from 1000 (第千条, 第千零一十条),
// Japanese in its formal numerals (第壱条, 第弐拾参条), Korean in Sino-Korean
// numerals in Hangul, in the heading's words (제십이조) and as a word of
// their own (제 십이 조). Every item keeps its id (less the offset) and
// its parts. Before these numerals were read, every variant but the
// last failed (that one was numbered by its headings' places).
func TestUDHRNumeralsRewritten(t *testing.T) {
	dir, _ := udhrFiles(t)
	for _, c := range []struct {
		name, file string
		offset     int
		write      func(n int) string
	}{
		{"zh-from-100", "udhr-1948-zh.md", 99, func(n int) string { return cjkNumber(n, hanDigits, hanUnits, "零", true) }},
		{"zh-from-1000", "udhr-1948-zh.md", 999, func(n int) string { return cjkNumber(n, hanDigits, hanUnits, "零", true) }},
		{"ja-formal", "udhr-1948-ja.md", 0, func(n int) string { return cjkNumber(n, formalDigits, formalUnits, "", false) }},
		{"ko-hangul", "udhr-1948-ko.md", 0, func(n int) string { return cjkNumber(n, hangulDigits, hangulUnits, "", false) }},
		{"ko-hangul-words", "udhr-1948-ko.md", 0, func(n int) string { return " " + cjkNumber(n, hangulDigits, hangulUnits, "", false) + " " }},
	} {
		t.Run(c.name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, c.file))
			if err != nil {
				t.Fatal(err)
			}
			orig, err := ingest.Options{}.Read(c.file, strings.NewReader(string(data)))
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(string(data), "\n")
			hs := articleHeadings(lines)
			if hs == nil {
				t.Fatalf("%s: no 30 article headings", c.file)
			}
			for k, i := range hs {
				loc := headingNumber.FindStringIndex(lines[i])
				if loc == nil {
					t.Fatalf("%s: heading %q prints no number", c.file, lines[i])
				}
				// The numbers stand in their headings' words, as the page
				// prints its own ("제 1 조" -> "제십이조" or "제 십이 조").
				h := strings.TrimPrefix(lines[i][:loc[0]]+c.write(k+1+c.offset)+lines[i][loc[1]:], "## ")
				sep := ""
				if strings.HasSuffix(c.name, "-words") {
					sep = " "
				}
				lines[i] = "## " + strings.Join(strings.Fields(h), sep)
			}
			d, err := ingest.Options{}.Read(c.file, strings.NewReader(strings.Join(lines, "\n")))
			if err != nil {
				t.Fatal(err)
			}
			got, want := numberedItems(d, c.offset), numberedItems(orig, 0)
			if got != want {
				t.Errorf("items differ (headings %q, %q, ...):\n%s", lines[hs[0]], lines[hs[11]], firstDiff(got, want))
			}
		})
	}
}

// TestCJKNumberWriter holds the writer the rewrites use to the forms the
// pages print.
func TestCJKNumberWriter(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{1, "一"}, {10, "十"}, {12, "十二"}, {20, "二十"}, {100, "百"}, {101, "百零一"}, {110, "百一十"}, {129, "百二十九"}, {1005, "千零五"}, {1010, "千零一十"}} {
		if got := cjkNumber(c.n, hanDigits, hanUnits, "零", true); got != c.want {
			t.Errorf("cjkNumber(%d) = %q, want %q", c.n, got, c.want)
		}
	}
	for n, want := range map[int]string{23: "이십삼", 10: "십", 110: "백십"} {
		if got := cjkNumber(n, hangulDigits, hangulUnits, "", false); got != want {
			t.Errorf("Hangul %d = %q, want %q", n, got, want)
		}
	}
}

// paragraphLine is a numbered paragraph of the udhr Japanese and Chinese
// pages: an ordered list's item ("1. text") or a bullet that prints an
// enclosed number ("- ㈠ text").
var paragraphLine = regexp.MustCompile(`^(?:(\d)\. |- ([㈠-㈨]) ?)(.*)$`)

// TestUDHRParagraphMarkers rewrites the numbered paragraphs of the udhr
// Japanese and Chinese articles, at run time from the real files, with
// the markers CJK texts print for them (一　, 一、, （一）, (一), ①, ㈠),
// as paragraphs of their own and as bullets: each article's paragraphs
// are its parts as before, and every item keeps its id. Before these
// markers were read, the bare, comma and parenthesized ones (16 of 24)
// lost the parts of all 13 articles that number paragraphs.
func TestUDHRParagraphMarkers(t *testing.T) {
	dir, _ := udhrFiles(t)
	markers := []struct {
		name string
		mark func(n int) string
	}{
		{"ideographic-space", func(n int) string { return hanDigits[n] + "　" }},
		{"comma", func(n int) string { return hanDigits[n] + "、" }},
		{"full-width-parentheses", func(n int) string { return "（" + hanDigits[n] + "）" }},
		{"parentheses", func(n int) string { return "(" + hanDigits[n] + ") " }},
		{"circled", func(n int) string { return string(rune('①'+n-1)) + " " }},
		{"parenthesized-ideograph", func(n int) string { return string(rune('㈠'+n-1)) + " " }},
	}
	for _, file := range []string{"udhr-1948-ja.md", "udhr-1948-zh.md"} {
		data, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		orig, err := ingest.Options{}.Read(file, strings.NewReader(string(data)))
		if err != nil {
			t.Fatal(err)
		}
		want := numberedItems(orig, 0)
		for _, m := range markers {
			for _, bullets := range []bool{false, true} {
				name := file + "/" + m.name + "/paragraphs"
				if bullets {
					name = file + "/" + m.name + "/bullets"
				}
				t.Run(name, func(t *testing.T) {
					lines := strings.Split(string(data), "\n")
					rewritten := 0
					for i, ln := range lines {
						sub := paragraphLine.FindStringSubmatch(ln)
						if sub == nil {
							continue
						}
						n := 0
						if sub[1] != "" {
							n = int(sub[1][0] - '0')
						} else {
							n = int([]rune(sub[2])[0]-'㈠') + 1
						}
						if bullets {
							lines[i] = "- " + m.mark(n) + sub[3]
						} else {
							lines[i] = m.mark(n) + sub[3] + "\n"
						}
						rewritten++
					}
					if rewritten < 30 {
						t.Fatalf("%d numbered paragraphs rewritten, want the page's 32 or so", rewritten)
					}
					d, err := ingest.Options{}.Read(file, strings.NewReader(strings.Join(lines, "\n")))
					if err != nil {
						t.Fatal(err)
					}
					if got := numberedItems(d, 0); got != want {
						t.Errorf("items differ:\n%s", firstDiff(got, want))
					}
				})
			}
		}
	}
}
