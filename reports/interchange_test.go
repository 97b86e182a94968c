package reports_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/align"
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
	"github.com/rulesync/rulesync/reports"
)

// need skips the test when a Translate Toolkit program is missing; CI
// installs the Debian package translate-toolkit (.ci/run).
func need(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed (Debian packages translate-toolkit and gettext; .ci/run installs them): %v", tool, err)
		}
	}
}

// counts are a catalogue's messages as Translate Toolkit's pocount
// counts them.
type counts struct{ translated, fuzzy, untranslated int }

// pocount counts the messages of a PO or XLIFF file with pocount.
func pocount(t *testing.T, path string) counts {
	t.Helper()
	out, err := exec.Command("pocount", "--csv", path).CombinedOutput()
	if err != nil {
		t.Fatalf("pocount %s: %v\n%s", path, err, out)
	}
	// CSV: Filename, Translated Messages, Translated Source Words,
	// Translated Target Words, Fuzzy Messages, Fuzzy Source Words,
	// Untranslated Messages, ...
	for _, l := range strings.Split(string(out), "\n") {
		f := strings.Split(l, ",")
		if len(f) >= 8 && strings.TrimSpace(f[0]) == path {
			n := func(i int) int { v, _ := strconv.Atoi(strings.TrimSpace(f[i])); return v }
			return counts{n(1), n(4), n(6)}
		}
	}
	t.Fatalf("pocount %s: no line for the file:\n%s", path, out)
	return counts{}
}

// poStates and xliffStates read, per unit id, whether a PO's entry is translated (not
// fuzzy, not empty) and whether an XLIFF unit is approved="yes" with
// state="translated".
func poStates(po string) map[string]bool {
	out := map[string]bool{}
	for _, e := range strings.Split(po, "\n\n") {
		m := regexp.MustCompile(`(?m)^msgctxt "([^"]*)"`).FindStringSubmatch(e)
		if m == nil {
			continue
		}
		out[m[1]] = !strings.Contains(e, "#, fuzzy") && !strings.HasSuffix(e, "msgstr \"\"")
	}
	return out
}

func xliffStates(x string) map[string]bool {
	out := map[string]bool{}
	re := regexp.MustCompile(`<trans-unit id="([^"]*)"([^>]*)>\n<source>(?s:.*?)</source>\n<target state="([a-z-]*)"`)
	for _, m := range re.FindAllStringSubmatch(x, -1) {
		out[m[1]] = strings.Contains(m[2], `approved="yes"`) && m[3] == "translated"
	}
	return out
}

