package ingest_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/cputime"
	"github.com/rulesync/rulesync/internal/gctune"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/pdftest"
	"github.com/rulesync/rulesync/internal/peaktest"
)

// scaleInput makes an input of n units (rules, rows, entries, lines of a
// string, levels of nesting) for one reader; name's extension picks the
// format as a user's file name would.
type scaleInput struct {
	name string
	gen  func(n int) string
}

// scaleInputs is one input per reader and per shape that was once slower
// than linear.
var scaleInputs = []scaleInput{
	{"numbered.txt", func(n int) string {
		return repeat(n, func(b *strings.Builder, i int) { fmt.Fprintf(b, "%d. Players act in turn; rule %d applies.\n", i, i) })
	}},
	{"list.md", func(n int) string {
		return "# Rules\n\n" + repeat(n, func(b *strings.Builder, i int) {
			if i%100 == 1 {
				fmt.Fprintf(b, "\n## Part %d\n\n", i/100+1)
			}
			fmt.Fprintf(b, "- %d) Players act in turn; rule %d applies.\n", i, i)
		})
	}},
	{"quotes.md", func(n int) string {
		return repeat(n, func(b *strings.Builder, i int) { fmt.Fprintf(b, "> > %d. Rule %d applies.\n>\n", i, i) })
	}},
	{"table.md", func(n int) string {
		return "| number | text |\n|---|---|\n" + repeat(n, func(b *strings.Builder, i int) { fmt.Fprintf(b, "| %d | Rule %d applies. |\n", i, i) })
	}},
	{"emphasis.md", func(n int) string {
		return "# T\n\n" + strings.Repeat("*a ", n) + "x" + strings.Repeat(" a*", n) + "\n"
	}},
	{"p.html", func(n int) string {
		return "<html><body>\n" + repeat(n, func(b *strings.Builder, i int) { fmt.Fprintf(b, "<p>%d. Rule %d applies.</p>\n", i, i) })
	}},
	{"ol.html", func(n int) string {
		return "<html><body><ol>\n" + repeat(n, func(b *strings.Builder, i int) { fmt.Fprintf(b, "<li>Rule %d applies.</li>\n", i) }) + "</ol>\n"
	}},
	// A page the streamed reader leaves to the tree reader (misnested
	// formatting: the adoption agency).
	{"tree.html", func(n int) string {
		return "<html><body>\n<p><b><i>Rules</b></i></p>\n" + repeat(n, func(b *strings.Builder, i int) { fmt.Fprintf(b, "<p>%d. Rule %d applies.</p>\n", i, i) })
	}},
	// Every rule in an <aside>: furniture that goes on with the
	// numbering, read as text (the page read twice).
	{"aside.html", func(n int) string {
		return "<html><body>\n" + repeat(n, func(b *strings.Builder, i int) { fmt.Fprintf(b, "<aside>%d. Rule %d applies.</aside>\n", i, i) })
	}},
	{"entries.po", func(n int) string {
		return poHead + repeat(n, func(b *strings.Builder, i int) {
			fmt.Fprintf(b, "msgctxt \"rule:%d\"\nmsgid \"Rule %d applies.\"\nmsgstr \"La règle %d s'applique.\"\n\n", i, i, i)
		})
	}},
	{"continued.po", func(n int) string {
		return poHead + "msgctxt \"rule:1\"\nmsgid \"a\"\nmsgstr \"\"\n" + strings.Repeat("\"règle \"\n", n)
	}},
	// One unit whose source has n inline tags its translation lacks:
	// each missing tag once sought its end tag among all the faults.
	{"markup.po", func(n int) string {
		return poHead + "msgctxt \"rule:1\"\nmsgid \"" + strings.Repeat("<b>", n) + "\"\nmsgstr \"x\"\n"
	}},
	{"units.xlf", func(n int) string {
		return `<?xml version="1.0"?>` + "\n" + `<xliff version="1.2"><file source-language="en" target-language="fr" original="x" datatype="plaintext"><body>` + "\n" +
			repeat(n, func(b *strings.Builder, i int) {
				fmt.Fprintf(b, "<trans-unit id=\"rule:%d\"><source>Rule %d</source><target>Règle %d</target></trans-unit>\n", i, i, i)
			}) + "</body></file></xliff>\n"
	}},
	{"units.tmx", func(n int) string {
		return `<?xml version="1.0"?>` + "\n" + `<tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" creationtool="t" creationtoolversion="1" o-tmf="t"/><body>` + "\n" +
			repeat(n, func(b *strings.Builder, i int) {
				fmt.Fprintf(b, "<tu tuid=\"rule:%d\"><tuv xml:lang=\"en\"><seg>Rule %d</seg></tuv><tuv xml:lang=\"fr\"><seg>Règle %d</seg></tuv></tu>\n", i, i, i)
			}) + "</body></tmx>\n"
	}},
	{"rows.csv", func(n int) string {
		return "number,title,text\n" + repeat(n, func(b *strings.Builder, i int) { fmt.Fprintf(b, "%d,,Rule %d applies.\n", i, i) })
	}},
	{"paragraphs.docx", func(n int) string {
		data, err := buildDOCX(repeat(n, func(b *strings.Builder, i int) {
			fmt.Fprintf(b, "<w:p><w:r><w:t>%d. Rule %d applies.</w:t></w:r></w:p>", i, i)
		}), nil)
		if err != nil {
			panic(err) // writing a zip into memory does not fail
		}
		return string(data)
	}},
	// Numbered lines, 50 to a page of one layout (pagesPDF).
	{"lines.pdf", func(n int) string { return string(pagesPDF(n)) }},
	// A document JSON of n items (the reader of `ingest -o`'s output).
	{"items.json", func(n int) string {
		return "{\n  \"edition\": \"x\",\n  \"lang\": \"en\",\n  \"items\": [\n" + repeat(n, func(b *strings.Builder, i int) {
			if i > 1 {
				b.WriteString(",\n")
			}
			fmt.Fprintf(b, "    {\"id\": \"rule:%d\", \"kind\": \"rule\", \"number\": \"%d\", \"text\": \"Rule %d applies.\"}", i, i, i)
		}) + "\n  ]\n}\n"
	}},
}

