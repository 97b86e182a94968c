package history

import (
	"encoding/json"
	"io"

	"github.com/rulesync/rulesync/diff"
)

// View is what a history report shows: some lives and, of each, its
// events after edition Since (-1 for all of them).
type View struct {
	H     *History
	Lives []*Life
	Since int
	// Note is said at the top of the report (an id that named another
	// item elsewhere).
	Note string
}

// All is the view of every life and every event.
func (h *History) All() View { return View{H: h, Lives: h.Lives, Since: -1} }

// SinceView is the cumulative changelog since edition e: the lives
// changed after it, each with its events after it.
func (h *History) SinceView(e int) View { return View{H: h, Lives: h.Changed(e), Since: e} }

// Events returns the events of l the view shows.
func (v View) Events(l *Life) []Event { return l.Since(v.Since) }

type jsonEdition struct {
	Name    string `json:"name"`
	Edition string `json:"edition"`
	Version string `json:"version,omitempty"`
	Date    string `json:"date,omitempty"`
	Commit  string `json:"commit,omitempty"`
	Key     string `json:"key,omitempty"`
}

type jsonNames struct {
	From string   `json:"from"`
	To   string   `json:"to"`
	IDs  []string `json:"ids"`
}

type jsonSpan struct {
	Op   string `json:"op"` // "=", "-", "+"
	Text string `json:"text"`
}

type jsonEvent struct {
	Edition      string     `json:"edition"`
	Kind         diff.Kind  `json:"kind"`
	Severity     string     `json:"severity"`
	OldIDs       []string   `json:"old_ids"`
	NewIDs       []string   `json:"new_ids"`
	Renumbered   bool       `json:"renumbered"`
	Moved        bool       `json:"moved"`
	TitleChanged bool       `json:"title_changed"`
	TextChanged  bool       `json:"text_changed"`
	Rule         string     `json:"rule"`
	Reason       string     `json:"reason"`
	Redline      []jsonSpan `json:"redline"`
}

type jsonLife struct {
	ID     string      `json:"id"`
	Label  string      `json:"label"`
	First  string      `json:"first"`
	Last   string      `json:"last"`
	Names  []jsonNames `json:"names"`
	Events []jsonEvent `json:"events"`
	Net    []jsonSpan  `json:"net_redline,omitempty"`
}

type jsonHistory struct {
	Editions []jsonEdition `json:"editions"`
	Since    string        `json:"since,omitempty"`
	Note     string        `json:"note,omitempty"`
	Items    []jsonLife    `json:"items"`
}

// WriteJSON writes the view as one JSON object: {editions, since, note,
// items: [{id, label, first, last, names: [{from, to, ids}], events:
// [{edition, kind, severity, old_ids, new_ids, renumbered, moved,
// title_changed, text_changed, rule, reason, redline: [{op, text}]}],
// net_redline}]}, editions named by Edition.Name, the id and label those
// of the item in the last edition that has it, net_redline the text
// from Since to then (with a Since only).
func (v View) WriteJSON(w io.Writer) error {
	h := v.H
	out := jsonHistory{Note: v.Note, Items: []jsonLife{}}
	for _, e := range h.Editions {
		out.Editions = append(out.Editions, jsonEdition{Name: e.Name, Edition: e.Doc.Edition, Version: e.Doc.Version, Date: e.Doc.Date, Commit: e.Commit, Key: e.Key})
	}
	if v.Since >= 0 {
		out.Since = h.Editions[v.Since].Name
	}
	for _, l := range v.Lives {
		jl := jsonLife{ID: h.Latest(l).ID, Label: h.Label(l), First: h.Editions[l.First].Name, Last: h.Editions[l.Last].Name, Events: []jsonEvent{}}
		for _, n := range h.Names(l) {
			jl.Names = append(jl.Names, jsonNames{From: h.Editions[n.From].Name, To: h.Editions[n.To].Name, IDs: n.IDs})
		}
		for _, ev := range v.Events(l) {
			ch := ev.Change
			jl.Events = append(jl.Events, jsonEvent{
				Edition: h.Editions[ev.Edition].Name, Kind: ch.Kind, Severity: string(ch.Severity),
				OldIDs: nonNil(idsOf(h, ev.Edition-1, ch.Old)), NewIDs: nonNil(idsOf(h, ev.Edition, ch.New)),
				Renumbered: ch.Renumbered, Moved: ch.Moved, TitleChanged: ch.TitleChanged, TextChanged: ch.TextChanged,
				Rule: ch.Rule, Reason: ch.Reason, Redline: spansJSON(ch.Spans),
			})
		}
		if v.Since >= 0 && l.First <= v.Since {
			if spans, ok := h.Net(l, v.Since); ok {
				jl.Net = spansJSON(spans)
			}
		}
		out.Items = append(out.Items, jl)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// idsOf returns the ids of items idx of edition e.
func idsOf(h *History, e int, idx []int) []string {
	var ids []string
	for _, i := range idx {
		ids = append(ids, h.Editions[e].Doc.Items[i].ID)
	}
	return ids
}

func nonNil(xs []string) []string {
	if xs == nil {
		return []string{}
	}
	return xs
}

// spansJSON writes a redline as {op, text} parts.
func spansJSON(spans []diff.Span) []jsonSpan {
	out := []jsonSpan{}
	for _, s := range spans {
		op := "="
		switch s.Op {
		case diff.Delete:
			op = "-"
		case diff.Insert:
			op = "+"
		}
		out = append(out, jsonSpan{Op: op, Text: s.Text})
	}
	return out
}
