// The child processes' peak memory is read from getrusage: Unix only.

//go:build unix

package ingest_test

import (
	"bytes"
	"compress/zlib"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/pdftest"
)

// memoryLimit is the most resident memory one ingest may take, whatever
// its input.
const memoryLimit = 1 << 30

// pagePDF writes a one-page PDF whose page has the given content stream
// (with the given /Filter, if any) and the Helvetica font as /F1.
func pagePDF(content []byte, filter string) []byte {
	if filter != "" {
		filter = "/Filter " + filter + " "
	}
	return pdftest.File([]string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
		fmt.Sprintf("<< %s/Length %d >>\nstream\n%s\nendstream", filter, len(content), content),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}, "")
}

// bombPDF is a PDF of about 1.3 MB whose page content is a Flate stream
// that inflates to 1 GiB of zeros.
func bombPDF(t testing.TB) []byte {
	var z bytes.Buffer
	w, _ := zlib.NewWriterLevel(&z, zlib.BestSpeed)
	zeros := make([]byte, 1<<20)
	for range 1024 {
		w.Write(zeros)
	}
	w.Close()
	return pagePDF(z.Bytes(), "/FlateDecode")
}

// fontBombPDF is a PDF of about 1.3 MB whose one line of text is set in
// an embedded font whose file is a Flate stream that inflates to 1 GiB of
// zeros: an engine loads a font file whole.
func fontBombPDF(t testing.TB) []byte {
	var z bytes.Buffer
	w, _ := zlib.NewWriterLevel(&z, zlib.BestSpeed)
	zeros := make([]byte, 1<<20)
	for range 1024 {
		w.Write(zeros)
	}
	w.Close()
	content := "BT /F1 12 Tf 72 700 Td (1: Seats) Tj ET"
	return pdftest.Page(content,
		"<< /Type /Font /Subtype /TrueType /BaseFont /Bomb /FirstChar 32 /LastChar 126 /FontDescriptor 6 0 R >>",
		"<< /Type /FontDescriptor /FontName /Bomb /Flags 32 /FontBBox [0 -200 1000 800] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 7 0 R >>",
		fmt.Sprintf("<< /Filter /FlateDecode /Length %d >>\nstream\n%s\nendstream", z.Len(), z.Bytes()),
	)
}

// manyTextPDF is a PDF of one page with n text objects of one glyph each
// (about 40 bytes each, uncompressed).
func manyTextPDF(n int) []byte {
	var c bytes.Buffer
	for i := range n {
		fmt.Fprintf(&c, "BT /F1 6 Tf %d %d Td (%c) Tj ET\n", 20+i%570, 20+(i/570)%750, 'a'+i%26)
	}
	return pagePDF(c.Bytes(), "")
}

// TestIngestChild is the child process of measureIngest: it ingests the
// file RULESYNC_INGEST_CHILD names and prints the error, if any.
func TestIngestChild(t *testing.T) {
	path := os.Getenv("RULESYNC_INGEST_CHILD")
	if path == "" {
		t.Skip("run by measureIngest")
	}
	d, err := ingest.Options{}.File(path)
	if err != nil {
		// On one line, so that the parent sees any line break.
		fmt.Printf("ERROR %s\n", strings.ReplaceAll(err.Error(), "\n", `\n`))
		return
	}
	fmt.Printf("OK %d items\n", len(d.Items))
}

// measureIngest ingests path in a child process and returns what it
// printed and its peak resident memory in bytes.
func measureIngest(t *testing.T, path string) (string, int64, time.Duration) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestIngestChild$", "-test.v")
	cmd.Env = append(os.Environ(), "RULESYNC_INGEST_CHILD="+path)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	took := time.Since(start)
	if err != nil {
		t.Fatalf("ingest of %s in a child process: %v\n%s", path, err, out)
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		t.Skip("no resource usage on this system")
	}
	var got string
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, "ERROR ") || strings.HasPrefix(l, "OK ") {
			got = l
		}
	}
	return got, ru.Maxrss * 1024, took // Maxrss is in KiB on Linux
}

