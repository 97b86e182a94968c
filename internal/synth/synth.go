// Package synth generates rulebook editions with known edits, for tests
// and benchmarks at any size.
package synth

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/rulesync/rulesync/corpus"
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
