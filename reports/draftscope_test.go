package reports

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
)

// TestPartialDraftReadsBack syncs the real translations that cover only
// part of their source (the TDA Portuguese addendum on the 2024 PDF and
// DOCX) and writes the draft in each of DraftFormats: read back and
// checked against the source, the draft is in the translation's
// language, covers the same segments as the translation (no item of
// the source outside its scope padded in, none reported missing) and
// has as many of them translated (current or to review), a text draft
// too (its lines of examples that read as labels, "1. exiba ...", run
// on after the line before them: before, they read back as items of
// their own, and a text draft was checked for its language only). The
// draft padded to the whole
// source (sync --whole), most of it the source's text marked
// untranslated, reads back in the translation's language too.
func TestPartialDraftReadsBack(t *testing.T) {
	for _, src := range []string{"tda/tda-2024-longform-en.pdf", "tda/tda-2024-longform-en.docx"} {
		t.Run(filepath.Base(src), func(t *testing.T) {
			srcText, s := corpusText(t, src)
			trText, tr := corpusText(t, "seeds/tda-2024-addendum-pt.txt")
			r := gaps.Options{}.Gaps(s, tr, nil)
			want := r.Progress()
			if !r.Draft().Partial() {
				t.Fatalf("the addendum's draft is not partial (%+v)", want)
			}
			for _, format := range DraftFormats {
				d := gaps.Options{}.Sync(s, tr, nil)
				draft := writeInterchange(t, d, DraftOptions{Format: format, SourceText: srcText, TranslationText: trText, Now: time.Unix(1700000000, 0)})
				back, err := ingest.Options{}.Bytes("draft."+draftExt[format], []byte(draft))
				if err != nil {
					t.Errorf("%s: read back: %v", format, err)
					continue
				}
				if back.Lang != tr.Lang {
					t.Errorf("%s: the draft reads back in %s, the translation is in %s", format, back.Lang, tr.Lang)
				}
				whole := writeInterchange(t, d.Whole(), DraftOptions{Format: format, SourceText: srcText, TranslationText: trText, Now: time.Unix(1700000000, 0)})
				if wb, err := (ingest.Options{}).Bytes("draft."+draftExt[format], []byte(whole)); err != nil {
					t.Errorf("%s: read back the whole draft: %v", format, err)
				} else if wb.Lang != tr.Lang {
					t.Errorf("%s: the whole draft (sync --whole) reads back in %s, the translation is in %s", format, wb.Lang, tr.Lang)
				}
				rb := gaps.Options{}.Gaps(s, back, nil)
				got := rb.Progress()
				if total(got) != total(want) || got.Translated+got.Fuzzy+got.Stale != want.Translated+want.Fuzzy+want.Stale {
					t.Errorf("%s: the draft read back counts %+v, the translation %+v", format, got, want)
				}
				for _, f := range rb.Findings {
					if f.Check == gaps.Missing {
						t.Errorf("%s: %s reported missing: %s", format, f.SourceID, f.Message)
						break
					}
				}
			}
		})
	}
}

// total is the number of segments p counts.
func total(p gaps.Progress) int { return p.Translated + p.Stale + p.Fuzzy + p.Untranslated }
