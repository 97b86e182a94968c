package reports

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// readBackPairs are the real translation pairs the tests use: every
// udhr page on the English Markdown, the TDA Japanese and Portuguese
// pages on the 2024 PDF and DOCX, the WCA Japanese regulations on their
// own edition and on the next (with theirs as the base), and the
// translations of the dev corpus (devTranslations).
func readBackPairs(t *testing.T) []devPair {
	var out []devPair
	_, names := testcorpus.UDHRFiles(t)
	for _, n := range names {
		if !strings.HasPrefix(n, "udhr-1948-en.") {
			out = append(out, devPair{name: strings.TrimPrefix(n, "udhr-1948-"), src: "udhr/udhr-1948-en.md", tr: "udhr/" + n})
		}
	}
	for _, src := range []string{"tda/tda-2024-longform-en.pdf", "tda/tda-2024-longform-en.docx"} {
		for _, tr := range []string{"seeds/tda-2024-ja-reader-page.txt", "seeds/tda-2024-addendum-pt.txt"} {
			out = append(out, devPair{name: filepath.Base(src) + "+" + filepath.Base(tr), src: src, tr: tr})
		}
	}
	out = append(out,
		devPair{name: "wca-ja", src: "wca/wca-regulations-2021-05-01-en.md", tr: "wca/wca-regulations-2021-05-01-ja.md"},
		devPair{name: "wca-ja-on-2024", src: "wca/wca-regulations-2024-01-01-en.md", tr: "wca/wca-regulations-2021-05-01-ja.md", base: "wca/wca-regulations-2021-05-01-en.md"})
	return append(out, devTranslations(t)...)
}

// corpusText is the text and document of a file of the real corpus
// (testcorpus.TextDoc), its text "" for a PDF or DOCX.
func corpusText(t *testing.T, rel string) (string, *corpus.Document) {
	switch filepath.Ext(rel) {
	case ".pdf", ".docx":
		return "", testcorpus.Doc(t, rel)
	}
	return testcorpus.TextDoc(t, rel)
}

// readBackWords are the words of s as the read-back checks compare
// them: runs of letters, marks and digits, folded.
func readBackWords(s string) []string {
	s, _ = corpus.StripMarkers(corpus.DropNotes(s))
	return strings.FieldsFunc(corpus.Fold(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsMark(r) && !unicode.IsDigit(r)
	})
}

