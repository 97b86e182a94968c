package gaps_test

import (
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// leaveSource gives the n-th item of tr that has the id of an item of
// src with a text of 60 characters or more (n from 1) that item's text
// where leave(n), as a translator who left part of the file in the
// source's language gives it, and returns the ids it changed.
func leaveSource(src, tr *corpus.Document, leave func(n int) bool) map[string]bool {
	byID := map[string]*corpus.Item{}
	for i := range src.Items {
		byID[src.Items[i].ID] = &src.Items[i]
	}
	left, n := map[string]bool{}, 0
	for j := range tr.Items {
		t := &tr.Items[j]
		s := byID[t.ID]
		if s == nil || s.Kind == corpus.KindPreamble || corpus.Len(s.Text) < 60 || corpus.Len(t.Text) == 0 {
			continue
		}
		if n++; leave(n) {
			t.Text = s.Text
			left[t.ID] = true
		}
	}
	return left
}

// textStates gives the state of each text segment of the report's
// draft, by source id.
func textStates(r *gaps.Report) map[string]gaps.Status {
	out := map[string]gaps.Status{}
	for _, s := range r.Draft().Segments() {
		if !s.Title {
			out[s.ID()] = s.Status
		}
	}
	return out
}

// TestTextLeftUntranslated: an item whose whole text a translation
// leaves in the source's language, the source's words, is untranslated
// in the progress, whatever else the item has: the real Constitution
// 1.7 ja with every third rule's text the English one.
func TestTextLeftUntranslated(t *testing.T) {
	src := testcorpus.Doc(t, "dev/debian-constitution/debian-constitution-1.7-en.wml")
	tr := testcorpus.Doc(t, "dev/debian-constitution/debian-constitution-1.7-ja.wml")
	before := gaps.Options{}.Gaps(src, tr, nil).Progress()
	left := leaveSource(src, tr, func(n int) bool { return n%3 == 0 })
	if len(left) < 10 {
		t.Fatalf("only %d items left in English", len(left))
	}
	r := gaps.Options{}.Gaps(src, tr, nil)
	states := textStates(r)
	for id := range left {
		if states[id] != gaps.NotTranslated {
			t.Errorf("%s: its text is the source's and reads as en, counted %q", id, states[id])
		}
	}
	if p := r.Progress(); p.Untranslated < before.Untranslated+len(left) {
		t.Errorf("%d untranslated with %d texts left in English, %d without: %s", p.Untranslated, len(left), before.Untranslated, p)
	}
}

// TestTranslationMostlySourceLanguage: a translation most of whose
// items are left in the source's language, without a stated language,
// is read in the language of the part that differs from the source, and
// the items left are found untranslated: the real Constitution 1.7 ja
// with two of three rules' texts the English ones, as plain paragraphs
// and as Markdown bullets.
func TestTranslationMostlySourceLanguage(t *testing.T) {
	src := testcorpus.Doc(t, "dev/debian-constitution/debian-constitution-1.7-en.wml")
	for _, v := range []testcorpus.Variant{testcorpus.Paragraphs, testcorpus.Bullets} {
		tr := testcorpus.Doc(t, "dev/debian-constitution/debian-constitution-1.7-ja.wml")
		left := leaveSource(src, tr, func(n int) bool { return n%3 != 0 })
		name, data, _ := testcorpus.Write(tr, v)
		doc, err := ingest.Options{}.Bytes(name, data)
		if err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		r := gaps.Options{}.Gaps(src, doc, nil)
		if r.Translation.Lang != "ja" {
			t.Errorf("%s: %d of %d items left in English: the translation reads as %q", v, len(left), len(tr.Items), r.Translation.Lang)
		}
		found := 0
		for _, f := range r.Findings {
			if f.Check == gaps.Untranslated && left[f.SourceID] {
				found++
			}
		}
		if found < len(left)*9/10 {
			t.Errorf("%s: %d of %d items left in English found untranslated", v, found, len(left))
		}
	}
}
