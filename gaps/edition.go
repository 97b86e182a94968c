package gaps

import (
	"fmt"
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
)

// edition reports missing, extra and stale items from the edition diff
// of the base edition (the translation's original) and the current
// source, through the translation's alignment with the base.
func (c *checker) edition(cmp *diff.Comparison) {
	trans := map[int]int{} // base item -> translation item
	for _, p := range c.al.Pairs {
		trans[p.Source[0]] = p.Target[0]
	}
	changeOf := map[int]*diff.Change{} // base item -> its change
	for i := range cmp.Changes {
		ch := &cmp.Changes[i]
		for _, b := range ch.Old {
			changeOf[b] = ch
		}
	}
	cur := map[int]int{} // base item -> current item
	for _, p := range cmp.Alignment.Pairs {
		// Each of two merged items is kept, in the one they became.
		for _, b := range p.Source {
			cur[b] = p.Target[0]
		}
	}
	for b := range c.orig.Items {
		bi := &c.orig.Items[b]
		if !c.inScope[bi.Kind] || bi.Kind == corpus.KindPreamble {
			continue
		}
		t, translated := trans[b]
		s, kept := cur[b]
		ch := changeOf[b]
		switch {
		case !kept && translated:
			c.r.add(Finding{Check: Extra, Severity: Warning, SourceID: bi.ID, TargetID: c.r.Translation.Items[t].ID,
				Message: fmt.Sprintf("translates %s of %s, which %s removed", bi.Label(), c.orig.Name(), c.r.Source.Name())})
		case kept && !translated:
			si := &c.r.Source.Items[s]
			c.r.add(c.missing(b, si.ID, label(si)))
		case kept && translated && ch != nil && (ch.TextChanged || ch.TitleChanged || ch.Kind == diff.Split || ch.Kind == diff.Merged):
			si := &c.r.Source.Items[s]
			sev := Info
			if ch.Severity == diff.Substantive {
				sev = Error
			}
			f := Finding{Check: Stale, Severity: sev, SourceID: si.ID, TargetID: c.r.Translation.Items[t].ID,
				Message:  fmt.Sprintf("the source changed since %s (%s, %s): %s", c.orig.Name(), ch.Kind, ch.Severity, ch.Reason),
				Redline:  ch.Spans,
				Evidence: []string{"was " + bi.Label() + " in " + c.orig.Name()}}
			if ch.TitleChanged {
				f.Evidence = append(f.Evidence, "title: "+bi.Title+" -> "+si.Title)
			}
			c.r.add(f)
		}
	}
	// Items new in the current edition, and the parts a split gave
	// numbers of their own (the first part keeps the old item's place).
	for i := range cmp.Changes {
		ch := &cmp.Changes[i]
		news := ch.New
		switch ch.Kind {
		case diff.Added:
		case diff.Split:
			news = ch.New[1:]
		default:
			continue
		}
		for _, j := range news {
			si := &cmp.New.Items[j]
			if c.inScope[si.Kind] && si.Kind != corpus.KindPreamble {
				c.r.add(Finding{Check: Missing, Severity: Error, SourceID: si.ID, Message: fmt.Sprintf("new in %s, not translated: %s", c.r.Source.Name(), label(si))})
			}
		}
	}
	for _, j := range c.al.UnmatchedTarget {
		t := &c.r.Translation.Items[j]
		if t.Kind != corpus.KindPreamble {
			c.r.add(Finding{Check: Extra, Severity: Warning, TargetID: t.ID, Message: "no counterpart in " + c.orig.Name()})
		}
	}
	c.omissions()
	c.coverage(func(b int) bool { _, ok := trans[b]; return ok }, cmp)
}

