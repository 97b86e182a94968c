package ingest

import (
	"reflect"
	"testing"
)

// TestPackedLabels packs the labels of blocks of every shape the label
// grammar reads, with the fields the recognizer sets after reading them
// (kind, key, division, rare fields, a string the block's text does not
// hold), and checks that each is read back equal to the label packed,
// and a block without one reads none. It fails too when label or
// labelRare gain a field: packStarts must pack it.
func TestPackedLabels(t *testing.T) {
	if n := reflect.TypeFor[label]().NumField(); n != 13 {
		t.Errorf("label has %d fields, packStarts packs 13: pack the new one", n)
	}
	if n := reflect.TypeFor[labelRare]().NumField(); n != 4 {
		t.Errorf("labelRare has %d fields, packStarts packs 4: pack the new one", n)
	}
	texts := []string{"1. Rule one.", "Rule 12 applies", "RP-7. Dealers", "第12条 目的", "(2) a part", "1.0.1a text", "III.6.1.1 the player", "40-A. Text", "Article 3", "no label here", "§ 4 Scope", "1a+) comment"}
	bs := make([]block, len(texts)+1)
	starts := make(startLabels, len(bs))
	for i, s := range texts {
		bs[i].text = s
		l, ok := readLabel(s)
		if !ok {
			continue
		}
		switch i % 4 {
		case 0:
			l.kind, l.div = "rp", 3
		case 1:
			l.keyed = "x.y" // not in the block's text
			l.edit().after = "бап"
		case 2:
			l.edit().place = true
			l.edit().suffix = "+"
		}
		starts[i] = &l
	}
	// The last block is past the blocks that have labels.
	bs[len(texts)].text = "9. The last"
	p := packStarts(bs, starts)
	for i := range bs {
		got, ok := p.get(bs, i)
		if ok != (starts.at(i) != nil) || ok != p.has(i) {
			t.Errorf("%q: get says %v, has %v; packed %v", bs[i].text, ok, p.has(i), starts.at(i) != nil)
			continue
		}
		if ok && !reflect.DeepEqual(got, *starts.at(i)) {
			t.Errorf("%q: read back %+v, packed %+v", bs[i].text, got, *starts.at(i))
		}
	}
}
