package align

import (
	"io"
	"iter"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/jsoncodec"
	"github.com/rulesync/rulesync/internal/sched"
)

// Numbered returns a copy of the target document in which each item that
// prints no number of its own and is paired with a numbered source item
// takes that item's kind, number and id: "item:12" on a reader page
// becomes "rule:13". Items keep their positions. An id already used in
// the target is not given twice; a split (1-2) numbers its first part,
// a merge (2-1) takes the first source's number.
func (al *Alignment) Numbered() *corpus.Document {
	d := *al.Target
	d.Items = append([]corpus.Item(nil), al.Target.Items...)
	for k, id := range al.numberedBy() {
		s, t := &al.Source.Items[al.Pairs[k].Source[0]], &d.Items[al.Pairs[k].Target[0]]
		t.Kind, t.Number, t.ID = s.Kind, s.Number, id
	}
	return &d
}

// numberedIDs returns the id each target item takes in Numbered, "" for
// an item that keeps its own: WriteJSON needs only those, where a copy
// of the target was 192 bytes an item.
func (al *Alignment) numberedIDs() []string {
	ids := make([]string, len(al.Target.Items))
	for k, id := range al.numberedBy() {
		ids[al.Pairs[k].Target[0]] = id
	}
	return ids
}

// numberedBy yields, in order, the index of each pair whose target item
// takes its source item's kind, number and id (see Numbered), and the id.
func (al *Alignment) numberedBy() iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		used := map[string]bool{}
		for i := range al.Target.Items {
			used[al.Target.Items[i].ID] = true
		}
		// given marks the target items numbered already, which then
		// print a number (pairs that share a target item).
		given := make([]bool, len(al.Target.Items))
		for k, p := range al.Pairs {
			s, t := &al.Source.Items[p.Source[0]], &al.Target.Items[p.Target[0]]
			if t.Number != "" || given[p.Target[0]] || s.Number == "" {
				continue
			}
			id := corpus.ID(s.Kind, s.Number)
			if used[id] && t.ID != id {
				// (An item read through its source has the id already.)
				continue
			}
			used[id], given[p.Target[0]] = true, true
			if !yield(k, id) {
				return
			}
		}
	}
}

// Pivot aligns each target with the pivot document (normally the English
// source) concurrently, so that translations into several languages are
// read side by side through it. The alignments are in the order of the
// targets.
func (o Options) Pivot(pivot *corpus.Document, targets ...*corpus.Document) []*Alignment {
	out := make([]*Alignment, len(targets))
	if len(targets) == 1 {
		// The memo pays only where alignments share the pivot: for one
		// target it held a copy of every text and the tokens of every
		// item (2 KB an item, a fifth of the peak at 100k) for nothing.
		out[0] = o.align(pivot, targets[0], nil)
		return out
	}
	m := newMemo()
	// Every target at once, as the memo is shared among them; each
	// alignment shares its own work out among the cores.
	sched.Each(len(targets), len(targets), func(i int) { out[i] = o.align(pivot, targets[i], m) })
	return out
}

// Row is one pivot item and its partners in each target of a Pivot: for
// each alignment the indexes of the target items paired with it (none
// when it has no partner there).
type Row struct {
	Source  int
	Targets [][]int
	Scores  []float64
}

// Rows turns the alignments of one pivot into one row per pivot item, in
// the pivot's order.
func Rows(als []*Alignment) []Row {
	if len(als) == 0 {
		return nil
	}
	n := len(als[0].Source.Items)
	rows := make([]Row, n)
	for i := range rows {
		rows[i] = Row{Source: i, Targets: make([][]int, len(als)), Scores: make([]float64, len(als))}
	}
	for k, al := range als {
		for _, p := range al.Pairs {
			for _, i := range p.Source {
				rows[i].Targets[k] = append(rows[i].Targets[k], p.Target...)
				rows[i].Scores[k] = p.Score
			}
		}
	}
	return rows
}