const poHead = "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Language: fr\\n\"\n\n"

func repeat(n int, unit func(b *strings.Builder, i int)) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		unit(&b, i)
	}
	return b.String()
}

// BenchmarkScale reads each reader's input at 1k to 1M units and reports
// the time per unit (wall and processor), which stays flat where a
// reader is linear (the figures are in bench/README.md). One run per
// size: a 1M input takes seconds.
//
//	go test ./ingest -run '^$' -bench Scale -benchtime 1x
func BenchmarkScale(b *testing.B) {
	for _, in := range scaleInputs {
		for _, n := range []int{1_000, 10_000, 100_000, 1_000_000} {
			b.Run(fmt.Sprintf("%s/%d", in.name, n), func(b *testing.B) {
				data := []byte(in.gen(n))
				o := ingest.Options{MaxBytes: 1 << 30, MaxBlocks: 1 << 30}
				b.SetBytes(int64(len(data)))
				cpu0, _ := cputime.Used()
				for b.Loop() {
					if _, err := o.Bytes(in.name, data); err != nil {
						b.Fatal(err)
					}
				}
				cpu1, _ := cputime.Used()
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/unit")
				// The processor time, the measure on a shared machine.
				b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N)/float64(n), "cpu-ns/unit")
			})
		}
	}
}

// TestScaleAllocLinear reads each input at n and 4n units and checks that
// the bytes allocated grow about four times, not sixteen: a reader that
// joins a string by repeated concatenation, or copies what it has read
// so far for each unit, allocates quadratically. So must the work of the
// position lookups (ingest.PositionWork), which allocate nothing: an
// XLIFF or TMX reader that counts each unit's line from the start of the
// file, a Markdown table whose rows each walk their siblings. (Time is
// the benchmark's to show; this needs no clock.)
func TestScaleAllocLinear(t *testing.T) {
	longtest.Skip(t)
	const n = 3000
	for _, in := range scaleInputs {
		t.Run(in.name, func(t *testing.T) {
			measure := func(n int) (alloc uint64, work int64) {
				data := []byte(in.gen(n))
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				w := ingest.PositionWork()
				if _, err := (ingest.Options{}).Bytes(in.name, data); err != nil {
					t.Fatal(err)
				}
				work = ingest.PositionWork() - w
				runtime.ReadMemStats(&after)
				return after.TotalAlloc - before.TotalAlloc, work
			}
			small, smallWork := measure(n)
			large, largeWork := measure(4 * n)
			if ratio := float64(large) / float64(small); ratio > 6 {
				t.Errorf("%d units allocate %d bytes, %d units %d: %.1f times for four times the input", n, small, 4*n, large, ratio)
			}
			if ratio := float64(largeWork) / float64(max(smallWork, 1)); ratio > 6 {
				t.Errorf("the position lookups of %d units look at %d bytes or nodes, of %d units %d: %.1f times for four times the input", n, smallWork, 4*n, largeWork, ratio)
			}
		})
	}
}

