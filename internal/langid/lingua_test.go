package langid

import (
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/pemistahl/lingua-go"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/shopspring/decimal"
)

// TestLingua checks that langid answers as lingua-go v1.4.0 does, its
// reference: for every text of linguaTexts, among the languages of
// Languages, of asciiLanguages, of all 75, of English and each other
// language and of random pairs, the language lingua-go ranks first and
// its confidence. lingua-go sums its log-probabilities in the order of a
// map, so its own confidences vary in the last bits from run to run;
// langid's may differ from them by as much.
func TestLingua(t *testing.T) {
	longtest.Skip(t)
	texts := linguaTexts(t)
	all := lingua.AllLanguages()
	tab := languages()
	if len(tab.codes) != len(all) {
		t.Fatalf("ngrams.bin has %d languages, lingua-go %d", len(tab.codes), len(all))
	}
	for i, l := range all {
		if c := strings.ToLower(l.IsoCode639_1().String()); tab.codes[i] != c {
			t.Fatalf("language %d: ngrams.bin has %s, lingua-go %s", i, tab.codes[i], c)
		}
		if languageScripts()[tab.codes[i]] == nil {
			t.Errorf("%s: no scripts", tab.codes[i])
		}
	}
	// Every text among Languages and asciiLanguages, every text of up to
	// 300 runes among all languages (a long text costs lingua-go a
	// thousandth power of a 25-digit decimal per language), a sample of
	// those among English and each language, and among each language
	// and two at random.
	type set struct {
		langs []string
		texts []string
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var short []string
	for _, text := range texts {
		if utf8.RuneCountInString(text) <= 300 {
			short = append(short, text)
		}
	}
	sample := func() []string {
		out := make([]string, 40)
		for i := range out {
			out[i] = short[rng.IntN(len(short))]
		}
		return out
	}
	sets := []set{{Languages, texts}, {asciiLanguages, texts}, {tab.codes, short}}
	for _, c := range tab.codes {
		if c != "en" {
			sets = append(sets, set{[]string{"en", c}, sample()})
		}
		sets = append(sets, set{[]string{c, tab.codes[rng.IntN(len(tab.codes))], tab.codes[rng.IntN(len(tab.codes))]}, sample()})
	}
	compared, differ := 0, 0
	maxDiff := 0.0
	for _, set := range sets {
		var ls []lingua.Language
		for _, c := range set.langs {
			ls = append(ls, all[language(c)])
		}
		if len(slices.Compact(slices.Sorted(slices.Values(ls)))) < 2 {
			continue
		}
		ref := lingua.NewLanguageDetectorBuilder().FromLanguages(ls...).WithLowAccuracyMode().Build()
		d := detectorOf(set.langs)
		for _, text := range set.texts {
			if scriptTie(splitWords(text)) {
				// lingua-go picks one of the scripts at random.
				continue
			}
			cs := ref.ComputeLanguageConfidenceValues(text)
			want, wantC := strings.ToLower(cs[0].Language().IsoCode639_1().String()), cs[0].Value()
			l, c := d.best(text)
			compared++
			diff := math.Abs(c - wantC)
			maxDiff = max(maxDiff, diff)
			if code(l) != want || diff > 1e-12*max(1, wantC) {
				differ++
				if differ <= 20 {
					t.Errorf("among %s: %q: langid %s %v, lingua-go %s %v", strings.Join(set.langs, ","), text, code(l), c, want, wantC)
				}
			}
		}
	}
	if differ > 0 {
		t.Errorf("%d of %d answers differ", differ, compared)
	}
	t.Logf("%d texts, %d answers compared; largest confidence difference %g", len(texts), compared, maxDiff)
}

// scriptTie reports whether two scripts hold the most words, and equally
// many, with a third script holding fewer: the case lingua-go decides at
// random.
func scriptTie(words []string) bool {
	count := map[int]int{}
	for _, w := range words {
		if s := wordScript(w); s >= 0 {
			count[s]++
		}
	}
	var ns []int
	for _, n := range count {
		ns = append(ns, n)
	}
	slices.Sort(ns)
	slices.Reverse(ns)
	return len(ns) > 2 && ns[0] == ns[1] && ns[len(ns)-1] != ns[0]
}

// linguaTexts are the texts TestLingua compares on, none from the real
// corpus: the hand-written samples whole, cut into pieces of 5 to 300
// runes and mixed two by two; texts drawn from every language's own
// trigrams (see babble), short and long; every letter beyond ASCII of
// the models in Latin, Cyrillic and Devanagari script in a few words;
// and other cases of the rules (scripts, words of two scripts).
func linguaTexts(t *testing.T) []string {
	data, err := os.ReadFile("testdata/samples.txt")
	if err != nil {
		t.Fatal(err)
	}
	var samples []string
	for _, l := range strings.Split(string(data), "\n") {
		if _, text, ok := strings.Cut(l, "\t"); ok && !strings.HasPrefix(l, "#") {
			samples = append(samples, text)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var texts []string
	for _, s := range samples {
		texts = append(texts, s, strings.ToUpper(s))
		rs := []rune(s)
		for _, n := range []int{5, 12, 20, 30, 60, 120} {
			at := rng.IntN(max(1, len(rs)-n))
			texts = append(texts, string(rs[at:min(len(rs), at+n)]))
		}
		other := samples[rng.IntN(len(samples))]
		texts = append(texts, s+" "+other, string(rs[:len(rs)/3])+" "+other)
	}
	// 1,200 runes: lingua-go's exponents underflow float64.
	tab := languages()
	for l := range tab.codes {
		keys := modelKeys(tab.models[l]())
		for _, n := range []int{3, 8, 25, 60, 150, 300, 1200} {
			texts = append(texts, babble(rng, keys, n))
		}
	}
	// Each letter beyond ASCII of the scripts in which the rules look for
	// letters of one or a few languages (those of the models, not of the
	// rules' tables, which are under test), in every word and in one
	// word of two.
	letters := map[rune]bool{}
	for l := range tab.codes {
		for _, k := range modelKeys(tab.models[l]()) {
			if c := rune(k); k < 1<<21 && c >= 0x80 && unicode.In(c, unicode.Latin, unicode.Cyrillic, unicode.Devanagari) {
				letters[c] = true
				letters[unicode.ToUpper(c)] = true
			}
		}
	}
	for _, c := range slices.Sorted(maps.Keys(letters)) {
		l := string(c)
		texts = append(texts, "ma"+l+"ko "+l+"ral sta"+l, "ma"+l+"ko rals")
	}
	texts = append(texts,
		"", "123 456", "a", "ab", "abc", "x y z",
		"Straße", "„Straße“ – ‘quoted’ … — «guillemets»",
		"abc漢字", "漢字かな交じり文", "漢字", "カタカナ", "한국어 텍스트", "ひらがな 漢字 English words",
		"ěščř ůú", "ĉu vi ŝatas ĝin", "ő ű ő", "ł ń ś ź ż", "ț ţ", "ґ є ї", "ђ ћ", "ѓ ѕ ќ џ", "ә ғ қ ң ұ", "ө ү",
		"ã ã ã são", "ñ año niño", "ø æ å blåbær", "ı ğ ş iğne", "ð þ", "ë ë", "è ù à", "ê ô õ",
		"привет world hello", "hello world привет мир", "Ελληνικά και English", "עברית English", "العربية English",
		"ไทย English", "हिन्दी भाषा ळ", "մեկ երկու", "ქართული ენა",
		"the cat ñ", "ą ę the text", "Ìì òò ùù", "ọ ẹ ṣ ō ā",
	)
	return texts
}

// babble returns about n runes of words drawn from the n-grams of a
// model (its keys, ascending): each word
// starts at a random bigram of it and grows by trigrams of the model
// that continue its last two runes (runes drawn from its unigrams when
// it has no bigrams), with a capital now and then and punctuation
// between sentences.
func babble(rng *rand.Rand, keys []uint64, n int) string {
	var uni, bi, tri []uint64
	for _, k := range keys {
		switch {
		case k < 1<<21:
			uni = append(uni, k)
		case k < 1<<42:
			bi = append(bi, k)
		default:
			tri = append(tri, k)
		}
	}
	var b strings.Builder
	runes := 0
	for runes < n {
		var word []rune
		if len(bi) == 0 {
			for range 1 + rng.IntN(3) {
				word = append(word, rune(uni[rng.IntN(len(uni))]))
			}
		} else {
			k := bi[rng.IntN(len(bi))]
			word = []rune{rune(k >> 21), rune(k & (1<<21 - 1))}
			for len(word) < 2+rng.IntN(9) {
				prefix := ngramKey(word[len(word)-2:]...) << 21
				i, _ := slices.BinarySearch(tri, prefix)
				j, _ := slices.BinarySearch(tri, prefix+1<<21)
				if i == j {
					break
				}
				word = append(word, rune(tri[i+rng.IntN(j-i)]&(1<<21-1)))
			}
		}
		if rng.IntN(8) == 0 {
			word[0] = unicode.ToUpper(word[0])
		}
		w := string(word)
		if b.Len() > 0 {
			b.WriteString([]string{" ", " ", " ", ", ", ". ", " – ", " “"}[rng.IntN(7)])
		}
		b.WriteString(w)
		runes += len(word) + 1
	}
	return b.String()
}

// TestExponent: exponent takes the short way to lingua-go's decimal of
// e^sum while that is a float64 (its shortest decimal form, not
// decimal.NewFromFloat) and gives the same value, subnormal numbers
// included.
func TestExponent(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 5000 {
		sum := -rng.Float64() * 700
		if i%2 == 0 {
			sum = -700 - rng.Float64()*45 // subnormal
		}
		if got, want := exponent(sum), decimal.NewFromFloat(math.Exp(sum)); !got.Equal(want) {
			t.Fatalf("exponent(%v) = %v, want %v", sum, got, want)
		}
	}
}

// TestNgramsCorrupt: a damaged ngrams.bin is an error, not a panic or
// wrong probabilities.
func TestNgramsCorrupt(t *testing.T) {
	if _, err := readTable("lingua-go v0 ngrams\n"); err == nil {
		t.Error("a wrong magic reads")
	}
	if _, err := readTable(ngramData[:len(ngramData)/2]); err == nil {
		t.Error("half of ngrams.bin reads")
	}
	tab := languages()
	en := tab.sections[tab.index["en"]]
	for _, bad := range []string{en[:len(en)-1], en + "\x00", en[:len(en)/2]} {
		if _, err := decodeModel(bad); err == nil {
			t.Errorf("a section of %d bytes of %d decodes", len(bad), len(en))
		}
	}
}

// TestNgramTables checks every table of ngrams.bin as lookups read it
// in place, which decodeModel does not: in each order every group is
// found from its prefix's slot, the groups' n-grams lie end to end over
// all of the order's n-grams, a group's last runes ascend, its
// denominator is above 0 and no count is above it; the one group of
// unigrams has prefix 0, a bigram's prefix is one rune and no prefix
// holds a rune 0.
func TestNgramTables(t *testing.T) {
	tab := languages()
	for l, code := range tab.codes {
		m := tab.models[l]()
		for n, o := range m.orders {
			type span struct{ start, end int }
			var spans []span
			for s := 0; s < len(o.slots); s += 16 {
				prefix, start, end, d := u32(o.slots, s), int(u32(o.slots, s+4)), int(u32(o.slots, s+8)), u32(o.slots, s+12)
				if end == 0 {
					continue
				}
				if slot, ok := o.find(prefix); !ok || slot != o.slots[s:s+16] {
					t.Fatalf("%s %d-grams: the group of prefix %x, at slot %d, is not found (%v)", code, n+1, prefix, s/16, ok)
				}
				switch {
				case n == 0 && prefix != 0, n == 1 && (prefix == 0 || prefix >= 1<<16), n == 2 && (prefix>>16 == 0 || prefix&(1<<16-1) == 0):
					t.Fatalf("%s %d-grams: prefix %x", code, n+1, prefix)
				case start >= end || end > len(o.lasts)/2:
					t.Fatalf("%s %d-grams: group [%d, %d) of %d", code, n+1, start, end, len(o.lasts)/2)
				case d == 0:
					t.Fatalf("%s %d-grams: denominator 0", code, n+1)
				}
				for i := start; i < end; i++ {
					if i > start && u16(o.lasts, 2*i) <= u16(o.lasts, 2*i-2) || u32(o.counts, 4*i) == 0 || u32(o.counts, 4*i) > d {
						t.Fatalf("%s %d-grams: n-gram %d of group [%d, %d) out of order or its count %d of %d", code, n+1, i, start, end, u32(o.counts, 4*i), d)
					}
				}
				spans = append(spans, span{start, end})
			}
			slices.SortFunc(spans, func(a, b span) int { return a.start - b.start })
			at := 0
			for _, s := range spans {
				if s.start != at {
					t.Fatalf("%s %d-grams: a group starts at %d, after %d", code, n+1, s.start, at)
				}
				at = s.end
			}
			if at != len(o.lasts)/2 {
				t.Fatalf("%s %d-grams: the groups hold %d of %d", code, n+1, at, len(o.lasts)/2)
			}
		}
	}
}

// modelKeys returns the n-grams of a model as ngramKey packs them,
// ascending.
func modelKeys(m *model) []uint64 {
	var keys []uint64
	for _, o := range m.orders {
		for s := 0; s < len(o.slots); s += 16 {
			end := int(u32(o.slots, s+8))
			if end == 0 {
				continue
			}
			p := uint64(u32(o.slots, s))
			prefix := p>>16<<21 | p&(1<<16-1)
			for i := int(u32(o.slots, s+4)); i < end; i++ {
				keys = append(keys, prefix<<21|uint64(u16(o.lasts, 2*i)))
			}
		}
	}
	slices.Sort(keys)
	return keys
}

// TestBestLang holds bestLang, which stops scoring a language once it
// cannot come first, to best: the same language and whether the
// confidence is above 0, for every text of linguaTexts and for random
// cuts and mixes of them (words shuffled, two texts joined at random
// points, a prefix of random length), among Languages, asciiLanguages,
// all 75 languages and random sets of two to five, with each text's
// first language to score drawn at random (none, one of the set, one
// outside it), the texts of a set reading the terms of those before.
func TestBestLang(t *testing.T) {
	longtest.Skip(t)
	texts := linguaTexts(t)
	rng := rand.New(rand.NewPCG(5, 6))
	tab := languages()
	var mixed []string
	for range 3000 {
		a := strings.Fields(texts[rng.IntN(len(texts))])
		b := strings.Fields(texts[rng.IntN(len(texts))])
		switch rng.IntN(3) {
		case 0:
			rng.Shuffle(len(a), func(i, j int) { a[i], a[j] = a[j], a[i] })
			mixed = append(mixed, strings.Join(a, " "))
		case 1:
			mixed = append(mixed, strings.Join(a[:rng.IntN(len(a)+1)], " ")+" "+strings.Join(b[rng.IntN(len(b)+1):], " "))
		default:
			rs := []rune(strings.Join(a, " "))
			mixed = append(mixed, string(rs[:rng.IntN(len(rs)+1)]))
		}
	}
	sets := [][]string{Languages, asciiLanguages, tab.codes}
	for range 40 {
		set := make([]string, 2+rng.IntN(4))
		for i := range set {
			set[i] = tab.codes[rng.IntN(len(tab.codes))]
		}
		sets = append(sets, set)
	}
	compared := 0
	for si, set := range sets {
		d := detectorOf(set)
		if d == nil {
			continue
		}
		terms := newTerms()
		all := append(slices.Clone(mixed), texts...)
		if si >= 3 {
			all = all[:500] // the random sets: a sample of the texts
		}
		for _, text := range all {
			if scriptTie(splitWords(text)) {
				continue
			}
			first := -1
			switch rng.IntN(3) {
			case 0:
				first = language(set[rng.IntN(len(set))])
			case 1:
				first = rng.IntN(len(tab.codes))
			}
			wl, wc := d.best(text)
			gl, ok := d.bestLang(text, first, terms)
			compared++
			if gl != wl || ok != (wc > 0) {
				t.Errorf("among %s, first %d: %q: bestLang %s %v, best %s %v", strings.Join(set, ","), first, text, code(gl), ok, code(wl), wc)
			}
		}
	}
	t.Logf("%d answers compared", compared)
}

// TestTerms holds terms to what they keep: for texts of linguaTexts read
// one after another, the trigrams of each text are textTrigrams' and
// every log-probability is logProb's (bit for bit, or absent where
// logProb finds none), whether the terms
// looked it up for this text or an earlier one.
func TestTerms(t *testing.T) {
	texts := linguaTexts(t)
	tab := languages()
	terms := newTerms()
	rng := rand.New(rand.NewPCG(7, 8))
	for _, text := range texts {
		words := splitWords(text)
		want := textTrigrams(words)
		ids := terms.trigrams(words)
		if got := terms.keysOf(ids); !slices.Equal(got, want) {
			t.Fatalf("%q: trigrams %v, want %v", text, got, want)
		}
		for range 3 {
			l := rng.IntN(len(tab.codes))
			m := tab.models[l]()
			for i, id := range ids {
				got, gok := terms.logProb(l, m, id)
				lp, ok := logProb(m, want[i])
				if gok != ok || ok && math.Float64bits(got) != math.Float64bits(lp) {
					t.Fatalf("%s, %q: logProb %v %v, want %v %v", tab.codes[l], text, got, gok, lp, ok)
				}
			}
		}
	}
}