// unmatched reports the source items without a translation and the
// translation items without a source, when there is no base edition.
func (c *checker) unmatched() {
	for _, i := range c.al.UnmatchedSource {
		s := &c.orig.Items[i]
		if c.inScope[s.Kind] && s.Kind != corpus.KindPreamble {
			c.r.add(c.missing(i, s.ID, label(s)))
		}
	}
	for _, j := range c.al.UnmatchedTarget {
		t := &c.r.Translation.Items[j]
		if t.Kind != corpus.KindPreamble {
			c.r.add(Finding{Check: Extra, Severity: Warning, TargetID: t.ID, Message: "no counterpart in " + c.orig.Name()})
		}
	}
	c.omissions()
	paired := map[int]bool{}
	for _, p := range c.al.Pairs {
		for _, i := range p.Source {
			paired[i] = true
		}
	}
	c.coverage(func(i int) bool { return paired[i] }, nil)
}

// missing is the finding on source item id (label lbl), item b of the
// original, that has no counterpart: an error, or a warning where the
// placement is unsure (Report.Unsure), or where a neighbour's text holds
// it too by its length (mergedInto).
func (c *checker) missing(b int, id, lbl string) Finding {
	if t := c.mergedInto(b); t >= 0 {
		return c.mergedFinding(id, lbl, t)
	}
	if c.r.Unsure != "" {
		return Finding{Check: Missing, Severity: Warning, SourceID: id, Message: "not placed on the translation, which may hold it elsewhere (the placement is unsure): " + lbl}
	}
	return Finding{Check: Missing, Severity: Error, SourceID: id, Message: "not translated: " + lbl}
}

// coverage sets the share of in-scope current source items that are
// translated (for a base, those the base's translation carries over).
func (c *checker) coverage(translated func(int) bool, cmp *diff.Comparison) {
	total, done := 0, 0
	if cmp == nil {
		for i, it := range c.orig.Items {
			if c.inScope[it.Kind] && it.Kind != corpus.KindPreamble {
				total++
				if translated(i) {
					done++
				}
			}
		}
	} else {
		base := map[int]int{}
		for _, p := range cmp.Alignment.Pairs {
			base[p.Target[0]] = p.Source[0]
		}
		for i, it := range c.r.Source.Items {
			if c.inScope[it.Kind] && it.Kind != corpus.KindPreamble {
				total++
				if b, ok := base[i]; ok && translated(b) {
					done++
				}
			}
		}
	}
	if total > 0 {
		c.r.Coverage = 100 * float64(done) / float64(total)
	}
}

// omissions reports each Doubt of the alignment (a run of places a
// projection filled with texts too short for them, and unsure of each):
// the translation may lack one of their items, whose neighbours' texts
// were stretched over its place. An error, on the run's first item, as
// a missing item is: an omission is what a gap check must not pass.
func (c *checker) omissions() {
	for _, d := range c.al.Doubts {
		first, last := &c.orig.Items[d.From], &c.orig.Items[d.To]
		if !c.inScope[first.Kind] {
			continue
		}
		id := first.ID
		if cur, ok := c.curID[id]; ok {
			id = cur
		}
		ids := make([]string, 0, d.To-d.From+1)
		for i := d.From; i <= d.To; i++ {
			ids = append(ids, c.orig.Items[i].ID)
		}
		f := Finding{Check: Omission, Severity: Error, SourceID: id,
			Message:  fmt.Sprintf("one of %s to %s may not be translated: the texts placed there are shorter than these items at the translation's length ratio (z %.1f) and the aligner is not confident of them; a neighbour's text may stand in the place of an item the translation lacks", label(first), label(last), d.Z),
			Evidence: []string{"items: " + strings.Join(ids, ", ")}}
		if pr := c.pairOf(d.From); pr >= 0 {
			f.TargetID = c.r.Translation.Items[c.al.Pairs[pr].Target[0]].ID
		}
		c.r.add(f)
	}
}

// pairOf is the index of the pair of the alignment whose first source
// item is i, or -1.
func (c *checker) pairOf(i int) int {
	for k := range c.al.Pairs {
		if c.al.Pairs[k].Source[0] == i {
			return k
		}
	}
	return -1
}
