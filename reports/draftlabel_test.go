package reports

import "testing"

// TestInsertMarksAfterLabel puts the markers after the label the line
// prints, whether it prints the number as the source does or with
// Cyrillic look-alike capitals, in another script's digits or with its
// parts set apart otherwise: a marker before the label makes it text,
// and the item reads back as a line of the one before it.
func TestInsertMarksAfterLabel(t *testing.T) {
	for _, c := range []struct{ line, number, want string }{
		{"**A4.2** The player may ask.", "A4.2", "**A4.2** {{rulesync:review}} The player may ask."},
		{"**В.1** Текст.", "B.1", "**В.1** {{rulesync:review}} Текст."},
		{"**А.4.2** Если арбитр видит.", "A4.2", "**А.4.2** {{rulesync:review}} Если арбитр видит."},
		{"**А.5** В положении.", "A5", "**А.5** {{rulesync:review}} В положении."},
		{"٢.١ نص القاعدة", "2.1", "٢.١ {{rulesync:review}} نص القاعدة"},
		{"3-1-2. Text", "3.1.2", "3-1-2. {{rulesync:review}} Text"},
		// Another number stays text: the markers go at the line's start.
		{"**A4.21** Text.", "A4.2", "{{rulesync:review}} **A4.21** Text."},
	} {
		got := insertMarks([]string{c.line}, c.number, []string{"{{rulesync:review}}"}, "", "", true)
		if got[0] != c.want {
			t.Errorf("insertMarks(%q, %q) = %q, want %q", c.line, c.number, got[0], c.want)
		}
	}
	// A text draft keeps a Markdown translation's lines, which its reader
	// takes as Markdown: a label glued to its first word in one bold run
	// takes the markers after the run, not inside it (where
	// "**D.2.6.2.2.{{rulesync:review}} легко**" read back as no label).
	for _, c := range []struct{ line, number, want string }{
		{"**D.2.6.2.2.легко** нащупываемый флажок;", "D.2.6.2.2", "**D.2.6.2.2.легко** {{rulesync:review}} нащупываемый флажок;"},
		{"**A4.2** The player may ask.", "A4.2", "**A4.2** {{rulesync:review}} The player may ask."},
		{"3.1 Text", "3.1", "3.1 {{rulesync:review}} Text"},
	} {
		got := insertMarks([]string{c.line}, c.number, []string{"{{rulesync:review}}"}, "", "", false)
		if got[0] != c.want {
			t.Errorf("text: insertMarks(%q, %q) = %q, want %q", c.line, c.number, got[0], c.want)
		}
	}
}
