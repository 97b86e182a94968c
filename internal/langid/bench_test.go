package langid

import (
	"fmt"
	"testing"
)

// benchSentences are written for the benchmarks: rule-book sentences in
// plain ASCII English, in English with typographic punctuation and a
// borrowed accent (letters outside ASCII: every Latin-script language
// is a candidate), and in Russian.
var benchSentences = map[string][]string{
	"en-ascii": {
		"The tournament director may award a penalty to any player who exposes a card while action is pending.",
		"Players must keep their chips visible and stacked in denominations at all times during the event.",
		"A hand is dead when the cards are released to the dealer or touch the muck before the showdown.",
		"When a player acts out of turn, the action stands only if the players before have not changed it.",
		"Each break in play lasts fifteen minutes unless the floor announces otherwise before the level ends.",
		"The clock may be called on a player who takes an unreasonable time to decide on a routine action.",
		"A verbal declaration in turn is binding, and the player must complete the action that was stated.",
		"Electronic devices must not be used at the table while the player is involved in a live hand.",
	},
	"en-typographic": {
		"The director’s decision is final; a player who disagrees may ask for a second opinion from the floor.",
		"“Cards speak” at the showdown: the dealer reads the hands, and a player’s announcement does not count.",
		"A player who arrives late – after the first deal – is dealt in, and their blinds are posted for them.",
		"The café area is off limits to players in a hand… unless the director allows it for a medical reason.",
		"Chips are counted by the floor at the end of the day; the count is written on a sealed “bag” form.",
		"The button moves clockwise after each hand, and the player on its left posts the small blind.",
		"Players may not discuss a hand in progress – even one they have folded – with anyone at the table.",
		"Any dispute is settled by the floor, whose ruling may take into account the spirit of the rules.",
	},
	"ru": {
		"Главный судья может наказать игрока, который открывает карту, пока действие ещё не завершено.",
		"Игроки обязаны держать фишки на виду и сложенными по номиналу в течение всего турнира.",
		"Рука считается мёртвой, если карты переданы дилеру или коснулись сброса до вскрытия.",
		"Если игрок действует вне очереди, действие остаётся в силе, только если предыдущие игроки его не изменили.",
		"Каждый перерыв длится пятнадцать минут, если судья не объявит иное до конца уровня.",
		"Игроку, который слишком долго принимает простое решение, могут включить часы.",
		"Устное заявление в свою очередь обязательно, и игрок должен выполнить названное действие.",
		"Электронными устройствами нельзя пользоваться за столом, пока игрок участвует в раздаче.",
	},
}

// benchItems returns a document of n items of two or three sentences each.
func benchItems(kind string, n int) []string {
	s := benchSentences[kind]
	items := make([]string, n)
	for i := range items {
		items[i] = s[i%len(s)] + " " + s[(i*3+1)%len(s)]
		if i%3 == 0 {
			items[i] += " " + s[(i*5+2)%len(s)]
		}
	}
	return items
}

// BenchmarkDocument reads the language of documents of 100 items, the
// models already loaded (a process pays their loading once: see the
// commit messages for whole-process figures).
func BenchmarkDocument(b *testing.B) {
	for _, kind := range []string{"en-ascii", "en-typographic", "ru"} {
		items := benchItems(kind, 100)
		want := kind[:2]
		b.Run(kind, func(b *testing.B) {
			cpu := startCPU()
			for b.Loop() {
				if r := Document("", items); r.Lang != want {
					b.Fatalf("%s: %v", kind, r)
				}
			}
			cpu.report(b)
		})
	}
}

// BenchmarkAmong asks the untranslated check's question, "source language
// or translation language?" (here English or Portuguese), of items of 1,
// 3 and 9 sentences.
func BenchmarkAmong(b *testing.B) {
	for _, n := range []int{1, 3, 9} {
		text := ""
		for i := range n {
			text += benchSentences["en-typographic"][i%8] + " "
		}
		b.Run(fmt.Sprintf("sentences=%d", n), func(b *testing.B) {
			cpu := startCPU()
			for b.Loop() {
				if r := Among(text, "en", "pt"); r.Lang != "en" {
					b.Fatal(r)
				}
			}
			cpu.report(b)
		})
	}
}

// BenchmarkDecodeModel reads a language's section of ngrams.bin, what a
// process pays once for each language it scores a text in: the sizes of
// its three orders (until the tables were laid out to be read in place,
// decoding them took 0.3-0.5 ms and 200-270 KB a language).
func BenchmarkDecodeModel(b *testing.B) {
	t := languages()
	for _, code := range []string{"en", "ru"} {
		b.Run(code, func(b *testing.B) {
			cpu := startCPU()
			for b.Loop() {
				if _, err := decodeModel(t.sections[t.index[code]]); err != nil {
					b.Fatal(err)
				}
			}
			cpu.report(b)
		})
	}
}

// BenchmarkClean cleans the benchmark sentences, about a third of them
// with a piece Clean removes (a number, a link or a colon, quoted
// terms, an acronym: in the real corpus 19% to 35% of the items hold
// each kind).
func BenchmarkClean(b *testing.B) {
	pieces := []string{"", "under Rule 4.2(b),", "", "as follows: see https://example.org/rules#4", "", "the “floor person”", "", "the TDA and WSOP", ""}
	var texts []string
	for _, kind := range []string{"en-ascii", "en-typographic", "ru"} {
		for i, s := range benchSentences[kind] {
			for j := range 3 {
				texts = append(texts, pieces[(i+j*4)%len(pieces)]+" "+s)
			}
		}
	}
	cpu := startCPU()
	for b.Loop() {
		for _, s := range texts {
			Clean(s)
		}
	}
	cpu.report(b)
}
