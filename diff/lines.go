package diff

import (
	"strings"
	"unicode"

	"github.com/rulesync/rulesync/corpus"
)

// lineSimilar is the share of words two lines must have in common (Dice)
// to be shown as one line edited rather than one line out and another
// in.
const lineSimilar = 0.4

// LineRedline is Redline for text set line by line (a document's front
// matter: a title, a version line, a note): the lines are paired first,
// an old line with the new line that says most of the same (or with two
// new lines, where the new edition broke it in two), and only paired
// lines are compared word by word, so that no edit reaches across a line
// break; a line without a partner is deleted or inserted whole. The
// edits and spans have the meaning Redline gives them.
func LineRedline(old, new string) ([]Edit, []Span) {
	a, b := strings.Split(old, "\n"), strings.Split(new, "\n")
	var spans []Span
	add := func(op Op, text string) {
		if text == "" {
			return
		}
		if n := len(spans); n > 0 && spans[n-1].Op == op {
			spans[n-1].Text += text
			return
		}
		spans = append(spans, Span{op, text})
	}
	// nl is the line break after line i of n lines, if any.
	nl := func(i, n int) string {
		if i < n-1 {
			return "\n"
		}
		return ""
	}
	for _, g := range pairLines(a, b) {
		oldText := strings.Join(a[g.i:g.i+g.n], "\n")
		newText := strings.Join(b[g.j:g.j+g.m], "\n")
		oldEnd, newEnd := nl(g.i+g.n-1, len(a)), nl(g.j+g.m-1, len(b))
		switch {
		case g.n > 0 && g.m > 0:
			if oldText == newText {
				add(Equal, oldText)
			} else {
				_, s := Redline(oldText, newText)
				for _, sp := range s {
					add(sp.Op, sp.Text)
				}
			}
			switch {
			case oldEnd == newEnd:
				add(Equal, oldEnd)
			default:
				add(Delete, oldEnd)
				add(Insert, newEnd)
			}
		case g.n > 0:
			add(Delete, oldText+oldEnd)
		default:
			add(Insert, newText+newEnd)
		}
	}
	// A line replaced whole keeps the break after it: [-old-]{+new+}\n.
	for k := 0; k+1 < len(spans); k++ {
		d, in := &spans[k], &spans[k+1]
		if d.Op == Delete && in.Op == Insert && len(d.Text) > 1 && len(in.Text) > 1 && strings.HasSuffix(d.Text, "\n") && strings.HasSuffix(in.Text, "\n") {
			d.Text, in.Text = d.Text[:len(d.Text)-1], in.Text[:len(in.Text)-1]
			if k+2 < len(spans) && spans[k+2].Op == Equal {
				spans[k+2].Text = "\n" + spans[k+2].Text
			} else {
				spans = append(spans[:k+2], append([]Span{{Equal, "\n"}}, spans[k+2:]...)...)
			}
		}
	}
	return edits(spans), spans
}

// lineGroup is a step of a line pairing: n old lines from i with m new
// lines from j (1-1, 1-2 or 2-1), or old lines alone (m = 0) or new ones
// (n = 0).
type lineGroup struct{ i, n, j, m int }

// pairLines pairs the old lines a with the new lines b in order, by a
// dynamic programme that maximizes the words shared by paired lines;
// lines are paired only when they share lineSimilar of their words.
// Deleted lines come before the inserted lines they stand beside.
func pairLines(a, b []string) []lineGroup {
	words := func(ls []string) [][]string {
		out := make([][]string, len(ls))
		for i, l := range ls {
			for _, w := range Segment(strings.ToLower(corpus.Fold(l))) {
				if r := []rune(w)[0]; unicode.IsLetter(r) || unicode.IsDigit(r) {
					out[i] = append(out[i], w)
				}
			}
		}
		return out
	}
	wa, wb := words(a), words(b)
	join := func(x, y []string) []string { return append(append([]string(nil), x...), y...) }
	// score is the words two runs of lines share, or -1 when they are
	// too unlike to pair.
	score := func(x, y []string) float64 {
		if len(x) == 0 && len(y) == 0 {
			return 1
		}
		shared := dice(x, y)
		if shared < lineSimilar {
			return -1
		}
		return shared * float64(len(x)+len(y)) / 2
	}
	n, m := len(a), len(b)
	best := make([][]float64, n+1)
	from := make([][]lineGroup, n+1)
	for i := range best {
		best[i] = make([]float64, m+1)
		from[i] = make([]lineGroup, m+1)
	}
	for i := 0; i <= n; i++ {
		for j := 0; j <= m; j++ {
			if i == 0 && j == 0 {
				continue
			}
			best[i][j] = -1
			try := func(g lineGroup, s float64) {
				if s < 0 {
					return
				}
				if v := best[g.i][g.j] + s; v > best[i][j] {
					best[i][j], from[i][j] = v, g
				}
			}
			if i > 0 {
				try(lineGroup{i - 1, 1, j, 0}, 0)
			}
			if j > 0 {
				try(lineGroup{i, 0, j - 1, 1}, 0)
			}
			if i > 0 && j > 0 {
				try(lineGroup{i - 1, 1, j - 1, 1}, score(wa[i-1], wb[j-1]))
			}
			if i > 0 && j > 1 {
				try(lineGroup{i - 1, 1, j - 2, 2}, score(wa[i-1], join(wb[j-2], wb[j-1])))
			}
			if i > 1 && j > 0 {
				try(lineGroup{i - 2, 2, j - 1, 1}, score(join(wa[i-2], wa[i-1]), wb[j-1]))
			}
		}
	}
	var out []lineGroup
	for i, j := n, m; i > 0 || j > 0; {
		g := from[i][j]
		out = append(out, g)
		i, j = g.i, g.j
	}
	for l, r := 0, len(out)-1; l < r; l, r = l+1, r-1 {
		out[l], out[r] = out[r], out[l]
	}
	// Within a run of unpaired lines, the deleted ones first.
	for k := 1; k < len(out); k++ {
		for x := k; x > 0 && out[x].m == 0 && out[x].n > 0 && out[x-1].n == 0 && out[x-1].m > 0; x-- {
			out[x], out[x-1] = out[x-1], out[x]
		}
	}
	return out
}

// dice is the Dice coefficient of two bags of words.
func dice(x, y []string) float64 {
	if len(x)+len(y) == 0 {
		return 1
	}
	c := map[string]int{}
	for _, w := range x {
		c[w]++
	}
	shared := 0
	for _, w := range y {
		if c[w] > 0 {
			c[w]--
			shared++
		}
	}
	return 2 * float64(shared) / float64(len(x)+len(y))
}
