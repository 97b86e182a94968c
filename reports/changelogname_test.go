package reports_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/diff"
	"github.com/rulesync/rulesync/internal/testcorpus"
	"github.com/rulesync/rulesync/reports"
)

// TestChangelogNamesFile: a side that states no edition, version or date
// (and whose title is a heading of its text) is named in the changelog's
// first line by the file it was read from, not as "unknown".
func TestChangelogNamesFile(t *testing.T) {
	md := testcorpus.Doc(t, "dev/fab-cr/fab-cr-2.10.1-en-ch01.md")
	page := testcorpus.Doc(t, "dev/fab-cr/fab-cr-2.10.1-en-ch01.html")
	if md.Edition != corpus.UnknownEdition || md.Version != "" || md.Date != "" {
		t.Skipf("the Markdown now states edition %q version %q date %q", md.Edition, md.Version, md.Date)
	}
	var buf bytes.Buffer
	if err := (reports.ChangelogOptions{}).Text(&buf, diff.Options{}.Compare(md, page), false); err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(buf.String(), "\n")
	if !strings.HasPrefix(first, "fab-cr-2.10.1-en-ch01.md -> ") {
		t.Errorf("first line %q does not name the Markdown side by its file", first)
	}
}

// TestChangelogNamesHeading: a translation whose heading is an item
// (text stands under it before its first article) is named by that
// heading and its date, not by a sentence of a paragraph of its text,
// in every script, those written without spaces too (a sentence of
// Chinese is not one word).
func TestChangelogNamesHeading(t *testing.T) {
	en := testcorpus.Doc(t, "udhr/udhr-1948-en.md")
	for _, lang := range []string{"zh", "th", "ko"} {
		d := testcorpus.Doc(t, "udhr/udhr-1948-"+lang+".md")
		if d.Title == "" {
			continue
		}
		var buf bytes.Buffer
		if err := (reports.ChangelogOptions{}).Text(&buf, diff.Options{}.Compare(en, d), false); err != nil {
			t.Fatal(err)
		}
		first, _, _ := strings.Cut(buf.String(), "\n")
		_, name, _ := strings.Cut(first, " -> ")
		name, _, _ = strings.Cut(name, ": ")
		if !strings.Contains(name, strings.Trim(d.Title, "『』")) {
			t.Errorf("%s: named %q, not by its title %q", lang, name, d.Title)
		}
		for _, it := range d.Items {
			for _, para := range strings.Split(it.Text, "\n") {
				if len([]rune(para)) > 80 && !strings.HasPrefix(name, d.Title) && strings.Contains(para, name) {
					t.Errorf("%s: named %q, a sentence of a paragraph of its text", lang, name)
				}
			}
		}
	}
}
