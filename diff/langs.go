package diff

import (
	"fmt"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// LanguageMismatch says why two editions a diff compares do not belong
// in one comparison when they read as different languages (a
// translation given where an edition was meant: every item would be a
// substantive change), naming them oldName and newName; "" when their
// languages agree (corpus.SameLanguage: "hi" and "und-Deva", the script
// alone, agree) or either is unknown ("" or "und"). The diff command
// and a build's [[diff]] warn with it.
func LanguageMismatch(oldLang, newLang, oldName, newName string) string {
	known := func(l string) bool { return l != "" && l != "und" }
	if !known(oldLang) || !known(newLang) || strings.EqualFold(oldLang, newLang) || corpus.SameLanguage(oldLang, newLang) {
		return ""
	}
	return fmt.Sprintf("%s is in %s and %s in %s: diff compares two editions in one language (a translation against its source checks with 'rulesync gaps')", oldName, oldLang, newName, newLang)
}
