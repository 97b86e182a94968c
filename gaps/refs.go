package gaps

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
)

// refs compares the items a pair cites: those its references name
// (corpus.Refs), then those it cites by the words its document prints
// before its items' numbers (labelIndex), which count only in place of
// another citation: a translation that cites by a label in place of a
// label or a reference of the source ("l'article 2" where the source
// says "Article 1") cites another item; one alone is left (a language
// inflects its words, "статье", and lists them, "Articles 3 and 4").
//
// A citation of the translation whose number the source's text prints
// is the source's too, written without the words its reading takes
// ("see 6.3(5)" where the translation writes "6.3節(5)"): sText is the
// source's text in comparison form. Where the translation cites nothing
// at all, what the source cites and it does not is counted
// (c.unchecked) for one note (uncheckedRefs), not left unsaid.
func (c *checker) refs(base Finding, s, t *corpus.Item, cut bool, sText string) {
	if c.labels == nil {
		c.labels = &labelCiting{src: labelsOf(c.orig), tr: labelsOf(c.r.Translation), srcOf: c.sourceOf()}
	}
	ss, ts := c.citesOf(s, c.orig, c.labels.src, nil), c.citesOf(t, c.r.Translation, c.labels.tr, c.labels.srcOf)
	keys := func(cs []cite, labels bool) []string {
		var out []string
		for _, x := range cs {
			if labels || !x.label {
				out = append(out, x.key)
			}
		}
		return out
	}
	sr, tr := keys(ss, false), keys(ts, false)
	// An addendum entry that cites its own rule ("Rule 51-B" in the entry
	// for rule 51) cites nothing else.
	own := ""
	if s.Number != "" {
		n, _, _ := strings.Cut(s.Number, "-")
		own = strings.ToLower(corpus.ID(corpus.KindRule, n))
	}
	shown := map[string]string{} // key -> as the source, else the translation, names it
	for _, x := range slices.Concat(ss, ts) {
		if _, ok := shown[x.key]; !ok {
			shown[x.key] = x.show
		}
	}
	// A reference in place of the source's (rule:3 where the source cites
	// rule:2) is one finding, paired as numbers are (substituted); then
	// the citations by labels are paired with all (a second pass, which
	// leaves the first's pairs as they are).
	swapped := map[string]bool{}
	var changed []string
	for _, p := range c.substituted(sr, tr) {
		if p[1] != own {
			swapped[p[0]], swapped[p[1]] = true, true
			changed = append(changed, shown[p[1]]+" where the source cites "+shown[p[0]])
		}
	}
	labelled := func(cs []cite, key string) bool {
		return slices.ContainsFunc(cs, func(x cite) bool { return x.key == key && x.label })
	}
	for _, p := range c.substituted(keys(ss, true), keys(ts, true)) {
		ls, lt := labelled(ss, p[0]), labelled(ts, p[1])
		if (ls || lt) && p[1] != own && !swapped[p[0]] && !swapped[p[1]] && (ls || !slices.Contains(tr, p[0])) && (lt || !slices.Contains(sr, p[1])) {
			swapped[p[0]], swapped[p[1]] = true, true
			changed = append(changed, shown[p[1]]+" where the source cites "+shown[p[0]])
		}
	}
	var extra, lacking []cite
	for _, x := range ts {
		if !x.label && !x.printed && !slices.Contains(sr, x.key) && x.key != own && !swapped[x.key] && !printsNumber(sText, x.key) {
			extra = append(extra, x)
		}
	}
	for _, x := range ss {
		if !x.label && !x.printed && !slices.Contains(tr, x.key) && !swapped[x.key] {
			lacking = append(lacking, x)
		}
	}
	evidence := []string{"source cites: " + citeLabels(ss), "translation cites: " + citeLabels(ts)}
	if len(changed) > 0 {
		f := base
		f.Check, f.Severity = Refs, Error
		f.Message = "the translation cites " + strings.Join(changed, "; ")
		f.Evidence = evidence
		c.r.add(f)
	}
	if len(extra) > 0 {
		f := base
		f.Check, f.Severity = Refs, Error
		f.Message = "the translation cites " + citeLabels(extra) + ", which the source does not"
		f.Evidence = evidence
		c.r.add(f)
	}
	if len(lacking) > 0 && !cut && !c.citing() {
		c.unchecked += len(lacking)
		c.uncheckedItems++
	}
	if len(lacking) > 0 && !cut && c.citing() {
		f := base
		f.Check, f.Severity = Refs, Warning
		f.Message = "the translation does not cite " + citeLabels(lacking)
		f.Evidence = evidence
		c.r.add(f)
	}
}

