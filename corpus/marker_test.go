package corpus_test

import (
	"slices"
	"testing"

	"github.com/rulesync/rulesync/corpus"
)

func TestStripMarkers(t *testing.T) {
	for _, c := range []struct {
		name, in, out string
		flags         []corpus.Flag
	}{
		{"after a label", "{{rulesync:stale}} 大会には代理人を置く。", "大会には代理人を置く。", []corpus.Flag{corpus.FlagStale}},
		{"between words", "Rule {{rulesync:untranslated}} text", "Rule text", []corpus.Flag{corpus.FlagUntranslated}},
		{"two and a note", "{{rulesync:review}} {{rulesync:stale}} text {{rulesync:note a [-b-] {+c+} } d}}", "text", []corpus.Flag{corpus.FlagReview, corpus.FlagStale}}, // sorted, as SetFlag keeps them
		{"a note alone", "text {{rulesync:note whatever}}", "text", nil},
		{"not a marker", "{{rulesync:later}} text", "{{rulesync:later}} text", nil},
		{"none", "plain {{ braces }}", "plain {{ braces }}", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			it := corpus.Item{Text: c.in}
			corpus.StripItemMarkers(&it)
			if it.Text != c.out || !slices.Equal(it.Flags, c.flags) {
				t.Errorf("%q -> %q %v, want %q %v", c.in, it.Text, it.Flags, c.out, c.flags)
			}
		})
	}
	// A note ends where it should whatever its text holds.
	n := corpus.Note("a }} b\nc }")
	if got, _ := corpus.StripMarkers("x " + n + " y"); got != "x y" {
		t.Errorf("note %q left %q", n, got)
	}
}

func TestRenumberRefs(t *testing.T) {
	renumber := map[string]string{"rule:12": "rule:13", "rule:2k": "rule:2m", "rule:3": "rule:4", "rule:4": "rule:5"}
	for _, c := range []struct{ in, want string }{
		{"See Rule 12 and wait 12 seconds.", "See Rule 13 and wait 12 seconds."},
		{"（参照：[規則 2k](regulations:regulation:2k)）", "（参照：[規則 2m](regulations:regulation:2m)）"},
		{"ルール第12項を参照。12秒", "ルール第13項を参照。12秒"},
		{"Rules 3 and 4 apply.", "Rules 4 and 5 apply."},
		{"Rule 120 stays, 2k3 stays.", "Rule 120 stays, 2k3 stays."},
	} {
		if got := corpus.RenumberRefs(c.in, renumber); got != c.want {
			t.Errorf("%q -> %q, want %q", c.in, got, c.want)
		}
	}
}

func TestRenumberCited(t *testing.T) {
	renumber := map[string]string{"rule:1e": "rule:1g", "rule:12": "rule:13"}
	for _, c := range []struct {
		in    string
		cited []string
		want  string
	}{
		{"誰でも参加できる（参照：規則 1e）。", []string{"rule:1e"}, "誰でも参加できる（参照：規則 1g）。"},
		{"規則 1e と 1ea と a1e。", []string{"rule:1e"}, "規則 1g と 1ea と a1e。"},
		{"wait 12 seconds (Rule 12)", []string{"rule:12"}, "wait 12 seconds (Rule 13)"},
		{"規則 1e", nil, "規則 1e"},
	} {
		if got := corpus.RenumberCited(c.in, c.cited, renumber); got != c.want {
			t.Errorf("%q -> %q, want %q", c.in, got, c.want)
		}
	}
}

// TestStripTitleMarker: the title's marker sets the title's flag
// wherever it stands, and an item's untranslated marker before its
// title's words (where a text draft writes it, after the label) is the
// item's, not the title's: read as the title's, the item's English text
// counted translated (TDA ja text draft: 60 of 217 against 58).
func TestStripTitleMarker(t *testing.T) {
	for _, c := range []struct {
		name, title, text, wantTitle string
		flags                        []corpus.Flag
	}{
		{"title's", "{{rulesync:title-untranslated}} Bringing in Bets", "ベットやレイズのたびに", "Bringing in Bets", []corpus.Flag{corpus.FlagTitleUntranslated}},
		{"title's, after it", "Bringing in Bets {{rulesync:title-untranslated}} {{rulesync:id rule:RP-2}}", "ベット", "Bringing in Bets", []corpus.Flag{corpus.FlagTitleUntranslated}},
		{"item's, before the title", "{{rulesync:untranslated}} Floor Decisions {{rulesync:id rule:1}}", "The best interest of the game", "Floor Decisions", []corpus.Flag{corpus.FlagUntranslated}},
		{"item's, after the title", "Floor Decisions {{rulesync:untranslated}}", "The best interest of the game", "Floor Decisions", []corpus.Flag{corpus.FlagUntranslated}},
	} {
		t.Run(c.name, func(t *testing.T) {
			it := corpus.Item{Title: c.title, Text: c.text}
			corpus.StripItemMarkers(&it)
			if it.Title != c.wantTitle || !slices.Equal(it.Flags, c.flags) {
				t.Errorf("%q -> %q %v, want %q %v", c.title, it.Title, it.Flags, c.wantTitle, c.flags)
			}
		})
	}
}