// TestMarkdownNestingRefused checks that Markdown nested past
// ingest.MarkdownMaxDepth, whose unclosed link destinations would be
// rescanned over and over, or with more emphasis runs than
// ingest.MarkdownMaxEmphasisRuns, is a parse error naming the line when
// read as Markdown, and read as plain text when the format was only
// guessed: the CommonMark parser takes time quadratic in the first two
// and memory hundreds of times the input's size in the third.
func TestMarkdownNestingRefused(t *testing.T) {
	longtest.Skip(t)
	deep := ingest.MarkdownMaxDepth + 1
	stairs := repeat(2*deep, func(b *strings.Builder, i int) { b.WriteString(strings.Repeat("  ", i-1) + "- a\n") })
	for _, c := range []struct {
		name, text string
		line       int
	}{
		{"dashes", "# T\n\n" + strings.Repeat("- ", 50_000) + "x\n", 3},
		{"quotes", "# T\n\n" + strings.Repeat("> ", 50_000) + "x\n", 3},
		{"ordered", "# T\n\n" + strings.Repeat("1. ", 50_000) + "x\n", 3},
		{"mixed", "# T\n\n" + strings.Repeat("> 1) - ", 20_000) + "x\n", 3},
		{"stairs", stairs, deep},
		// Quotes continued lazily, then opened deeper one at a time.
		{"lazy", repeat(2*deep, func(b *strings.Builder, i int) { b.WriteString(strings.Repeat(">", i) + " a\nb\n") }), 2*deep - 1},
		{"links", "# T\n\n" + strings.Repeat("[a](", 300_000) + "\n", 3},
		{"angle links", "# T\n\n" + strings.Repeat("[a](< ", 300_000) + "\n", 3},
		{"emphasis", "# T\n\n" + strings.Repeat("*a ", ingest.MarkdownMaxEmphasisRuns/2) + "x" + strings.Repeat(" a*", ingest.MarkdownMaxEmphasisRuns/2+1) + "\n", 3},
		{"emphasis over lines", "# T\n\n" + strings.Repeat("*a* _b_\n\n", ingest.MarkdownMaxEmphasisRuns/4+1), ingest.MarkdownMaxEmphasisRuns/2 + 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ingest.Options{Format: "markdown"}.Bytes("deep.md", []byte(c.text))
			if err == nil || !strings.Contains(err.Error(), "Markdown: ") {
				t.Fatalf("read as Markdown: %v, want a parse error", err)
			}
			if want := fmt.Sprintf("deep.md:%d:1: ", c.line); !strings.HasPrefix(err.Error(), want) {
				t.Errorf("%v, want it at %s", err, want)
			}
			d, err := ingest.Options{}.Bytes("deep.txt", []byte(c.text))
			if err != nil {
				t.Fatalf("read as text: %v", err)
			}
			if d.Source.Format == "markdown" {
				t.Errorf("read as Markdown")
			}
		})
	}
}

