// Package synth generates rulebook editions with known edits, for tests
// and benchmarks at any size.
package synth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/internal/atomicfile"
)

// vocabulary of generated rules.
var vocab = strings.Fields(`player dealer button blind chip stack table seat card hand pot bet raise call fold check
	floor tournament level break clock penalty warning showdown river turn flop board deck burn misdeal muck
	declare verbal amount minimum maximum exposed live dead position order action round event director`)

// Truth records what Editions did to each old rule.
type Truth struct {
	Deleted  []string // old ids
	Inserted []string // new ids
	Edited   []string // new ids of rules whose text changed
	// NumbersEdited are the new ids of rules whose amount changed (a
	// substantive edit); Split maps an old id to the two new ids it became;
	// Moved are the new ids of rules moved, unchanged, to another place.
	NumbersEdited []string
	Split         map[string][2]string
	Moved         []string
	// Merged maps a new id to the two old rules joined into it (with
	// Options.Merges only).
	Merged map[string][2]string `json:",omitempty"`
	// Renamed maps old ids to new ids for the rules that kept their text
	// or were edited (every rule after an insertion or deletion is
	// renumbered).
	Renamed map[string]string
}

// Editions returns a generated old edition of n rules and a new edition
// of it: about 3% of the rules deleted, 3% inserted, 10% with a word
// changed, and all renumbered in sequence, with what happened. The same
// seed gives the same editions.
func Editions(seed uint64, n int) (old, new *corpus.Document, truth Truth) {
	r := rand.New(rand.NewPCG(seed, 7))
	sentence := func() string {
		ws := make([]string, 8+r.IntN(20))
		for i := range ws {
			if r.IntN(9) == 0 {
				ws[i] = fmt.Sprint(50 * (1 + r.IntN(400)))
			} else {
				ws[i] = vocab[r.IntN(len(vocab))]
			}
		}
		return strings.Join(ws, " ") + "."
	}
	truth.Renamed = map[string]string{}
	old = &corpus.Document{Edition: "synth-1", Lang: "en"}
	new = &corpus.Document{Edition: "synth-2", Lang: "en"}
	add := func(d *corpus.Document, num int, title, text string) string {
		it := corpus.Item{Kind: corpus.KindRule, Number: fmt.Sprint(num), Title: title, Text: text}
		it.ID = corpus.ID(it.Kind, it.Number)
		d.Items = append(d.Items, it)
		return it.ID
	}
	num := 0
	for i := 1; i <= n; i++ {
		title := vocab[r.IntN(len(vocab))] + " " + vocab[r.IntN(len(vocab))]
		text := sentence() + " " + sentence()
		id := add(old, i, title, text)
		switch k := r.IntN(100); {
		case k < 3:
			truth.Deleted = append(truth.Deleted, id)
		case k < 6:
			num++
			truth.Inserted = append(truth.Inserted, add(new, num, "new "+title, sentence()))
			num++
			truth.Renamed[id] = add(new, num, title, text)
		case k < 16:
			num++
			ws := strings.Fields(text)
			w := r.IntN(len(ws))
			ws[w] = ws[w] + " " + vocab[r.IntN(len(vocab))]
			nid := add(new, num, title, strings.Join(ws, " "))
			truth.Renamed[id] = nid
			truth.Edited = append(truth.Edited, nid)
		default:
			num++
			truth.Renamed[id] = add(new, num, title, text)
		}
	}
	return old, new, truth
}

// Languages are the language tags generated translations use, in order.
var Languages = []string{"ja", "pt", "es", "fr", "de", "it", "zh", "ko", "ru", "pl", "nl", "sv", "da", "fi", "no", "cs", "hu", "ro", "tr", "el",
	"he", "ar", "th", "vi", "id", "uk", "bg", "hr", "sk", "sl", "lt", "lv", "et", "ca", "gl"}

// Defect is a known fault put into a generated translation.
type Defect struct {
	Item  string // the source item's id
	Check string // the gaps check that should find it: "missing", "numbers", "truncated"
}

// CorpusTruth records what Corpus generated.
type CorpusTruth struct {
	// Editions maps each edition pair "e1..e2" to what changed.
	Editions map[string]Truth
	// Defects maps each translation's name to its faults.
	Defects map[string][]Defect
	// Unchanged lists the editions made identical to the one before
	// them, as pairs of names ("en-4", "en-5").
	Unchanged [][2]string `json:",omitempty"`
}

// Options shapes a generated corpus beyond its size. The zero value makes
// every edition from the one before with edits.
type Options struct {
	// Unchanged are editions (2 or more) that are the edition before them
	// reissued: the same rules, numbers and texts under a new name and
	// date, so that no content can tell the two apart.
	Unchanged []int
	// Merges joins about 2% of the rules of each edition after the first
	// with the rule after them (recorded in Truth.Merged); the other
	// edits are those made without it.
	Merges bool
}