// jsonPair is a Pair as `rulesync align --json` writes it.
type jsonPair struct {
	SourceID string `json:"source_id"`
	TargetID string `json:"target_id"`
	// OwnID is the target item's id in the translation's own reading,
	// where it is read through its source and that differs from
	// TargetID; IDSource says how the reading found TargetID (label,
	// aligned, projected) and Confidence how sure.
	OwnID      string  `json:"own_id,omitempty"`
	IDSource   string  `json:"id_source,omitempty"`
	Confidence float64 `json:"confidence,omitempty"`
	// NumberedID is the id the target item takes from its source when it
	// prints no number of its own ("item:12" -> "rule:13"), if any.
	NumberedID  string     `json:"numbered_id,omitempty"`
	SourceIDs   []string   `json:"source_ids,omitempty"` // for 2-1 merges
	TargetIDs   []string   `json:"target_ids,omitempty"` // for 1-2 splits
	Score       float64    `json:"score"`
	Low         bool       `json:"low"`
	Anchor      bool       `json:"anchor"`
	Evidence    []Evidence `json:"evidence"`
	SourceTitle string     `json:"source_title"`
	TargetTitle string     `json:"target_title"`
	TargetText  string     `json:"target_text"`
}

// AppendIndentedJSON appends the pair as json.Marshal and json.Indent
// write it (see jsoncodec.Indented): the same members in the same
// order, own_id, id_source, confidence, numbered_id, source_ids and
// target_ids left out when empty, a
// nil Evidence as null. Its error is the score's, when it is NaN or
// infinite (which round3 never makes).
func (p jsonPair) AppendIndentedJSON(b []byte, prefix string) ([]byte, error) {
	o := jsoncodec.StartObject(b, prefix)
	o.String("source_id", p.SourceID)
	o.String("target_id", p.TargetID)
	if p.OwnID != "" {
		o.String("own_id", p.OwnID)
	}
	if p.IDSource != "" {
		o.String("id_source", p.IDSource)
	}
	if p.Confidence != 0 {
		if err := o.Float("confidence", p.Confidence); err != nil {
			return o.B, err
		}
	}
	if p.NumberedID != "" {
		o.String("numbered_id", p.NumberedID)
	}
	if len(p.SourceIDs) > 0 {
		o.Strings("source_ids", p.SourceIDs)
	}
	if len(p.TargetIDs) > 0 {
		o.Strings("target_ids", p.TargetIDs)
	}
	if err := o.Float("score", p.Score); err != nil {
		return o.B, err
	}
	o.Bool("low", p.Low)
	o.Bool("anchor", p.Anchor)
	o.Key("evidence")
	o.B = jsoncodec.AppendList(o.B, o.Inner(), p.Evidence, appendEvidence)
	o.String("source_title", p.SourceTitle)
	o.String("target_title", p.TargetTitle)
	o.String("target_text", p.TargetText)
	return o.End(), nil
}

// appendEvidence appends e as json.Marshal and json.Indent write it
// at prefix: signal, agrees, detail.
func appendEvidence(b []byte, prefix string, e *Evidence) []byte {
	o := jsoncodec.StartObject(b, prefix)
	o.String("signal", e.Signal)
	o.Bool("agrees", e.Agrees)
	o.String("detail", e.Detail)
	return o.End()
}

type jsonItem struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Text  string `json:"text"`
}

// AppendIndentedJSON appends the item as json.Marshal and json.Indent
// write it (see jsoncodec.Indented): id, title, text. It never fails.
func (it jsonItem) AppendIndentedJSON(b []byte, prefix string) ([]byte, error) {
	o := jsoncodec.StartObject(b, prefix)
	o.String("id", it.ID)
	o.String("title", it.Title)
	o.String("text", it.Text)
	return o.End(), nil
}

// MarshalJSON is WriteJSON's object without the white space, as
// json.Marshal writes it.
func (al *Alignment) MarshalJSON() ([]byte, error) { return jsoncodec.Compact(al.WriteJSON) }