// TestMarkdownNestingRead checks the other side of the bound: Markdown
// nested as deep as rulebooks go, and further, up to half the bound, is
// read as Markdown, every level an item.
func TestMarkdownNestingRead(t *testing.T) {
	levels := ingest.MarkdownMaxDepth / 2
	for _, c := range []struct{ name, text string }{
		{"lists", "# T\n\n" + repeat(levels, func(b *strings.Builder, i int) {
			fmt.Fprintf(b, "%s- %d) Rule text %d.\n", strings.Repeat("  ", i-1), i, i)
		})},
		{"quoted list", "# T\n\n" + repeat(levels/2, func(b *strings.Builder, i int) {
			fmt.Fprintf(b, "> %s- %d) Rule text %d.\n", strings.Repeat("  ", i-1), i, i)
		})},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := (ingest.Options{Format: "markdown"}).Bytes("nested.md", []byte(c.text)); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// peakLimit is the most memory an ingest of an input within the default
// limits may take, as the resident set's high-water mark.
const peakLimit = 1 << 30

// peakInput is an input TestPeakMemory reads at the default size limit:
// a scaleInputs shape by name, or a format whose limit bounds a part of
// the file (DOCX: word/document.xml, inflated) or whose file is built
// around the text (PDF).
type peakInput struct {
	name string
	// make returns the largest input of the shape whose measured part
	// (the whole file, or document.xml) is within limit bytes, and its
	// number of units.
	make func(t *testing.T, limit int) ([]byte, int)
	// skip, when not "", is why the default run leaves the input out:
	// its peak, measured, is over peakLimit, or it takes minutes. The
	// subtest says so and skips, unless RULESYNC_PEAK_ALL is set (as for
	// the figures in bench/README.md).
	skip string
	// refused marks an input over the block limit (ingest.ErrTooManyBlocks),
	// whose peak is that of the read up to its refusal (for most formats,
	// the count of its units before it is read).
	refused bool
}

// largest returns the largest n for which len(gen(n)) is within limit,
// near enough (2%).
func largest(gen func(n int) string, limit int) (string, int) {
	unit := max(len(gen(1000))/1000, 1)
	n := (limit - 4096) / unit
	data := gen(n)
	for len(data) > limit {
		n -= n / 50
		data = gen(n)
	}
	return data, n
}

// scalePeak is a peakInput of the scaleInputs shape name, as a file
// within the limit.
func scalePeak(name, skip string) peakInput {
	return peakInput{name: name, skip: skip, make: func(t *testing.T, limit int) ([]byte, int) {
		data, n := largest(scaleInputFor(t, name).gen, limit)
		return []byte(data), n
	}}
}

// shortPeak is a peakInput of as many of unit as the byte limit
// allows, between head and tail.
func shortPeak(name, head string, unit func(b *strings.Builder, i int), tail string) peakInput {
	return peakInput{name: name, make: func(t *testing.T, limit int) ([]byte, int) {
		data, n := largest(func(n int) string { return head + repeat(n, unit) + tail }, limit)
		return []byte(data), n
	}}
}

// refusedPeak is in marked refused.
func refusedPeak(in peakInput) peakInput {
	in.refused = true
	return in
}

// blockPeak is a peakInput of as many units as the block limit allows
// (ingest.DefaultMaxBlocks lines that are not blank, lines of them a
// unit, less head's), each padded with words so that the file is as
// large as the byte limit allows: the most an input within both limits
// holds.
func blockPeak(name, head string, lines int, unit func(b *strings.Builder, i int, pad string), tail string) peakInput {
	return unitPeak(name, head, strings.Count(head, "\n"), lines, unit, tail)
}

// unitPeak is blockPeak of units each counted as lines blocks, head
// counted as headUnits.
func unitPeak(name, head string, headUnits, lines int, unit func(b *strings.Builder, i int, pad string), tail string) peakInput {
	return peakInput{name: name, make: func(t *testing.T, limit int) ([]byte, int) {
		n := (ingest.DefaultMaxBlocks - headUnits) / lines
		gen := func(pad string) string {
			return head + repeat(n, func(b *strings.Builder, i int) { unit(b, i, pad) }) + tail
		}
		words := strings.Repeat("players act in turn and every rule applies ", 8)
		p := min((limit-4096-len(gen("")))/n, len(words))
		return []byte(gen(strings.TrimSpace(words[:p]))), n
	}}
}

// peakInputs are the inputs TestPeakMemory reads. Those with skip set
// are measured with RULESYNC_PEAK_ALL=1 (bench/README.md has the
// figures): the ones over peakLimit, the ones under it by less than a
// sixth (the collector's timing moves a peak by up to an eighth: a
// default run must not fail by chance: the line is 1 GB less a sixth,
// 853 MB), and the slow ones. At their peak the readers of text,
// Markdown and HTML hold the blocks (88 bytes each) with either the
// structure recognizer's candidates (176 bytes each) and its numbering
// chain while it runs (some 115 bytes a candidate), or the items (216
// bytes each, and their texts) with the labels that start them packed
// (packedLabels, some 20 bytes each): the candidates are let go before
// the items are made. goldmark's tree is a piece's (about 16 KB of the
// text), the HTML DOM is cut as its blocks are made. 32 MiB of the
// shortest lines or paragraphs is 1.2 to 2.5 million blocks, some 900
// bytes each at the peak: the block limit (ingest.DefaultMaxBlocks)
// refuses them, the inputs of text, Markdown and HTML here are at
// both limits (blockPeak), those of the other formats at the byte
// limit in their shortest units (shortPeak).
var peakInputs = []peakInput{
	scalePeak("entries.po", ""),
	scalePeak("continued.po", "takes minutes on a loaded machine: 3.3 million lines of one string (peak 182 MB; its growth is TestScaleAllocLinear's)"),
	scalePeak("units.xlf", ""),
	scalePeak("units.tmx", ""),
	refusedPeak(scalePeak("rows.csv", "")), // 1.1 million rows
	scalePeak("emphasis.md", ""),
	// The formats read by units, in their shortest units: those of more
	// units than the block limit (PO, CSV) are refused before they are
	// read, by their units counted.
	refusedPeak(shortPeak("short.po", poHead, func(b *strings.Builder, i int) {
		fmt.Fprintf(b, "msgctxt \"rule:%d\"\nmsgid \"Rule %d\"\nmsgstr \"Règle %d\"\n\n", i, i, i)
	}, "")),
	shortPeak("short.xlf", `<?xml version="1.0"?>`+"\n"+`<xliff version="1.2"><file source-language="en" target-language="fr" original="x" datatype="plaintext"><body>`+"\n", func(b *strings.Builder, i int) {
		fmt.Fprintf(b, "<trans-unit id=\"rule:%d\"><source>R %d</source><target>T %d</target></trans-unit>\n", i, i, i)
	}, "</body></file></xliff>\n"),
	shortPeak("short.tmx", `<?xml version="1.0"?>`+"\n"+`<tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" creationtool="t" creationtoolversion="1" o-tmf="t"/><body>`+"\n", func(b *strings.Builder, i int) {
		fmt.Fprintf(b, "<tu tuid=\"rule:%d\"><tuv xml:lang=\"en\"><seg>R %d</seg></tuv><tuv xml:lang=\"fr\"><seg>T %d</seg></tuv></tu>\n", i, i, i)
	}, "</body></tmx>\n"),
	refusedPeak(shortPeak("short.csv", "number,text\n", func(b *strings.Builder, i int) { fmt.Fprintf(b, "%d,Rule %d text\n", i, i) }, "")),
	// PO and CSV at the block limit, each unit as long as the byte limit
	// allows (the PO's header is an entry).
	unitPeak("units.po", poHead, 1, 1, func(b *strings.Builder, i int, pad string) {
		fmt.Fprintf(b, "msgctxt \"rule:%d\"\nmsgid \"Rule %d %s\"\nmsgstr \"Règle %d\"\n\n", i, i, pad, i)
	}, ""),
	unitPeak("units.csv", "number,text\n", 1, 1, func(b *strings.Builder, i int, pad string) { fmt.Fprintf(b, "%d,Rule %d %s\n", i, i, pad) }, ""),
	// HTML's shortest paragraphs, 2.5 million, are refused before they
	// are read, by their start tags counted.
	refusedPeak(shortPeak("short.html", "<html><body>\n", func(b *strings.Builder, i int) { fmt.Fprintf(b, "<p>%d</p>", i) }, "</body></html>\n")),
	// The formats read by blocks, at the block limit, each block as long
	// as the byte limit allows.
	blockPeak("numbered.txt", "", 1, func(b *strings.Builder, i int, pad string) { fmt.Fprintf(b, "%d. Rule %s.\n\n", i, pad) }, ""),
	blockPeak("numbered.md", "", 1, func(b *strings.Builder, i int, pad string) { fmt.Fprintf(b, "%d. Rule %s.\n", i, pad) }, ""),
	blockPeak("list.md", "", 1, func(b *strings.Builder, i int, pad string) { fmt.Fprintf(b, "- item %d %s\n", i, pad) }, ""),
	blockPeak("quotes.md", "", 2, func(b *strings.Builder, i int, pad string) { fmt.Fprintf(b, "> %d. q %s\n>\n", i, pad) }, ""),
	blockPeak("table.md", "| id | text |\n| --- | --- |\n", 1, func(b *strings.Builder, i int, pad string) { fmt.Fprintf(b, "| %d | c %s |\n", i, pad) }, ""),
	blockPeak("p.html", "<html><body>\n", 1, func(b *strings.Builder, i int, pad string) { fmt.Fprintf(b, "<p>%d. Rule %s.</p>\n", i, pad) }, "</body></html>\n"),
	blockPeak("ol.html", "<html><body><ol>\n", 1, func(b *strings.Builder, i int, pad string) { fmt.Fprintf(b, "<li>Rule %s.</li>\n", pad) }, "</ol>\n"),
	// 550k paragraphs, over the block limit: refused by its
	// paragraphs counted once document.xml is inflated, before it is read.
	{name: "paragraphs.docx", refused: true, make: func(t *testing.T, limit int) ([]byte, int) {
		// The limit bounds document.xml as inflated; the file is smaller.
		body, n := largest(func(n int) string {
			return repeat(n, func(b *strings.Builder, i int) {
				fmt.Fprintf(b, "<w:p><w:r><w:t>%d. Rule %d applies.</w:t></w:r></w:p>", i, i)
			})
		}, limit-512)
		return makeDOCX(t, body, nil), n
	}},
	// A document JSON at the block limit, each item as long as 4 times
	// the byte limit allows (a document JSON's limit).
	{name: "items.json", make: func(t *testing.T, limit int) ([]byte, int) {
		in := unitPeak("items.json", "{\n  \"edition\": \"x\",\n  \"lang\": \"en\",\n  \"items\": [\n", 0, 1, func(b *strings.Builder, i int, pad string) {
			if i > 1 {
				b.WriteString(",\n")
			}
			fmt.Fprintf(b, "    {\"id\": \"rule:%d\", \"kind\": \"rule\", \"number\": \"%d\", \"text\": \"Rule %d %s.\"}", i, i, i, pad)
		}, "\n  ]\n}\n")
		return in.make(t, 4*limit)
	}},
	{name: "pages.pdf", skip: "not measured: 680k lines of PDF pass the PDF reader's time limit (2 minutes) on 2 shared cores", make: func(t *testing.T, limit int) ([]byte, int) {
		data, n := largest(func(n int) string { return string(pagesPDF(n)) }, limit)
		return []byte(data), n
	}},
}

// pagesPDF is a PDF of n numbered lines of text, 50 to a page, its
// content streams not compressed.
func pagesPDF(n int) []byte {
	return pdftest.Lines(n, func(i int) string { return fmt.Sprintf("%d. Players act in turn; rule %d applies.", i, i) }, nil, nil)
}

// TestPeakMemory ingests, for each format and shape, an input as large
// as the default limit allows (ingest.DefaultMaxBytes), in a process of
// its own set up as the command's (the same collector settings), and
// fails when the process's peak resident memory (VmHWM) passes
// peakLimit. An input refused at the limit (Markdown of too many
// emphasis runs, read as text) counts as read.
func TestPeakMemory(t *testing.T) {
	longtest.Skip(t)
	if name := os.Getenv("RULESYNC_PEAK_INPUT"); name != "" {
		peakChild(name)
		return
	}
	if testing.Short() {
		t.Skip("reads inputs of 32 MiB: not with -short")
	}
	peaktest.Skip(t)
	for _, in := range peakInputs {
		t.Run(in.name, func(t *testing.T) {
			if in.skip != "" && os.Getenv("RULESYNC_PEAK_ALL") == "" {
				t.Skip(in.skip + " (bench/README.md has the figure; RULESYNC_PEAK_ALL=1 measures it)")
			}
			data, n := in.make(t, ingest.DefaultMaxBytes)
			path := filepath.Join(t.TempDir(), in.name)
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			env := []string{"RULESYNC_PEAK_INPUT=" + path}
			if in.refused {
				env = append(env, "RULESYNC_PEAK_REFUSED=1")
			}
			peak := peaktest.Run(t, "TestPeakMemory", env...)
			t.Logf("%d units, %d bytes: peak %d MB", n, len(data), peak>>20)
			if peak > peakLimit {
				t.Errorf("%d units, %d bytes: peak %d MB, over %d MB", n, len(data), peak>>20, peakLimit>>20)
			}
		})
	}
}

func scaleInputFor(t *testing.T, name string) scaleInput {
	for _, in := range scaleInputs {
		if in.name == name {
			return in
		}
	}
	t.Fatalf("no input %s", name)
	return scaleInput{}
}

// peakChild ingests the file at path as the command does (its collector
// settings, the JSON written) and prints its peak resident memory.
func peakChild(path string) {
	debug.SetMemoryLimit(768 << 20)
	gctune.Lazy(64<<20, 768<<20)
	d, err := ingest.Options{}.File(path)
	refused := os.Getenv("RULESYNC_PEAK_REFUSED") != ""
	switch {
	case refused && errors.Is(err, ingest.ErrTooManyBlocks):
		peaktest.Report()
		return
	case refused:
		peaktest.Fail(fmt.Errorf("read (%v), want ErrTooManyBlocks", err))
	case err != nil:
		peaktest.Fail(err)
	}
	if err := corpusjson.Encode(io.Discard, d); err != nil {
		peaktest.Fail(err)
	}
	peaktest.Report()
}