// readBackFaults reads draft (written in format from d) back as ingest
// reads the file and lists how it differs from what was written: an
// entry's id not read, read twice or with another kind; an item read
// that no entry wrote; an untranslated or title-untranslated marker
// written and not read (or read and not written); a word of the
// entry's title and text not in the item read. In the lines of the
// source's own layout an unnumbered heading's id is the slug of its
// title in the translation's words (writeChecked): an item read with an
// id not written stands for the unnumbered entry not read whose title
// it has. An interchange file (PO, XLIFF, TMX) holds the segments the
// translation's progress counts (gaps.Draft.Segments): an entry it has
// no segment of is not written; nor is, in any format, an entry a
// partial translation's draft does not hold (gaps.Draft.Holds).
func readBackFaults(d *gaps.Draft, format string, draft []byte) []string {
	back, err := ingest.Options{}.Bytes("draft."+draftExt[format], draft)
	if err != nil {
		return []string{"read back: " + err.Error()}
	}
	var held map[*gaps.Entry]bool
	switch format {
	case "po", "xliff", "tmx":
		held = map[*gaps.Entry]bool{}
		for _, s := range d.Segments() {
			held[s.Entry] = true
		}
	}
	var out []string
	read := map[string][]int{}
	for k := range back.Items {
		read[back.Items[k].ID] = append(read[back.Items[k].ID], k)
	}
	written := map[string]bool{}
	used := make([]bool, len(back.Items))
	var unread []int
	for i := range d.Entries {
		e := &d.Entries[i]
		if held != nil && !held[e] || !d.Holds(e) {
			continue
		}
		written[e.Source.ID] = true
		ks := read[e.Source.ID]
		switch {
		case len(ks) == 0:
			unread = append(unread, i)
			continue
		case len(ks) > 1:
			out = append(out, fmt.Sprintf("%s read %d times", e.Source.ID, len(ks)))
		}
		used[ks[0]] = true
	}
	// The unnumbered entries not read, by the words of the title
	// written.
	byTitle := map[string][]int{}
	for _, i := range unread {
		e := &d.Entries[i]
		if e.Source.Number != "" {
			out = append(out, fmt.Sprintf("%s (%s) not read", e.Source.ID, e.Source.Kind))
			continue
		}
		byTitle[strings.Join(readBackWords(entryTitle(d, e)), " ")] = append(byTitle[strings.Join(readBackWords(entryTitle(d, e)), " ")], i)
	}
	at := map[int]int{} // entry -> item read
	for i := range d.Entries {
		if ks := read[d.Entries[i].Source.ID]; len(ks) > 0 {
			at[i] = ks[0]
		}
	}
	for k := range back.Items {
		if written[back.Items[k].ID] {
			continue
		}
		key := strings.Join(readBackWords(back.Items[k].Title), " ")
		if is := byTitle[key]; len(is) > 0 && key != "" {
			at[is[0]] = k
			byTitle[key] = is[1:]
			continue
		}
		it := &back.Items[k]
		out = append(out, fmt.Sprintf("%s (%s) read, not written: %.60q", it.ID, it.Kind, it.Title+" | "+it.Text))
	}
	for _, is := range byTitle {
		for _, i := range is {
			out = append(out, fmt.Sprintf("%s (%s, unnumbered) not read", d.Entries[i].Source.ID, d.Entries[i].Source.Kind))
		}
	}
	for i := range d.Entries {
		k, ok := at[i]
		if !ok {
			continue
		}
		e, it := &d.Entries[i], &back.Items[k]
		if it.Kind != e.Source.Kind {
			out = append(out, fmt.Sprintf("%s read as %s, written %s", e.Source.ID, it.Kind, e.Source.Kind))
		}
		untr := e.State == gaps.New
		if it.Has(corpus.FlagUntranslated) != untr {
			out = append(out, fmt.Sprintf("%s: untranslated read %v, written %v", e.Source.ID, it.Has(corpus.FlagUntranslated), untr))
		}
		titleUntr := !untr && e.Source.Title != "" && d.Title(e) == ""
		if it.Has(corpus.FlagTitleUntranslated) != titleUntr {
			out = append(out, fmt.Sprintf("%s: title-untranslated read %v, written %v", e.Source.ID, it.Has(corpus.FlagTitleUntranslated), titleUntr))
		}
		got := map[string]bool{}
		for _, w := range readBackWords(readBackText(format, it.Title) + " " + readBackText(format, it.Text)) {
			got[w] = true
		}
		for _, w := range readBackWords(entryTitle(d, e) + " " + entryText(d, e)) {
			if !got[w] {
				out = append(out, fmt.Sprintf("%s: the word %q written is not read (%.60q)", e.Source.ID, w, it.Title+" | "+it.Text))
				break
			}
		}
	}
	return out
}

// notWarned returns the faults of a Markdown or text draft that are
// items read back that no entry wrote (readBackFaults: "ID (KIND) read,
// not written") whose id the draft's stats do not name (unwritten:
// DraftStats.Unwritten, "rule:3.9 after rule:3.8.2.2.2"), so that sync
// warns of each.
func notWarned(faults, unwritten []string) []string {
	said := map[string]bool{}
	for _, u := range unwritten {
		id, _, _ := strings.Cut(u, " ")
		said[id] = true
	}
	var out []string
	for _, f := range faults {
		id, rest, _ := strings.Cut(f, " ")
		if strings.Contains(rest, ") read, not written") && !said[id] {
			out = append(out, f)
		}
	}
	return out
}

// readBackText is the text of a field read back from a draft in format
// without its inline markup: an interchange file (PO, XLIFF, TMX) keeps
// a Markdown or HTML translation's links, emphasis and tags in its items'
// text, in Markdown's syntax, where the draft's entries have the text
// they mark up ("[Rule 2a](#2a)" is "Rule 2a"), and the words of a
// script without spaces run on across the markup.
func readBackText(format, s string) string {
	switch format {
	case "po", "xliff", "tmx":
		if strings.ContainsAny(s, "[]*_`<>\\&") {
			s, _ = ingest.MarkdownInline(s)
		}
	}
	return s
}

