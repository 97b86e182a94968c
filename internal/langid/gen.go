//go:build ignore

// gen writes ngrams.bin, the n-gram tables langid scores with: the
// unigram, bigram and trigram models of every language of lingua-go
// v1.4.0 (the n-grams its low accuracy mode looks up), read from the
// zipped protocol buffers in its module and written compactly (see
// ngrams.go for the layout). Run it with go generate after changing the
// lingua-go version; TestLingua then checks that langid answers as
// lingua-go does.
//
// A model stores, for every n-gram, the float64 its training computed as
// count(n-gram) / count(its first n-1 runes) (count / all unigrams for a
// unigram). The counts are not in the model, but they can be taken back:
// the n-grams of one prefix share the denominator, which is the least
// common multiple of the smallest denominators of their probabilities
// (found with continued fractions), and gen checks that every
// float64(count) / float64(denominator) is the stored float64 bit for
// bit, or fails. Counts take a byte or two where a float64 takes eight.
package main

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"io"
	"log"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pemistahl/lingua-go"
	"github.com/pemistahl/lingua-go/serialization"
	"google.golang.org/protobuf/proto"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("gen: ")
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/pemistahl/lingua-go").Output()
	if err != nil {
		log.Fatalf("go list: %v", err)
	}
	dir := filepath.Join(strings.TrimSpace(string(out)), "language-models")
	var header, body bytes.Buffer
	header.WriteString(magic)
	langs := lingua.AllLanguages()
	putUvarint(&header, uint64(len(langs)))
	total := 0
	for _, l := range langs {
		code := strings.ToLower(l.IsoCode639_1().String())
		section, n := encodeLanguage(dir, code)
		total += n
		putUvarint(&header, uint64(len(code)))
		header.WriteString(code)
		putUvarint(&header, uint64(len(section)))
		body.Write(section)
	}
	if err := os.WriteFile("ngrams.bin", append(header.Bytes(), body.Bytes()...), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("ngrams.bin: %d languages, %d n-grams, %d bytes", len(langs), total, header.Len()+body.Len())
}

// magic must match the one ngrams.go reads.
const magic = "lingua-go v1.4.0 ngrams 3\n"

// encodeLanguage returns the section of one language and how many
// n-grams it holds: its alphabet (every rune of its n-grams, ascending),
// then its unigrams, bigrams and trigrams (an order the model lacks has
// no groups): the number of groups, the number of n-grams and the
// groups. The n-grams of an order are grouped by prefix (the first n-1
// runes), prefixes in ascending order, each group as: the prefix's rank
// (its runes' indexes in the alphabet, read as digits in base len(alphabet))
// minus the previous group's, the denominator, the number of n-grams,
// then for each its last rune's index minus the previous one's and its
// count.
func encodeLanguage(dir, code string) ([]byte, int) {
	models := make([]map[string]float64, 3)
	runes := map[rune]bool{}
	for n := 1; n <= 3; n++ {
		models[n-1] = readModel(dir, code, n)
		for g := range models[n-1] {
			for _, r := range g {
				runes[r] = true
			}
		}
	}
	alphabet := make([]rune, 0, len(runes))
	for r := range runes {
		alphabet = append(alphabet, r)
	}
	slices.Sort(alphabet)
	index := map[rune]uint64{}
	for i, r := range alphabet {
		index[r] = uint64(i)
	}
	var b bytes.Buffer
	total := 0
	putUvarint(&b, uint64(len(alphabet)))
	prev := rune(0)
	for _, r := range alphabet {
		putUvarint(&b, uint64(r-prev))
		prev = r
	}
	for n := 1; n <= 3; n++ {
		groups := map[uint64][]string{}
		for g := range models[n-1] {
			rank := uint64(0)
			rs := []rune(g)
			for _, r := range rs[:len(rs)-1] {
				rank = rank*uint64(len(alphabet)) + index[r]
			}
			groups[rank] = append(groups[rank], g)
		}
		ranks := make([]uint64, 0, len(groups))
		for r := range groups {
			ranks = append(ranks, r)
		}
		slices.Sort(ranks)
		putUvarint(&b, uint64(len(ranks)))
		putUvarint(&b, uint64(len(models[n-1])))
		total += len(models[n-1])
		prevRank := uint64(0)
		for _, rank := range ranks {
			gs := groups[rank]
			last := func(g string) uint64 { rs := []rune(g); return index[rs[len(rs)-1]] }
			slices.SortFunc(gs, func(x, y string) int { return int(last(x)) - int(last(y)) })
			ps := make([]float64, len(gs))
			for i, g := range gs {
				ps[i] = models[n-1][g]
			}
			d := denominator(ps)
			if d == 0 || d >= 1<<32 {
				log.Fatalf("%s: %d-grams after %q: no common denominator gives their probabilities back exactly", code, n, []rune(gs[0])[:n-1])
			}
			putUvarint(&b, rank-prevRank)
			prevRank = rank
			putUvarint(&b, uint64(d))
			putUvarint(&b, uint64(len(gs)))
			prevLast := uint64(0)
			for i, g := range gs {
				putUvarint(&b, last(g)-prevLast)
				prevLast = last(g)
				putUvarint(&b, uint64(math.Round(ps[i]*d)))
			}
		}
	}
	return b.Bytes(), total
}

