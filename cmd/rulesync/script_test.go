package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
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
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("CORPUS", corpusDir)
			env.Setenv("SOURCE_DATE_EPOCH", "1700000000")
			return nil
		},
		Condition: func(cond string) (bool, error) {
			if cond == "corpus" {
				_, err := os.Stat(corpusDir)
				return err == nil, nil
			}
			return false, nil
		},
	})
}
