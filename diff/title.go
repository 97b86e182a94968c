package diff

import (
	"strings"
	"sync"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/internal/lazyre"
	"github.com/rulesync/rulesync/internal/lexicon"
)

// judgeTitle decides the severity of a retitle: editorial when the title
// keeps its content words (up to equivalences, typography and words like
// "and" or "the"), substantive when content words come or go, which
// changes what the rule covers.
func judgeTitle(old, new string, eqs *equivalences) judgement {
	if equivalent(old, new, eqs) {
		return judgement{Editorial, "title", "title reworded, the same words"}
	}
	na, _ := rewrite(normalize(old), eqs)
	nb, _ := rewrite(normalize(new), eqs)
	na, nb = spell(na, eqs), spell(nb, eqs)
	wa, wb := content(strings.Fields(na)), content(strings.Fields(nb))
	if sameBag(wa, wb) {
		gone, came := delta(strings.Fields(na), strings.Fields(nb))
		switch {
		case len(gone) > 0 && len(came) > 0:
			return judgement{Editorial, "title", "title reworded: " + and(quoted(gone)) + " became " + and(quoted(came))}
		case len(came) > 0:
			return judgement{Editorial, "title", "title reworded: " + and(quoted(came)) + " added"}
		case len(gone) > 0:
			return judgement{Editorial, "title", "title reworded: " + and(quoted(gone)) + " removed"}
		}
		return judgement{Editorial, "title", "title reworded, the same words"}
	}
	return judgement{Substantive, "title", titleScope(old, new)}
}

// titleScope says how a title's scope changed: broadened ("now also
// covers new players") when the new title keeps what the old one named
// and adds a topic, narrowed when it drops one, and otherwise both titles
// quoted.
func titleScope(old, new string) string {
	oc, nc := conjuncts(old), conjuncts(new)
	matched := func(c string, others []string) bool {
		for _, o := range others {
			if sharesStem(c, o) {
				return true
			}
		}
		return false
	}
	var added, dropped []string
	for _, c := range nc {
		if !matched(c, oc) {
			added = append(added, lowerTitle(c))
		}
	}
	for _, c := range oc {
		if !matched(c, nc) {
			dropped = append(dropped, lowerTitle(c))
		}
	}
	switch {
	case len(added) > 0 && len(dropped) == 0:
		return "title broadened: now also covers " + and(added)
	case len(dropped) > 0 && len(added) == 0:
		return "title narrowed: no longer covers " + and(dropped)
	}
	return "title changed: " + quote(strings.TrimSpace(old)) + " is now " + quote(strings.TrimSpace(new))
}

// conjunctRe splits a title into the topics it names: "New Players and
// Players from Broken Tables", "Chips, Cards & Stacks".
var conjunctRe = lazyre.New(`(?i)\s*(?:,|;|/|&|\band\b|\bor\b)\s*`)

// conjuncts returns the topics a title names.
func conjuncts(title string) []string {
	var out []string
	for _, c := range conjunctRe.Split(corpus.Fold(title), -1) {
		if c = strings.Trim(c, " .:"); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// sharesStem reports whether two topics of titles share a content word,
// inflections aside ("Breaking Tables" and "Broken Tables" share
// "table").
func sharesStem(a, b string) bool {
	stems := map[string]bool{}
	for _, w := range content(strings.Fields(normalize(a))) {
		stems[stem(w)] = true
	}
	for _, w := range content(strings.Fields(normalize(b))) {
		if stems[stem(w)] {
			return true
		}
	}
	return false
}

// suffixes are the inflectional endings stem strips (lexicon.Suffixes).
var suffixes = sync.OnceValue(func() []string { return lexicon.Words(lexicon.Suffixes, "") })

// stem strips the commonest inflections: "tables" -> "table", "breaking"
// -> "break", "raised" -> "rais".
func stem(w string) string {
	for _, suf := range suffixes() {
		if len(w) > len(suf)+2 && strings.HasSuffix(w, suf) {
			return strings.TrimSuffix(w, suf)
		}
	}
	return w
}

func content(ws []string) []string {
	var out []string
	functionWords := lexicon.Set(lexicon.FunctionWords) // they carry no scope in a title
	for _, w := range ws {
		if !functionWords[w] {
			out = append(out, w)
		}
	}
	return out
}