func (o Options) unchanged(e int) bool {
	for _, u := range o.Unchanged {
		if u == e {
			return true
		}
	}
	return false
}

// Corpus generates a rulebook in editions English editions of items
// rules each (each made from the one before: rules deleted, inserted,
// moved, split, edited in words and in amounts, all renumbered) and, for every edition, translations into langs languages. A
// translation is a word-for-word cipher of its source that keeps numbers
// and references, with known defects: about 2% of items left out, 2% with
// a wrong number, 2% cut short. The documents are named "en-<e>" and
// "<lang>-<e>", e counting from 1.
func Corpus(seed uint64, editions, langs, items int) (docs map[string]*corpus.Document, truth CorpusTruth) {
	return Options{}.Corpus(seed, editions, langs, items)
}

// Corpus is the package's Corpus with the options.
func (o Options) Corpus(seed uint64, editions, langs, items int) (docs map[string]*corpus.Document, truth CorpusTruth) {
	docs = map[string]*corpus.Document{}
	truth, _ = o.Generate(seed, editions, langs, items, func(name string, d *corpus.Document) error {
		docs[name] = d
		return nil
	})
	return docs, truth
}

// Generate makes the documents Corpus makes, one at a time, and hands
// each to emit as soon as it is made, so that a corpus of any size needs
// the memory of one edition; an error from emit stops it.
func Generate(seed uint64, editions, langs, items int, emit func(name string, d *corpus.Document) error) (CorpusTruth, error) {
	return Options{}.Generate(seed, editions, langs, items, emit)
}

// Generate is the package's Generate with the options. Edition e is
// dated 1 January of the year 2000+e.
func (o Options) Generate(seed uint64, editions, langs, items int, emit func(name string, d *corpus.Document) error) (CorpusTruth, error) {
	truth := CorpusTruth{Editions: map[string]Truth{}, Defects: map[string][]Defect{}}
	var cur *corpus.Document
	for e := 1; e <= editions; e++ {
		switch {
		case e == 1:
			cur, _, _ = Editions(seed, items)
		case o.unchanged(e):
			next := *cur
			next.Items = append([]corpus.Item(nil), cur.Items...)
			renamed := map[string]string{}
			for _, it := range cur.Items {
				renamed[it.ID] = it.ID
			}
			truth.Editions[fmt.Sprintf("en-%d..en-%d", e-1, e)] = Truth{Renamed: renamed}
			truth.Unchanged = append(truth.Unchanged, [2]string{fmt.Sprintf("en-%d", e-1), fmt.Sprintf("en-%d", e)})
			cur = &next
		default:
			next, t := nextEdition(seed+uint64(e), cur, o.Merges)
			truth.Editions[fmt.Sprintf("en-%d..en-%d", e-1, e)] = t
			cur = next
		}
		cur.Edition = fmt.Sprintf("synth-%d", e)
		cur.Date = fmt.Sprintf("%d-01-01", 2000+e)
		if err := emit(fmt.Sprintf("en-%d", e), cur); err != nil {
			return truth, err
		}
		for l := 0; l < langs && l < len(Languages); l++ {
			name := fmt.Sprintf("%s-%d", Languages[l], e)
			d, defects := translate(seed*131+uint64(e*97+l), cur, Languages[l], l)
			truth.Defects[name] = defects
			if err := emit(name, d); err != nil {
				return truth, err
			}
		}
	}
	return truth, nil
}

// nextEdition makes the edition after old: rules deleted, inserted and
// edited as Editions does, and merged with merges, renumbered in
// sequence.
func nextEdition(seed uint64, old *corpus.Document, merges bool) (*corpus.Document, Truth) {
	e := &edition{
		r:     rand.New(rand.NewPCG(seed, 11)),
		next:  &corpus.Document{Lang: "en"},
		truth: Truth{Renamed: map[string]string{}, Split: map[string][2]string{}},
	}
	mr := rand.New(rand.NewPCG(seed, 13)) // the merges' own, so that the other edits stay as they are
	if merges {
		e.truth.Merged = map[string][2]string{}
	}
	joined := false // the rule was merged into the one before it
	for i, it := range old.Items {
		e.arrive(i)
		if joined {
			joined = false
			continue
		}
		if merges && mr.IntN(100) < 2 && i+1 < len(old.Items) {
			nx := old.Items[i+1]
			e.truth.Merged[e.add(it.Title, it.Text+" "+nx.Text)] = [2]string{it.ID, nx.ID}
			joined = true
			continue
		}
		e.edit(i, it, len(old.Items))
	}
	for _, h := range e.held {
		e.moved(h)
	}
	return e.next, e.truth
}

