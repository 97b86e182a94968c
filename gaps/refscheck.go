package gaps

import (
	"slices"
	"strings"

	"github.com/rulesync/rulesync/corpus"
)

// refs compares the items a pair cites.
func (c *checker) refs(base Finding, s, t *corpus.Item, cut bool) {
	norm := func(rs []string) []string {
		var out []string
		for _, r := range rs {
			out = append(out, strings.ToLower(corpus.RefItem(r)))
		}
		return out
	}
	sr, tr := norm(s.Refs), norm(t.Refs)
	// An addendum entry that cites its own rule ("Rule 51-B" in the entry
	// for rule 51) cites nothing else.
	own := ""
	if s.Number != "" {
		n, _, _ := strings.Cut(s.Number, "-")
		own = strings.ToLower(corpus.ID(corpus.KindRule, n))
	}
	// A reference in place of the source's (rule:3 where the source cites
	// rule:2) is one finding, paired as numbers are (substituted).
	swapped := map[string]bool{}
	var changed []string
	printed := map[string]string{} // normalized -> as the item has it
	for i, r := range sr {
		printed[r] = s.Refs[i]
	}
	for i, r := range tr {
		if _, ok := printed[r]; !ok {
			printed[r] = t.Refs[i]
		}
	}
	for _, p := range c.substituted(sr, tr) {
		if p[1] != own {
			swapped[p[0]], swapped[p[1]] = true, true
			changed = append(changed, corpus.RefLabel(printed[p[1]])+" where the source cites "+corpus.RefLabel(printed[p[0]]))
		}
	}
	var extra, lacking []string
	for i, r := range tr {
		if !slices.Contains(sr, r) && r != own && !swapped[r] {
			extra = append(extra, t.Refs[i])
		}
	}
	for i, r := range sr {
		if !slices.Contains(tr, r) && !swapped[r] {
			lacking = append(lacking, s.Refs[i])
		}
	}
	if len(changed) > 0 {
		f := base
		f.Check, f.Severity = Refs, Error
		f.Message = "the translation cites " + strings.Join(changed, "; ")
		f.Evidence = []string{"source cites: " + refLabels(s.Refs), "translation cites: " + refLabels(t.Refs)}
		c.r.add(f)
	}
	if len(extra) > 0 {
		f := base
		f.Check, f.Severity = Refs, Error
		f.Message = "the translation cites " + refLabels(extra) + ", which the source does not"
		f.Evidence = []string{"source cites: " + refLabels(s.Refs), "translation cites: " + refLabels(t.Refs)}
		c.r.add(f)
	}
	if len(lacking) > 0 && !cut && c.citing() {
		f := base
		f.Check, f.Severity = Refs, Warning
		f.Message = "the translation does not cite " + refLabels(lacking)
		f.Evidence = []string{"source cites: " + refLabels(s.Refs), "translation cites: " + refLabels(t.Refs)}
		c.r.add(f)
	}
}
