package diff

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/testgen"
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
		{"Players show their cards quickly.", "Players show their cards promptly.", Substantive, "wording"},
		{"The Chairman decides.", "The Chair decides.", Editorial, "wording"},
		{"Players show their cards quickly to the dealer.", "Players hand over all their hole cards face down to the floor.", Substantive, "wording"},
		{"If a floorperson cannot look at a chipstack, players can't either.", "If a floor person can't look at a chip stack, players can't either.", Editorial, "spelling"},
		{"Players cannot leave.", "Players can't leave.", Editorial, "equivalence"},
		{"Players do not act. It is late.", "Players don't act. It's late.", Editorial, "equivalence"},
		{"Players will not wait.", "Players won't wait.", Editorial, "equivalence"},
		{"Players don't act out of turn.", "Players do act out of turn.", Substantive, "negation"},
		{"Players can't leave.", "Players can leave.", Substantive, "negation"},
		{"A re-buy is allowed.", "A rebuy is allowed.", Editorial, "equivalence"},
	} {
		a, b := item(c.old), item(c.new)
		if c.old[0] == 'A' && strings.HasPrefix(c.old, "A:") {
			a.Parts = []corpus.Part{{Label: "A"}, {Label: "B"}}
			b.Parts = []corpus.Part{{Label: "A"}, {Label: "B"}, {Label: "C"}}
		}
		j, _ := judge(a, b, "en", defaultPrepared())
		if j.severity != c.sev || j.rule != c.rule {
			t.Errorf("%q -> %q: %s by %s (%s), want %s by %s", c.old, c.new, j.severity, j.rule, j.reason, c.sev, c.rule)
		}
	}
}

// TestWordingReason: a minor wording change is quoted as printed, the
// edits equivalences explain left out.
func TestWordingReason(t *testing.T) {
	j, _ := judge(item("If he or she has chips & cards, see Rule 2."), item("If they have chip(s) and cards, see Rule 2."), "en", defaultPrepared())
	if j.rule != "wording" || j.reason != `minor wording: “chips” became “chip(s)”` {
		t.Errorf("%s by %s: %s", j.severity, j.rule, j.reason)
	}
}

// TestReasons: reasons are written for an editor: numbers and items as
// printed, what the text does now, no ids.
func TestReasons(t *testing.T) {
	for _, c := range []struct {
		name, old, new, want string
	}{
		{"cites", "Penalties apply.", "Penalties apply (see Rule 71-B).", "now cites Rule 71-B"},
		{"no longer cites", "See Rule 2 and Rule 3.", "See Rule 2.", "no longer cites Rule 3"},
		{"cites instead", "See RP-5.", "See RP-6.", "now cites RP-6 instead of RP-5"},
		{"numbers", "Breaks of 10 minutes.", "Breaks of 15 minutes.", "numbers changed: 10 became 15"},
		{"new number", "Breaks are short.", "Breaks are 15 minutes.", "new number: 15"},
		{"sentence", "Players show cards.", "Players show cards. Dealers check them.", "one sentence added"},
		{"modal", "Players may show cards.", "Players must show cards.", "modal verb changed: “may” became “must”"},
		{"negation", "Players may leave the table.", "Players may not leave the table.", "negation added: “not”"},
		{"equivalence", "A player moves with his or her chips.", "A player moves with their chips.", "only “his or her” written as “their”"},
		{"equivalence reversed", "See also Rule 2.", "See Rule 2.", "only “see also” written as “see”"},
		{"minor", "The player thinks the hand wins.", "The player think the hand wins.", "minor wording: “thinks” became “think”"},
		{"minor spelling", "The player am seated.", "The player an seated.", "minor wording: “am” became “an”"},
		{"minor typography", "See magic5 and man7.", "See magic(5) and man7.", "minor wording: “magic5” became “magic(5)”"},
		{"minor function word", "Move to seat.", "Move to the seat.", "minor wording: “the” added"},
		{"word of content replaced", "Players show cards quickly.", "Players show cards promptly.", "reworded: “quickly” became “promptly”"},
		{"word of content added", "If the competitor signs an attempt, it is void.", "If the competitor intentionally signs an attempt, it is void.", "reworded: “intentionally” added"},
		{"word of content deleted", "An incident caused by a new competitor is forgiven.", "An incident caused by a competitor is forgiven.", "reworded: “new” deleted"},
		{"number word", "Wait three rounds.", "Wait two rounds.", "reworded: “three” became “two”"},
		{"reference label", "As in 2.5.1 above.", "As in 2.5.1a above.", "reworded: “2.5.1” became “2.5.1a”"},
	} {
		t.Run(c.name, func(t *testing.T) {
			j, _ := judge(item(c.old), item(c.new), "en", defaultPrepared())
			if j.reason != c.want {
				t.Errorf("%q -> %q: %q, want %q", c.old, c.new, j.reason, c.want)
			}
		})
	}
	for _, c := range []struct{ old, new, want string }{
		{"Breaking Tables", "New Players and Players from Broken Tables", "title broadened: now also covers new players"},
		{"Chip Race", "Chip Race and Color Ups", "title broadened: now also covers color ups"},
		{"Chip Race and Color Ups", "Chip Race", "title narrowed: no longer covers color ups"},
		{"Alternates, Late Registration, Re-Entries", "Alternates, Late Registration, and Re-Entries", "title reworded: “and” added"},
		{"Dead Button", "Moving Button", "title changed: “Dead Button” is now “Moving Button”"},
	} {
		if j := judgeTitle(c.old, c.new, defaultPrepared()); j.reason != c.want {
			t.Errorf("title %q -> %q: %q, want %q", c.old, c.new, j.reason, c.want)
		}
	}
}