// TestInterchangeTranslateToolkit writes the PO, XLIFF, TMX and TBX
// files of the real translations (the WCA Japanese, made from
// 2021-05-01, against 2024-01-01; the TDA reader page and the
// Portuguese addendum against the 2024 longform) and the POT of each
// source, and checks them with the tools translators use: msgfmt -c
// passes every PO with no warning; pocount counts the same translated,
// fuzzy and untranslated messages in the PO and the XLIFF of a
// translation, and those the draft has; XLIFF is approved exactly where
// the PO is translated; xliff2po of the XLIFF gives the PO's counts;
// po2xliff of the PO gives them too, its obsolete entries aside (it
// makes them translated units); cut previews and items with errors are
// fuzzy with the reason; removed items are obsolete entries; msginit
// starts a new language from the POT; rulesync reads its PO, XLIFF and
// TMX back, and Translate Toolkit's conversions of them, with the same
// translated items; translate.storage reads the TMX and the TBX.
func TestInterchangeTranslateToolkit(t *testing.T) {
	longtest.Skip(t)
	need(t, "pocount", "xliff2po", "po2xliff", "msgfmt", "msginit")
	py3 := toolkitPython(t)
	at := time.Date(2031, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, c := range []struct{ name, src, tr, base string }{
		{"wca-ja", "wca/wca-regulations-2024-01-01-en.md", "wca/wca-regulations-2021-05-01-ja.md", "wca/wca-regulations-2021-05-01-en.md"},
		{"tda-ja", "tda/tda-2024-longform-en.docx", "seeds/tda-2024-ja-reader-page.txt", ""},
		{"tda-pt", "tda/tda-2024-longform-en.docx", "seeds/tda-2024-addendum-pt.txt", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			var base *corpus.Document
			if c.base != "" {
				base = testcorpus.Doc(t, c.base)
			}
			src, tr := testcorpus.Doc(t, c.src), testcorpus.Doc(t, c.tr)
			r := gaps.Options{}.Gaps(src, tr, base)
			dir := t.TempDir()
			write := func(name string, f func(*bytes.Buffer) error) string {
				var b bytes.Buffer
				if err := f(&b); err != nil {
					t.Fatal(err)
				}
				path := filepath.Join(dir, name)
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return path
			}
			po := write(c.name+".po", func(b *bytes.Buffer) error { return reports.PO(b, r, at) })
			xlf := write(c.name+".xlf", func(b *bytes.Buffer) error { return reports.XLIFF(b, r) })
			tmx := write(c.name+".tmx", func(b *bytes.Buffer) error { return reports.TMX(b, r, at) })
			pot := write(c.name+".pot", func(b *bytes.Buffer) error { return reports.POT(b, src, reports.DraftOptions{Now: at}) })
			tbx := write(c.name+".tbx", func(b *bytes.Buffer) error {
				return reports.TBX(b, align.DefaultGlossary(), r.Source, r.Translation)
			})
			run := func(name string, args ...string) string {
				out, err := exec.Command(name, args...).CombinedOutput()
				if err != nil {
					t.Fatalf("%s %v: %v\n%s", name, args, err, out)
				}
				return string(out)
			}

			// msgfmt -c: no error, no warning.
			if out := run("msgfmt", "-c", "-o", os.DevNull, po); out != "" {
				t.Errorf("msgfmt -c %s:\n%s", filepath.Base(po), out)
			}
			var want counts
			p := r.Progress()
			want.translated, want.fuzzy, want.untranslated = p.Translated, p.Review(), p.Untranslated
			got := pocount(t, po)
			if got != want {
				t.Errorf("pocount %s: %+v, want %+v", filepath.Base(po), got, want)
			}
			if x := pocount(t, xlf); x != got {
				t.Errorf("pocount %s: %+v, the PO %+v", filepath.Base(xlf), x, got)
			}
			poData, _ := os.ReadFile(po)
			xlfData, _ := os.ReadFile(xlf)
			ps, xs := poStates(string(poData)), xliffStates(string(xlfData))
			if len(ps) != len(xs) || len(ps) != want.translated+want.fuzzy+want.untranslated {
				t.Errorf("%d PO entries, %d XLIFF units", len(ps), len(xs))
			}
			for id, ok := range ps {
				if xs[id] != ok {
					t.Errorf("%s: translated in PO %v, approved in XLIFF %v", id, ok, xs[id])
				}
			}

			// Translate Toolkit's conversions.
			back := filepath.Join(dir, "back.po")
			run("xliff2po", "-i", xlf, "-o", back)
			if b := pocount(t, back); b != got {
				t.Errorf("xliff2po: %+v, the PO %+v", b, got)
			}
			fwd := filepath.Join(dir, "fwd.xlf")
			run("po2xliff", "-i", po, "-o", fwd)
			obsolete := strings.Count(string(poData), "\n#~ msgctxt ")
			if f := pocount(t, fwd); f != (counts{got.translated + obsolete, got.fuzzy, got.untranslated}) {
				t.Errorf("po2xliff: %+v, the PO %+v and %d obsolete entries", f, got, obsolete)
			}
			d := r.Draft()
			if obsolete != countOrphanFields(d) {
				t.Errorf("%d obsolete entries, %d orphaned fields", obsolete, countOrphanFields(d))
			}
			for _, o := range d.Orphans {
				if !bytes.Contains(poData, []byte("#~ msgctxt \""+o.Target.ID)) {
					t.Errorf("orphan %s is no obsolete entry", o.Target.ID)
				}
			}
			// Cut previews are fuzzy, the reason given.
			cut := 0
			for _, it := range tr.Items {
				if it.Has(corpus.FlagTruncated) {
					cut++
				}
			}
			if n := strings.Count(string(poData), "# rulesync: the translation is a cut preview"); n < cut {
				t.Errorf("%d cut previews fuzzy, want %d", n, cut)
			}

			// A new language from the POT.
			newPO := filepath.Join(dir, "new.po")
			run("msginit", "--no-translator", "-l", "ja", "-i", pot, "-o", newPO)
			if out := run("msgfmt", "-c", "-o", os.DevNull, newPO); out != "" {
				t.Errorf("msgfmt -c on msginit's PO:\n%s", out)
			}
			// The POT holds every title and text of the source, and its
			// title and version (units of the frame); a PO, those of the
			// translation's scope.
			fields := 0
			for _, f := range []string{src.Title, src.Version} {
				if strings.TrimSpace(f) != "" {
					fields++
				}
			}
			for _, it := range src.Items {
				for _, f := range []string{it.Title, it.Text} {
					if strings.TrimSpace(f) != "" {
						fields++
					}
				}
			}
			if p := pocount(t, pot); p.untranslated != fields || p.translated != 0 || fields < want.translated+want.fuzzy+want.untranslated {
				t.Errorf("POT: %+v, want %d untranslated, no fewer than the PO's %d", p, fields, want.translated+want.fuzzy+want.untranslated)
			}

			// rulesync reads its files back, and Translate Toolkit's.
			for _, f := range []string{po, xlf, tmx, back} {
				doc, err := ingest.Options{}.File(f)
				if err != nil {
					t.Errorf("read back: %v", err)
					continue
				}
				// The units without translation are items marked so
				// (corpus.FlagEmptyUnit); the others, the draft's targets.
				n := 0
				for k := range doc.Items {
					if it := &doc.Items[k]; !it.Has(corpus.FlagEmptyUnit) || !it.Has(corpus.FlagUntranslated) {
						n++
					}
				}
				if n != draftTargets(d) {
					t.Errorf("%s read back: %d translated items, want %d", filepath.Base(f), n, draftTargets(d))
				}
			}

			py := `import sys
from translate.storage import tmx
store = tmx.tmxfile.parsefile(sys.argv[1])
units = [u for u in store.units if u.source]
print(len(units))
assert all(u.target for u in units)
`
			out := run(py3, "-c", py, tmx)
			if strings.TrimSpace(out) != itoa(want.translated+want.fuzzy) {
				t.Errorf("TMX holds %s units, want %d", strings.TrimSpace(out), want.translated+want.fuzzy)
			}
			tbxPy := `import sys
from translate.storage import tbx
store = tbx.tbxfile.parsefile(sys.argv[1])
print(len(store.units))
`
			if out := run(py3, "-c", tbxPy, tbx); strings.TrimSpace(out) == "0" {
				t.Errorf("translate.storage.tbx: no units")
			}
			t.Logf("%s: %d translated, %d fuzzy, %d untranslated; %d obsolete", c.name, got.translated, got.fuzzy, got.untranslated, obsolete)
		})
	}
}

