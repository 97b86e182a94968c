package diff

import (
	"io"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/jsoncodec"
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
	Summary      string     `json:"summary"`
	OldTitle     string     `json:"old_title"`
	NewTitle     string     `json:"new_title"`
	Section      string     `json:"section"`
	Redline      []jsonEdit `json:"redline"`
}

// AppendIndentedJSON appends the change as json.Marshal and json.Indent
// write it (see jsoncodec.Indented): the same members in the same
// order, old_ids and new_ids left out when empty, a nil Redline as null.
// It never fails.
func (j jsonChange) AppendIndentedJSON(b []byte, prefix string) ([]byte, error) {
	o := jsoncodec.StartObject(b, prefix)
	o.String("kind", string(j.Kind))
	o.String("severity", string(j.Severity))
	o.String("old_id", j.OldID)
	o.String("new_id", j.NewID)
	if len(j.OldIDs) > 0 {
		o.Strings("old_ids", j.OldIDs)
	}
	if len(j.NewIDs) > 0 {
		o.Strings("new_ids", j.NewIDs)
	}
	o.Bool("title_changed", j.TitleChanged)
	o.Bool("text_changed", j.TextChanged)
	o.Bool("renumbered", j.Renumbered)
	o.Bool("moved", j.Moved)
	o.String("rule", j.Rule)
	o.String("reason", j.Reason)
	o.String("summary", j.Summary)
	o.String("old_title", j.OldTitle)
	o.String("new_title", j.NewTitle)
	o.String("section", j.Section)
	o.Key("redline")
	o.B = jsoncodec.AppendList(o.B, o.Inner(), j.Redline, appendEdit)
	return o.End(), nil
}

// appendEdit appends e as json.Marshal and json.Indent write it at
// prefix: start, end, old, new.
func appendEdit(b []byte, prefix string, e *jsonEdit) []byte {
	o := jsoncodec.StartObject(b, prefix)
	o.Int("start", e.Start)
	o.Int("end", e.End)
	o.String("old", e.Old)
	o.String("new", e.New)
	return o.End()
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

// AppendIndentedJSON appends the move as json.Marshal and json.Indent
// write it: text, old_id, new_id. It never fails.
func (m jsonMove) AppendIndentedJSON(b []byte, prefix string) ([]byte, error) {
	o := jsoncodec.StartObject(b, prefix)
	o.String("text", m.Text)
	o.String("old_id", m.OldID)
	o.String("new_id", m.NewID)
	return o.End(), nil
}

// AppendIndentedJSON appends the stale reference as json.Marshal and
// json.Indent write it: in, cites, now, reason. It never fails.
func (s jsonStale) AppendIndentedJSON(b []byte, prefix string) ([]byte, error) {
	o := jsoncodec.StartObject(b, prefix)
	o.String("in", s.In)
	o.String("cites", s.Cites)
	o.String("now", s.Now)
	o.String("reason", s.Reason)
	return o.End(), nil
}

type jsonScope struct {
	In    string        `json:"in"` // "old" or "new": the edition that has the items
	Kinds []corpus.Kind `json:"kinds"`
	Names []string      `json:"names"`
	Items []string      `json:"items"`
	Note  string        `json:"note"`
}

// MarshalJSON is WriteJSON's object without the white space, as
// json.Marshal writes it.
func (c *Comparison) MarshalJSON() ([]byte, error) { return jsoncodec.Compact(c.WriteJSON) }

// WriteJSON writes the comparison to w as an object with "old" and
// "new" (edition, language, title), "scope" (the kinds of item only one
// edition has: in, kinds, names, items, note), "changes" (each with
// kind, severity, old_id, new_id, title_changed, text_changed,
// renumbered, moved, rule, reason, summary, old_title, new_title,
// section and redline: edits of the old text in rune offsets with the
// old and new text), "moves" and "stale_refs", indented by two spaces
// and with a newline at the end, as a json.Encoder with
// SetIndent("", "  ") writes it; lists are [] when empty. It writes one
// change at a time: the whole object, compact and then indented, was
// held three times over. Changes, moves and stale references append
// their own JSON (jsoncodec.Indented), not by reflection and a second
// indenting pass; scope notes, a few per comparison, go through
// encoding/json.
func (c *Comparison) WriteJSON(w io.Writer) error {
	o := jsoncodec.NewObjectWriter(w)
	o.Member("old", c.Old.Header())
	o.Member("new", c.New.Header())
	if c.Caution != "" {
		o.Member("caution", c.Caution)
	}
	jsoncodec.ListOf(o, "scope", len(c.Scope), c.jsonScope)
	jsoncodec.ListOf(o, "changes", len(c.Changes), c.jsonChange)
	jsoncodec.ListOf(o, "moves", len(c.Moves), c.jsonMove)
	jsoncodec.ListOf(o, "stale_refs", len(c.StaleRefs), c.jsonStale)
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
		Renumbered: ch.Renumbered, Moved: ch.Moved, Rule: ch.Rule, Reason: ch.Reason, Summary: ch.Summary, Redline: []jsonEdit{},
		OldIDs: ids(c.Old, ch.Old), NewIDs: ids(c.New, ch.New)}
	var oldText []rune // the old text by rune, which the edits count in
	if len(ch.Redline) > 0 {
		// Most changes of an edition are renumberings, with no redline
		// (91% of a diff of 100k generated items, whose texts by rune
		// were 88 MB of garbage).
		oldText = []rune(ch.oldText)
	}
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