// WriteJSON writes the alignment to w as an object with "source" and
// "target" (edition and language), "pairs" (each with source_id,
// target_id, own_id, id_source and confidence for a target read through
// its source, numbered_id when the target takes the source's number,
// score, low, anchor, evidence, source_title, target_title,
// target_text), "unmatched_source" and "unmatched_target" (id, title,
// text), and the learned length "ratio", indented by two spaces and
// with a newline at the end, as a json.Encoder with SetIndent("", "  ")
// writes it. Scores are rounded to three decimals; lists are [] when
// empty. It writes one pair at a time: the whole object, compact and
// then indented, was held three times over (two thirds of the peak
// memory of aligning 100k items). Pairs and unmatched items append their
// own JSON (jsoncodec.Indented), not by reflection and a second
// indenting pass (a sixth of the processor time at 100k items).
func (al *Alignment) WriteJSON(w io.Writer) error {
	o := jsoncodec.NewObjectWriter(w)
	o.Member("source", al.Source.Header())
	o.Member("target", al.Target.Header())
	numbered := al.numberedIDs()
	jsoncodec.ListOf(o, "pairs", len(al.Pairs), func(k int) jsonPair { return al.jsonPair(k, numbered) })
	jsoncodec.ListOf(o, "unmatched_source", len(al.UnmatchedSource), func(k int) jsonItem { return jsonItemOf(&al.Source.Items[al.UnmatchedSource[k]]) })
	jsoncodec.ListOf(o, "unmatched_target", len(al.UnmatchedTarget), func(k int) jsonItem { return jsonItemOf(&al.Target.Items[al.UnmatchedTarget[k]]) })
	o.Member("ratio", round3(al.Ratio))
	return o.Close()
}

// jsonPair is pair k as MarshalJSON writes it; numbered is
// al.numberedIDs().
func (al *Alignment) jsonPair(k int, numbered []string) jsonPair {
	p := &al.Pairs[k]
	ids := func(d *corpus.Document, xs []int) []string {
		var s []string
		for _, x := range xs {
			s = append(s, d.Items[x].ID)
		}
		return s
	}
	s, t := &al.Source.Items[p.Source[0]], &al.Target.Items[p.Target[0]]
	jp := jsonPair{SourceID: s.ID, TargetID: t.ID, Score: round3(p.Score), Low: p.Low, Anchor: p.Anchor,
		Evidence: p.Evidence, SourceTitle: s.Title, TargetTitle: t.Title, TargetText: t.Text}
	if jp.Evidence == nil {
		jp.Evidence = []Evidence{}
	}
	jp.IDSource, jp.Confidence = t.IDSource, t.Confidence
	if o := al.OwnID(p.Target[0]); o != t.ID {
		jp.OwnID = o
	}
	if n := numbered[p.Target[0]]; n != "" && n != t.ID {
		jp.NumberedID = n
	}
	if len(p.Source) > 1 {
		jp.SourceIDs = ids(al.Source, p.Source)
	}
	if len(p.Target) > 1 {
		jp.TargetIDs = ids(al.Target, p.Target)
	}
	return jp
}

func jsonItemOf(it *corpus.Item) jsonItem { return jsonItem{it.ID, it.Title, it.Text} }

func round3(f float64) float64 { return float64(int64(f*1000+0.5)) / 1000 }

// OwnID is the id target item j has in the translation's own reading:
// for a target read through its source (Options.Through), the id its
// own numbering gave it, "" for an item the projection made of its
// blocks; for any other target, its id.
func (al *Alignment) OwnID(j int) string {
	if al.own == nil {
		return al.Target.Items[j].ID
	}
	return al.own[j]
}

// Made reports whether target item j is one the alignment made, which
// the target's own reading has none of (a heading SectionHeadings made
// of its items' Section): it prints nothing of its own.
func (al *Alignment) Made(j int) bool { return j < len(al.made) && al.made[j] }
