// Command langid measures language identifiers for rulesync on the real
// translations in ../shared/corpus, on generated mixes of them and on
// hand-written samples of the languages the corpus lacks: the old
// stopword counter (corpus.DetectLang, copied here as stopwordsLang), github.com/abadojack/whatlanggo
// and github.com/pemistahl/lingua-go with all its languages or only the
// ones rulesync meets, in its high and low accuracy modes.
//
// It lives in a module of its own so that the libraries it compares are
// not dependencies of rulesync unless the measurement says so. Each
// detector runs in a process of its own, so that its peak memory is its
// own:
//
//	cd bench/langid && go run . > ../langid.md
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/abadojack/whatlanggo"
	"github.com/pemistahl/lingua-go"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/langid"
)

// doc is a real document, its language, and the English document of the
// same rulebook and edition, if it is a translation.
type doc struct {
	path, lang, english string
}

var docs = []doc{
	{"wca/wca-regulations-2021-05-01-ja.md", "ja", "wca/wca-regulations-2021-05-01-en.md"},
	{"dev/fide-laws/fide-laws-2018-ru.md", "ru", "dev/fide-laws/fide-laws-2018-en.md"},
	{"dev/fide-laws/fide-laws-2023-ru.md", "ru", "dev/fide-laws/fide-laws-2023-en.md"},
	{"dev/fide-laws/fide-laws-2023-hy.md", "hy", "dev/fide-laws/fide-laws-2023-en.md"},
	{"dev/debian-constitution/debian-constitution-1.0-ja.wml", "ja", "dev/debian-constitution/debian-constitution-1.0-en.wml"},
	{"dev/debian-constitution/debian-constitution-1.7-ja.wml", "ja", "dev/debian-constitution/debian-constitution-1.7-en.wml"},
	{"dev/debian-constitution/debian-constitution-1.7-ko.wml", "ko", "dev/debian-constitution/debian-constitution-1.7-en.wml"},
	{"dev/debian-constitution/debian-constitution-1.7-ru.wml", "ru", "dev/debian-constitution/debian-constitution-1.7-en.wml"},
	{"dev/debian-social-contract/debian-social-contract-1.0-ja.wml", "ja", "dev/debian-social-contract/debian-social-contract-1.0-en.wml"},
	{"dev/debian-social-contract/debian-social-contract-1.1-ar.wml", "ar", "dev/debian-social-contract/debian-social-contract-1.1-en.wml"},
	{"dev/debian-social-contract/debian-social-contract-1.1-he.wml", "he", "dev/debian-social-contract/debian-social-contract-1.1-en.wml"},
	{"dev/debian-social-contract/debian-social-contract-1.1-ja.wml", "ja", "dev/debian-social-contract/debian-social-contract-1.1-en.wml"},
	{"dev/debian-social-contract/debian-social-contract-1.1-ru.wml", "ru", "dev/debian-social-contract/debian-social-contract-1.1-en.wml"},
	{"dev/debian-social-contract/debian-social-contract-1.1-zh.wml", "zh", "dev/debian-social-contract/debian-social-contract-1.1-en.wml"},
	{"seeds/tda-2024-ja-reader-page.txt", "ja", ""},
	{"seeds/tda-2024-addendum-pt.txt", "pt", ""},
	{"seeds/wsop-2009-ja-rules-page9.txt", "ja", ""},
	{"seeds/holdem-basics-guide-ja.txt", "ja", ""},
	{"seeds/general-poker-rules-ja.txt", "ja", ""},
}

// englishDocs are the English documents, which must come out "en" too.
var englishDocs = []string{
	"wca/wca-regulations-2021-05-01-en.md", "wca/wca-regulations-2024-01-01-en.md",
	"tda/tda-2024-longform-en.docx", "tda/tda-2022-shortform-en.docx",
	"dev/fide-laws/fide-laws-2018-en.md", "dev/fide-laws/fide-laws-2023-en.md",
	"dev/debian-constitution/debian-constitution-1.0-en.wml", "dev/debian-constitution/debian-constitution-1.6-en.wml",
	"dev/debian-constitution/debian-constitution-1.7-en.wml", "dev/debian-constitution/debian-constitution-1.7-en.html",
	"dev/debian-social-contract/debian-social-contract-1.0-en.wml", "dev/debian-social-contract/debian-social-contract-1.1-en.wml",
	"dev/fab-cr/fab-cr-2.10.1-en.txt", "dev/google-cppguide/google-cppguide-2024-02-12-en.html",
	"dev/usau-rules/usau-rules-2024-2025-en.md", "dev/debian-policy/debian-policy-4.1.2.0-en.rst",
}

