package reports

import (
	"fmt"
	"html/template"
	"io"
	"strings"

	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/history"
)

// historyTitle is a history report's title: the whole series, one
// item's life, or the changes since an edition.
func historyTitle(v history.View) string {
	h := v.H
	first, last := h.Editions[0].Name, h.Editions[len(h.Editions)-1].Name
	switch {
	case v.Since >= 0:
		return fmt.Sprintf("Changes since %s (to %s)", h.Editions[v.Since].Name, last)
	case len(v.Lives) == 1 && len(h.Lives) > 1:
		return fmt.Sprintf("History of %s, %s to %s", h.Label(v.Lives[0]), first, last)
	}
	return fmt.Sprintf("History of %d editions, %s to %s", len(h.Editions), first, last)
}

// historySummary counts what the view shows: "473 items, 51 changed
// (88 changes: 30 substantive, 58 editorial)".
func historySummary(v history.View) string {
	changed, subst, edit := 0, 0, 0
	for _, l := range v.Lives {
		evs := v.Events(l)
		if len(evs) > 0 {
			changed++
		}
		for _, ev := range evs {
			if ev.Change.Severity == diff.Substantive {
				subst++
			} else {
				edit++
			}
		}
	}
	return fmt.Sprintf("%s, %d changed (%s: %d substantive, %d editorial)", count(len(v.Lives), "item"), changed, count(subst+edit, "change"), subst, edit)
}

// knownAs lists the ids a life went by with their editions: "rule:3
// (1.0 to 1.6), rule:4 (1.7)"; "" when it kept one id throughout.
func knownAs(h *history.History, l *history.Life) string {
	ns := h.Names(l)
	if len(ns) < 2 {
		return ""
	}
	var parts []string
	for _, n := range ns {
		span := h.Editions[n.From].Name
		if n.To != n.From {
			span += " to " + h.Editions[n.To].Name
		}
		parts = append(parts, strings.Join(n.IDs, " + ")+" ("+span+")")
	}
	return strings.Join(parts, ", ")
}

// lifeSpan says which editions have the item: "in 1.0 to 1.7".
func lifeSpan(h *history.History, l *history.Life) string {
	if l.First == l.Last {
		return "in " + h.Editions[l.First].Name
	}
	return "in " + h.Editions[l.First].Name + " to " + h.Editions[l.Last].Name
}

// eventLine says what an event did: "modified; was Rule 12: reason".
func eventLine(h *history.History, ev history.Event) string {
	old, new := h.EventItems(ev)
	s := string(ev.Change.Kind)
	if old != nil && new != nil && old.Label() != new.Label() && ev.Change.Kind != diff.Split && ev.Change.Kind != diff.Merged && ev.Change.Kind != diff.Renumbered {
		s += "; was " + old.Label()
	}
	return s + ": " + ev.Change.Reason
}

// HistoryText writes a history for a terminal: per item that changed,
// its names and each change with its edition, severity and redline
// ([-...-] and {+...+}, coloured too when color is set); a cumulative
// changelog ends each item with its net redline since the edition.
func HistoryText(w io.Writer, v history.View, color bool) error {
	h := v.H
	p := &printer{w: w}
	p.f("%s: %s\n", historyTitle(v), historySummary(v))
	if v.Note != "" {
		p.f("note: %s\n", v.Note)
	}
	marks := diff.WordDiff
	if color {
		marks = diff.Markers{DelStart: ansiRed + "[-", DelEnd: "-]" + ansiReset, InsStart: ansiGreen + "{+", InsEnd: "+}" + ansiReset}
	}
	unchanged := 0
	for _, l := range v.Lives {
		evs := v.Events(l)
		if len(evs) == 0 && len(v.Lives) > 1 {
			unchanged++
			continue
		}
		p.f("\n%s [%s], %s\n", h.Label(l), h.Latest(l).ID, lifeSpan(h, l))
		if k := knownAs(h, l); k != "" {
			p.f("  known as %s\n", k)
		}
		for _, ev := range evs {
			p.f("  %s: %s %s\n", h.Editions[ev.Edition].Name, ev.Change.Severity, eventLine(h, ev))
			if r := marks.Render(ev.Change.Spans); r != "" {
				p.f("    %s\n", strings.ReplaceAll(r, "\n", "\n    "))
			}
		}
		if v.Since >= 0 && len(evs) > 1 {
			if spans, ok := h.Net(l, v.Since); ok {
				p.f("  since %s, in all:\n    %s\n", h.Editions[v.Since].Name, strings.ReplaceAll(marks.Render(spans), "\n", "\n    "))
			}
		}
	}
	if unchanged > 0 {
		p.f("\n%d items unchanged throughout.\n", unchanged)
	}
	return p.err
}

