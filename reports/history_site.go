package reports

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"html/template"
	"slices"
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/history"
	"github.com/rulesync/rulesync/ingest"
)

// HistorySummary describes a series the site follows item by item.
type HistorySummary struct {
	Name string
	// Editions are the series' sources, oldest first.
	Editions []string
	// Items counts the lives of the series; Changed those with a change;
	// Changes the changes.
	Items, Changed, Changes int
	// pages gives the page of each item that changed, in the output, by
	// edition and item id (pageKey).
	pages map[string]string
}

// pageKey is the key of HistorySummary.pages: an edition's name and an
// item's id in it.
func pageKey(edition, id string) string { return edition + "\x00" + id }

// seriesFiles follows the items of a series through its editions:
// history/<name>.{html,md,json} and a page per item that changed,
// history/<name>/<item>.html. A series with an edition that could not be
// read is left out (nil files); a series of a git repository is read
// from it, each blob once.
func (b *Build) seriesFiles(ctx context.Context, se Series, ok func(string) bool, load func(string) (*corpus.Document, error)) (files, *HistorySummary, error) {
	for _, e := range se.Editions {
		if !ok(e) {
			return nil, nil, nil
		}
	}
	eds, err := b.seriesEditions(ctx, se, load)
	if err != nil {
		return nil, nil, err
	}
	if se.Repo != "" {
		se.Editions = nil
		for _, e := range eds {
			se.Editions = append(se.Editions, e.Name)
		}
	}
	b.event(Event{Stage: "history", Name: se.Name})
	h, err := history.Options{Diff: diff.Options{Context: ctx}}.Build(ctx, eds)
	if err != nil {
		return nil, nil, err
	}
	fs, s, err := historyFiles(se, h)
	b.event(Event{Stage: "history", Name: se.Name, Done: true, Err: err})
	return fs, s, err
}

// seriesEditions reads the editions of a series: its sources, by load,
// or the versions of its file in a git repository, each blob once.
func (b *Build) seriesEditions(ctx context.Context, se Series, load func(string) (*corpus.Document, error)) ([]history.Edition, error) {
	if se.Repo != "" {
		g := history.Git{Repo: b.Workspace.resolve(se.Repo), Path: se.Path, From: se.First, To: se.Last, Tags: se.Tags,
			Ingest: ingest.Options{Context: ctx, MaxBytes: b.Workspace.MaxBytes, MaxBlocks: b.Workspace.MaxBlocks}, Cache: history.NewCache("", "")}
		eds, err := g.Editions(ctx)
		if err != nil {
			return nil, err
		}
		if len(eds) < 2 {
			return nil, fmt.Errorf("%s has %d version(s) of %s; a series needs two or more", se.Repo, len(eds), se.Path)
		}
		return eds, nil
	}
	var eds []history.Edition
	for _, name := range se.Editions {
		d, err := load(name)
		if err != nil {
			return nil, err
		}
		eds = append(eds, history.Edition{Name: name, Doc: d})
	}
	return eds, nil
}

// History follows the items of the workspace's series of that name (""
// when the manifest has one series) through its editions, as the
// site's history pages do: its sources ingested through the build's
// cache, or the versions of its file in its git repository. opt
// compares the editions (its Context, when nil, is ctx).
func (b *Build) History(ctx context.Context, name string, opt history.Options) (*history.History, error) {
	ws := b.Workspace
	se, err := ws.series(name)
	if err != nil {
		return nil, err
	}
	if err := ws.checkNames(); err != nil {
		return nil, err
	}
	cache := ws.openCache(&notes{})
	if cache != nil {
		defer cache.close()
	}
	byName := map[string]Source{}
	for _, s := range ws.Sources {
		byName[s.Name] = s
	}
	eds, err := b.seriesEditions(ctx, se, func(name string) (*corpus.Document, error) {
		d, err := b.ingest(ctx, &source{Source: byName[name]}, cache)
		if err != nil {
			return nil, fmt.Errorf("source %s: %w", name, err)
		}
		return d, nil
	})
	if err != nil {
		return nil, fmt.Errorf("series %s: %w", se.Name, err)
	}
	if opt.Diff.Context == nil {
		opt.Diff.Context = ctx
	}
	return opt.Build(ctx, eds)
}

// series finds the series of that name; "" names the only one.
func (ws *Workspace) series(name string) (Series, error) {
	var names []string
	for _, se := range ws.Series {
		if se.Name == name || name == "" && len(ws.Series) == 1 {
			return se, nil
		}
		names = append(names, se.Name)
	}
	switch {
	case len(names) == 0:
		return Series{}, fmt.Errorf("the manifest has no [[series]]")
	case name == "":
		return Series{}, fmt.Errorf("the manifest has %d series (%s); name one", len(names), strings.Join(names, ", "))
	}
	return Series{}, fmt.Errorf("the manifest has no series %q (it has %s)", name, strings.Join(names, ", "))
}