// rulesyncLangs are the languages a subset detector loads: English, the
// languages of the real corpus, of the WCA translations and of the
// generated corpora (internal/synth), as far as lingua-go has them.
var rulesyncLangs = langid.Languages

// A detector returns a language tag and its confidence for a text.
type detector func(text string) (string, float64)

// detectors builds each detector by name.
var detectors = map[string]func() detector{
	"stopwords": func() detector {
		return func(s string) (string, float64) { return stopwordsLang(s), 1 }
	},
	"whatlanggo": func() detector {
		return func(s string) (string, float64) {
			info := whatlanggo.Detect(s)
			if info.Lang < 0 {
				return "und", 0
			}
			return info.Lang.Iso6391(), info.Confidence
		}
	},
	"lingua-all": func() detector { return linguaDetector(lingua.NewLanguageDetectorBuilder().FromAllLanguages()) },
	"lingua-all-low": func() detector {
		return linguaDetector(lingua.NewLanguageDetectorBuilder().FromAllLanguages().WithLowAccuracyMode())
	},
	"lingua-subset": func() detector {
		return linguaDetector(lingua.NewLanguageDetectorBuilder().FromIsoCodes639_1(isoCodes()...))
	},
	"lingua-subset-low": func() detector {
		return linguaDetector(lingua.NewLanguageDetectorBuilder().FromIsoCodes639_1(isoCodes()...).WithLowAccuracyMode())
	},
}

var order = []string{"stopwords", "whatlanggo", "lingua-all", "lingua-all-low", "lingua-subset", "lingua-subset-low"}

func isoCodes() []lingua.IsoCode639_1 {
	var out []lingua.IsoCode639_1
	for _, l := range rulesyncLangs {
		code := lingua.GetIsoCode639_1FromValue(strings.ToUpper(l))
		if code == lingua.UnknownIsoCode639_1 {
			fmt.Fprintf(os.Stderr, "lingua-go has no %s\n", l)
			continue
		}
		out = append(out, code)
	}
	return out
}

func linguaDetector(b lingua.LanguageDetectorBuilder) detector {
	d := b.Build()
	return func(s string) (string, float64) {
		cs := d.ComputeLanguageConfidenceValues(s)
		if len(cs) == 0 || cs[0].Value() == 0 {
			return "und", 0
		}
		return strings.ToLower(cs[0].Language().IsoCode639_1().String()), cs[0].Value()
	}
}

// result is one detector's row.
type result struct {
	Name                   string
	Docs, DocsOK           int
	Whole, WholeOK         int // documents read as one text
	Items, ItemsOK         int
	Short, ShortOK         int
	Mixed, MixedOK         int // mixed documents read as their main language
	MixedItems, MixedItOK  int // their items, English ones as en
	Noisy, NoisyOK         int // items with English terms, ids and links, cleaned
	Raw, RawOK             int // the same, not cleaned
	Hand, HandOK           int
	Wrong                  []string
	BuildMS, DocMS, ItemUS float64
	HeapMB, RSSMB          float64
}

func main() {
	one := flag.String("d", "", "run one detector and print its result as JSON")
	dir := flag.String("corpus", filepath.Join("..", "..", "..", "shared", "corpus"), "the real corpus")
	flag.Parse()
	if *one != "" {
		r := run(*one, *dir)
		json.NewEncoder(os.Stdout).Encode(r)
		return
	}
	var rows []result
	for _, name := range order {
		cmd := exec.Command(os.Args[0], "-d", name, "-corpus", *dir)
		cmd.Stderr = os.Stderr
		out, err := cmd.Output()
		if err != nil {
			fmt.Fprintln(os.Stderr, name, err)
			os.Exit(1)
		}
		var r result
		if err := json.Unmarshal(out, &r); err != nil {
			fmt.Fprintln(os.Stderr, name, err)
			os.Exit(1)
		}
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			r.RSSMB = float64(ru.Maxrss) / 1024
		}
		rows = append(rows, r)
	}
	report(rows)
}