// TestRewrittenReason: a rule written anew says so beside the rule that
// decided; a small substantive edit does not.
func TestRewrittenReason(t *testing.T) {
	j, _ := judge(item("Clothing or other accoutrements must not continuously obscure player identity or become a distraction to the game."),
		item("Players must be clearly identifiable at all times and staff may ask a player to remove any item which hides them."), "en", defaultPrepared())
	if j.rule != "negation" || !strings.HasSuffix(j.reason, "; most of the text rewritten (2 of 17 words kept)") {
		t.Errorf("rewritten rule: %s by %s: %s", j.severity, j.rule, j.reason)
	}
	j, _ = judge(item("Players may not leave the table during a hand at any time at all."), item("Players may leave the table during a hand at any time at all."), "en", defaultPrepared())
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
		if j := judgeTitle(c.old, c.new, defaultPrepared()); j.severity != c.sev {
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

// TestGroupDigits holds mayGroupDigits to thousandsRe, which rewrite runs
// only where mayGroupDigits says it may match: on random texts of digits,
// separators and letters it must say so wherever the expression matches,
// and the digit groups of rule texts ("1,000", "2.500", "10 000") are
// found.
func TestGroupDigits(t *testing.T) {
	pieces := []string{"0", "1", "9", "99", "000", ",", ".", "\u2009", " ", "a", "x1", "٣", "\xe2\x80", "-"}
	r := rand.New(rand.NewPCG(16, 5))
	for range 50000 {
		s := testgen.Text(r, pieces, 10)
		if thousandsRe.MatchString(s) && !mayGroupDigits(s) {
			t.Fatalf("thousandsRe matches %q, mayGroupDigits says it cannot", s)
		}
	}
	for _, s := range []string{"a bet of 1,000 chips", "2.500", "10\u2009000 points"} {
		if !mayGroupDigits(s) {
			t.Errorf("mayGroupDigits(%q) = false", s)
		}
	}
}

// BenchmarkRewrite rewrites, as judge does for each side of a changed
// rule, texts with numbers and references but no digit groups, and one
// with a group: the common case and the one the expressions serve.
func BenchmarkRewrite(b *testing.B) {
	eqs := defaultPrepared()
	texts := []string{
		normalize("Competitors must complete 5 attempts in round 2 of each event; see Regulation 9f1 and A1a4 (2 seconds)."),
		normalize("The judge records the result of attempt 3 on the score card, and the competitor signs it (see 5b2)."),
		normalize("A penalty of 2 seconds applies to a puzzle misaligned by more than 45 degrees."),
		normalize("The time limit is 10:00.00 per attempt, or a cumulative limit of 1,000 seconds for the round."),
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range texts {
			if r, _ := rewrite(s, eqs); spell(r, eqs) == "" {
				b.Fatal("empty")
			}
		}
	}
}