// edition is the next edition as nextEdition makes it.
type edition struct {
	r     *rand.Rand
	next  *corpus.Document
	truth Truth
	num   int      // the last rule's number
	held  []moving // rules held back to be moved further on
}

// moving is a rule held back, to arrive before the old rule until.
type moving struct {
	from        string
	title, text string
	until       int
}

// add appends a rule with the next number and returns its id.
func (e *edition) add(title, text string) string {
	e.num++
	it := corpus.Item{Kind: corpus.KindRule, Number: fmt.Sprint(e.num), Title: title, Text: text}
	it.ID = corpus.ID(it.Kind, it.Number)
	e.next.Items = append(e.next.Items, it)
	return it.ID
}

// arrive adds the rules held back to arrive before the old rule i.
func (e *edition) arrive(i int) {
	for k := 0; k < len(e.held); k++ {
		if e.held[k].until == i {
			e.moved(e.held[k])
			e.held = append(e.held[:k], e.held[k+1:]...)
			k--
		}
	}
}

// moved adds a rule held back, moved.
func (e *edition) moved(h moving) {
	id := e.add(h.title, h.text)
	e.truth.Renamed[h.from] = id
	e.truth.Moved = append(e.truth.Moved, id)
}

// edit carries the old rule it, the i-th of n: deleted, inserted after,
// moved, split, its number or its words edited, or kept.
func (e *edition) edit(i int, it corpus.Item, n int) {
	r, truth := e.r, &e.truth
	switch k := r.IntN(100); {
	case k < 2:
		truth.Deleted = append(truth.Deleted, it.ID)
	case k < 4:
		truth.Inserted = append(truth.Inserted, e.add("new "+it.Title, it.Text+" "+vocab[r.IntN(len(vocab))]+" "+fmt.Sprint(50*(1+r.IntN(400)))+"."))
		truth.Renamed[it.ID] = e.add(it.Title, it.Text)
	case k < 5 && i+20 < n:
		// Moved, unchanged, ten to twenty rules further on.
		e.held = append(e.held, moving{from: it.ID, title: it.Title, text: it.Text, until: i + 10 + r.IntN(10)})
	case k < 6 && strings.Count(it.Text, ".") >= 2:
		// Split at its first sentence.
		first, rest, _ := strings.Cut(it.Text, ". ")
		a := e.add(it.Title, first+".")
		b := e.add(it.Title+" (continued)", rest)
		truth.Split[it.ID] = [2]string{a, b}
	case k < 8 && hasAmount(it.Text):
		ws := strings.Fields(it.Text)
		for w, x := range ws {
			if n := strings.TrimRight(x, "."); len(n) > 1 && n[0] >= '1' && n[0] <= '9' {
				ws[w] = "1" + x
				break
			}
		}
		nid := e.add(it.Title, strings.Join(ws, " "))
		truth.Renamed[it.ID] = nid
		truth.Edited = append(truth.Edited, nid)
		truth.NumbersEdited = append(truth.NumbersEdited, nid)
	case k < 12:
		ws := strings.Fields(it.Text)
		w := r.IntN(len(ws))
		ws[w] = ws[w] + " " + vocab[r.IntN(len(vocab))]
		nid := e.add(it.Title, strings.Join(ws, " "))
		truth.Renamed[it.ID] = nid
		truth.Edited = append(truth.Edited, nid)
	default:
		truth.Renamed[it.ID] = e.add(it.Title, it.Text)
	}
}

// hasAmount reports whether text states a number of two digits or more.
func hasAmount(text string) bool {
	for _, x := range strings.Fields(text) {
		if n := strings.TrimRight(x, "."); len(n) > 1 && n[0] >= '1' && n[0] <= '9' {
			return true
		}
	}
	return false
}

// cipher turns an English word into the word of generated language l:
// letters shifted, numbers kept.
func cipher(w string, l int) string {
	if w == "" || w[0] >= '0' && w[0] <= '9' {
		return w
	}
	b := []byte(w)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = 'a' + (c-'a'+byte(l%25)+1)%26
		}
	}
	return string(b)
}

