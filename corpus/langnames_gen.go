//go:build ignore

// langnames_gen writes langnames.txt, the table LangName reads, from
// CLDR's display names as golang.org/x/text/language/display holds them:
// run by go generate in corpus. The table keeps what display's English
// and self namers look up (every language key, script and region, with
// the name CLDR gives it, empty names too: a key that exists sends the
// lookup to its parent), so that LangName names every tag as display
// does without linking display, whose package init builds a matcher
// over every supported language at each start of rulesync (0.4 ms).
package main

import (
	"fmt"
	"log"
	"os"
	"sort"
	"strings"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

func main() {
	var lines []string
	add := func(kind, key, name string) {
		if strings.ContainsAny(key+name, "\t\n") {
			log.Fatalf("%s %q %q: a tab or newline in a name", kind, key, name)
		}
		lines = append(lines, kind+"\t"+key+"\t"+name)
	}
	for _, t := range display.Values.Tags() {
		add("L", t.String(), display.English.Languages().Name(t))
	}
	for _, s := range display.Values.Scripts() {
		add("S", s.String(), display.English.Scripts().Name(s))
	}
	for _, r := range display.Values.Regions() {
		add("R", r.String(), display.English.Regions().Name(r))
	}
	for _, t := range display.Self.Supported.Tags() {
		add("N", t.String(), display.Self.Name(language.Raw.Make(t.String())))
	}
	sort.Strings(lines)
	out := "# CLDR display names for corpus.LangName, written by langnames_gen.go (go generate): DO NOT EDIT.\n" +
		"# L key English name of a language tag; S script; R region; N key the tag's name in its own language.\n" +
		strings.Join(lines, "\n") + "\n"
	if err := os.WriteFile("langnames.txt", []byte(out), 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("langnames.txt: %d names, %d bytes\n", len(lines), len(out))
}
