package gaps_test

import (
	"bytes"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/synth"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestGapsTakesProvenanceReading: Gaps given a Provenance (Options.Read)
// takes its reading of the translation through the original instead of
// reading it again, and reports exactly what it reports without: without
// a base (provenance against the source, as sync does), with the base
// provenance chose of two, on a reader page read through its source,
// and again with the same Read once the reading was taken.
func TestGapsTakesProvenanceReading(t *testing.T) {
	// 2,000 generated items a side with -tags long, 600 in the quick
	// suite.
	n := 600
	if longtest.On() {
		n = 2000
	}
	docs, _ := synth.Corpus(1, 2, 1, n)
	en1, en2, ja1 := docs["en-1"], docs["en-2"], docs["ja-1"]
	t.Run("synth, no base", func(t *testing.T) { takesReading(t, en2, ja1) })
	t.Run("synth, two bases", func(t *testing.T) { takesReading(t, en2, ja1, en2, en1) })
	t.Run("wca ja", func(t *testing.T) {
		w21, w24 := testcorpus.Doc(t, "wca/wca-regulations-2021-05-01-en.md"), testcorpus.Doc(t, "wca/wca-regulations-2024-01-01-en.md")
		ja := testcorpus.Doc(t, "wca/wca-regulations-2021-05-01-ja.md")
		takesReading(t, w21, ja)
		takesReading(t, w24, ja, w24, w21)
	})
	t.Run("tda ja reader page", func(t *testing.T) {
		takesReading(t, testcorpus.Doc(t, "tda/tda-2024-longform-en.docx"), testcorpus.Doc(t, "seeds/tda-2024-ja-reader-page.txt"))
	})
}

// takesReading checks tr against src with the provenance of tr among
// bases (the base it chooses), or against src alone without a base
// when there are none, as sync does: the same report with and without
// the provenance's reading, every reading let go once Gaps took one.
func takesReading(t *testing.T, src, tr *corpus.Document, bases ...*corpus.Document) {
	t.Helper()
	cands := bases
	if cands == nil {
		cands = []*corpus.Document{src}
	}
	pv, err := gaps.Options{}.Provenance(tr, cands...)
	if err != nil || pv.Best < 0 {
		t.Fatalf("provenance: %v, best %d", err, pv.Best)
	}
	var base *corpus.Document
	if bases != nil {
		base = pv.Candidates[pv.Best]
	}
	if n := gaps.ReadingsHeld(pv); n != len(cands) {
		t.Fatalf("provenance holds %d readings of %d candidates", n, len(cands))
	}
	want := reportJSON(t, gaps.Options{}.Gaps(src, tr, base))
	if n := gaps.ReadingsHeld(pv); n != len(cands) {
		t.Errorf("Gaps without Read took a reading (%d held)", n)
	}
	got := reportJSON(t, gaps.Options{Read: pv}.Gaps(src, tr, base))
	if n := gaps.ReadingsHeld(pv); n != 0 {
		t.Errorf("provenance still holds %d readings after Gaps took one", n)
	}
	again := reportJSON(t, gaps.Options{Read: pv}.Gaps(src, tr, base))
	if !bytes.Equal(got, want) || !bytes.Equal(again, want) {
		t.Errorf("the report differs with the provenance's reading (%d bytes, again %d; %d without)", len(got), len(again), len(want))
	}
}

// reportJSON is r written as JSON.
func reportJSON(t *testing.T, r *gaps.Report) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := r.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
