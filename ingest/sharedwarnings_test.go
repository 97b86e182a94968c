package ingest

import (
	"slices"
	"strings"
	"testing"
)

// TestUnshared: of a document's numbering warnings, the places another
// document prints alike (the same label, whatever the wording of the
// warning or the line) are left out and counted; the others, and any
// other warning, are kept.
func TestUnshared(t *testing.T) {
	src, err := Options{}.Bytes("en.md", []byte("# Rules\n\n- 1a) One.\n- 1b) Two.\n- 1d) Four.\n- 1e) Five.\n- 1g) Seven.\n"))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Options{}.Bytes("de.md", []byte("# Regeln\n\n- 1a) Eins.\n- 1b) Zwei.\n- 1d) Vier.\n- 1e) Fünf.\n- 1f) Sechs.\n- 1g) Sieben.\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(src.Warnings()) == 0 {
		t.Fatalf("no warning on the source: %q", src.Notes)
	}
	left, shared := Unshared(src, tr)
	if shared != 1 || len(left) != 1 || !slices.ContainsFunc(left, func(w string) bool { return !strings.Contains(w, "1b -> 1d") && strings.Contains(w, "1e -> 1g") }) {
		t.Errorf("Unshared(en, de) = %q, %d; want the skip 1e -> 1g alone left, 1 place shared", left, shared)
	}
	if left, shared := Unshared(src); shared != 0 || len(left) != len(src.Warnings()) {
		t.Errorf("Unshared(en) = %q, %d; want every warning, none shared", left, shared)
	}
	if left, shared := Unshared(src, src); shared != 0 || len(left) != len(src.Warnings()) {
		t.Errorf("Unshared(en, en) = %q, %d; want a document never to share with itself", left, shared)
	}
}
