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
// bit, or fails. A count takes four bytes, its last rune two, where a
// float64 and its n-gram's string take more than twenty.
package main

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"io"
	"log"
	"maps"
	"math"
	"math/bits"
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
const magic = "lingua-go v1.4.0 ngrams 4\n"

// encodeLanguage returns the section of one language and how many
// n-grams it holds: its unigrams, bigrams and trigrams as ngrams.go lays
// them out, each order's groups (the n-grams of one prefix, the first
// n-1 runes) placed in its hash table in ascending order of their
// prefixes, and their n-grams in that order too.
func encodeLanguage(dir, code string) ([]byte, int) {
	var b []byte
	total := 0
	for n := 1; n <= 3; n++ {
		model := readModel(dir, code, n)
		groups := map[uint32][]string{}
		for g := range model {
			rs := []rune(g)
			prefix := uint32(0)
			for _, r := range rs {
				if r >= 1<<16 {
					log.Fatalf("%s: %d-gram %q: a rune beyond 16 bits", code, n, g)
				}
			}
			for _, r := range rs[:len(rs)-1] {
				prefix = prefix<<16 | uint32(r)
			}
			groups[prefix] = append(groups[prefix], g)
		}
		prefixes := slices.Sorted(maps.Keys(groups))
		// At most three slots in four full; the unigrams' one group
		// (prefix 0) has the one slot.
		slots := min(1, len(prefixes))
		for n > 1 && slots > 0 && slots*3 < len(prefixes)*4 {
			slots *= 2
		}
		if n == 1 && len(prefixes) > 1 {
			log.Fatalf("%s: %d groups of unigrams", code, len(prefixes))
		}
		shift := uint(64 - bits.TrailingZeros(uint(max(slots, 1))))
		table := make([][4]uint32, slots)
		var lasts, counts []byte
		entries := uint32(0)
		for _, prefix := range prefixes {
			gs := groups[prefix]
			last := func(g string) rune { rs := []rune(g); return rs[len(rs)-1] }
			slices.SortFunc(gs, func(x, y string) int { return int(last(x)) - int(last(y)) })
			ps := make([]float64, len(gs))
			for i, g := range gs {
				ps[i] = model[g]
			}
			d := denominator(ps)
			if d == 0 || d >= 1<<32 {
				log.Fatalf("%s: %d-grams after %q: no common denominator gives their probabilities back exactly", code, n, []rune(gs[0])[:n-1])
			}
			slot := int(uint64(prefix) * hashMul >> shift)
			for table[slot][2] != 0 {
				slot = (slot + 1) % slots
			}
			table[slot] = [4]uint32{prefix, entries, entries + uint32(len(gs)), uint32(d)}
			for i, g := range gs {
				lasts = binary.LittleEndian.AppendUint16(lasts, uint16(last(g)))
				counts = binary.LittleEndian.AppendUint32(counts, uint32(math.Round(ps[i]*d)))
			}
			entries += uint32(len(gs))
		}
		b = binary.LittleEndian.AppendUint32(b, uint32(slots))
		b = binary.LittleEndian.AppendUint32(b, entries)
		for _, t := range table {
			for _, v := range t {
				b = binary.LittleEndian.AppendUint32(b, v)
			}
		}
		b = append(append(b, lasts...), counts...)
		total += len(model)
	}
	return b, total
}

// hashMul must match the one ngrams.go reads with.
const hashMul = 0x9E3779B97F4A7C15

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
