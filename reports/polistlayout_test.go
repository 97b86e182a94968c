package reports

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// msgstrOf is the msgstr of the PO entry of ctx, as its quoted lines.
var msgstrOf = func(ctx string) *regexp.Regexp {
	return regexp.MustCompile(`(?s)(msgctxt "` + regexp.QuoteMeta(ctx) + `"\nmsgid .*?\nmsgstr )(""(?:\n".*")*)`)
}

// TestPOFilledListLayout syncs each UDHR Markdown translation cut
// before the first article the source writes as numbered paragraphs
// ("1. Everyone has ..."), to a PO; the translator fills that article's
// msgstr with the translation's own text, and the Markdown draft synced
// from the PO writes it in the source's list layout, a paragraph a line
// "1. ...", as it writes the article's other translations, and every
// review marker of the draft carries its note. The entry had no lines
// of the translator's: its paragraphs were escaped as text ("1\.") and
// then written as bullets ("- 1\. ..."), and the frame's note of the
// entry, written when it had none, replaced the reason found now (a
// bare {{rulesync:review}}).
func TestPOFilledListLayout(t *testing.T) {
	_, names := testcorpus.UDHRFiles(t)
	srcText, src := testcorpus.TextDoc(t, "udhr/udhr-1948-en.md")
	// The first article whose text the source writes as a list.
	heads := strings.Split(srcText, "\n## ")
	cut, id := -1, ""
	for k, h := range heads[1:] {
		if strings.Contains(h, "\n1. ") && strings.Contains(h, "\n2. ") {
			cut = k + 1
			break
		}
	}
	if cut < 0 {
		t.Fatal("the source has no article written as numbered paragraphs")
	}
	for _, it := range src.Items {
		if strings.HasPrefix(it.Text, "1. ") && strings.Contains(it.Text, "\n2. ") {
			id = it.ID
			break
		}
	}
	now := time.Unix(1700000000, 0)
	checked, lengthReviewed := 0, 0
	for _, n := range names {
		if !strings.HasSuffix(n, ".md") || strings.HasPrefix(n, "udhr-1948-en.") {
			continue
		}
		t.Run(n, func(t *testing.T) {
			trText, tr := testcorpus.TextDoc(t, "udhr/"+n)
			var want string
			for _, it := range tr.Items {
				if it.ID == id {
					want = it.Text
				}
			}
			parts := strings.Split(trText, "\n## ")
			if want == "" || !strings.HasPrefix(want, "1. ") || len(parts) <= cut {
				t.Skipf("the translation has no %s written as numbered paragraphs", id)
			}
			part := strings.Join(parts[:cut], "\n## ") + "\n"
			partDoc := ingestText(t, "part.md", part)
			d := gaps.Options{}.Sync(src, partDoc, nil)
			po := writeInterchange(t, d, DraftOptions{Format: "po", SourceText: srcText, TranslationText: part, Now: now})
			re := msgstrOf(id)
			if !re.MatchString(po) {
				t.Fatalf("no entry %s in the PO", id)
			}
			// The text as translated, and five times over: reviewed
			// where enough texts give the translation's usual length
			// for the source's.
			for _, fill := range []string{want, strings.Repeat(want+"\n", 4) + want} {
				filledPO := re.ReplaceAllStringFunc(po, func(m string) string {
					return re.FindStringSubmatch(m)[1] + poQuote(fill)
				})
				filled := ingestText(t, "filled.po", filledPO)
				md := writeInterchange(t, gaps.Options{}.Sync(src, filled, nil), DraftOptions{Format: "md", SourceText: srcText, TranslationText: filledPO, Now: now})
				for _, p := range strings.Split(want, "\n") {
					if !strings.Contains(md, "\n"+p+"\n") {
						t.Errorf("the draft lacks the line %q; it has:\n%s", p, section(md, p))
					}
				}
				reviewed := false
				for _, l := range strings.Split(md, "\n") {
					if strings.Contains(l, "{{rulesync:review}}") {
						reviewed = reviewed || strings.Contains(l, "times the length")
						if !strings.Contains(l, "{{rulesync:note ") {
							t.Errorf("a review marker without its note: %q", l)
						}
					}
				}
				if reviewed {
					lengthReviewed++
				}
			}
			checked++
		})
	}
	if checked == 0 || lengthReviewed == 0 {
		t.Fatalf("%d translations checked, %d reviewed for their length: the test checks nothing", checked, lengthReviewed)
	}
}

// ingestText reads text as the file name says.
func ingestText(t *testing.T, name, text string) *corpus.Document {
	t.Helper()
	d, err := ingest.Options{}.Bytes(name, []byte(text))
	if err != nil {
		t.Fatalf("%s: read back: %v", name, err)
	}
	return d
}

// section is the lines of md around the first that shares p's first
// words, for a failure's message.
func section(md, p string) string {
	w := p[:min(len(p), 12)]
	if k := strings.Index(md, w[3:]); k >= 0 {
		return md[max(0, k-200):min(len(md), k+300)]
	}
	return md[:min(len(md), 400)]
}
