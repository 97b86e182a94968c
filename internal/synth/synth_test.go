package synth

import (
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/corpus/corpusjson"
)

// TestCorpusDeterministic checks that a seed gives the same corpus, that
// the documents are valid, and that the recorded defects are in the
// translations as recorded.
func TestCorpusDeterministic(t *testing.T) {
	a, ta := Corpus(7, 3, 2, 200)
	b, _ := Corpus(7, 3, 2, 200)
	if len(a) != 3*(1+2) {
		t.Fatalf("%d documents, want 9", len(a))
	}
	for name, d := range a {
		x, _ := corpusjson.Marshal(d)
		y, _ := corpusjson.Marshal(b[name])
		if string(x) != string(y) {
			t.Errorf("%s differs between two runs with one seed", name)
		}
		corpus.AssignIDs(d)
		if err := d.Validate(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	for name, defects := range ta.Defects {
		tr, src := a[name], a["en-"+strings.SplitN(name, "-", 2)[1]]
		for _, def := range defects {
			it, s := tr.Item(def.Item), src.Item(def.Item)
			switch def.Check {
			case "missing":
				if it != nil {
					t.Errorf("%s %s is recorded missing but present", name, def.Item)
				}
			case "truncated":
				if it == nil || !it.Has(corpus.FlagTruncated) || len(it.Text) >= len(s.Text) {
					t.Errorf("%s %s is recorded truncated", name, def.Item)
				}
			case "numbers":
				wrong := false
				if it != nil {
					for _, w := range strings.Fields(it.Text) {
						if w[0] == '9' && !strings.Contains(" "+s.Text+" ", " "+w+" ") {
							wrong = true
						}
					}
				}
				if !wrong {
					t.Errorf("%s %s is recorded with a wrong number", name, def.Item)
				}
			}
		}
	}
	if len(ta.Editions) != 2 {
		t.Errorf("%d edition pairs recorded, want 2", len(ta.Editions))
	}
}
