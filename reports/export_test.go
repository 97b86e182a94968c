package reports

import (
	"bytes"

	"github.com/rulesync/rulesync/gaps"
)

// SetProgram makes the build take the running program to be name, as if
// another build of rulesync ran, until the returned function restores it.
func SetProgram(name string) (restore func()) {
	was := program
	program = func() string { return name }
	return func() { program = was }
}

// SetCacheFault makes every write to a cache fail with err (a full or
// read-only disk), until the returned function restores it.
func SetCacheFault(err error) (restore func()) {
	cacheFault = err
	return func() { cacheFault = nil }
}

// POAgree is poAgree, for the tests of reports_test.
var POAgree = poAgree

// documentPage is the page writeDocumentPage writes, in memory.
func documentPage(nd namedDoc, r *gaps.Report, site string) ([]byte, error) {
	var b bytes.Buffer
	err := writeDocumentPage(&b, nd, r, site)
	return b.Bytes(), err
}
