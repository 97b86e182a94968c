package align

import (
	"testing"

	"github.com/rulesync/rulesync/corpus"
)

// TestLeadsAfterTitle: the first sentence of a run of target blocks
// that opens with a title (a translator's heading over an item the
// source prints no title for: "五 වන වගන්තිය") is the first sentence
// of the text under it: a run that takes its heading costs what the run
// after the heading costs, so the lead does not push headings onto the
// item before. A sentence that goes on into the next block counts that
// block's first sentence; one that stops before a title does not.
func TestLeadsAfterTitle(t *testing.T) {
	src := &corpus.Document{Items: []corpus.Item{
		{ID: "rule:1", Text: "One two three. Four five six seven."},
		{ID: "rule:2", Text: "Eight nine. Ten."},
		{ID: "rule:3", Title: "Heading", Text: "Eleven. Twelve."},
		{ID: "rule:4", Text: "Thirteen fourteen."},
	}}
	bt := []block{
		{item: 0, title: true, text: "Article one"},
		{item: 0, text: "Uno dos tres. Cuatro"},
		{item: 0, text: "cinco seis."},
		{item: 1, title: true, text: "Article two"},
		{item: 1, title: true, text: "Second heading"},
		{item: 1, text: "Ocho nueve"},
		{item: 2, title: true, text: "Article three"},
	}
	var S, T units
	setLeads(&S, &T, src, bt)
	wantS := []float32{14, 11, 0, 0}
	for i, w := range wantS {
		if S.lead[i] != w {
			t.Errorf("source item %d: lead %v, want %v", i, S.lead[i], w)
		}
	}
	wantT := []float32{13, 13, 11, 10, 10, 10, 13}
	for j, w := range wantT {
		if T.lead[j] != w {
			t.Errorf("block %d (%q): lead %v, want %v", j, bt[j].text, T.lead[j], w)
		}
	}
}

// TestLeadUnicameral: a word in lower case after a full stop is read as
// after an abbreviation only in a text that starts its sentences in
// upper case; in a script whose letters Unicode calls lower case alone
// (Georgian's Mkhedruli), the full stop ends the sentence.
func TestLeadUnicameral(t *testing.T) {
	en := []string{"All are born free. They are endowed with reason (e.g. minds). Everyone has rights."}
	ka := []string{"ყველა ადამიანი იბადება თავისუფალი. მათ მინიჭებული აქვთ გონება. ყველა უფლება."}
	seq := func(texts []string) func(func(string) bool) {
		return func(yield func(string) bool) {
			for _, s := range texts {
				if !yield(s) {
					return
				}
			}
		}
	}
	if !capitalized(seq(en)) {
		t.Errorf("%q: not read as starting its sentences in upper case", en[0])
	}
	if capitalized(seq(ka)) {
		t.Errorf("%q: read as starting its sentences in upper case", ka[0])
	}
	if n, _ := leadOf(en[0], true); n != 18 {
		t.Errorf("%q: first sentence %d runes, want 18", en[0], n)
	}
	if n, _ := leadOf("They (e.g. minds) think. Then", true); n != 24 {
		t.Errorf("abbreviation before lower case: first sentence %d runes, want 24", n)
	}
	if n, _ := leadOf(ka[0], capitalized(seq(ka))); n != 34 {
		t.Errorf("%q: first sentence %d runes, want 34", ka[0], n)
	}
	if n, _ := leadOf(ka[0], true); n == 34 {
		t.Errorf("%q: cut at its first full stop when read as cased", ka[0])
	}
}