// HistoryMarkdown writes a history as Markdown: a section per item that
// changed, its names, and its changes as a list dated by edition, each
// with its severity, reason and redline (<del>, <ins>).
func HistoryMarkdown(w io.Writer, v history.View) error {
	h := v.H
	p := &printer{w: w}
	p.f("# %s\n\n%s.\n", mdEscape(historyTitle(v)), historySummary(v))
	if v.Note != "" {
		p.f("\n**Note.** %s\n", mdEscape(v.Note))
	}
	for _, l := range v.Lives {
		evs := v.Events(l)
		if len(evs) == 0 && len(v.Lives) > 1 {
			continue
		}
		p.f("\n## %s\n\n`%s`, %s.", mdEscape(h.Label(l)), h.Latest(l).ID, mdEscape(lifeSpan(h, l)))
		if k := knownAs(h, l); k != "" {
			p.f(" Known as %s.", mdEscape(k))
		}
		p.f("\n\n")
		for _, ev := range evs {
			p.f("- **%s** (%s) %s.\n", mdEscape(h.Editions[ev.Edition].Name), ev.Change.Severity, mdEscape(eventLine(h, ev)))
			if len(ev.Change.Spans) > 0 {
				p.f("\n  > %s\n\n", mdRedline(ev.Change.Spans))
			}
		}
		if v.Since >= 0 && len(evs) > 1 {
			if spans, ok := h.Net(l, v.Since); ok {
				p.f("- **Since %s, in all:**\n\n  > %s\n\n", mdEscape(h.Editions[v.Since].Name), mdRedline(spans))
			}
		}
	}
	return p.err
}

// HistoryHTML writes a history as one self-contained page, the
// Markdown's structure with the changelog's styles, no script and no
// external request.
func HistoryHTML(w io.Writer, v history.View) error {
	h := v.H
	pv := historyPageView{
		standalonePage: newStandalonePage(h.Editions[len(h.Editions)-1].Doc.Lang, historyTitle(v)),
		Summary:        historySummary(v),
		Note:           v.Note,
	}
	for _, l := range v.Lives {
		evs := v.Events(l)
		if len(evs) == 0 && len(v.Lives) > 1 {
			continue
		}
		id := h.Latest(l).ID
		lv := historyLife{ID: id, Label: h.Label(l), Span: lifeSpan(h, l), Known: knownAs(h, l)}
		for _, ev := range evs {
			e := lifeEvent{Edition: h.Editions[ev.Edition].Name, Severity: string(ev.Change.Severity), Line: eventLine(h, ev)}
			if len(ev.Change.Spans) > 0 {
				e.Redline = template.HTML(htmlRedline(ev.Change.Spans, nil, nil))
			}
			lv.Events = append(lv.Events, e)
		}
		if v.Since >= 0 && len(evs) > 1 {
			if spans, ok := h.Net(l, v.Since); ok {
				lv.Net = &historyNet{h.Editions[v.Since].Name, template.HTML(htmlRedline(spans, nil, nil))}
			}
		}
		pv.Lives = append(pv.Lives, lv)
	}
	return siteTmpl().ExecuteTemplate(w, "history-page", pv)
}

// historyPageView is a history as a page of its own
// (templates/history.html "history-page").
type historyPageView struct {
	standalonePage
	Summary, Note string
	Lives         []historyLife
}

// historyLife is an item through a history: its ids and names, its
// changes and, since an edition, all of them at once (Net).
type historyLife struct {
	ID, Label, Span, Known string
	Events                 []lifeEvent
	Net                    *historyNet
}

// historyNet is an item's changes since an edition, as one redline.
type historyNet struct {
	Since   string
	Redline template.HTML
}
