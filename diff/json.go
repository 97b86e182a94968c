package diff

import (
	"bufio"
	"bytes"
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
	bw := bufio.NewWriterSize(w, 64<<10)
	var buf bytes.Buffer
	// value writes v as the value of a member at depth 1 (prefix "  ")
	// or an element at depth 2 (prefix "    ").
	value := func(v any, prefix string) error {
		b, err := json.Marshal(v)
		if err != nil {
			return err
		}
		buf.Reset()
		if err := json.Indent(&buf, b, prefix, "  "); err != nil {
			return err
		}
		_, err = bw.Write(buf.Bytes())
		return err
	}
	// list writes the n elements of a member's list, made by elem.
	list := func(name string, n int, elem func(int) any, last bool) error {
		bw.WriteString("  \"" + name + "\": [")
		for k := range n {
			if k > 0 {
				bw.WriteByte(',')
			}
			bw.WriteString("\n    ")
			if err := value(elem(k), "    "); err != nil {
				return err
			}
		}
		if n > 0 {
			bw.WriteString("\n  ")
		}
		bw.WriteString("]")
		if !last {
			bw.WriteString(",")
		}
		bw.WriteString("\n")
		return nil
	}
	bw.WriteString("{\n  \"old\": ")
	if err := value(c.Old.Header(), "  "); err != nil {
		return err
	}
	bw.WriteString(",\n  \"new\": ")
	if err := value(c.New.Header(), "  "); err != nil {
		return err
	}
	bw.WriteString(",\n")
	for _, l := range []struct {
		name string
		n    int
		elem func(int) any
	}{
		{"scope", len(c.Scope), func(k int) any { return c.jsonScope(k) }},
		{"changes", len(c.Changes), func(k int) any { return c.jsonChange(k) }},
		{"moves", len(c.Moves), func(k int) any { return c.jsonMove(k) }},
		{"stale_refs", len(c.StaleRefs), func(k int) any { return c.jsonStale(k) }},
	} {
		if err := list(l.name, l.n, l.elem, l.name == "stale_refs"); err != nil {
			return err
		}
	}
	bw.WriteString("}\n")
	return bw.Flush()
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