// printsNumber reports whether f, a text in comparison form, prints the
// number of the item key names (an id, "rule:6.3") as a number of its
// own: no digit or point and digit on either side ("6.3(5)", not
// "16.3" nor "6.31").
func printsNumber(f, key string) bool {
	_, num, ok := strings.Cut(key, ":")
	if r, _ := utf8.DecodeRuneInString(num); !ok || !isDigit(r) {
		return false
	}
	for at := 0; ; {
		k := strings.Index(f[at:], num)
		if k < 0 {
			return false
		}
		k += at
		at = k + len(num)
		before, _ := utf8.DecodeLastRuneInString(f[:k])
		rest := f[at:]
		after, _ := utf8.DecodeRuneInString(rest)
		if after == '.' && len(rest) > 1 {
			after, _ = utf8.DecodeRuneInString(rest[1:])
		}
		if !isDigit(before) && before != '.' && !isDigit(after) {
			return true
		}
	}
}

// uncheckedRefs notes, where the translation cites nothing at all, how
// many of the source's citations the refs check could not look for:
// its items lacking them say nothing of a citation dropped, and that is
// said once, never left silent.
func (c *checker) uncheckedRefs() {
	if c.unchecked == 0 {
		return
	}
	c.r.add(Finding{Check: Refs, Severity: Warning, Message: fmt.Sprintf(
		"the translation's own text cites no item, so %d citations of the source (in %d items) are not checked: it may write them in words rulesync does not read as citations", c.unchecked, c.uncheckedItems)})
}

// parts compares the labelled parts of a pair.
func (c *checker) parts(base Finding, s, t *corpus.Item, cut bool, txt *pairText) {
	sl, tl := labels(s.Parts), labels(t.Parts)
	// Parts are compared only where both sides label them alike: letters
	// with letters, example numbers with example numbers.
	if len(sl) == 0 || len(tl) == 0 && cut || len(tl) > 0 && style(sl) != style(tl) {
		return
	}
	count := func(xs []string) map[string]int {
		m := map[string]int{}
		for _, x := range xs {
			m[x]++
		}
		return m
	}
	sc, tc := count(sl), count(tl)
	var extra, lacking []string
	sf := txt.sText
	for _, l := range tl {
		// "1-A:" printed inside the source's example 1 is the same
		// sub-example, whether or not it was made a part of its own.
		if tc[l] > sc[l] && !slices.Contains(extra, l) && !strings.Contains(sf, l+":") && !strings.Contains(sf, l+".") {
			extra = append(extra, l)
		}
	}
	for _, l := range sl {
		if sc[l] > tc[l] && !slices.Contains(lacking, l) {
			lacking = append(lacking, l)
		}
	}
	ev := []string{"source parts: " + strings.Join(sl, ", "), "translation parts: " + strings.Join(tl, ", ")}
	switch {
	case len(extra) > 0:
		f := base
		f.Check, f.Severity, f.Evidence = Parts, Error, ev
		f.Message = "parts the source does not have (or has fewer times): " + strings.Join(extra, ", ")
		c.r.add(f)
	case len(lacking) > 0 && !cut && len(tl) > 0:
		f := base
		f.Check, f.Severity, f.Evidence = Parts, Warning, ev
		f.Message = "parts missing from the translation: " + strings.Join(lacking, ", ")
		c.r.add(f)
	case len(lacking) == 0 && !slices.Equal(sl, without(tl, sc)):
		f := base
		f.Check, f.Severity, f.Evidence = Parts, Warning, ev
		f.Message = "parts out of order"
		c.r.add(f)
	}
}

// without returns the labels of ls that the source has (in counts sc).
func without(ls []string, sc map[string]int) []string {
	var out []string
	for _, l := range ls {
		if sc[l] > 0 {
			out = append(out, l)
		}
	}
	return out
}

// style says how a list of labels counts: "letter" (A, B), "number" (1,
// 1-A, S1) or "other".
func style(ls []string) string {
	if len(ls) == 0 {
		return ""
	}
	l := ls[0]
	switch {
	case len(l) == 1 && unicode.IsLetter(rune(l[0])):
		return "letter"
	case l[0] >= '0' && l[0] <= '9' || l[0] == 'S' && len(l) > 1:
		return "number"
	}
	return "other"
}

func labels(ps []corpus.Part) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Label)
	}
	return out
}

// citing reports whether the translation marks references at all: one
// that cites nothing anywhere writes them as plain words, and an item of
// it that lacks a citation says nothing; in one that does, it is a
// citation dropped. An item marked untranslated holds the source's
// words standing in (an empty entry of a catalogue, a draft's new
// item), whose citations say nothing of how the translator cites: the
// same translation as a catalogue or as its draft cites alike.
func (c *checker) citing() bool {
	if c.cites == nil {
		v := false
		for _, it := range c.r.Translation.Items {
			if len(it.Refs) > 0 && !it.Has(corpus.FlagUntranslated) {
				v = true
				break
			}
		}
		c.cites = &v
	}
	return *c.cites
}
