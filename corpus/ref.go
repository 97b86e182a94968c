package corpus

import (
	"regexp"
	"sort"
	"strings"
)

// Citation styles, matched against the comparison form (Fold) of a text.
var (
	// "Rule 45", "Rules 2 and 42", "Rule 71-B", "Regra 43", "regras 2 e 3",
	// "Regla", "Règle", "Regel", "Regola", "§45". The list part takes
	// further numbers joined by commas and the words for "and"/"or".
	refRuleRe = regexp.MustCompile(`(?i)(?:\b(?:rules?|regras?|reglas?|règles?|regeln?|regol[ae])\s*(?:n[º°o.]\s*)?|§\s*)(\d{1,3}(?:\s*-\s*[A-Z]\b)?(?:(?:\s*,\s*|\s+(?:and|&|or|e|ou|y|o|et|und|oder|ed)\s+)(?:§\s*)?\d{1,3}(?:\s*-\s*[A-Z]\b)?)*)`)
	refNumRe  = regexp.MustCompile(`(\d{1,3})(?:\s*-\s*([A-Z])\b)?`)
	// "RP-22", "RP 5", "Recommended Procedure 5", "推奨手順-14", "推奨手順第14項".
	refRPRe = regexp.MustCompile(`(?i)(?:\bRP|\brecommended procedures?|推奨手順)\s*[-:]?\s*第?\s*(\d{1,3})`)
	// "ルール第71項-B", "第45項", "規則第52号", "规则第45条" (after Fold the
	// digits are ASCII).
	// A bare "第N条" is not taken: WCA translations number articles so.
	refJaRe = regexp.MustCompile(`(?:(?:ルール|規則|规则|規定)?第\s*(\d{1,3})\s*(?:項|號|号)|(?:ルール|規則|规则|規定)第\s*(\d{1,3})\s*条)(?:\s*-\s*([A-Z])\b)?`)
	// WCA Markdown links: "[Regulation 2k](regulations:regulation:2k)",
	// and the same without its first part, as a translation mistyped one
	// ("[規則 A1a](regulation:A1a)"): the text still cites A1a.
	// The id is letters and digits, then the pluses of a guideline: a
	// plus anywhere else ("regulation:+0") makes no id.
	refWCARe = regexp.MustCompile(`\]\((?:(regulations|guidelines):)?(regulation|guideline|article):([0-9A-Za-z]+\+*)\)`)
)

// Cue words, looked for in the lower-case comparison form: a citation
// style's expression runs only where one of its cues occurs, since the
// expressions cost far more than the look.
var (
	cueWCA  = []string{"]("}
	cueRule = []string{"rul", "regr", "regl", "règl", "regel", "regol", "§"}
	cueJa   = []string{"第"}
	cueRP   = []string{"rp", "recommended", "推奨手順"}
)

// Refs returns the ids of the items that text cites, in order of first
// citation and without repeats: "rule:45", "rule:71#B", "rp:22",
// "reg:2k", "guide:2k+", "sec:article-A". It knows the citing styles of
// English, Portuguese, Spanish, French, German, Italian, Japanese and
// Chinese rulebooks and the link targets of the WCA Regulations.
func Refs(text string) []string {
	f := Fold(text)
	low := strings.ToLower(f)
	has := func(cues ...string) bool {
		for _, c := range cues {
			if strings.Contains(low, c) {
				return true
			}
		}
		return false
	}
	type hit struct {
		at int
		id string
	}
	var hits []hit
	wca, rule, ja, rp := has(cueWCA...), has(cueRule...), has(cueJa...), has(cueRP...)
	if !wca && !rule && !ja && !rp {
		return nil
	}
	if wca {
		for _, m := range refWCARe.FindAllStringSubmatchIndex(f, -1) {
			kind, num := f[m[4]:m[5]], f[m[6]:m[7]]
			var id string
			switch {
			case kind == "article":
				id = "sec:article-" + num
			case kind == "guideline" || strings.HasSuffix(num, "+"):
				id = ID(KindGuideline, num)
			default:
				id = ID(KindRegulation, num)
			}
			hits = append(hits, hit{m[0], id})
		}
	}
	if rule {
		for _, m := range refRuleRe.FindAllStringSubmatchIndex(f, -1) {
			list := f[m[2]:m[3]]
			for _, n := range refNumRe.FindAllStringSubmatch(list, -1) {
				hits = append(hits, hit{m[0], ruleRef(n[1], n[2])})
			}
		}
	}
	if ja {
		for _, m := range refJaRe.FindAllStringSubmatchIndex(f, -1) {
			num, part := "", ""
			if m[2] >= 0 {
				num = f[m[2]:m[3]]
			} else {
				num = f[m[4]:m[5]]
			}
			if m[6] >= 0 {
				part = f[m[6]:m[7]]
			}
			hits = append(hits, hit{m[0], ruleRef(num, part)})
		}
	}
	if rp {
		for _, m := range refRPRe.FindAllStringSubmatchIndex(f, -1) {
			hits = append(hits, hit{m[0], ID(KindRP, number(f[m[2]:m[3]]))})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].at < hits[j].at })
	var ids []string
	seen := map[string]bool{}
	for _, h := range hits {
		if !seen[h.id] {
			seen[h.id] = true
			ids = append(ids, h.id)
		}
	}
	return ids
}

func ruleRef(num, part string) string {
	id := ID(KindRule, number(num))
	if part != "" {
		id += "#" + part
	}
	return id
}

// number drops the leading zeros of a cited number ("07" -> "7"), keeping
// one of "0" or "00": ID gives no id for an empty number.
func number(digits string) string {
	if n := strings.TrimLeft(digits, "0"); n != "" {
		return n
	}
	return "0"
}

// RefItem returns the item id a ref points to, without its part fragment.
func RefItem(ref string) string {
	id, _, _ := strings.Cut(ref, "#")
	return id
}