func pct(ok, n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d (%.1f%%)", ok, n, 100*float64(ok)/float64(n))
}

func report(rows []result) {
	fmt.Println("# Language identification measured on the real corpus")
	fmt.Println()
	fmt.Println("`cd bench/langid && go run .` (each detector in a process of its own; times on one machine, single-threaded).")
	fmt.Println()
	fmt.Println("| detector | documents (vote of items) | documents (one text) | items (>= 40 letters) | short (30 letters) | mixed documents | their items | items with English terms, ids, links (cleaned) | the same, not cleaned | hand-written samples | build | per document | per item | heap | peak RSS |")
	fmt.Println("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
	for _, r := range rows {
		fmt.Printf("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %.0f ms | %.1f ms | %.0f µs | %.0f MB | %.0f MB |\n", r.Name,
			pct(r.DocsOK, r.Docs), pct(r.WholeOK, r.Whole), pct(r.ItemsOK, r.Items), pct(r.ShortOK, r.Short), pct(r.MixedOK, r.Mixed), pct(r.MixedItOK, r.MixedItems),
			pct(r.NoisyOK, r.Noisy), pct(r.RawOK, r.Raw), pct(r.HandOK, r.Hand), r.BuildMS, r.DocMS, r.ItemUS, r.HeapMB, r.RSSMB)
	}
	fmt.Println()
	for _, r := range rows {
		if len(r.Wrong) == 0 {
			continue
		}
		fmt.Printf("%s, wrong documents and samples: %s\n\n", r.Name, strings.Join(r.Wrong, ", "))
	}
}

// loaded documents by path.
var loaded = map[string]*corpus.Document{}

func load(dir, rel string) *corpus.Document {
	if d, ok := loaded[rel]; ok {
		return d
	}
	d, err := ingest.Options{Lang: "und"}.File(filepath.Join(dir, rel))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	loaded[rel] = d
	return d
}

func itemText(it *corpus.Item) string { return it.Title + "\n" + it.Text }

// noise is what a translation keeps of its source in an item: English
// terms in quotes or brackets, ids, links and numbers.
var noise = []string{"“Technical Committee”", "(DNF)", "§4.1(3)", "https://www.worldcubeassociation.org/regulations/#4f", "A3b1)", "10.500", "(see Regulation 3l)", "WCA Delegate"}

func run(name, dir string) result {
	r := result{Name: name}
	// Ingest first, so that the detector's memory is measured alone.
	for _, d := range docs {
		load(dir, d.path)
		if d.english != "" {
			load(dir, d.english)
		}
	}
	for _, p := range englishDocs {
		load(dir, p)
	}
	hand := handSamples()
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	t0 := time.Now()
	det := detectors[name]()
	r.BuildMS = ms(time.Since(t0))

	// Whole documents, as ingest reads them.
	var docTime time.Duration
	check := func(rel, want string) {
		d := load(dir, rel)
		t := time.Now()
		got := langid.Vote(d.Title, texts(d.Items), vote(det)).Lang
		docTime += time.Since(t)
		r.Docs++
		if got == want {
			r.DocsOK++
		} else {
			r.Wrong = append(r.Wrong, fmt.Sprintf("%s as %s", filepath.Base(rel), got))
		}
		r.Whole++
		if got, _ := det(langid.Clean(sample(texts(d.Items)))); got == want {
			r.WholeOK++
		} else {
			r.Wrong = append(r.Wrong, fmt.Sprintf("%s as %s when read as one text", filepath.Base(rel), got))
		}
	}
	for _, d := range docs {
		check(d.path, d.lang)
	}
	for _, p := range englishDocs {
		check(p, "en")
	}
	r.DocMS = ms(docTime) / float64(r.Docs)

	// Items of the translations, whole and cut short.
	var itemTime time.Duration
	for _, d := range docs {
		for _, it := range load(dir, d.path).Items {
			s := langid.Clean(itemText(&it))
			if letters(s) < 40 {
				continue
			}
			t := time.Now()
			got, _ := det(s)
			itemTime += time.Since(t)
			r.Items++
			if got == d.lang {
				r.ItemsOK++
			}
			short := cut(s, 30)
			r.Short++
			if got, _ := det(short); got == d.lang {
				r.ShortOK++
			}
			// The same item with English terms, ids and links in it.
			noisy := insertNoise(s, r.Items)
			r.Noisy++
			r.Raw++
			if got, _ := det(langid.Clean(noisy)); got == d.lang {
				r.NoisyOK++
			}
			if got, _ := det(noisy); got == d.lang {
				r.RawOK++
			}
		}
	}
	if r.Items > 0 {
		r.ItemUS = float64(itemTime.Microseconds()) / float64(r.Items)
	}

	// Mixed documents: every fourth item of a translation left in English.
	for _, d := range docs {
		if d.english == "" {
			continue
		}
		tr, en := load(dir, d.path), load(dir, d.english)
		var mixed []string
		var want []string
		for i, it := range tr.Items {
			if i%4 == 3 && i < len(en.Items) {
				mixed = append(mixed, itemText(&en.Items[i]))
				want = append(want, "en")
			} else {
				mixed = append(mixed, itemText(&it))
				want = append(want, d.lang)
			}
		}
		r.Mixed++
		if got := langid.Vote(tr.Title, mixed, vote(det)).Lang; got == d.lang {
			r.MixedOK++
		} else {
			r.Wrong = append(r.Wrong, fmt.Sprintf("mixed %s as %s", filepath.Base(d.path), got))
		}
		for i, s := range mixed {
			s = langid.Clean(s)
			if letters(s) < 40 {
				continue
			}
			r.MixedItems++
			if got, _ := det(s); got == want[i] {
				r.MixedItOK++
			}
		}
	}

	for _, h := range hand {
		r.Hand++
		if got, _ := det(langid.Clean(h[1])); got == h[0] {
			r.HandOK++
		} else {
			r.Wrong = append(r.Wrong, fmt.Sprintf("sample %s as %s", h[0], got))
		}
	}
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	r.HeapMB = (float64(after.HeapAlloc) - float64(before.HeapAlloc)) / (1 << 20)
	runtime.KeepAlive(det)
	sort.Strings(r.Wrong)
	return r
}

// vote adapts a detector to langid.Vote.
func vote(det detector) func(string) langid.Result {
	return func(s string) langid.Result {
		s = langid.Clean(s)
		if len([]rune(s)) < 20 {
			return langid.Result{Lang: "und"}
		}
		l, c := det(s)
		return langid.Result{Lang: l, Confidence: c}
	}
}

// sample joins texts taken from across the list into about 6,000 runes,
// to read a document as one text.
func sample(texts []string) string {
	total := 0
	for _, t := range texts {
		total += len(t)
	}
	step := max(1, total/18000)
	var b strings.Builder
	for i := 0; i < len(texts) && b.Len() < 18000; i += step {
		b.WriteString(texts[i])
		b.WriteByte('\n')
	}
	return b.String()
}

func texts(items []corpus.Item) []string {
	out := make([]string, len(items))
	for i := range items {
		out[i] = itemText(&items[i])
	}
	return out
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func letters(s string) int {
	n := 0
	for _, r := range s {
		if r > ' ' && !strings.ContainsRune("0123456789.,;:!?()[]{}«»“”\"'-–—/§#", r) {
			n++
		}
	}
	return n
}

// cut returns the first n letters of s, about.
func cut(s string, n int) string {
	rs := []rune(s)
	if len(rs) > n {
		rs = rs[:n]
	}
	return string(rs)
}

// insertNoise puts two pieces of noise into s, chosen by k.
func insertNoise(s string, k int) string {
	ws := strings.Fields(s)
	a, b := noise[k%len(noise)], noise[(k+3)%len(noise)]
	if len(ws) < 4 {
		return a + " " + s + " " + b
	}
	// CJK texts have few spaces: put the noise at the ends and middle.
	mid := len(ws) / 2
	return strings.Join(ws[:mid], " ") + " " + a + " " + strings.Join(ws[mid:], " ") + " " + b
}

// handSamples reads the hand-written samples of internal/langid.
func handSamples() [][2]string {
	f, err := os.Open(filepath.Join("..", "..", "internal", "langid", "testdata", "samples.txt"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer f.Close()
	var out [][2]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		tag, text, _ := strings.Cut(l, "\t")
		out = append(out, [2]string{tag, text})
	}
	return out
}
