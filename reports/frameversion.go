package reports

import (
	"slices"
	"strings"

	"github.com/rulesync/rulesync/gaps"
)

// unwrittenVersion is the translation's version where the lines the
// draft writes before the first item (lines, as an interchange file's
// frame gives them) do not hold it, though the source's lines with the
// translation's title and version (subst) do: the file's unit of the
// version was edited, its unit of the version line not, and the draft
// would drop the edit without a word. "" otherwise. md is whether the
// draft is Markdown (its lines escape raw HTML: frameSubst).
func unwrittenVersion(d *gaps.Draft, subst, lines []string, md bool) string {
	v := strings.TrimSpace(d.Translation.Version)
	if v == "" {
		return ""
	}
	w := v
	if md {
		w = mdNoHTMLBut(oneLine(v), d.Source.Version)
	}
	holds := func(ls []string) bool {
		return slices.ContainsFunc(ls, func(l string) bool { return strings.Contains(l, w) })
	}
	if !holds(subst) || holds(lines) {
		return ""
	}
	return v
}
