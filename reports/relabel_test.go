package reports

import "testing"

// TestRelabelDigits: a translation's label that prints its number in
// another script's digits is renumbered in those digits, in a heading
// and at the start of a line.
func TestRelabelDigits(t *testing.T) {
	for _, c := range []struct{ line, old, new, want string }{
		{"## المادة ١", "1", "2", "## المادة ٢"},
		{"## अनुच्छेद १२.", "12", "13", "## अनुच्छेद १३."},
		{"## Article 1", "1", "2", "## Article 2"},
		{"３. テキスト", "3", "4", "４. テキスト"},
		{"٣-١. نص", "3-1", "3-2", "٣-٢. نص"},
	} {
		if got := relabel([]string{c.line}, "", c.old, c.new, true)[0]; got != c.want {
			t.Errorf("relabel(%q, %s -> %s) = %q, want %q", c.line, c.old, c.new, got, c.want)
		}
	}
}
