package diff

import (
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
)

// summaryOf compares one rule's old and new text in lang and returns its
// change.
func summaryOf(t *testing.T, old, new, lang string) Change {
	t.Helper()
	doc := func(ed, text string) *corpus.Document {
		return &corpus.Document{Edition: ed, Lang: lang, Items: []corpus.Item{{ID: "rule:7", Kind: corpus.KindRule, Number: "7", Text: text, Refs: corpus.Refs(text)}}}
	}
	c := Options{}.Compare(doc("a", old), doc("b", new))
	if len(c.Changes) != 1 {
		t.Fatalf("%q -> %q: %d changes, want 1", old, new, len(c.Changes))
	}
	return c.Changes[0]
}

// TestSummary: a summary quotes the clause added, deleted or replaced
// and the number that changed with the word beside it, in any language
// and script, and is never the word class that decided the severity.
func TestSummary(t *testing.T) {
	for _, c := range []struct {
		lang, old, new string
		want           string
	}{
		{"en", "The clock runs for 30 seconds.", "The clock runs for 60 seconds.", "“for 30 seconds” became “for 60 seconds”"},
		{"en", "Players may leave the table.", "Players may not leave the table.", "“may leave” became “may not leave”"},
		{"en", "Players act in turn.", "Players act in turn, unless the floor rules otherwise.", "“unless the floor rules otherwise” added"},
		{"en", "Dealers will call string bets and raises.", "String bets and raises are not allowed. Such wagers involve multiple movements whereby a player returns to the stack for more chips.",
			"“Dealers will call string bets and raises” became “String bets and raises are not allowed…”"},
		{"en", "A new level starts after the clock reaches zero.", "A new level starts by the floor or audio signal.", "“after the clock reaches zero” became “by the floor or audio signal”"},
		{"ru", "Игрок должен сделать ход за 30 секунд.", "Игрок должен сделать ход за 60 секунд.", "“за 30 секунд” became “за 60 секунд”"},
		{"ar", "يجب أن يتحرك اللاعب خلال ٣٠ ثانية.", "يجب أن يتحرك اللاعب خلال ٦٠ ثانية.", "“خلال ٣٠ ثانية” became “خلال ٦٠ ثانية”"},
		{"ja", "プレイヤーは30秒以内に行動しなければならない。", "プレイヤーは60秒以内に行動しなければならない。", "30秒以内” became “"},
		{"ja", "ディーラーはカードを配る。", "ディーラーはカードを配る。プレイヤーは待つ。", "“プレイヤーは待つ” added"},
	} {
		ch := summaryOf(t, c.old, c.new, c.lang)
		if !strings.Contains(ch.Summary, c.want) {
			t.Errorf("%q -> %q: summary %q, want it to say %q", c.old, c.new, ch.Summary, c.want)
		}
		if ch.Summary == ch.Reason {
			t.Errorf("%q -> %q: the summary is the reason %q", c.old, c.new, ch.Reason)
		}
	}
}

// TestSummaryEditorial: an edit that only an equivalence or typography
// explains is not quoted as a change; the reason, which names the
// equivalence, is the summary.
func TestSummaryEditorial(t *testing.T) {
	for _, c := range [][2]string{
		{"A player moves with his or her chips.", "A player moves with their chips."},
		{"Bets & raises count.", "Bets and raises count."},
		{"Players  must act in turn .", "Players must act in turn."},
	} {
		ch := summaryOf(t, c[0], c[1], "en")
		if ch.Summary != ch.Reason {
			t.Errorf("%q -> %q: summary %q, want the reason %q", c[0], c[1], ch.Summary, ch.Reason)
		}
	}
}

// TestClip: a long side is cut at a sentence end, or else a clause
// boundary, with "…"; a short one is kept whole without its end marks.
func TestClip(t *testing.T) {
	long := "Players must be clearly identifiable at all times. Tournament staff may request a player to remove any item which inhibits their identification."
	if got := clip(long); got != "Players must be clearly identifiable at all times…" {
		t.Errorf("clip = %q", got)
	}
	if got := clip(" See Rule 71-B. "); got != "See Rule 71-B" {
		t.Errorf("clip = %q", got)
	}
	if got := clip("one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty twenty-one"); !strings.HasSuffix(got, "twenty…") {
		t.Errorf("clip without a boundary = %q", got)
	}
}

// TestSummaryNamesEveryEdit: past the three edits quoted in full, the
// smaller ones are quoted briefly after "also", each in its own words,
// not counted as "more edits" (in a made-up rule, any language's
// words would do).
func TestSummaryNamesEveryEdit(t *testing.T) {
	old := "Alpha beta gamma delta epsilon zeta eta theta. Iota kappa lambda mu nu xi. Omicron pi rho sigma tau upsilon. Phi chi psi omega one. Red green blue. Cyan magenta yellow."
	new := "Alpha beta gamma delta epsilon zeta eta theta iota kappa lambda. Iota kappa. Omicron pi rho. Phi chi psi omega two three four. Red green black. Cyan magenta white."
	ch := summaryOf(t, old, new, "en")
	if strings.Contains(ch.Summary, "more edit") {
		t.Errorf("summary %q counts edits it could name", ch.Summary)
	}
	for _, w := range []string{"“green blue” became “green black”", "“magenta yellow” became “magenta white”"} {
		if !strings.Contains(ch.Summary, w) {
			t.Errorf("summary %q does not say %s", ch.Summary, w)
		}
	}
	if !strings.Contains(ch.Summary, "; also ") {
		t.Errorf("summary %q: no brief edits after the three quoted in full", ch.Summary)
	}
}

// TestNumberContext: a number that changed outside the quotes is named
// with the words beside it within its clause, once for all the numbers
// one place states.
func TestNumberContext(t *testing.T) {
	for _, c := range []struct{ text, x, want string }{
		{"Ex 1: PLO, 100-200 blinds, dead SB.", "1", "Ex 1"},
		{"Ex 1: PLO, 100-200 blinds, dead SB.", "200", "100-200 blinds"},
		{"the bet for the first player to act is 700.", "700", "act is 700"},
		{"Игрок должен сделать ход за 30 секунд.", "30", "ход за 30 секунд"},
		{"no number here", "5", ""},
	} {
		if got := numberContext(c.text, c.x, "en"); got != c.want {
			t.Errorf("numberContext(%q, %s) = %q, want %q", c.text, c.x, got, c.want)
		}
	}
	got := numbersInContext("", "Ex 1: PLO, 100-200 blinds. The bet is 700.", nil, []string{"1", "100", "200", "700"}, "en")
	if want := "new numbers: “Ex 1”, “100-200 blinds” and “bet is 700”"; got != want {
		t.Errorf("numbersInContext = %q, want %q", got, want)
	}
}
