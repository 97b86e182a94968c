package reports

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// citations finds where text cites the items refs names: the citation
// styles corpus.Citations knows ("Rules 2 and 42", "ルール第71項-B"),
// and for the references it does not find there (the WCA's links, whose
// words stay in the text: "see Regulation A2"), their printed label
// ("Rule A2") or, for a number that mixes letters and digits (which no
// amount or count prints), the number alone ("A2"), as whole words. Spans do not overlap.
func citations(text string, refs []string) []corpus.Citation {
	cs := corpus.Citations(text)
	found := map[string]bool{}
	for _, c := range cs {
		found[corpus.RefItem(c.Ref)] = true
	}
	for _, r := range refs {
		id := corpus.RefItem(r)
		if found[id] {
			continue
		}
		_, num, _ := strings.Cut(id, ":")
		for _, w := range []string{corpus.RefLabel(r), num} {
			if w == num && !lettersAndDigits(num) || w == "" {
				continue
			}
			if at := wordIndex(text, w); at >= 0 {
				cs = append(cs, corpus.Citation{Start: at, End: at + len(w), Ref: r})
				found[id] = true
				break
			}
		}
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].Start < cs[j].Start })
	out := cs[:0]
	end := 0
	for _, c := range cs {
		if c.Start >= end {
			out = append(out, c)
			end = c.End
		}
	}
	return out
}

// wordIndex is the byte offset of the first occurrence of w in s that
// neither a letter nor a digit touches, or -1.
func wordIndex(s, w string) int {
	for from := 0; from < len(s); {
		k := strings.Index(s[from:], w)
		if k < 0 {
			return -1
		}
		k += from
		before, _ := utf8.DecodeLastRuneInString(s[:k])
		after, _ := utf8.DecodeRuneInString(s[k+len(w):])
		if !isWordRune(before) && !isWordRune(after) {
			return k
		}
		from = k + len(w)
	}
	return -1
}

func isWordRune(r rune) bool {
	return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '+')
}

// linkedText escapes text for HTML (its line breaks kept, for an
// element whose white space is pre-wrap), with each
// citation of refs that href gives an address for as a link to it.
func linkedText(text string, refs []string, href func(ref string) string) string {
	if href == nil {
		return esc(text)
	}
	var b strings.Builder
	at := 0
	for _, c := range citations(text, refs) {
		u := href(c.Ref)
		if u == "" {
			continue
		}
		b.WriteString(esc(text[at:c.Start]))
		b.WriteString(`<a class="ref" href="` + esc(u) + `">` + esc(text[c.Start:c.End]) + `</a>`)
		at = c.End
	}
	b.WriteString(esc(text[at:]))
	return b.String()
}

// fragment is an item id as the fragment of a link to its row.
func fragment(id string) string { return "#" + urlPath(id) }

// urlPath escapes a name for a relative URL: the characters a path or
// fragment may hold as they are, others (space, '%', '?', '#', quotes)
// percent-encoded.
func urlPath(s string) string {
	var b strings.Builder
	for _, c := range []byte(s) {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', strings.IndexByte("-._~:@!$&'()*+,;=/", c) >= 0:
			b.WriteByte(c)
		default:
			b.WriteString("%" + strings.ToUpper(string("0123456789abcdef"[c>>4])+string("0123456789abcdef"[c&15])))
		}
	}
	return b.String()
}

// lettersAndDigits reports whether s holds both a letter and a digit
// ("1e2", "A2").
func lettersAndDigits(s string) bool {
	l, d := false, false
	for _, r := range s {
		l = l || unicode.IsLetter(r)
		d = d || unicode.IsDigit(r)
	}
	return l && d
}
