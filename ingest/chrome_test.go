package ingest_test

import (
	"strings"
	"testing"

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
