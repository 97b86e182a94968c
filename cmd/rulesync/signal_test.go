package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/internal/longtest"
	"github.com/rulesync/rulesync/internal/pdftest"
	"github.com/rulesync/rulesync/internal/synth"
)

// slowPDF is a PDF of pages pages that share one content stream of n
// text objects of one glyph each, drawn over each other: the Go PDF
// reader takes about a second per million objects (PDFium far longer),
// and keeps one character a page, so that the reading is long in its
// work, not in its memory.
func slowPDF(n, pages int) []byte {
	var c bytes.Buffer
	for range n {
		c.WriteString("BT /F1 6 Tf 20 20 Td (a) Tj ET\n")
	}
	kids := make([]string, pages)
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"", // the page tree, below
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", c.Len(), c.Bytes()),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}
	for i := range pages {
		kids[i] = fmt.Sprintf("%d 0 R", len(objs)+1)
		objs = append(objs, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R /Resources << /Font << /F1 4 0 R >> >> >>")
	}
	objs[1] = fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), pages)
	return pdftest.File(objs, "")
}

// TestInterrupt starts commands on slow inputs, sends a signal a moment
// later, and checks that each stops promptly with exit status 130,
// writing no output and leaving no temporary file.
func TestInterrupt(t *testing.T) {
	longtest.Skip(t)
	if testing.Short() {
		t.Skip("runs slow commands")
	}
	exe, err := exec.LookPath("rulesync") // testscript.Main put it on $PATH
	if err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	cache := filepath.Join(dir, "cache")
	write := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("slow.pdf", slowPDF(200000, 50))
	// Editions of 50,000 items: diff and align of 10,000 came to finish
	// within the 700 ms before the signal (diff on main, align once a
	// Pivot of one target no longer kept its memo), and the test then
	// failed for want of work to interrupt.
	old, cur, _ := synth.Editions(1, 50000)
	for name, d := range map[string]*corpus.Document{"old.json": old, "new.json": cur} {
		data, err := corpusjson.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		write(name, data)
	}
	write("rulesync.toml", []byte("[[source]]\nname = \"slow\"\npath = \"slow.pdf\"\n"))
	env := append(os.Environ(), "XDG_CACHE_HOME="+cache)
	// Compile the PDF engine once, so that the commands below are slow in
	// their own work.
	warm := exec.Command(exe, "ingest", "--format", "pdf", "rulesync.toml")
	warm.Dir, warm.Env = dir, env
	warm.Run()

	for _, c := range []struct {
		name   string
		args   []string
		sig    syscall.Signal
		after  time.Duration
		output string
	}{
		{"ingest of a slow PDF", []string{"ingest", "-o", "out.json", "slow.pdf"}, syscall.SIGINT, time.Second, "out.json"},
		{"ingest of standard input that never ends", []string{"ingest", "-o", "out.json", "-"}, syscall.SIGTERM, 500 * time.Millisecond, "out.json"},
		{"diff of 50,000 items", []string{"diff", "--to", "md", "-o", "out.md", "old.json", "new.json"}, syscall.SIGINT, 700 * time.Millisecond, "out.md"},
		{"gaps of 50,000 items", []string{"gaps", "-o", "out.txt", "old.json", "new.json"}, syscall.SIGINT, 700 * time.Millisecond, "out.txt"},
		{"align of 50,000 items", []string{"align", "-o", "out.txt", "old.json", "new.json"}, syscall.SIGINT, 700 * time.Millisecond, "out.txt"},
		{"build of a slow PDF", []string{"build", "-c", "rulesync.toml", "-o", "site"}, syscall.SIGTERM, time.Second, "site"},
	} {
		var status int
		var err error
		var took time.Duration
		var stderr bytes.Buffer
		// A signal that comes before the process installs its handler
		// (package initialization on a loaded machine can outlast
		// c.after) ends it by the signal, as for any program: that is
		// not the behaviour under test, so the case is run again with
		// twice the delay.
		for after := c.after; ; after *= 2 {
			stderr.Reset()
			status, took, err = interruptAfter(t, exe, dir, env, c.args, c.sig, after, &stderr)
			t.Logf("%s: %v after %v: exit %d in %v: %s", c.name, c.sig, after, status, took.Round(time.Millisecond), strings.TrimSpace(stderr.String()))
			if status != -1 || after >= 8*c.after {
				break
			}
		}
		if status != exitInterrupted {
			t.Errorf("%s: exit status %d (%v), want %d", c.name, status, err, exitInterrupted)
		}
		if took > 2*time.Second {
			t.Errorf("%s: stopped %v after the signal, want within 2s", c.name, took.Round(time.Millisecond))
		}
		if _, err := os.Stat(filepath.Join(dir, c.output)); err == nil {
			t.Errorf("%s: %s written", c.name, c.output)
			os.RemoveAll(filepath.Join(dir, c.output))
		}
		// Temporary files and directories are ".out.json.tmp*" and
		// ".site.new-*".
		if left, _ := filepath.Glob(filepath.Join(dir, "."+c.output+".*")); len(left) > 0 {
			t.Errorf("%s: left %v", c.name, left)
		}
	}
}

// interruptAfter runs exe with args in dir and sends it sig after the
// given delay, and returns its exit status (-1 when the signal ended
// it), how long it took to stop after the signal and the error of its
// wait.
func interruptAfter(t *testing.T, exe, dir string, env, args []string, sig syscall.Signal, after time.Duration, stderr *bytes.Buffer) (int, time.Duration, error) {
	t.Helper()
	cmd := exec.Command(exe, args...)
	cmd.Dir, cmd.Env = dir, env
	cmd.Stderr = stderr
	stdin, err := cmd.StdinPipe() // held open: standard input never ends
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(after)
	cmd.Process.Signal(sig)
	sent := time.Now()
	kill := time.AfterFunc(10*time.Second, func() { cmd.Process.Kill() }) // one that ignores the signal
	err = cmd.Wait()
	kill.Stop()
	took := time.Since(sent)
	stdin.Close()
	return cmd.ProcessState.ExitCode(), took, err
}