// entryTitle and entryText are what the draft writes of e: the
// translation's title and text, or the source's where it has none.
func entryTitle(d *gaps.Draft, e *gaps.Entry) string {
	if t := d.Title(e); t != "" {
		return t
	}
	return e.Source.Title
}

func entryText(d *gaps.Draft, e *gaps.Entry) string {
	if e.Target != nil {
		return d.Text(e)
	}
	return e.Source.Text
}

// readBackKnown is the file of the (pair, format) drafts that read back
// otherwise than written, each with its count of faults: a line
// "COUNT PAIR FORMAT". TestDraftReadsBack fails where a draft has more
// faults than it lists (none: not listed), and -update-readback writes it again.
const readBackKnown = "testdata/readback-known.txt"

var updateReadBack = flag.Bool("update-readback", false, "rewrite "+readBackKnown)

// TestDraftReadsBack syncs every real translation pair (readBackPairs)
// and writes the draft in each of DraftFormats: read back as ingest
// reads the file, it gives each id written once with its kind, no item
// that was not written, the untranslated and title-untranslated markers
// written, and every word of each item written (readBackFaults). The
// drafts that do not yet are listed in readBackKnown with their count
// of faults, which may only fall.
func TestDraftReadsBack(t *testing.T) {
	longtest.Skip(t)
	known := map[string]int{}
	if data, err := os.ReadFile(readBackKnown); err == nil {
		for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			var n int
			var name string
			if _, err := fmt.Sscanf(l, "%d", &n); err == nil {
				_, name, _ = strings.Cut(l, " ")
				known[name] = n
			}
		}
	}
	var lines []string
	all, fewer := 0, 0
	for _, p := range readBackPairs(t) {
		t.Run(p.name, func(t *testing.T) {
			srcText, src := corpusText(t, p.src)
			trText, tr := corpusText(t, p.tr)
			var base *corpus.Document
			if p.base != "" {
				base = testcorpus.Doc(t, p.base)
			}
			for _, format := range DraftFormats {
				all++
				d := gaps.Options{}.Sync(src, tr, base)
				var b bytes.Buffer
				st, err := WriteDraft(&b, d, DraftOptions{Format: format, SourceText: srcText, TranslationText: trText, Now: time.Unix(1700000000, 0)})
				if err != nil {
					t.Fatal(err)
				}
				faults := readBackFaults(d, format, b.Bytes())
				name := p.name + " " + format
				if unsaid := notWarned(faults, st.Unwritten); (format == "md" || format == "text") && len(unsaid) > 0 {
					t.Errorf("%s draft: items read back that no entry wrote, not in the warning sync gives (DraftStats.Unwritten %q):\n\t%s", format, st.Unwritten, strings.Join(unsaid, "\n\t"))
				}
				if st.Reread == "" && len(st.Differ) != st.IDsDiffer {
					t.Errorf("%s draft: the warning counts %d items read back with other ids and names %d: %q", format, st.IDsDiffer, len(st.Differ), st.Differ)
				}
				if len(faults) == 0 {
					if known[name] > 0 {
						fewer++
					}
					continue
				}
				lines = append(lines, fmt.Sprintf("%d %s", len(faults), name))
				t.Logf("%s:\n\t%s", name, strings.Join(faults, "\n\t")) // go test -v lists them
				if len(faults) < known[name] {
					fewer++
				}
				if len(faults) <= known[name] || *updateReadBack {
					continue
				}
				n := len(faults)
				if n > 6 {
					faults = append(faults[:6], fmt.Sprintf("and %d more", n-6))
				}
				t.Errorf("%s draft: %d faults (%s lists %d):\n\t%s", format, n, readBackKnown, known[name], strings.Join(faults, "\n\t"))
			}
		})
	}
	t.Logf("%d of %d (pair, format) drafts read back otherwise than written; %d with fewer faults than %s lists", len(lines), all, fewer, readBackKnown)
	if *updateReadBack {
		if err := os.WriteFile(readBackKnown, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
