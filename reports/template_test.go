package reports_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
	"github.com/rulesync/rulesync/reports"
)

// poEntry is a PO entry's msgid and msgstr, and whether it is fuzzy or
// obsolete.
type poEntry struct {
	msgid, msgstr   string
	fuzzy, obsolete bool
}

var (
	poCtxRe = regexp.MustCompile(`(?m)^(?:#~ )?msgctxt ((?:"(?:[^"\\]|\\.)*"\n(?:#~ )?)+)`)
	poIDRe  = regexp.MustCompile(`(?m)^(?:#~ )?msgid ((?:"(?:[^"\\]|\\.)*"\n(?:#~ )?)+)`)
	poStrRe = regexp.MustCompile(`(?m)^(?:#~ )?msgstr ((?:"(?:[^"\\]|\\.)*"(?:\n|$)(?:#~ )?)+)`)
	poStrs  = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)
)

// poEntries reads a PO file's entries by msgctxt (enough of the format
// for the files rulesync and msgmerge write).
func poEntries(po string) map[string]poEntry {
	join := func(m []string) string {
		if m == nil {
			return ""
		}
		var b strings.Builder
		for _, s := range poStrs.FindAllStringSubmatch(m[1], -1) {
			b.WriteString(s[1])
		}
		return b.String()
	}
	out := map[string]poEntry{}
	for _, e := range strings.Split(po, "\n\n") {
		c := poCtxRe.FindStringSubmatch(e)
		if c == nil {
			continue
		}
		out[join(c)] = poEntry{msgid: join(poIDRe.FindStringSubmatch(e)), msgstr: join(poStrRe.FindStringSubmatch(e)),
			fuzzy: strings.Contains(e, "\n#, fuzzy"), obsolete: strings.Contains(e, "#~ msgctxt")}
	}
	return out
}

// TestTemplateMerges writes the PO of real translations as sync does
// (with the texts the documents were read from: the frame's units and
// the inline markup) and the POT of their source, and checks that the
// template offers every unit the PO holds with the same msgid, and that
// msgmerge of the PO with the template of its own edition, the update
// a gettext translator runs, changes no entry the template holds (no
// msgstr, no fuzzy flag, nothing made obsolete), and that the draft
// written back from the merged catalogue is the PO's draft, but for a
// partial translation (the merge makes it whole) and the units of a
// translation's own lines where its source has none (no template holds
// them: FIDE ru).
func TestTemplateMerges(t *testing.T) {
	longtest.Skip(t)
	need(t, "msgmerge")
	at := time.Date(2031, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, c := range []struct{ name, src, tr, base string }{
		{"wca-ja", "wca/wca-regulations-2024-01-01-en.md", "wca/wca-regulations-2021-05-01-ja.md", "wca/wca-regulations-2021-05-01-en.md"},
		{"wca-ja-2021", "wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2021-05-01-ja.md", ""},
		{"tda-ja", "tda/tda-2024-longform-en.docx", "seeds/tda-2024-ja-reader-page.txt", ""},
		{"tda-pt", "tda/tda-2024-longform-en.docx", "seeds/tda-2024-addendum-pt.txt", ""},
		{"fide-ru", "dev/fide-laws/fide-laws-2023-en.md", "dev/fide-laws/fide-laws-2023-ru.md", ""},
		{"udhr-fr", "udhr/udhr-1948-en.md", "udhr/udhr-1948-fr.md", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			text := func(rel string) (string, *corpus.Document) {
				if strings.HasSuffix(rel, ".docx") {
					return "", testcorpus.Doc(t, rel)
				}
				return testcorpus.TextDoc(t, rel)
			}
			srcText, src := text(c.src)
			trText, tr := text(c.tr)
			var base *corpus.Document
			if c.base != "" {
				base = testcorpus.Doc(t, c.base)
			}
			r := gaps.Options{}.Gaps(src, tr, base)
			var po, pot bytes.Buffer
			if err := reports.DraftPO(&po, r.Draft(), reports.DraftOptions{Now: at, SourceText: srcText, TranslationText: trText}); err != nil {
				t.Fatal(err)
			}
			if err := reports.POT(&pot, src, reports.DraftOptions{Now: at, SourceText: srcText}); err != nil {
				t.Fatal(err)
			}
			had, offered := poEntries(po.String()), poEntries(pot.String())
			own := 0 // frame units of the translation's own lines
			for ctx, e := range had {
				if e.obsolete {
					continue
				}
				if _, ok := offered[ctx]; !ok && (e.msgid == "("+ctx+")" || strings.HasSuffix(ctx, "/after") || ctx == ingest.FrameFront) {
					own++ // lines where the source has none, or a run of another shape
					continue
				}
				switch o, ok := offered[ctx]; {
				case !ok:
					t.Errorf("%s: in the PO, not in the template", ctx)
				case o.msgid != e.msgid:
					t.Errorf("%s: msgid %q in the PO, %q in the template", ctx, e.msgid, o.msgid)
				}
			}
			dir := t.TempDir()
			poPath, potPath, merged := filepath.Join(dir, c.name+".po"), filepath.Join(dir, c.name+".pot"), filepath.Join(dir, "merged.po")
			os.WriteFile(poPath, po.Bytes(), 0o644)
			os.WriteFile(potPath, pot.Bytes(), 0o644)
			if out, err := exec.Command("msgmerge", "-q", "--previous", "-o", merged, poPath, potPath).CombinedOutput(); err != nil {
				t.Fatalf("msgmerge: %v\n%s", err, out)
			}
			data, _ := os.ReadFile(merged)
			got := poEntries(string(data))
			for ctx, e := range had {
				if g, ok := got[ctx]; offered[ctx].msgid != "" && (!ok || g.msgstr != e.msgstr || g.fuzzy != e.fuzzy || g.obsolete != e.obsolete) {
					t.Errorf("%s: after msgmerge %+v, in the PO %+v", ctx, g, e)
				}
			}
			// The drafts written back from the PO and from the merged one
			// are the same.
			draft := func(data []byte) string {
				d, err := ingest.Options{}.Bytes(c.name+".po", data)
				if err != nil {
					t.Fatal(err)
				}
				var b bytes.Buffer
				if _, err := reports.WriteDraft(&b, gaps.Options{}.Gaps(src, d, base).Draft(), reports.DraftOptions{Format: "md", Now: at, SourceText: srcText, TranslationText: string(data)}); err != nil {
					t.Fatal(err)
				}
				return b.String()
			}
			a, b := draft(po.Bytes()), draft(data)
			switch {
			case a == b:
			case r.Draft().Partial() || own > 0:
				// A partial translation's catalogue merged with the whole
				// template is whole (msgmerge adds every unit, untranslated);
				// the units of a translation's own lines where the source
				// has none are in no template, and msgmerge drops those
				// that hold no text (where a run is empty).
				t.Logf("the draft from the merged PO differs from the PO's (partial %v, %d units of its own lines):\n%s", r.Draft().Partial(), own, firstDiff(a, b))
			default:
				t.Errorf("the draft from the merged PO differs from the PO's:\n%s", firstDiff(a, b))
			}
			t.Logf("%d entries in the PO (%d of the translation's own lines), %d in the template", len(had), own, len(offered))
		})
	}
}

// firstDiff is the first line where a and b differ, with its number.
func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range max(len(la), len(lb)) {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			return fmt.Sprintf("line %d: %q\n     vs %q", i+1, x, y)
		}
	}
	return ""
}
