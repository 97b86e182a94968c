package ingest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rulesync/rulesync/ingest"
)

// TestChromeTextInNotes: what is dropped as page furniture is kept in the
// notes with its text, and a large drop guessed from class names is a
// warning (with --strict, an error), since it may be rule text.
func TestChromeTextInNotes(t *testing.T) {
	page := `<html lang="en"><body><nav><a href="/">Home</a> <a href="/r">Rules</a></nav>
<div class="main"><h1>Club Rules</h1><p>` + strings.Repeat("These rules bind every member of the club. ", 15) + `</p><p>1. Courts are booked online.</p><p>2. Bookings last one hour.</p><p>3. Paddles must be approved.</p></div>
<div class="sidebar-right"><p>` + strings.Repeat("News of the club and its members. ", 8) + `</p></div></body></html>`
	d, err := ingest.Options{}.Bytes("club.html", []byte(page))
	if err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(d.Notes, "\n")
	for _, want := range []string{"dropped page furniture <nav>: Home Rules", "dropped page furniture by its name <div>: News of the club", "warning: 271 characters dropped as page furniture"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	if n := d.Count("rule"); n != 3 {
		t.Errorf("%d rules, want 3", n)
	}
}

// TestChromeElementWarns: an element dropped as page furniture by its
// element (<footer>, <aside>) that holds more than trivial text is a
// warning with the characters dropped and the element's place, so
// --strict fails, on a page of its own and on a real page of the corpus
// given a footer with an article whose number does not go on from the
// last's; a short footer is not. A footer with the article the numbering
// needs next is the article (TestFurnitureContinuesNumbering).
func TestChromeElementWarns(t *testing.T) {
	page := `<html><body>
<h1>Rowing Club Statute</h1>
<h2>Article 1</h2><p>The club is open to all residents.</p>
<h2>Article 2</h2><p>The board has five members.</p>
<aside><p>Note to Article 2: board members serve two years and may be re-elected once.</p></aside>
<h2>Article 3</h2><p>The general meeting elects the board.</p>
<footer><p>Article 4. These statutes enter into force on 1 May 2025.</p></footer>
<footer><p>© 2025 Rowing Club</p></footer>
</body></html>`
	warns := func(name, page string) string {
		t.Helper()
		d, err := ingest.Options{}.Bytes(name, []byte(page))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range d.Notes {
			if strings.HasPrefix(n, ingest.WarningNote) && strings.Contains(n, "dropped as page furniture") {
				return n
			}
		}
		t.Errorf("%s: no warning on the furniture dropped; notes:\n%s", name, strings.Join(d.Notes, "\n"))
		return ""
	}
	if got, want := warns("club.html", page), "warning: 76 characters dropped as page furniture (listed in notes): line 5 <aside> (76)"; got != want {
		t.Errorf("club.html: %q\nwant %q", got, want)
	}
	// Its footer's Article 4 goes on from Article 3: an article. Given
	// another number, or before an Article 4 of the page, it is not.
	d, err := ingest.Options{}.Bytes("club.html", []byte(page))
	if err != nil {
		t.Fatal(err)
	}
	if it := d.Item("rule:4"); it == nil || !strings.Contains(it.Text, "enter into force") {
		t.Errorf("club.html: no rule:4 read from the footer; items %v", d.Items)
	}
	for _, other := range []string{
		strings.Replace(page, "<footer><p>Article 4.", "<footer><p>Article 7.", 1),
		strings.Replace(page, "<h2>Article 3</h2>", "<footer><p>Article 3. The board meets monthly, as the statute says.</p></footer><h2>Article 3</h2>", 1),
	} {
		if w := warns("other.html", other); !strings.Contains(w, "<footer> (5") {
			t.Errorf("other.html: %q, want the footer dropped", w)
		}
	}
	// A real page, given a footer with an article after its last whose
	// number does not go on from it.
	real := filepath.Join("..", "..", "shared", "corpus", "udhr", "udhr-1948-en.html")
	data, err := os.ReadFile(real)
	if err != nil {
		t.Skipf("the real corpus is not at %s: %v", real, err)
	}
	article := "Article 12. This Declaration is read in every school of every State."
	text := strings.Replace(string(data), "</body>", "<footer><p>"+article+"</p></footer>\n</body>", 1)
	line, n := strings.Count(text[:strings.Index(text, "<footer>")], "\n")+1, utf8.RuneCountInString(article)
	want := fmt.Sprintf("warning: %d characters dropped as page furniture (listed in notes): line %d <footer> (%d)", n, line, n)
	if got := warns(filepath.Base(real), text); got != want {
		t.Errorf("%s: %q\nwant %q", real, got, want)
	}
}
