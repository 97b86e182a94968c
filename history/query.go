package history

import (
	"fmt"
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
)

// EditionIndex finds an edition by its name, or else by the edition,
// version or date its document states, or by a prefix of its commit. A
// name that fits several editions is an error that lists them.
func (h *History) EditionIndex(name string) (int, error) {
	tests := []func(Edition) bool{
		func(e Edition) bool { return e.Name == name },
		func(e Edition) bool { return e.Doc.Edition == name },
		func(e Edition) bool { return e.Doc.Version == name },
		func(e Edition) bool { return e.Doc.Date == name },
		func(e Edition) bool { return len(name) >= 4 && strings.HasPrefix(e.Commit, name) },
	}
	for _, fits := range tests {
		var found []int
		for k, e := range h.Editions {
			if fits(e) {
				found = append(found, k)
			}
		}
		switch len(found) {
		case 0:
			continue
		case 1:
			return found[0], nil
		default:
			var names []string
			for _, k := range found {
				names = append(names, h.Editions[k].Name)
			}
			return 0, fmt.Errorf("edition %q fits %d editions (%s); name one of them", name, len(found), strings.Join(names, ", "))
		}
	}
	var names []string
	for _, e := range h.Editions {
		names = append(names, e.Name)
	}
	return 0, fmt.Errorf("no edition %q in the series (%s)", name, shortList(names))
}

// shortList joins names, the middle of a long list left out.
func shortList(names []string) string {
	if len(names) > 8 {
		return strings.Join(names[:4], ", ") + fmt.Sprintf(", ... (%d more) ..., ", len(names)-6) + strings.Join(names[len(names)-2:], ", ")
	}
	return strings.Join(names, ", ")
}

// Lookup finds the life of an item by an id it has in some edition:
// "ID@EDITION" in that edition, plain "ID" in the last edition that has
// an item of that id. An id that names different items in different
// editions (a number taken over by another rule) gives the latest;
// note says so, naming the editions where the id is another item's.
func (h *History) Lookup(ref string) (l *Life, edition int, note string, err error) {
	id, ed, scoped := strings.Cut(ref, "@")
	from, to := 0, len(h.Editions)-1
	if scoped {
		e, err := h.EditionIndex(ed)
		if err != nil {
			return nil, 0, "", err
		}
		from, to = e, e
	}
	var others []string
	for e := to; e >= from; e-- {
		d := h.Editions[e].Doc
		for i := range d.Items {
			if d.Items[i].ID != id {
				continue
			}
			if l == nil {
				l, edition = h.LifeOf(e, i), e
			} else if h.LifeOf(e, i) != l {
				others = append(others, h.Editions[e].Name)
			}
		}
	}
	if l == nil {
		where := "any edition"
		if scoped {
			where = "edition " + h.Editions[from].Name
		}
		return nil, 0, "", fmt.Errorf("no item %q in %s", id, where)
	}
	if len(others) > 0 {
		note = fmt.Sprintf("%s is another item in %s; give ID@EDITION to choose", id, shortList(others))
	}
	return l, edition, note, nil
}

// Changed returns the lives with an event after edition since (-1 for
// the whole series), in the order of Lives.
func (h *History) Changed(since int) []*Life {
	var out []*Life
	for _, l := range h.Lives {
		if len(l.Since(since)) > 0 {
			out = append(out, l)
		}
	}
	return out
}

// Net returns the redline of the life's text from edition from to its
// last edition, when it has one item at each end; ok is false otherwise.
func (h *History) Net(l *Life, from int) (spans []diff.Span, ok bool) {
	a, b := h.Item(l, from), h.Latest(l)
	if a == nil || b == nil || len(l.At[from]) != 1 || len(l.At[l.Last]) != 1 || l.Last == from {
		return nil, false
	}
	_, spans = diff.Redline(a.Text, b.Text)
	return spans, true
}

// Label names a life as changelogs do, by the printed number and title
// of its latest item: "Rule 12: Title".
func (h *History) Label(l *Life) string { return h.Latest(l).LabelTitle() }

// Names are the ids a life went by, each with the editions it had them.
type Names struct {
	From, To int
	IDs      []string
}

// Names returns the ids the life went by, a run of editions each.
func (h *History) Names(l *Life) []Names {
	var out []Names
	for e := l.First; e <= l.Last; e++ {
		ids := h.IDs(l, e)
		if n := len(out); n > 0 && out[n-1].To == e-1 && strings.Join(out[n-1].IDs, " ") == strings.Join(ids, " ") {
			out[n-1].To = e
			continue
		}
		if len(ids) > 0 {
			out = append(out, Names{From: e, To: e, IDs: ids})
		}
	}
	return out
}

// EventItems returns the items an event concerns in the editions before
// and after it (nil where there is none: an added or removed item).
func (h *History) EventItems(ev Event) (old, new *corpus.Item) {
	if len(ev.Change.Old) > 0 {
		old = &h.Editions[ev.Edition-1].Doc.Items[ev.Change.Old[0]]
	}
	if len(ev.Change.New) > 0 {
		new = &h.Editions[ev.Edition].Doc.Items[ev.Change.New[0]]
	}
	return old, new
}
