package ingest_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestKindWordsUnseen: a word that names a kind of items (kinds.txt:
// "Recommended Procedures", "Glossary", "Addendum", "用語の定義") labels
// items for display, but decides no id. In every real text file that
// prints such a name on a line of its own or at a label (dev, udhr, WCA,
// seeds), each name is replaced, on those lines, by random letters of
// its script that no list holds, by a word of another language that no
// list holds, and by nothing: the ids must be those of the file as
// published. Two documents that number the same way get the same ids
// whatever their headings say. The made-up documents (kindCases) are
// read on every run; the real files under -tags long.
func TestKindWordsUnseen(t *testing.T) {
	t.Run("made-up", kindWordsMadeUp)
	t.Run("made-up publications", kindWordsMadeUpPublications)
	t.Run("publications", kindWordsPublications)
	longtest.Skip(t)
	files := realTextFiles(t)
	tried := 0
	eachRead(t, files, func(t *testing.T, k int, name string, data []byte, orig *corpus.Document) {
		lines := strings.Split(string(data), "\n")
		at := map[int]string{}
		for i, l := range lines {
			if span := ingest.KindName(strings.Trim(textOf(l), "#*_>- \t")); span != "" {
				at[i] = span
			}
		}
		if len(at) == 0 {
			t.Skip("no kind name on a line of its own or at a label")
		}
		tried++
		rng := rand.New(rand.NewPCG(uint64(k), 35))
		for _, how := range []string{"unseen", "other language", "removed"} {
			out := slices.Clone(lines)
			for i, span := range at {
				repl := ""
				switch how {
				case "unseen":
					repl = unseenWord(rng, span)
				case "other language":
					// Kazakh, or Estonian for a Cyrillic name: in no list.
					repl = "Анықтамалар"
					if strings.ContainsFunc(span, func(r rune) bool { return unicode.Is(unicode.Cyrillic, r) }) {
						repl = "Sõnastik"
					}
				}
				if how == "removed" && !hasLetters(strings.Replace(textOf(out[i]), span, "", 1)) {
					continue // the name is all the line says: nothing left to read
				}
				out[i] = replaceInText(out[i], span, repl)
			}
			d, err := ingest.Options{Lang: orig.Lang}.Read(name, strings.NewReader(strings.Join(out, "\n")))
			if err != nil {
				t.Fatalf("%s: %v", how, err)
			}
			if got, want := itemIDs(d), itemIDs(orig); got != want {
				t.Errorf("kind names %s (%d lines, e.g. %q): ids differ from the file's as published: %s", how, len(at), firstSpan(at), firstDiff(got, want))
			}
		}
	})
	if tried == 0 {
		t.Error("no real file prints a kind name")
	}
}

// kindCases are made-up documents whose headings hold a kind's name
// between braces ("## {Glossary} of the club"): a numbering that starts
// again under the heading, one that goes on through it, one between
// two runs of rules, two divisions of one kind, entries keyed to the
// rules, a definition list, in Markdown, HTML and plain text.
var kindCases = []struct{ name, file, text string }{
	{"restart", "club.md", `# Club Rules

## Play

1. Players draw their seats before the first round.
2. A player more than an hour late loses the game.
3. Phones stay off during play.
4. The arbiter pairs the players.

## {Glossary} of the club

1. Arbiter: the person who runs the tournament.
2. Round: one game for every player.
3. Pairing: the two players of a game.
`},
	{"restart-de", "verein.md", `# Spielordnung des Schachvereins

## Regeln

1. Jede Partie wird mit Uhr gespielt.
2. Ein Spieler, der zu spät kommt, verliert nach einer Stunde.
3. Die Turnierleitung entscheidet Streitfälle endgültig.

## {Begriffsbestimmungen} des Vereins

1. Partie: ein Spiel zwischen zwei Spielern an einem Brett.
2. Turnierleitung: die vom Vorstand bestimmten Schiedsrichter.
3. Uhr: eine Schachuhr mit zwei Zeitanzeigen.
`},
	{"goes-on", "satzung.md", `# Satzung des Tennisvereins

## Allgemeines

§ 1 Der Verein führt den Namen Tennisverein und hat seinen Sitz in Musterstadt.

§ 2 Zweck des Vereins ist die Förderung des Tennissports.

§ 3 Mitglied kann jede natürliche Person werden.

## Zweiter Abschnitt: {Nachtrag} zur Beitragsordnung

§ 4 Der Jahresbeitrag ist bis zum 31. März zu entrichten.

§ 5 Jugendliche zahlen den halben Beitrag.

## Schlussbestimmungen

§ 6 Diese Satzung tritt mit der Eintragung in Kraft.
`},
	{"between", "cardroom.md", `# Card Room Rules

## Seating

1. Players draw for seats at the start of the tournament.
2. A player may change seats only with the floor's permission.

## {Recommended Procedures} of the room

1. Announce the blind level aloud when it changes.
2. Stack the chips of the pot before a payout.
3. Count the chips before a large payout is made.

## Betting

3. A raise must be at least the size of the previous bet or raise.
4. A verbal declaration in turn is binding.
5. Chips pushed forward without a declaration are a call.
`},
	{"two-divisions", "reglas.md", `# Reglas del torneo

## Reglas

1. El jugador debe proteger su mano en todo momento.
2. Las fichas deben estar siempre visibles en la mesa.
3. Un jugador que abandona la mesa pierde su derecho al bote.

## {Procedimientos recomendados} para crupieres

1. Se recomienda anunciar el nivel de ciegas en voz alta.
2. Se recomienda que los crupieres apilen las fichas del bote.
3. Se recomienda quemar una carta antes de cada calle.

## {Procedimientos recomendados} para la sala

1. Se recomienda contar las fichas antes de un pago grande.
2. Se recomienda sentar a los nuevos jugadores en la ciega grande.
`},
	{"keyed", "harbour.md", `# Harbour Club Rules

## Play

**1. Seats**

Players draw their seats before the first round.

**2. Lateness**

A. The clock starts at the announced time.

B. A player more than an hour late loses the game.

**3. Phones**

Phones stay off during play.

**4. Results**

The winner reports the result.

**5. Pairings**

The arbiter pairs the players.

**6. Disputes**

Disputes go to the arbiter.

**7. Appeals**

Appeals go to the committee.

**8. Closing**

These rules apply from the 2031 season.

## {Addendum} with examples

**Rule 2-B: Lateness**

Example 1: A player arrives after 61 minutes and loses.

**Rule 6: Disputes**

Example 1: A player contests a result.

**Rule 8: Closing**

Example 1: A tournament that starts before the season keeps the old rules.
`},
	{"definitions", "harbour.html", `<html lang="en"><body>
<h1>Harbour Rules</h1>
<h2>Mooring</h2><p>Boats moor bow first at the pontoons.</p>
<h2>Departures</h2><p>Boats leave in the order they arrived.</p>
<h2>{Glossary} of the harbour</h2>
<dl>
<dt>Pontoon</dt><dd>A floating walkway boats moor to.</dd>
<dt>Slipway</dt><dd>The ramp boats are launched from.</dd>
</dl>
</body></html>
`},
	{"text", "club.txt", `CLUB RULES

1. Players draw their seats before the first round.
2. A player more than an hour late loses the game.
3. Phones stay off during play.
4. The arbiter pairs the players.

{Recommended procedures} for arbiters
=========================================

1. Announce each round before it starts.
2. Keep the pairings on the wall.
3. Check the clocks before the first round.
`},
}

// underlined is a heading of plain text, underlined.
var underlined = regexp.MustCompile(`(?m)^.+\n=+$`)

// kindWordsMadeUp: each of kindCases is read with the kind's name in its
// headings, with random letters of its script in its place, with a word
// of another language, and with nothing: the ids must be the same.
func kindWordsMadeUp(t *testing.T) {
	braced := regexp.MustCompile(`\{([^}]*)\}`)
	for k, c := range kindCases {
		t.Run(c.name, func(t *testing.T) {
			read := func(how string, text string) string {
				t.Helper()
				d, err := ingest.Options{}.Read(c.file, strings.NewReader(text))
				if err != nil {
					t.Fatalf("%s: %v", how, err)
				}
				return itemIDs(d)
			}
			for _, m := range braced.FindAllStringSubmatch(c.text, -1) {
				if ingest.KindName(m[1]) != m[1] {
					t.Fatalf("%q names no kind: the case tests nothing", m[1])
				}
			}
			want := read("kind names", braced.ReplaceAllString(c.text, "$1"))
			rng := rand.New(rand.NewPCG(uint64(k), 36))
			for _, how := range []string{"unseen", "other language", "removed"} {
				text := c.text
				if how == "removed" {
					text = strings.ReplaceAll(text, "} ", "}")
				}
				text = braced.ReplaceAllStringFunc(text, func(s string) string {
					name := s[1 : len(s)-1]
					switch how {
					case "unseen":
						return unseenWord(rng, name)
					case "other language":
						return "Анықтамалар" // Kazakh: in no list
					}
					return ""
				})
				// A heading underlined keeps its underline's length.
				text = underlined.ReplaceAllStringFunc(text, func(s string) string {
					title, _, _ := strings.Cut(s, "\n")
					return title + "\n" + strings.Repeat("=", utf8.RuneCountInString(title))
				})
				if got := read(how, text); got != want {
					t.Errorf("kind names %s: ids differ from the ids with the names: %s", how, firstDiff(got, want))
				}
			}
		})
	}
}

// realTextFiles are the real text files (name -> path): dev, udhr, WCA
// and the seeds.
func realTextFiles(t *testing.T) map[string]string {
	files := devFiles(t)
	dir, names := udhrFiles(t)
	for _, n := range names {
		files[n] = filepath.Join(dir, n)
	}
	for _, sub := range []string{"wca", "seeds"} {
		root := testcorpus.Path(t, sub)
		es, err := os.ReadDir(root)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range es {
			if !e.IsDir() && !strings.HasSuffix(e.Name(), "README.md") {
				files[e.Name()] = filepath.Join(root, e.Name())
			}
		}
	}
	return files
}

// firstSpan is the kind name of the first line of at.
func firstSpan(at map[int]string) string {
	first := -1
	for i := range at {
		if first < 0 || i < first {
			first = i
		}
	}
	return at[first]
}

// textOf is a line without its markup (tagOrText's), trimmed.
func textOf(l string) string {
	return strings.TrimSpace(tagOrText.ReplaceAllStringFunc(l, func(s string) string {
		if markupSegment(s) {
			return " "
		}
		return s
	}))
}

// markupSegment reports whether s, a segment of tagOrText, is markup.
func markupSegment(s string) bool { return len(s) > 1 && strings.ContainsRune("<&]@[", rune(s[0])) }

// replaceInText replaces the first occurrence of old in the text of
// line (outside its markup: an anchor that holds the words stays) by new.
func replaceInText(line, old, new string) string {
	var b strings.Builder
	done := false
	for _, seg := range tagOrText.FindAllString(line, -1) {
		if !done && !markupSegment(seg) && strings.Contains(seg, old) {
			seg, done = strings.Replace(seg, old, new, 1), true
		}
		b.WriteString(seg)
	}
	return b.String()
}

// hasLetters reports whether s holds a letter.
func hasLetters(s string) bool { return strings.ContainsFunc(s, unicode.IsLetter) }
