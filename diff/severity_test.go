package diff

import (
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
)

// item is rule 7 with text.
func item(text string) *corpus.Item {
	return &corpus.Item{Number: "7", Text: text, Refs: corpus.Refs(text)}
}

// TestJudge checks the severity of edits an editor classes without
// hesitation, and the rule that decides.
func TestJudge(t *testing.T) {
	for _, c := range []struct {
		old, new string
		sev      Severity
		rule     string
	}{
		{"Players must act in turn.", "Players  must act in turn .", Editorial, "typography"},
		{"Seats are drawn by the dealer.", "Seats are drawn by the Dealer.", Editorial, "typography"},
		{"A player moves with his or her chips.", "A player moves with their chips.", Editorial, "equivalence"},
		{"If he or she has cards, see Rule 2.", "If they have cards, see also Rule 2.", Editorial, "equivalence"},
		{"Bets & raises count.", "Bets and raises count.", Editorial, "equivalence"},
		{"Play stops [deleted 2022] at the break.", "Play stops at the break.", Editorial, "equivalence"},
		{"The clock runs for 30 seconds.", "The clock runs for 60 seconds.", Substantive, "numbers"},
		{"Blinds are 1,000-2,000.", "Blinds are 1000-2000.", Editorial, "typography"},
		{"See Rule 12.", "See Rule 13.", Substantive, "refs"},
		{"A: one. B: two.", "A: one. B: two. C: three.", Substantive, "parts"},
		{"Players may leave the table.", "Players may not leave the table.", Substantive, "negation"},
		{"Players may show cards.", "Players must show cards.", Substantive, "modal"},
		{"Players show cards.", "Players show cards. Dealers check them.", Substantive, "sentences"},
		{"Players show their cards quickly.", "Players show their cards promptly.", Editorial, "wording"},
		{"Players show their cards quickly to the dealer.", "Players hand over all their hole cards face down to the floor.", Substantive, "wording"},
	} {
		a, b := item(c.old), item(c.new)
		if c.old[0] == 'A' && strings.HasPrefix(c.old, "A:") {
			a.Parts = []corpus.Part{{Label: "A"}, {Label: "B"}}
			b.Parts = []corpus.Part{{Label: "A"}, {Label: "B"}, {Label: "C"}}
		}
		j, _ := judge(a, b, "en", DefaultEquivalences())
		if j.severity != c.sev || j.rule != c.rule {
			t.Errorf("%q -> %q: %s by %s (%s), want %s by %s", c.old, c.new, j.severity, j.rule, j.reason, c.sev, c.rule)
		}
	}
}

// TestWordingReason: a minor wording change is quoted as printed, the
// edits equivalences explain left out.
func TestWordingReason(t *testing.T) {
	j, _ := judge(item("If he or she has chips & cards, see Rule 2."), item("If they have chip(s) and cards, see Rule 2."), "en", DefaultEquivalences())
	if j.rule != "wording" || j.reason != `minor wording: "chips" -> "chip(s)"` {
		t.Errorf("%s by %s: %s", j.severity, j.rule, j.reason)
	}
}

// TestRewrittenReason: a rule written anew says so beside the rule that
// decided; a small substantive edit does not.
func TestRewrittenReason(t *testing.T) {
	j, _ := judge(item("Clothing or other accoutrements must not continuously obscure player identity or become a distraction to the game."),
		item("Players must be clearly identifiable at all times and staff may ask a player to remove any item which hides them."), "en", DefaultEquivalences())
	if j.rule != "negation" || !strings.HasSuffix(j.reason, "; most of the text rewritten (2 of 17 words kept)") {
		t.Errorf("rewritten rule: %s by %s: %s", j.severity, j.rule, j.reason)
	}
	j, _ = judge(item("Players may not leave the table during a hand at any time at all."), item("Players may leave the table during a hand at any time at all."), "en", DefaultEquivalences())
	if strings.Contains(j.reason, "rewritten") {
		t.Errorf("a one-word edit: %s", j.reason)
	}
}

func TestJudgeTitle(t *testing.T) {
	for _, c := range []struct {
		old, new string
		sev      Severity
	}{
		{"Bets & Raises", "Bets and Raises", Editorial},
		{"Alternates, Late Registration, Re-Entries", "Alternates, Late Registration, and Re-Entries", Editorial},
		{"Chip Race", "Chip Race and Color Ups", Substantive},
	} {
		if j := judgeTitle(c.old, c.new, DefaultEquivalences()); j.severity != c.sev {
			t.Errorf("%q -> %q: %s (%s), want %s", c.old, c.new, j.severity, j.reason, c.sev)
		}
	}
}

func TestParseEquivalences(t *testing.T) {
	eqs, err := ParseEquivalences(strings.NewReader("# comment\n\nHe/She => They\n"))
	if err != nil || len(eqs) != 1 || eqs[0] != (Equivalence{"he/she", "they"}) {
		t.Errorf("got %v, %v", eqs, err)
	}
	if _, err := ParseEquivalences(strings.NewReader("ok => fine\nbroken line\n")); err == nil || !strings.HasPrefix(err.Error(), "2: ") {
		t.Errorf("error %v, want one naming line 2", err)
	}
	if len(DefaultEquivalences()) < 20 {
		t.Errorf("%d shipped equivalences", len(DefaultEquivalences()))
	}
}