// countOrphanFields counts the titles and texts of a draft's orphans:
// one obsolete entry each.
func countOrphanFields(d *gaps.Draft) int {
	n := 0
	for _, o := range d.Orphans {
		for _, f := range []string{o.Target.Title, o.Target.Text} {
			if strings.TrimSpace(f) != "" {
				n++
			}
		}
	}
	return n
}

// draftTargets counts the entries of a draft that have a translation.
func draftTargets(d *gaps.Draft) int {
	n := 0
	for i := range d.Entries {
		if d.Entries[i].Target != nil {
			n++
		}
	}
	return n
}

func itoa(n int) string { return strconv.Itoa(n) }

// toolkitPython returns a Python that imports Translate Toolkit's
// "translate" package: Debian's, which the package installs into, before
// another on the PATH.
func toolkitPython(t *testing.T) string {
	for _, py := range []string{"/usr/bin/python3", "python3"} {
		if exec.Command(py, "-c", "import translate.storage.tmx").Run() == nil {
			return py
		}
	}
	t.Skip("no python3 with Translate Toolkit's translate package (Debian package translate-toolkit; .ci/run installs it)")
	return ""
}

// TestBuildInterchangeIsSync builds the example workspace: each
// translation's interchange/NAME.po, .xlf and .tmx are the files sync
// --to po and --to xliff (and DraftTMX) write for the same pair, byte
// for byte, and the draft written back from the PO and the XLIFF is the
// build's draft, interchange/NAME.draft.EXT.
func TestBuildInterchangeIsSync(t *testing.T) {
	ws, err := reports.LoadWorkspace("../workspace/rulesync.toml")
	if err != nil {
		t.Fatal(err)
	}
	ws.Granted.Cache = t.TempDir()
	now := time.Unix(1700000000, 0)
	out := filepath.Join(t.TempDir(), "out")
	if _, err := (&reports.Build{Workspace: ws, Out: out, Now: func() time.Time { return now }}).Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	sources := map[string]reports.Source{}
	for _, s := range ws.Sources {
		sources[s.Name] = s
	}
	load := func(name string) (*corpus.Document, string) {
		s := sources[name]
		path := filepath.Join(ws.Dir, s.Path)
		d, err := ingest.Options{Format: s.Format, Edition: s.Edition, Lang: s.Lang, PDFEngine: s.PDFEngine, Now: func() time.Time { return now }}.File(path)
		if err != nil {
			t.Fatal(err)
		}
		text := ""
		if data, err := os.ReadFile(path); err == nil && d.Source.Format != "pdf" && d.Source.Format != "docx" {
			text = string(data)
		}
		return d, text
	}
	if len(ws.Translations) == 0 {
		t.Fatal("the example workspace has no translation")
	}
	for _, tr := range ws.Translations {
		t.Run(tr.Name, func(t *testing.T) {
			src, srcText := load(tr.Source)
			doc, trText := load(tr.Name)
			var base *corpus.Document
			if tr.Base != "" {
				base, _ = load(tr.Base)
			}
			d := gaps.Options{}.Sync(src, doc, base)
			format, _ := reports.DraftFormat(d, "")
			ext := map[string]string{"md": "md", "text": "txt"}[format]
			draft, err := os.ReadFile(filepath.Join(out, "interchange", tr.Name+".draft."+ext))
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range []struct{ format, ext string }{{"po", "po"}, {"xliff", "xlf"}, {"tmx", "tmx"}} {
				built, err := os.ReadFile(filepath.Join(out, "interchange", tr.Name+"."+f.ext))
				if err != nil {
					t.Fatal(err)
				}
				var want bytes.Buffer
				o := reports.DraftOptions{Format: f.format, SourceText: srcText, TranslationText: trText, Now: now}
				if f.format == "tmx" {
					err = reports.DraftTMX(&want, gaps.Options{}.Sync(src, doc, base), o)
				} else {
					_, err = reports.WriteDraft(&want, gaps.Options{}.Sync(src, doc, base), o)
				}
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(built, want.Bytes()) {
					a, b := strings.Split(want.String(), "\n"), strings.Split(string(built), "\n")
					for i := range min(len(a), len(b)) {
						if a[i] != b[i] {
							t.Errorf("%s: the build's file is not what sync writes; line %d:\n  sync  %q\n  build %q", f.ext, i+1, a[i], b[i])
							break
						}
					}
					if len(a) != len(b) {
						t.Errorf("%s: the build's file has %d lines, sync's %d", f.ext, len(b), len(a))
					}
				}
				if f.format == "tmx" {
					continue // TMX keeps no frame
				}
				back, err := ingest.Options{}.Bytes(tr.Name+"."+f.ext, built)
				if err != nil {
					t.Fatal(err)
				}
				var md bytes.Buffer
				if _, err := reports.WriteDraft(&md, gaps.Options{}.Sync(src, back, nil), reports.DraftOptions{Format: format, SourceText: srcText, TranslationText: string(built)}); err != nil {
					t.Fatal(err)
				}
				if md.String() != string(draft) {
					a, b := strings.Split(string(draft), "\n"), strings.Split(md.String(), "\n")
					for i := range min(len(a), len(b)) {
						if a[i] != b[i] {
							t.Errorf("%s: the draft from the build's file differs from the build's draft; line %d:\n  build %q\n  file  %q", f.ext, i+1, a[i], b[i])
							break
						}
					}
				}
			}
		})
	}
}