// historyFiles renders a series' history for the site.
func historyFiles(se Series, h *history.History) (files, *HistorySummary, error) {
	fs := files{}
	v := h.All()
	s := &HistorySummary{Name: se.Name, Editions: se.Editions, Items: len(h.Lives), pages: map[string]string{}}
	var md, js bytes.Buffer
	if err := HistoryMarkdown(&md, v); err != nil {
		return nil, nil, err
	}
	if err := v.WriteJSON(&js); err != nil {
		return nil, nil, err
	}
	fs["history/"+se.Name+".md"], fs["history/"+se.Name+".json"] = md.Bytes(), js.Bytes()
	hv := historyView{Title: historyTitle(v), Summary: historySummary(v), URL: urlPath(se.Name)}
	used := map[string]int{}
	for _, l := range h.Lives {
		if len(l.Events) == 0 {
			continue
		}
		s.Changed++
		s.Changes += len(l.Events)
		file := lifeFile(h, l, used)
		hv.Lives = append(hv.Lives, lifeLink{urlPath(file), h.Label(l), eventEditions(h, l)})
		page, err := lifePage(se, h, l)
		if err != nil {
			return nil, nil, err
		}
		fs["history/"+se.Name+"/"+file+".html"] = page
		for e := l.First; e <= l.Last; e++ {
			for _, i := range l.At[e] {
				ed := h.Editions[e]
				s.pages[pageKey(ed.Name, ed.Doc.Items[i].ID)] = "history/" + urlPath(se.Name) + "/" + urlPath(file) + ".html"
			}
		}
	}
	page, err := renderBody(page{Title: se.Name + " · history", Root: "../"}, "history", hv)
	if err != nil {
		return nil, nil, err
	}
	fs["history/"+se.Name+".html"] = page
	return fs, s, nil
}

// lifeFile names a life's page by its latest id, made safe for a file
// name, with its last edition when it was removed, and a number when
// another life took the name first.
func lifeFile(h *history.History, l *history.Life, used map[string]int) string {
	name := h.Latest(l).ID
	if l.Last != len(h.Editions)-1 {
		name += "@" + h.Editions[l.Last].Name
	}
	var b strings.Builder
	for _, r := range name {
		if r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-._@", r)) {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	f := b.String()
	if n := used[f]; n > 0 {
		used[f]++
		return fmt.Sprintf("%s-%d", f, n)
	}
	used[f] = 1
	return f
}

// eventEditions lists the editions of a life's changes: "1.6, 1.7".
func eventEditions(h *history.History, l *history.Life) string {
	var names []string
	for _, ev := range l.Events {
		if n := h.Editions[ev.Edition].Name; len(names) == 0 || names[len(names)-1] != n {
			names = append(names, n)
		}
	}
	return strings.Join(names, ", ")
}

// historyView is a series' page (templates/history.html).
type historyView struct {
	Title, Summary string
	// URL is the series' name as a URL path.
	URL   string
	Lives []lifeLink
}

// lifeLink is an item of a series on the series' page: its page's file
// (a URL path), its label and the editions of its changes.
type lifeLink struct{ File, Label, Editions string }

// lifeView is an item's page in a series (templates/history.html).
type lifeView struct {
	Label, ID, Span, Known string
	Events                 []lifeEvent
	Last, Text             string
	Series, URL            string
}

// lifeEvent is a change of an item: its edition, severity, the change
// in words and its redline.
type lifeEvent struct {
	Edition, Severity, Line string
	Redline                 template.HTML
}

// lifePage is an item's page: its names through the series, each change
// by edition with its severity, reason and redline, and its text in
// the last edition that has it.
func lifePage(se Series, h *history.History, l *history.Life) ([]byte, error) {
	latest := h.Latest(l)
	v := lifeView{Label: h.Label(l), ID: latest.ID, Span: lifeSpan(h, l), Known: knownAs(h, l),
		Last: h.Editions[l.Last].Name, Text: latest.Text, Series: se.Name, URL: urlPath(se.Name)}
	for _, ev := range l.Events {
		e := lifeEvent{Edition: h.Editions[ev.Edition].Name, Severity: string(ev.Change.Severity), Line: eventLine(h, ev)}
		if len(ev.Change.Spans) > 0 {
			e.Redline = template.HTML(htmlRedline(ev.Change.Spans, nil, nil))
		}
		v.Events = append(v.Events, e)
	}
	return renderBody(page{Title: h.Label(l) + " · " + se.Name, Root: "../../"}, "life", v)
}

// linkHistories gives each entry of a changelog page of the site a link
// to its item's page in the history of a series that has both editions
// (the changelog's entries are "<li id=\"c-ID\">" for an item of the
// new edition, "c-was-ID" for a removed one, and their first paragraph
// ends in "</p>"); page is returned unchanged when no series has them.
func linkHistories(page []byte, c ChangelogSummary, hs []HistorySummary) []byte {
	var pages map[string]string
	for _, h := range hs {
		if slices.Contains(h.Editions, c.OldName) && slices.Contains(h.Editions, c.NewName) {
			pages = h.pages
			break
		}
	}
	if len(pages) == 0 {
		return page
	}
	const open = "<li id=\"c-"
	var b bytes.Buffer
	rest := page
	for {
		k := bytes.Index(rest, []byte(open))
		if k < 0 {
			break
		}
		k += len(open)
		q := bytes.IndexByte(rest[k:], '"')
		p := bytes.Index(rest[k:], []byte("</p>"))
		if q < 0 || p < 0 {
			break
		}
		anchor := html.UnescapeString(string(rest[k : k+q]))
		key := pageKey(c.NewName, anchor)
		if id, ok := strings.CutPrefix(anchor, "was-"); ok {
			key = pageKey(c.OldName, id)
		}
		b.Write(rest[:k+p])
		if u := pages[key]; u != "" {
			fmt.Fprintf(&b, " <a class=\"history\" href=\"../%s\">History</a>", esc(u))
		}
		rest = rest[k+p:]
	}
	b.Write(rest)
	return b.Bytes()
}
