package reports

import (
	"fmt"
	"html/template"
	"slices"
	"strings"

	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/history"
)

// SeriesEvidence says, for each stale finding of r, which editions of a
// series changed its source item since the translation's base, each
// change with its kind, severity, reason and redline, as evidence lines
// ("changed in 2031 (modified, substantive): ...", then "2031: [-10-]{+15+}").
// h is the history of the source from the base (its first edition) to
// the source (its last). It returns how many findings it annotated; a
// stale item the history cannot place is left as it is.
func SeriesEvidence(r *gaps.Report, h *history.History) int {
	n := 0
	for k := range r.Findings {
		f := &r.Findings[k]
		if f.Check != gaps.Stale {
			continue
		}
		if lines, ok := seriesLines(h, f.SourceID); ok {
			f.Evidence = append(f.Evidence, lines...)
			n++
		}
	}
	return n
}

// seriesLines are the evidence lines SeriesEvidence gives the source
// item id of the history's last edition; ok is false when it has none.
func seriesLines(h *history.History, id string) (lines []string, ok bool) {
	evs, ok := seriesEvents(h, id)
	if !ok {
		return nil, false
	}
	last := len(h.Editions) - 1
	var changed []string
	for _, ev := range evs {
		changed = append(changed, h.Editions[ev.Edition].Name)
	}
	lines = append(lines, fmt.Sprintf("changed in %d of the %d editions since %s: %s", len(evs), last, h.Editions[0].Name, strings.Join(changed, ", ")))
	for _, ev := range evs {
		ch := ev.Change
		lines = append(lines, fmt.Sprintf("%s (%s, %s): %s", h.Editions[ev.Edition].Name, ch.Kind, ch.Severity, ch.Reason))
		if r := diff.WordDiff.Render(ch.Spans); r != "" && ch.TextChanged {
			lines = append(lines, h.Editions[ev.Edition].Name+": "+strings.ReplaceAll(r, "\n", " "))
		}
	}
	return lines, true
}

// seriesEvents returns the changes to the source item id (of the last
// edition) since the first edition; ok is false when the last edition
// has no such item.
func seriesEvents(h *history.History, id string) (evs []history.Event, ok bool) {
	last := len(h.Editions) - 1
	for i := range h.Editions[last].Doc.Items {
		if h.Editions[last].Doc.Items[i].ID == id {
			return h.LifeOf(last, i).Since(0), true
		}
	}
	return nil, false
}

// changedIn lists changes by edition: "changed in r-2031 (modified,
// substantive), r-2032 (renumbered, editorial)".
func changedIn(h *history.History, evs []history.Event) string {
	if len(evs) == 0 {
		return "no edition of the series changed it"
	}
	var parts []string
	for _, ev := range evs {
		parts = append(parts, fmt.Sprintf("%s (%s, %s)", h.Editions[ev.Edition].Name, ev.Change.Kind, ev.Change.Severity))
	}
	return "changed in " + strings.Join(parts, ", ")
}

// editionChange is a change of a series as a sync report's JSON has it.
type editionChange struct {
	Edition  string `json:"edition"`
	Kind     string `json:"kind"`
	Severity string `json:"severity"`
	Reason   string `json:"reason"`
	Redline  string `json:"redline,omitempty"` // with the [-...-] {+...+} markers
}

func editionChanges(h *history.History, evs []history.Event) []editionChange {
	var out []editionChange
	for _, ev := range evs {
		ec := editionChange{Edition: h.Editions[ev.Edition].Name, Kind: string(ev.Change.Kind), Severity: string(ev.Change.Severity), Reason: ev.Change.Reason}
		if ev.Change.TextChanged {
			ec.Redline = diff.WordDiff.Render(ev.Change.Spans)
		}
		out = append(out, ec)
	}
	return out
}

// seriesBetween returns the editions of the first series of named
// sources that holds base before source, from base to source; nil when
// none does.
func (ws *Workspace) seriesBetween(base, source string) []string {
	if base == "" {
		return nil
	}
	for _, se := range ws.Series {
		b, s := slices.Index(se.Editions, base), slices.Index(se.Editions, source)
		if se.Repo == "" && b >= 0 && s > b {
			return se.Editions[b : s+1]
		}
	}
	return nil
}

// seriesView is a stale item's changes since the translation's base
// (Since), edition by edition (templates/history.html "series").
type seriesView struct {
	Since  string
	Events []seriesEvent
}

// seriesEvent is a change of an item in an edition, with its redline
// when its text changed.
type seriesEvent struct {
	Edition, Kind, Severity, Line string
	Redline                       template.HTML
}

// newSeriesView is a stale item's changes since the translation's
// base, edition by edition; nil when the history has no such item.
func newSeriesView(h *history.History, id string) *seriesView {
	if h == nil {
		return nil
	}
	evs, ok := seriesEvents(h, id)
	if !ok || len(evs) == 0 {
		return nil
	}
	v := &seriesView{Since: h.Editions[0].Name}
	for _, ev := range evs {
		ch := ev.Change
		e := seriesEvent{Edition: h.Editions[ev.Edition].Name, Kind: string(ch.Kind), Severity: string(ch.Severity), Line: ch.Reason}
		if ch.TextChanged && len(ch.Spans) > 0 {
			e.Redline = template.HTML(htmlRedline(ch.Spans, nil, nil))
		}
		v.Events = append(v.Events, e)
	}
	return v
}
