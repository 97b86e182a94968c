package diff

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// typographyChange is the change of a pair whose title and text read
// the same in comparison form (corpus.Fold) but are not the same
// characters: full-width digits or brackets for ASCII ones, curly
// quotes for straight ones, a joiner. Folding is right for pairing the
// items; a publisher who changes the house style still has a change to
// report, editorial, named by the characters that changed.
func typographyChange(ch Change, o, n *corpus.Item) Change {
	ch.Kind = Modified
	var spans []Span
	if o.Text != n.Text {
		ch.Redline, ch.Spans = Redline(o.Text, n.Text)
		spans = ch.Spans
	}
	if o.Title != n.Title {
		_, ch.TitleSpans = Redline(o.Title, n.Title)
		spans = append(spans[:len(spans):len(spans)], ch.TitleSpans...)
	}
	ch.oldText = o.Text
	ch.Severity, ch.Rule, ch.Reason = Editorial, "typography", typographyReason(spans)
	ch.Summary = ch.Reason
	return ch
}

// sameWords reports whether a and b are the same words, whatever the
// white space between them (a paragraph wrapped again, a no-break
// space): no change a reader sees.
func sameWords(a, b string) bool {
	if a == b {
		return true
	}
	fa, fb := strings.Fields(a), strings.Fields(b)
	if len(fa) != len(fb) {
		return false
	}
	for i := range fa {
		if fa[i] != fb[i] {
			return false
		}
	}
	return true
}

// typographyReason names the characters that changed in a redline of two
// texts that read the same folded, most frequent first: "typography
// only: ’ for ' (3 times), １ for 1".
func typographyReason(spans []Span) string {
	type sub struct{ from, to string }
	count := map[sub]int{}
	var order []sub
	for k := 0; k+1 < len(spans); k++ {
		if spans[k].Op != Delete || spans[k+1].Op != Insert {
			continue
		}
		for _, d := range runeSubs(spans[k].Text, spans[k+1].Text) {
			if strings.TrimSpace(d[0]) == "" && strings.TrimSpace(d[1]) == "" {
				continue // white space: sameWords
			}
			s := sub{d[0], d[1]}
			if count[s] == 0 {
				order = append(order, s)
			}
			count[s]++
		}
		k++
	}
	if len(order) == 0 {
		return "typography only: characters that read the same"
	}
	// Most frequent first, in order of appearance among equals.
	slices.SortStableFunc(order, func(a, b sub) int { return count[b] - count[a] })
	var parts []string
	for i, s := range order {
		if i == 3 {
			parts = append(parts, fmt.Sprintf("%d more", len(order)-3))
			break
		}
		p := quote(s.to) + " for " + quote(s.from)
		switch {
		case s.from == "":
			p = quote(s.to) + " added"
		case s.to == "":
			p = quote(s.from) + " taken out"
		}
		if c := count[s]; c > 1 {
			p += fmt.Sprintf(" (%d times)", c)
		}
		parts = append(parts, p)
	}
	return "typography only: " + strings.Join(parts, ", ")
}

// runeSubs are the runs of characters that differ between a deleted
// text and the text inserted for it: position by position where both
// have as many characters ("（１）" for "(1)": three), else what lies
// between their common start and end.
func runeSubs(x, y string) [][2]string {
	a, b := []rune(x), []rune(y)
	if len(a) == len(b) {
		var out [][2]string
		for i := 0; i < len(a); {
			if a[i] == b[i] {
				i++
				continue
			}
			j := i
			for j < len(a) && a[j] != b[j] {
				j++
			}
			out = append(out, [2]string{string(a[i:j]), string(b[i:j])})
			i = j
		}
		return out
	}
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	j := 0
	for j < len(a)-i && j < len(b)-i && a[len(a)-1-j] == b[len(b)-1-j] {
		j++
	}
	return [][2]string{{string(a[i : len(a)-j]), string(b[i : len(b)-j])}}
}
