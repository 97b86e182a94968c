package ingest_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// TestKindWordsUnseen: a word that names a kind of items (kinds.txt:
// "Recommended Procedures", "Glossary", "Addendum", "用語の定義") labels
// items for display, but decides no id. In every real text file that
// prints such a name on a line of its own or at a label (dev, udhr, WCA,
// seeds), each name is replaced, on those lines, by random letters of
// its script that no list holds, by a word of another language that no
// list holds, and by nothing: the ids must be those of the file as
// published. Two documents that number the same way get the same ids
// whatever their headings say.
func TestKindWordsUnseen(t *testing.T) {
	files := realTextFiles(t)
	tried := 0
	eachRead(t, files, func(t *testing.T, k int, name string, data []byte, orig *corpus.Document) {
		lines := strings.Split(string(data), "\n")
		at := map[int]string{}
		for i, l := range lines {
			if span := ingest.KindName(strings.Trim(textOf(l), "#*_>- \t")); span != "" {
				at[i] = span
			}
		}
		if len(at) == 0 {
			t.Skip("no kind name on a line of its own or at a label")
		}
		tried++
		rng := rand.New(rand.NewPCG(uint64(k), 35))
		for _, how := range []string{"unseen", "other language", "removed"} {
			out := slices.Clone(lines)
			for i, span := range at {
				repl := ""
				switch how {
				case "unseen":
					repl = unseenWord(rng, span)
				case "other language":
					// Kazakh, or Estonian for a Cyrillic name: in no list.
					repl = "Анықтамалар"
					if strings.ContainsFunc(span, func(r rune) bool { return unicode.Is(unicode.Cyrillic, r) }) {
						repl = "Sõnastik"
					}
				}
				if how == "removed" && !hasLetters(strings.Replace(textOf(out[i]), span, "", 1)) {
					continue // the name is all the line says: nothing left to read
				}
				out[i] = replaceInText(out[i], span, repl)
			}
			d, err := ingest.Options{Lang: orig.Lang}.Read(name, strings.NewReader(strings.Join(out, "\n")))
			if err != nil {
				t.Fatalf("%s: %v", how, err)
			}
			if got, want := itemIDs(d), itemIDs(orig); got != want {
				t.Errorf("kind names %s (%d lines, e.g. %q): ids differ from the file's as published: %s", how, len(at), firstSpan(at), firstDiff(got, want))
			}
		}
	})
	if tried == 0 {
		t.Error("no real file prints a kind name")
	}
}

// realTextFiles are the real text files (name -> path): dev, udhr, WCA
// and the seeds.
func realTextFiles(t *testing.T) map[string]string {
	files := devFiles(t)
	dir, names := udhrFiles(t)
	for _, n := range names {
		files[n] = filepath.Join(dir, n)
	}
	for _, sub := range []string{"wca", "seeds"} {
		root := testcorpus.Path(t, sub)
		es, err := os.ReadDir(root)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range es {
			if !e.IsDir() && !strings.HasSuffix(e.Name(), "README.md") {
				files[e.Name()] = filepath.Join(root, e.Name())
			}
		}
	}
	return files
}

// firstSpan is the kind name of the first line of at.
func firstSpan(at map[int]string) string {
	first := -1
	for i := range at {
		if first < 0 || i < first {
			first = i
		}
	}
	return at[first]
}

// textOf is a line without its markup (tagOrText's), trimmed.
func textOf(l string) string {
	return strings.TrimSpace(tagOrText.ReplaceAllStringFunc(l, func(s string) string {
		if markupSegment(s) {
			return " "
		}
		return s
	}))
}

// markupSegment reports whether s, a segment of tagOrText, is markup.
func markupSegment(s string) bool { return len(s) > 1 && strings.ContainsRune("<&]@[", rune(s[0])) }

// replaceInText replaces the first occurrence of old in the text of
// line (outside its markup: an anchor that holds the words stays) by new.
func replaceInText(line, old, new string) string {
	var b strings.Builder
	done := false
	for _, seg := range tagOrText.FindAllString(line, -1) {
		if !done && !markupSegment(seg) && strings.Contains(seg, old) {
			seg, done = strings.Replace(seg, old, new, 1), true
		}
		b.WriteString(seg)
	}
	return b.String()
}

// hasLetters reports whether s holds a letter.
func hasLetters(s string) bool { return strings.ContainsFunc(s, unicode.IsLetter) }
