package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/rulesync/rulesync/internal/pdftest"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"rulesync": func() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the end-to-end CLI scripts in testdata/script. The
// environment variable CORPUS points at the real corpus; scripts that need
// it skip themselves when it is absent.
func TestScripts(t *testing.T) {
	corpusDir, _ := filepath.Abs("../../../shared/corpus")
	cache := t.TempDir() // shared, so the PDF engine is compiled once
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("CORPUS", corpusDir)
			env.Setenv("SOURCE_DATE_EPOCH", "1700000000")
			env.Setenv("XDG_CACHE_HOME", cache)
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){"serve": serve, "sleep": sleep, "pdf": writePDF},
		Condition: func(cond string) (bool, error) {
			if cond == "corpus" {
				_, err := os.Stat(corpusDir)
				return err == nil, nil
			}
			return false, nil
		},
	})
}

// serve DIR starts a local web server for the script: the files in DIR,
// and /silent, which never answers. $SERVER is its base URL, $SERVER_HOST
// its host and port.
func serve(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: serve DIR")
	}
	done := make(chan struct{})
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir(ts.MkAbs(args[0]))))
	mux.HandleFunc("/silent", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-done:
		case <-r.Context().Done():
		}
	})
	srv := httptest.NewServer(mux)
	ts.Defer(func() {
		close(done)
		srv.Close()
	})
	ts.Setenv("SERVER", srv.URL)
	ts.Setenv("SERVER_HOST", strings.TrimPrefix(srv.URL, "http://"))
}

// TestColorfulDevNull: /dev/null is a character device but no terminal;
// a build whose output is thrown away must not print its steps.
func TestColorfulDevNull(t *testing.T) {
	f, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no %s: %v", os.DevNull, err)
	}
	defer f.Close()
	if colorful(f) {
		t.Errorf("colorful(%s) = true, want false", os.DevNull)
	}
}

// sleep DURATION pauses the script: a background command gets under way
// before a signal is sent to it.
func sleep(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: sleep DURATION")
	}
	d, err := time.ParseDuration(args[0])
	if err != nil {
		ts.Fatalf("sleep: %v", err)
	}
	time.Sleep(d)
}

// writePDF FILE FONT LINE... writes a PDF of one page with the lines in
// FONT: helvetica (a standard font the Go PDF reader reads) or type3 (a
// Type3 font, which it leaves to the build's other engine).
func writePDF(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 3 {
		ts.Fatalf("usage: pdf FILE helvetica|type3 LINE...")
	}
	var content strings.Builder
	for i, l := range args[2:] {
		fmt.Fprintf(&content, "BT /F1 12 Tf 72 %d Td (%s) Tj ET\n", 700-16*i, l)
	}
	font := "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
	switch args[1] {
	case "helvetica":
	case "type3":
		font = pdftest.Type3Font
	default:
		ts.Fatalf("pdf: unknown font %q", args[1])
	}
	data := pdftest.Page(content.String(), font, pdftest.EmptyStream)
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), data, 0o644))
}
