package reports

import (
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/history"
)

// A task is a step of a build after ingest that makes outputs from the
// documents of some sources: an edition pair's changelog (diffTask), a
// translation's report (gapsTask), a document checked alone
// (checkTask). Its key is the hash of its inputs (its kind, the build's
// settings, its names and its documents' keys: see key), and names its
// outputs in the cache, so that a task whose inputs are unchanged is not
// run again.
type task interface {
	// stage and name say what the task is in the build's events
	// ("diff", "en-2030..en-2031").
	stage() string
	name() string
	key(r *buildRun) string
	// inputs are the names of the sources whose documents make reads.
	inputs() []string
	// make runs the task: it writes its files through p, one at a time,
	// and returns its summary for Summary.
	make(r *buildRun, p put) (any, error)
}

// diffTask compares an edition pair: its changelog in every format.
type diffTask struct{ Pair }

func (t diffTask) stage() string { return "diff" }
func (t diffTask) name() string  { return t.Old + ".." + t.New }

func (t diffTask) key(r *buildRun) string {
	old, nw := r.byName[t.Old].hash, r.byName[t.New].hash
	if t.Title != "" {
		return key("diff", r.settings, t.name(), old, nw, "title", t.Title)
	}
	return key("diff", r.settings, t.name(), old, nw)
}

func (t diffTask) inputs() []string { return []string{t.Old, t.New} }

func (t diffTask) make(r *buildRun, p put) (any, error) {
	o, err := r.load(t.Old)
	if err != nil {
		return nil, err
	}
	n, err := r.load(t.New)
	if err != nil {
		return nil, err
	}
	cmp := diff.Options{Context: r.ctx}.Compare(o, n)
	if err := r.ctx.Err(); err != nil {
		return nil, err // an incomplete comparison is not kept
	}
	fs, s, err := changelogFiles(t.Pair, cmp)
	if err != nil {
		return nil, err
	}
	return s, putFiles(p, fs)
}

// gapsTask checks a translation against its source: its report, its
// files for translation tools and its sync draft. between are the
// editions of a series from its base to its source, whose history gives
// each stale item's changes edition by edition (none when any of them
// could not be read).
type gapsTask struct {
	Translation
	between []string
}

func (t gapsTask) stage() string { return "gaps" }
func (t gapsTask) name() string  { return t.Name }

func (t gapsTask) key(r *buildRun) string {
	baseHash := ""
	if t.Base != "" {
		baseHash = r.byName[t.Base].hash
	}
	var series []string
	for _, e := range t.between {
		series = append(series, e, r.byName[e].hash)
	}
	return key("gaps", r.settings, t.Name, t.Source, t.Base, r.byName[t.Source].hash, r.byName[t.Name].hash, baseHash, strings.Join(series, "\x00"))
}

func (t gapsTask) inputs() []string {
	return append([]string{t.Source, t.Name, t.Base}, t.between...)
}

func (t gapsTask) make(r *buildRun, p put) (any, error) {
	src, err := r.load(t.Source)
	if err != nil {
		return nil, err
	}
	tr, err := r.load(t.Name)
	if err != nil {
		return nil, err
	}
	var base *corpus.Document
	if t.Base != "" {
		if base, err = r.load(t.Base); err != nil {
			return nil, err
		}
	}
	rep := gaps.Options{Context: r.ctx}.Gaps(src, tr, base)
	if err := r.ctx.Err(); err != nil {
		return nil, err // an incomplete report is not kept
	}
	if err := rep.Unplaceable(); err != nil {
		return nil, unplaceable{err}
	}
	// The files below read nothing of the alignment's evidence.
	rep.LetGo()
	var h *history.History
	if len(t.between) > 0 {
		var eds []history.Edition
		for _, e := range t.between {
			d, err := r.load(e)
			if err != nil {
				return nil, err
			}
			eds = append(eds, history.Edition{Name: e, Doc: d})
		}
		if h, err = (history.Options{Diff: diff.Options{Context: r.ctx}}).Build(r.ctx, eds); err != nil {
			return nil, err
		}
		SeriesEvidence(rep, h)
	}
	texts := DraftOptions{SourceText: r.rawText(t.Source, src), TranslationText: r.rawText(t.Name, tr)}
	return r.translationFiles(t.Translation, rep, h, texts, p)
}

// checkTask checks a document that is neither an edition compared nor
// a translation or its source: the checks that need no source.
type checkTask struct{ source string }

func (t checkTask) stage() string { return "check" }
func (t checkTask) name() string  { return t.source }

func (t checkTask) key(r *buildRun) string {
	return key("check", r.settings, r.ws.Title, t.source, r.byName[t.source].hash)
}

func (t checkTask) inputs() []string { return []string{t.source} }

func (t checkTask) make(r *buildRun, p put) (any, error) {
	d, err := r.load(t.source)
	if err != nil {
		return nil, err
	}
	rep := gaps.Options{Context: r.ctx}.Check(d)
	if err := r.ctx.Err(); err != nil {
		return nil, err
	}
	return checkFiles(namedDoc{t.source, d}, rep, r.ws.Title, p)
}

// plan is the tasks of the build whose inputs could be read: a diff
// per edition pair, a report per translation, a check per source that
// no other task uses. A pair or translation with a source that could
// not be read goes into Summary.Skipped.
func (r *buildRun) plan() []task {
	var out []task
	for _, d := range r.ws.Diffs {
		if bad := r.unread(d.Old, d.New); bad != nil {
			r.sum.Skipped = append(r.sum.Skipped, Skipped{"changelog", diffTask{d}.name(), bad})
			continue
		}
		out = append(out, diffTask{d})
	}
	for _, t := range r.ws.Translations {
		if bad := r.unread(t.Name, t.Source, t.Base); bad != nil {
			r.sum.Skipped = append(r.sum.Skipped, Skipped{"translation", t.Name, bad})
			continue
		}
		between := r.ws.seriesBetween(t.Base, t.Source)
		for _, e := range between {
			if !r.ok(e) {
				between = nil
				break
			}
		}
		out = append(out, gapsTask{t, between})
	}
	for _, s := range r.ws.Sources {
		if !r.used[s.Name] && r.ok(s.Name) {
			out = append(out, checkTask{s.Name})
		}
	}
	return out
}