// translate makes the translation of src into generated language lang.
func translate(seed uint64, src *corpus.Document, lang string, l int) (*corpus.Document, []Defect) {
	r := rand.New(rand.NewPCG(seed, 13))
	d := &corpus.Document{Edition: src.Edition, Date: src.Date, Lang: lang}
	var defects []Defect
	words := func(s string) string {
		ws := strings.Fields(s)
		for i, w := range ws {
			core := strings.TrimRight(w, ".,;")
			ws[i] = cipher(core, l) + w[len(core):]
		}
		return strings.Join(ws, " ")
	}
	for _, it := range src.Items {
		t := corpus.Item{Kind: it.Kind, Number: it.Number, ID: it.ID, Title: words(it.Title), Text: words(it.Text)}
		switch k := r.IntN(100); {
		case k < 2:
			defects = append(defects, Defect{it.ID, "missing"})
			continue
		case k < 4:
			// A wrong number: the first amount changed.
			ws := strings.Fields(t.Text)
			for i, w := range ws {
				if n := strings.TrimRight(w, "."); n != "" && n[0] >= '1' && n[0] <= '9' {
					ws[i] = "9" + w
					defects = append(defects, Defect{it.ID, "numbers"})
					break
				}
			}
			t.Text = strings.Join(ws, " ")
		case k < 6:
			rs := []rune(t.Text)
			t.Text = string(rs[:len(rs)/2])
			t.SetFlag(corpus.FlagTruncated)
			defects = append(defects, Defect{it.ID, "truncated"})
		}
		d.Items = append(d.Items, t)
	}
	return d, defects
}

// writeFile writes one file of a corpus; a test makes it fail.
var writeFile = atomicfile.Write

// Write generates a corpus (see Corpus) into dir: docs/<name>.json, a
// workspace manifest rulesync.toml comparing each edition with the next
// and checking every translation against its edition, and truth.json.
// When ctx is done it stops between documents and removes those it wrote.
func Write(ctx context.Context, dir string, seed uint64, editions, langs, items int) error {
	return Options{}.Write(ctx, dir, seed, editions, langs, items)
}

// Write is the package's Write with the options. The corpus is written
// into a new directory beside dir (".DIR.new-PID-*", atomicfile.NewDir)
// that takes dir's place (dir new or empty) only when complete: a write
// that fails or is stopped leaves dir as it was, and the same command
// can run again; one a killed synth left is removed by the next.
func (o Options) Write(ctx context.Context, dir string, seed uint64, editions, langs, items int) (err error) {
	final := filepath.Clean(dir)
	if err := os.MkdirAll(filepath.Dir(final), 0o755); err != nil {
		return err
	}
	dir, err = atomicfile.NewDir(final)
	if err != nil {
		return err
	}
	untrack := atomicfile.Track(dir)
	defer untrack()
	defer func() {
		if err == nil {
			err = place(dir, final)
		}
		if err != nil {
			os.RemoveAll(dir)
		}
	}()
	if err := os.Chmod(dir, 0o755); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(dir, "docs"), 0o755); err != nil {
		return err
	}
	var names []string
	truth, err := o.Generate(seed, editions, langs, items, func(name string, d *corpus.Document) error {
		if err := ctx.Err(); err != nil {
			return err // stopped: the directory goes
		}
		corpus.AssignIDs(d)
		data, err := corpusjson.Marshal(d)
		if err != nil {
			return err
		}
		names = append(names, name)
		return writeFile(filepath.Join(dir, "docs", name+".json"), data)
	})
	if err != nil {
		return err
	}
	sort.Strings(names)
	var m strings.Builder
	fmt.Fprintf(&m, "# Generated by rulesync synth: %d editions, %d languages, %d items, seed %d.\ntitle = \"Synthetic corpus\"\n", editions, langs, items, seed)
	for _, n := range names {
		fmt.Fprintf(&m, "\n[[source]]\nname = %q\npath = \"docs/%s.json\"\n", n, n)
	}
	for e := 2; e <= editions; e++ {
		fmt.Fprintf(&m, "\n[[diff]]\nold = \"en-%d\"\nnew = \"en-%d\"\n", e-1, e)
	}
	for e := 1; e <= editions; e++ {
		for l := 0; l < langs && l < len(Languages); l++ {
			fmt.Fprintf(&m, "\n[[translation]]\nname = \"%s-%d\"\nsource = \"en-%d\"\n", Languages[l], e, e)
		}
	}
	if err := writeFile(filepath.Join(dir, "rulesync.toml"), []byte(m.String())); err != nil {
		return err
	}
	js, err := json.MarshalIndent(truth, "", "  ")
	if err != nil {
		return err
	}
	return writeFile(filepath.Join(dir, "truth.json"), js)
}

// place puts the complete corpus directory tmp in the place of final,
// which must be absent or empty.
func place(tmp, final string) error {
	if err := os.Remove(final); err != nil && !os.IsNotExist(err) {
		return fmt.Errorf("%v (synth writes only into a new or empty directory)", pathless(err)) // the caller names final
	}
	return os.Rename(tmp, final)
}

// pathless drops the path an *os.PathError repeats.
func pathless(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
