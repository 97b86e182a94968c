package diff

import (
	"strings"
	"testing"
)

// TestLineRedline: front matter is compared line by line: a line edited
// shows its word edits, a line replaced shows whole, a line the new
// edition broke in two is paired with both halves, no edit reaches across
// a line break that both texts have, and the edits give the new text.
func TestLineRedline(t *testing.T) {
	for _, c := range []struct {
		name, old, new, want string
	}{
		{"edited lines", "POKER DIRECTORS ASSOCIATION\n2022 Rules Version 1.0, Sept 17, 2022", "POKER DIRECTORS ASSN.\n2024 Rules Version 1.0. Oct 9, 2024",
			"POKER DIRECTORS [-ASSOCIATION-]{+ASSN.+}\n[-2022-]{+2024+} Rules Version 1.0[-, Sept 17-]{+. Oct 9+}, [-2022-]{+2024+}"},
		{"replaced line", "Title\n(For procedures, see the website)\nBody text here.", "Title\nLongform Version Includes: addendum\nBody text here.",
			"Title\n[-(For procedures, see the website)-]{+Longform Version Includes: addendum+}\nBody text here."},
		{"line broken in two", "Intro\nTDA rules supplement the rules of this house. In case of conflict the agency rules apply.",
			"Intro\nTDA rules supplement the conventional rules\nof this house. In case of conflict the agency rules apply.",
			"Intro\nTDA rules supplement the [-rules -]{+conventional rules\n+}of this house. In case of conflict the agency rules apply."},
		{"line added", "A\nC", "A\nB\nC", "A\n{+B\n+}C"},
		{"line removed at the end", "A\nB", "A", "A[-\nB-]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e, spans := LineRedline(c.old, c.new)
			if got := WordDiff.Render(spans); got != c.want {
				t.Errorf("redline\n got %q\nwant %q", got, c.want)
			}
			if got, err := Apply(c.old, e); err != nil || got != c.new {
				t.Errorf("the edits give %q, %v", got, err)
			}
			var old, cur strings.Builder
			for _, s := range spans {
				if s.Op != Insert {
					old.WriteString(s.Text)
				}
				if s.Op != Delete {
					cur.WriteString(s.Text)
				}
			}
			if old.String() != c.old || cur.String() != c.new {
				t.Errorf("the spans give %q and %q", old.String(), cur.String())
			}
		})
	}
}