// TestPDFMemory ingests hostile PDFs in a child process each and measures
// its peak resident memory: a page that inflates to 1 GiB is refused with
// a one-line error naming the file and the page (the Go reader and
// PDFium, which inflate a page's content whole);
// a font that inflates to 1 GiB is refused by PDFium's memory
// cap (the Go reader, which does not read font files, falls back to
// PDFium for a TrueType font without /Widths); neither these nor a page
// of 200,000 text objects take 1 GB.
func TestPDFMemory(t *testing.T) {
	longtest.Skip(t)
	if testing.Short() {
		t.Skip("builds a 1 GiB decompression bomb")
	}
	dir := t.TempDir()
	bomb := filepath.Join(dir, "bomb.pdf")
	fontBomb := filepath.Join(dir, "fontbomb.pdf")
	many := filepath.Join(dir, "many.pdf")
	os.WriteFile(bomb, bombPDF(t), 0o644)
	os.WriteFile(fontBomb, fontBombPDF(t), 0o644)
	os.WriteFile(many, manyTextPDF(200000), 0o644)
	bombWant := "ERROR " + bomb + ": page 1: "
	if !ingest.PDFInflatesPages {
		bombWant = "ERROR " + bomb + ": no rules found"
	}
	for _, c := range []struct {
		path, want string
	}{
		{bomb, bombWant},
		{fontBomb, "ERROR " + fontBomb + ": page 1: needs more than"},
		{many, ""},
	} {
		got, peak, took := measureIngest(t, c.path)
		fi, _ := os.Stat(c.path)
		t.Logf("%s (%d bytes): %s; peak %d MB in %v", filepath.Base(c.path), fi.Size(), got, peak>>20, took.Round(time.Millisecond))
		if !strings.HasPrefix(got, c.want) || strings.Contains(got, `\n`) || strings.Contains(got, "wasm") {
			t.Errorf("%s: got %q, want a one-line error starting %q", c.path, got, c.want)
		}
		if peak >= memoryLimit {
			t.Errorf("%s: peak resident memory %d MB, want under %d MB", c.path, peak>>20, memoryLimit>>20)
		}
	}
}

// TestCancel: an ingest whose context ends stops at once with an error
// naming the input that wraps the context's: in the PDF engine, and in a
// read from a pipe that never ends. The context ends 20 ms after the
// start, well before an engine can read the 200,000 text objects.
func TestCancel(t *testing.T) {
	if testing.Short() {
		t.Skip("reads a slow PDF")
	}
	slow := manyTextPDF(200000)
	pr, pw := io.Pipe()
	defer pw.Close()
	for _, c := range []struct {
		name string
		read func(o ingest.Options) error
	}{
		{"many.pdf", func(o ingest.Options) error { _, err := o.Bytes("many.pdf", slow); return err }},
		{"<stdin>", func(o ingest.Options) error { _, err := o.Read("<stdin>", pr); return err }},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(20*time.Millisecond, cancel)
		start := time.Now()
		err := c.read(ingest.Options{Context: ctx})
		took := time.Since(start)
		var ie *ingest.Error
		if !errors.Is(err, context.Canceled) || !errors.As(err, &ie) || ie.Input != c.name {
			t.Errorf("%s: error %v, want an *ingest.Error naming it and wrapping context.Canceled", c.name, err)
		}
		if took > 2*time.Second {
			t.Errorf("%s: stopped %v after the start, 20ms after which it was cancelled", c.name, took.Round(time.Millisecond))
		}
	}
	if _, err := (ingest.Options{Context: canceled()}).Bytes("rules.txt", []byte("1. One.\n2. Two.\n3. Three.\n")); !errors.Is(err, context.Canceled) {
		t.Errorf("an ingest cancelled before it starts: %v", err)
	}
}

func canceled() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}