// readModel reads the n-gram model of a language, n-gram -> probability;
// nil when lingua-go has none (it has no bigrams or trigrams of the
// languages whose words it splits into single characters, or whose
// script is theirs alone).
func readModel(dir, code string, n int) map[string]float64 {
	name := [...]string{"unigrams", "bigrams", "trigrams"}[n-1]
	z, err := zip.OpenReader(filepath.Join(dir, code, name+".pb.bin.zip"))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		log.Fatal(err)
	}
	defer z.Close()
	f, err := z.File[0].Open()
	if err != nil {
		log.Fatal(err)
	}
	data, err := io.ReadAll(f)
	if err != nil {
		log.Fatal(err)
	}
	var m serialization.SerializableLanguageModel
	if err := proto.Unmarshal(data, &m); err != nil {
		log.Fatalf("%s %s: %v", code, name, err)
	}
	out := map[string]float64{}
	for _, set := range m.NgramSets {
		for _, g := range set.Ngrams {
			if len([]rune(g)) != n {
				log.Fatalf("%s %s: %q", code, name, g)
			}
			out[g] = set.Probability
		}
	}
	return out
}

// denominator returns the least d with float64(k)/d == p for a whole k,
// for every p of ps, or 0 when there is none below 2^40 (ngrams.go
// takes 32 bits).
func denominator(ps []float64) float64 {
	d := 1.0
	for _, p := range ps {
		q := smallestDenominator(p)
		if q == 0 {
			return 0
		}
		d = d / gcd(d, q) * q
		if d > 1<<40 {
			return 0
		}
	}
	for _, p := range ps {
		if math.Round(p*d)/d != p {
			return 0
		}
	}
	return d
}

// smallestDenominator returns the denominator of the first convergent
// of p's continued fraction that gives p back as a float64 division, or
// 0.
func smallestDenominator(p float64) float64 {
	h0, h1 := 0.0, 1.0
	k0, k1 := 1.0, 0.0
	x := p
	for range 64 {
		a := math.Floor(x)
		h0, h1 = h1, a*h1+h0
		k0, k1 = k1, a*k1+k0
		if k1 > 0 && h1/k1 == p {
			return k1
		}
		f := x - a
		if f == 0 {
			break
		}
		x = 1 / f
	}
	return 0
}

func gcd(a, b float64) float64 {
	for b != 0 {
		a, b = b, math.Mod(a, b)
	}
	return a
}

func putUvarint(b *bytes.Buffer, v uint64) {
	b.Write(binary.AppendUvarint(nil, v))
}