// TestIDMarkerKind: an id marker gives back the kind its id's prefix does
// not say ("rule:RP-5" of an RP, "rule:1e2" of a WCA regulation), and
// writes none where the prefix says it; a marker without a kind (as
// earlier drafts wrote them) reads as its prefix's kind, and a word after
// the id that names no kind leaves the marker unread.
func TestIDMarkerKind(t *testing.T) {
	for _, c := range []struct {
		id     string
		kind   corpus.Kind
		marker string
	}{
		{"rule:RP-5", corpus.KindRP, "{{rulesync:id rule:RP-5 rp}}"},
		{"rule:1e2", corpus.KindRegulation, "{{rulesync:id rule:1e2 regulation}}"},
		{"rule:40-A", corpus.KindAddendum, "{{rulesync:id rule:40-A addendum}}"},
		{"rule:23", corpus.KindRule, "{{rulesync:id rule:23}}"},
		{"sec:_1.2", corpus.KindSection, "{{rulesync:id sec:_1.2}}"},
	} {
		if got := corpus.IDMarker(c.id, c.kind); got != c.marker {
			t.Errorf("IDMarker(%s, %s) = %q, want %q", c.id, c.kind, got, c.marker)
		}
		it := corpus.Item{Title: "Heading " + c.marker, Text: "text"}
		corpus.StripItemMarkers(&it)
		if it.ID != c.id || it.Kind != c.kind || it.Title != "Heading" {
			t.Errorf("%q read as %s (%s) %q, want %s (%s) \"Heading\"", c.marker, it.ID, it.Kind, it.Title, c.id, c.kind)
		}
	}
	for marker, want := range map[string]corpus.Kind{
		"{{rulesync:id rule:RP-5}}": corpus.KindRule,
		"{{rulesync:id rp:5}}":      corpus.KindRP,
	} {
		it := corpus.Item{Title: "Heading " + marker}
		corpus.StripItemMarkers(&it)
		if it.Kind != want {
			t.Errorf("%q read as kind %s, want %s", marker, it.Kind, want)
		}
	}
	it := corpus.Item{Title: "Heading {{rulesync:id rule:5 nokind}}"}
	corpus.StripItemMarkers(&it)
	if it.ID != "" {
		t.Errorf("a marker naming no kind read as id %s (%s)", it.ID, it.Kind)
	}
}

// TestIDMarkerQualifiedNumber: an id marker of a numbering that starts
// again under a heading ("rule:_2_7", "rule:3_1") gives the number the
// id qualifies (7, 1), as a catalogue's id gives it, not the whole name.
func TestIDMarkerQualifiedNumber(t *testing.T) {
	for id, want := range map[string]string{"rule:_2_7": "7", "rule:3_1": "1", "rule:_12_40-A": "40-A", "rule:1e2": "1e2"} {
		it := corpus.Item{Title: "Title " + corpus.IDMarker(id, corpus.KindRule)}
		corpus.StripItemMarkers(&it)
		if it.ID != id || it.Number != want || it.Title != "Title" {
			t.Errorf("%s: id %s, number %q, title %q; want number %q", id, it.ID, it.Number, it.Title, want)
		}
	}
}

// TestIDMarkerSectionNumber: a section's heading marked with its id that
// prints the id's number ("2.1. 総則 {{rulesync:id sec:2.1}}", a draft
// made from the documents) is read with that number and the title
// after it, as the heading read without its marker; a section heading
// that prints no number (or another) keeps none.
func TestIDMarkerSectionNumber(t *testing.T) {
	for _, c := range []struct{ title, id, number, rest string }{
		{"2.1. 総則", "sec:2.1", "2.1", "総則"},
		{"3 Rules", "sec:3", "3", "Rules"},
		{"総則", "sec:2.1", "", "総則"},
		{"Intro", "sec:_1", "", "Intro"},
		{"4.2 Other", "sec:2.1", "", "4.2 Other"},
	} {
		it := corpus.Item{Kind: corpus.KindSection, Title: c.title + " " + corpus.IDMarker(c.id, corpus.KindSection)}
		corpus.StripItemMarkers(&it)
		if it.ID != c.id || it.Number != c.number || it.Title != c.rest {
			t.Errorf("%q: id %s, number %q, title %q; want number %q, title %q", c.title, it.ID, it.Number, it.Title, c.number, c.rest)
		}
	}
}
