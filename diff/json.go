package diff

import (
	"encoding/json"
	"io"

	"github.com/rulesync/rulesync/corpus"
)

// jsonEdit is an Edit with the text it replaces.
type jsonEdit struct {
	Start int    `json:"start"`
	End   int    `json:"end"`
	Old   string `json:"old"`
	New   string `json:"new"`
}

// jsonChange is a Change as the JSON has it.
type jsonChange struct {
	Kind         Kind       `json:"kind"`
	Severity     Severity   `json:"severity"`
	OldID        string     `json:"old_id"`
	NewID        string     `json:"new_id"`
	OldIDs       []string   `json:"old_ids,omitempty"`
	NewIDs       []string   `json:"new_ids,omitempty"`
	TitleChanged bool       `json:"title_changed"`
	TextChanged  bool       `json:"text_changed"`
	Renumbered   bool       `json:"renumbered"`
	Moved        bool       `json:"moved"`
	Rule         string     `json:"rule"`
	Reason       string     `json:"reason"`
	OldTitle     string     `json:"old_title"`
	NewTitle     string     `json:"new_title"`
	Section      string     `json:"section"`
	Redline      []jsonEdit `json:"redline"`
}

type jsonMove struct {
	Text  string `json:"text"`
	OldID string `json:"old_id"`
	NewID string `json:"new_id"`
}

type jsonStale struct {
	In     string `json:"in"`
	Cites  string `json:"cites"`
	Now    string `json:"now"`
	Reason string `json:"reason"`
}

type jsonScope struct {
	In    string        `json:"in"` // "old" or "new": the edition that has the items
	Kinds []corpus.Kind `json:"kinds"`
	Names []string      `json:"names"`
	Items []string      `json:"items"`
	Note  string        `json:"note"`
}

// MarshalJSON writes the comparison as an object with "old" and "new"
// (edition, language, title), "changes" (each with kind, severity,
// old_id, new_id, title_changed, text_changed, renumbered, moved, rule,
// reason, old_title, new_title, section and redline: edits of the old
// text in rune offsets with the old and new text), "scope" (the kinds of
// item only one edition has: in, kinds, names, items, note), "moves" and
// "stale_refs". Lists are [] when empty.
func (c *Comparison) MarshalJSON() ([]byte, error) {
	out := struct {
		Old       *corpus.Header `json:"old"`
		New       *corpus.Header `json:"new"`
		Scope     []jsonScope    `json:"scope"`
		Changes   []jsonChange   `json:"changes"`
		Moves     []jsonMove     `json:"moves"`
		StaleRefs []jsonStale    `json:"stale_refs"`
	}{Old: c.Old.Header(), New: c.New.Header(), Scope: []jsonScope{}, Changes: []jsonChange{}, Moves: []jsonMove{}, StaleRefs: []jsonStale{}}
	for k := range c.Scope {
		out.Scope = append(out.Scope, c.jsonScope(k))
	}
	for i := range c.Changes {
		out.Changes = append(out.Changes, c.jsonChange(i))
	}
	for k := range c.Moves {
		out.Moves = append(out.Moves, c.jsonMove(k))
	}
	for k := range c.StaleRefs {
		out.StaleRefs = append(out.StaleRefs, c.jsonStale(k))
	}
	return json.Marshal(out)
}

// WriteJSON writes to w what a json.Encoder with SetIndent("", "  ")
// writes for the comparison (MarshalJSON's object, indented by two
// spaces, and a newline), one change at a time: the whole object,
// compact and then indented, was held three times over.
func (c *Comparison) WriteJSON(w io.Writer) error {
	o := corpus.NewObjectWriter(w)
	o.Member("old", c.Old.Header())
	o.Member("new", c.New.Header())
	o.List("scope", len(c.Scope), func(k int) any { return c.jsonScope(k) })
	o.List("changes", len(c.Changes), func(k int) any { return c.jsonChange(k) })
	o.List("moves", len(c.Moves), func(k int) any { return c.jsonMove(k) })
	o.List("stale_refs", len(c.StaleRefs), func(k int) any { return c.jsonStale(k) })
	return o.Close()
}

// jsonScope is scope note k as the JSON has it.
func (c *Comparison) jsonScope(k int) jsonScope {
	n := &c.Scope[k]
	j := jsonScope{In: "new", Kinds: n.Kinds, Names: n.Names, Items: []string{}, Note: n.Note}
	d := c.New
	if n.InOld {
		j.In, d = "old", c.Old
	}
	for _, i := range n.Items {
		j.Items = append(j.Items, d.Items[i].ID)
	}
	return j
}

// jsonChange is change i as the JSON has it.
func (c *Comparison) jsonChange(i int) jsonChange {
	ids := func(d *corpus.Document, xs []int) []string {
		if len(xs) < 2 {
			return nil
		}
		var s []string
		for _, x := range xs {
			s = append(s, d.Items[x].ID)
		}
		return s
	}
	ch := &c.Changes[i]
	j := jsonChange{Kind: ch.Kind, Severity: ch.Severity, TitleChanged: ch.TitleChanged, TextChanged: ch.TextChanged,
		Renumbered: ch.Renumbered, Moved: ch.Moved, Rule: ch.Rule, Reason: ch.Reason, Redline: []jsonEdit{},
		OldIDs: ids(c.Old, ch.Old), NewIDs: ids(c.New, ch.New)}
	oldText := []rune(ch.oldText)
	if o := c.OldItem(ch); o != nil {
		j.OldID, j.OldTitle, j.Section = o.ID, o.Title, o.Section
	}
	if n := c.NewItem(ch); n != nil {
		j.NewID, j.NewTitle, j.Section = n.ID, n.Title, n.Section
	}
	for _, e := range ch.Redline {
		old := ""
		if e.End <= len(oldText) {
			old = string(oldText[e.Start:e.End])
		}
		j.Redline = append(j.Redline, jsonEdit{e.Start, e.End, old, e.New})
	}
	return j
}

func (c *Comparison) jsonMove(k int) jsonMove {
	m := &c.Moves[k]
	return jsonMove{m.Text, m.OldID, m.NewID}
}

func (c *Comparison) jsonStale(k int) jsonStale {
	s := &c.StaleRefs[k]
	return jsonStale{s.In, s.Cites, s.Now, s.Reason}
}