// TestPONewlinesAgree syncs a catalogue whose msgstr start or end with a
// newline where their msgid do not (and the other way round) to PO
// again: every message of the new file has a newline at its start and
// end exactly where its msgid has, as msgfmt -c wants, and the draft
// written from it is the draft written from the first.
func TestPONewlinesAgree(t *testing.T) {
	src, err := ingest.Options{}.Bytes("rules.md", []byte("# Rules\n\n**1.1** The first rule applies.\n\n**1.2** The second rule applies too.\n"))
	if err != nil {
		t.Fatal(err)
	}
	po := "msgid \"\"\nmsgstr \"\"\n\"Language: de\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\n" +
		"msgctxt \"rule:1.1\"\nmsgid \"The first rule applies.\"\nmsgstr \"Die erste Regel gilt.\\n\"\n\n" +
		"msgctxt \"rule:1.2\"\nmsgid \"The second rule applies too.\"\nmsgstr \"\\nDie zweite Regel gilt auch.\"\n"
	write := func(format, text string) string {
		tr, err := ingest.Options{}.Bytes("de.po", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if _, err := reports.WriteDraft(&b, gaps.Options{}.Sync(src, tr, nil), reports.DraftOptions{Format: format, TranslationText: text}); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	again := write("po", po)
	units, err := ingest.InterchangeUnits("po", again, "")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, u := range units {
		if u.Target == "" {
			continue
		}
		n++
		for _, edge := range []func(string, string) bool{strings.HasPrefix, strings.HasSuffix} {
			if edge(u.Source, "\n") != edge(u.Target, "\n") {
				t.Errorf("%s: msgid %q and msgstr %q do not agree on a newline at their ends", u.ID, u.Source, u.Target)
			}
		}
	}
	if n != 2 {
		t.Errorf("%d translated messages in\n%s\nwant 2", n, again)
	}
	if a, b := write("md", po), write("md", again); a != b {
		t.Errorf("the draft from the file synced again differs:\n%s\nfrom the first:\n%s", b, a)
	}
	// The writer's own guarantee, whatever the segment holds.
	for _, c := range [][3]string{
		{"a", "b\n", "b"}, {"a", "\n\nb", "b"}, {"a\n", "b", "b\n"}, {"\na\n", "b", "\nb\n"},
		{"\na", "\nb\n", "\nb"}, {"a", "", ""}, {"a", "b\nc", "b\nc"},
	} {
		if got := reports.POAgree(c[0], c[1]); got != c[2] {
			t.Errorf("msgid %q, msgstr %q: wrote %q, want %q", c[0], c[1], got, c[2])
		}
	}
}
