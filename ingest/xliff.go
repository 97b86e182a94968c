package ingest

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/corpus/corpusjson"
)

// The "xliff" and "tmx" formats read the translation an XLIFF 1.2 file
// or a TMX 1.4 memory holds, as the "po" format reads a catalogue: the
// trans-unit id (resname first) or the tu's tuid is the item id
// ("rule:12", "rule:12/title"), the target its text. XLIFF: the file's
// target-language is the language and its original the source edition;
// a target whose state is "new" or that is empty is no translation, one
// whose state begins "needs-" (needs-review-translation,
// needs-translation, ...) or that says approved="no" sets the item's
// "review" flag, its "stale" flag with rulesync's state-qualifier
// "x-rulesync-stale". Inline elements keep their text (the native code of
// <bpt>, <ept> and <ph> is the Markdown syntax rulesync wrote); a <bpt>
// or <ept> without its partner of the same id (rid, id; TMX's i) after
// or before it is dropped, with its code, and is a fault of the item's
// inline markup, as is any other difference between the markup of the
// target and the source's (see inlineFaults). TMX: the
// header's srclang (required) names the source; the language is that of
// the other variants, the one Options.Lang names when there are several
// (an error without it); the source edition is a header <prop
// type="x-rulesync-source-edition">; a unit's <prop
// type="x-rulesync-review"> or "x-rulesync-stale" sets its item's
// "review" or "stale" flag (TMX has no state of its own), the source
// segment of a stale one being the source its translation was made
// from (as a PO's previous msgid).

func init() {
	register(&format{name: "xliff", doc: "an XLIFF 1.2 file keyed by item id (trans-unit id or resname), as rulesync writes it", binary: textual(parseXLIFF)})
	register(&format{name: "tmx", doc: "a TMX 1.4 translation memory keyed by item id (tuid), as rulesync writes it", binary: textual(parseTMX)})
}

// xmlReader walks the elements of an XML document and knows the line
// and column of each.
type xmlReader struct {
	text string
	dec  *xml.Decoder
	at   int64 // offset of the token last read
	// The place pos found last: its offset, line, and the offset its
	// line starts at. The places asked for come in the order of the
	// text, so that each is counted on from the last, not from the
	// start (counting from the start took time quadratic in the units).
	posOff, posLine, posStart int
}

func newXMLReader(text string) *xmlReader {
	dec := xml.NewDecoder(strings.NewReader(text))
	// The text is decoded already: whatever the declaration names, it
	// is UTF-8 now.
	dec.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	return &xmlReader{text: text, dec: dec}
}

// token returns the next token, or an error located where the fault is.
func (x *xmlReader) token() (xml.Token, error) {
	x.at = x.dec.InputOffset()
	tok, err := x.dec.Token()
	if err != nil && err != io.EOF {
		var se *xml.SyntaxError
		msg := err.Error()
		if errors.As(err, &se) {
			msg = se.Msg
		}
		line, col := x.pos(x.dec.InputOffset())
		return nil, &corpusjson.ParseError{Position: corpus.Position{Line: line, Col: col}, Msg: "XML: " + msg}
	}
	return tok, err
}

// pos gives the 1-based line and column of a byte offset.
func (x *xmlReader) pos(off int64) (int, int) {
	o := int(min(max(off, 0), int64(len(x.text))))
	if o < x.posOff || x.posLine == 0 {
		x.posOff, x.posLine, x.posStart = 0, 1, 0
	}
	between := x.text[x.posOff:o]
	positionWork.Add(int64(len(between)))
	if n := strings.Count(between, "\n"); n > 0 {
		x.posLine += n
		x.posStart = x.posOff + strings.LastIndexByte(between, '\n') + 1
	}
	x.posOff = o
	return x.posLine, o - x.posStart + 1
}

// text reads the character data of the element just opened, inline
// elements' included, up to its end.
func (x *xmlReader) textOf() (string, error) {
	var b strings.Builder
	depth := 1
	for depth > 0 {
		tok, err := x.token()
		if err != nil {
			return "", x.inside(err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
		case xml.EndElement:
			depth--
		case xml.CharData:
			b.Write(t)
		}
	}
	return b.String(), nil
}

// inside is err from a token read inside an element: at the end of the
// file, an error at the end saying the file ends there.
func (x *xmlReader) inside(err error) error {
	if err != io.EOF {
		return err
	}
	line, col := x.pos(int64(len(x.text)))
	return &corpusjson.ParseError{Position: corpus.Position{Line: line, Col: col}, Msg: "XML: the file ends inside an element"}
}

// previousSource reads the <alt-trans> element just opened to its end:
// where want, the text of its <source> (the earlier source a stale
// translation was made from, XLIFF 1.2's alttranstype
// "previous-version", as a PO's "#| msgid"), else "".
func (x *xmlReader) previousSource(want bool) (string, error) {
	var prev string
	for depth := 1; depth > 0; {
		tok, err := x.token()
		if err != nil {
			return "", x.inside(err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if depth == 1 && t.Name.Local == "source" && want && prev == "" {
				s, _, err := x.inlineOf()
				if err != nil {
					return "", err
				}
				prev = s
				continue
			}
			depth++
		case xml.EndElement:
			depth--
		}
	}
	return prev, nil
}

// inlineOf reads the character data of the element just opened, as
// textOf does, and the native code in it: each <bpt>, <ept>, <ph>,
// <it> and <x> with its id (XLIFF's rid, else id; TMX's i, else x) and
// where its content stands in the text.
func (x *xmlReader) inlineOf() (string, []inlineCode, error) {
	var b strings.Builder
	var codes []inlineCode
	cur := -1 // the code being read, or -1
	depth, codeDepth := 1, 0
	for depth > 0 {
		tok, err := x.token()
		if err != nil {
			return "", nil, x.inside(err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			switch t.Name.Local {
			case "bpt", "ept", "ph", "it", "x":
				if cur < 0 {
					id := firstOf(attr(t, "rid"), attr(t, "id"), attr(t, "i"), attr(t, "x"))
					codes = append(codes, inlineCode{elem: t.Name.Local, id: id, start: b.Len()})
					cur, codeDepth = len(codes)-1, depth
				}
			}
		case xml.EndElement:
			if cur >= 0 && depth == codeDepth {
				codes[cur].end, cur = b.Len(), -1
			}
			depth--
		case xml.CharData:
			b.Write(t)
		}
	}
	return b.String(), codes, nil
}

func parseXLIFF(text string, o Options, d *corpus.Document) error {
	units, err := xliffUnits(text, d)
	if err != nil {
		return err
	}
	return unitsToItems(units, d, "trans-unit id")
}

// unclosedUnit is the error of a trans-unit the file does not close,
// at its start: what came instead (err: the file's end, an element
// closed in its place, another trans-unit) in parentheses.
func unclosedUnit(cur unit, id string, err error) error {
	what := "the end of the file"
	if err != io.EOF {
		what = strings.TrimPrefix(err.Error(), "XML: ")
		var pe *corpusjson.ParseError
		if errors.As(err, &pe) {
			what = fmt.Sprintf("%s, at line %d, column %d", strings.TrimPrefix(pe.Msg, "XML: "), pe.Line, pe.Col)
		}
	}
	return &corpusjson.ParseError{Position: corpus.Position{Line: cur.line, Col: cur.col}, Msg: fmt.Sprintf("XML: <trans-unit id=%q> is not closed (%s)", id, what)}
}

// xliffUnits reads an XLIFF file's trans-units as units, the file's
// languages and original into d.
func xliffUnits(text string, d *corpus.Document) ([]unit, error) {
	x := newXMLReader(text)
	var units []unit
	// The trans-unit being read: its attributes, target and location.
	var (
		in                 bool
		cur                unit
		idAttr, resname    string
		header             bool
		file, line, ctxTyp string
	)
	root := false
	for {
		tok, err := x.token()
		if err == io.EOF && !in {
			break
		}
		if err != nil {
			if in {
				return nil, unclosedUnit(cur, idAttr, err)
			}
			return nil, err
		}
		if ee, ok := tok.(xml.EndElement); ok && ee.Name.Local == "trans-unit" && in {
			in = false
			if header {
				continue
			}
			cur.ctx = resname
			if id, _, _ := strings.Cut(cur.ctx, "/"); !corpus.WellFormedID(id) {
				cur.ctx = idAttr
			}
			// Translate Toolkit's po2xliff keeps a PO reference "reg:1a"
			// as a location: source file "reg", line "1a".
			if id, _, _ := strings.Cut(cur.ctx, "/"); !corpus.WellFormedID(id) && file != "" && line != "" {
				cur.ctx = file + ":" + line
			}
			units = append(units, cur)
			continue
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		switch se.Name.Local {
		case "xliff":
			root = true
			if v := attr(se, "version"); v != "" && !strings.HasPrefix(v, "1.") {
				line, col := x.pos(x.at)
				return nil, &corpusjson.ParseError{Position: corpus.Position{Line: line, Col: col}, Msg: fmt.Sprintf("XLIFF version %s: rulesync reads XLIFF 1.2", v)}
			}
		case "file":
			setInterchangeHeader(d, attr(se, "target-language"), attr(se, "original"))
		case "trans-unit":
			l, c := x.pos(x.at)
			if in {
				return nil, unclosedUnit(cur, idAttr, fmt.Errorf("another <trans-unit> at line %d, column %d", l, c))
			}
			in, cur = true, unit{line: l, col: c, review: attr(se, "approved") == "no"}
			idAttr, resname, file, line = attr(se, "id"), attr(se, "resname"), "", ""
			header = attr(se, "restype") == "x-gettext-domain-header"
		case "target":
			if !in {
				continue
			}
			state := attr(se, "state")
			s, codes, err := x.inlineOf()
			if err != nil {
				return nil, err
			}
			if header {
				// A PO header kept as a unit (po2xliff): its fields.
				h := poHeader(s)
				if d.Lang == "" {
					setInterchangeHeader(d, h["language"], "")
				}
				setInterchangeHeader(d, "", firstOf(h["x-rulesync-source-edition"], h["project-id-version"]))
				continue
			}
			cur.target, cur.codes = s, codes
			switch {
			case state == "new":
				cur.target = ""
			case strings.HasPrefix(state, "needs-") && attr(se, "state-qualifier") == "x-rulesync-stale":
				cur.stale = true
			case strings.HasPrefix(state, "needs-"):
				cur.review = true
			}
		case "context":
			ctxTyp = attr(se, "context-type")
			s, err := x.textOf()
			if err != nil {
				return nil, err
			}
			switch ctxTyp {
			case "sourcefile":
				file = strings.TrimSpace(s)
			case "linenumber":
				line = strings.TrimSpace(s)
			}
		case "source":
			s, _, err := x.inlineOf()
			if err != nil {
				return nil, err
			}
			if in {
				// A source without markup has none to lose: it is not
				// compared.
				cur.source, cur.hasSource = s, strings.ContainsAny(s, markupSyntax)
			}
		case "alt-trans":
			prev, err := x.previousSource(in && attr(se, "alttranstype") == "previous-version")
			if err != nil {
				return nil, err
			}
			if prev != "" {
				cur.previous = prev
			}
		case "note":
			s, err := x.textOf()
			if err != nil {
				return nil, err
			}
			switch k := strings.TrimSpace(s); {
			case !in:
			case strings.HasPrefix(k, ExportedMarkup):
				cur.known = append(cur.known, k)
			case strings.HasPrefix(k, DraftAnnotation):
				cur.draft = strings.TrimPrefix(k, DraftAnnotation)
			}
		}
	}
	if !root {
		return nil, errors.New("XLIFF: no <xliff> element")
	}
	return units, nil
}

func parseTMX(text string, o Options, d *corpus.Document) error {
	units, err := tmxUnits(text, o, d)
	if err != nil {
		return err
	}
	return unitsToItems(units, d, "tuid")
}

// tmxUnits reads a TMX memory's units as units, in the language
// o.Lang chooses (see tmxChoose), the languages and the source edition
// into d.
func tmxUnits(text string, o Options, d *corpus.Document) ([]unit, error) {
	x := newXMLReader(text)
	var units []unit
	// The variants of each unit in a language other than srclang.
	var variants [][]tmxVariant
	srclang := ""
	lang := ""
	root := false
	for {
		tok, err := x.token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		switch se.Name.Local {
		case "tmx":
			root = true
		case "header":
			srclang = attr(se, "srclang")
		case "prop":
			s, err := x.textOf()
			if err != nil {
				return nil, err
			}
			switch attr(se, "type") {
			case "x-rulesync-source-edition":
				setInterchangeHeader(d, "", strings.TrimSpace(s))
			case "x-rulesync-markup":
				if len(units) > 0 {
					units[len(units)-1].known = append(units[len(units)-1].known, strings.TrimSpace(s))
				}
			case "x-rulesync-review", "x-rulesync-stale":
				// TMX has no state of its own: rulesync's props say it.
				if len(units) > 0 {
					u := &units[len(units)-1]
					u.review = u.review || attr(se, "type") == "x-rulesync-review"
					u.stale = u.stale || attr(se, "type") == "x-rulesync-stale"
				}
			case "x-rulesync-draft":
				if len(units) > 0 {
					units[len(units)-1].draft = strings.TrimSpace(s)
				}
			}
		case "tu":
			line, col := x.pos(x.at)
			units = append(units, unit{line: line, col: col, ctx: attr(se, "tuid")})
			variants = append(variants, nil)
		case "tuv":
			lang = attr(se, "lang") // xml:lang
		case "seg":
			s, codes, err := x.inlineOf()
			if err != nil {
				return nil, err
			}
			switch {
			case len(units) == 0:
			case strings.EqualFold(lang, srclang):
				units[len(units)-1].source, units[len(units)-1].hasSource = s, strings.ContainsAny(s, markupSyntax)
			default:
				variants[len(units)-1] = append(variants[len(units)-1], tmxVariant{tmxLang(lang), s, codes})
			}
		}
	}
	if !root {
		return nil, errors.New("TMX: no <tmx> element")
	}
	if srclang == "" || srclang == "*all*" {
		return nil, errors.New("TMX: the header names no srclang, so the source cannot be told from the translation; give the source's language as <header srclang=\"...\">")
	}
	chosen, region, note, err := tmxChoose(variants, o.Lang)
	if err != nil {
		return nil, err
	}
	if note != "" {
		d.Notes = append(d.Notes, note)
	}
	for i, vs := range variants {
		if v, ok := tmxVariantOf(vs, chosen, region); ok {
			units[i].target, units[i].codes = v.text, v.codes
		}
		if units[i].stale {
			// A stale unit's source segment is the source its
			// translation was made from, as a PO's previous msgid.
			units[i].previous = units[i].source
		}
	}
	setInterchangeHeader(d, chosen, "")
	return units, nil
}

// tmxVariant is a tuv of a TMX unit: its language (canonical where it is
// a tag) and its text.
type tmxVariant struct {
	lang, text string
	codes      []inlineCode
}

// tmxLang is a variant's xml:lang, canonical when it is a language tag.
func tmxLang(l string) string {
	if tag, err := corpus.CanonicalLang(l); err == nil && tag != "" {
		return tag
	}
	return l
}

// tmxVariantOf returns the variant of a unit in language chosen, else
// its variant in region (a region of chosen, "" for none).
func tmxVariantOf(vs []tmxVariant, chosen, region string) (tmxVariant, bool) {
	for _, want := range []string{chosen, region} {
		for _, v := range vs {
			if want != "" && v.lang == want {
				return v, true
			}
		}
	}
	return tmxVariant{}, false
}

// tmxLangs returns the languages of the units' variants, sorted.
func tmxLangs(variants [][]tmxVariant) []string {
	seen := map[string]bool{}
	var langs []string
	for _, vs := range variants {
		for _, v := range vs {
			if !seen[v.lang] {
				seen[v.lang] = true
				langs = append(langs, v.lang)
			}
		}
	}
	slices.Sort(langs)
	return langs
}

// tmxChoose chooses the target language of a TMX whose units have
// variants: the only one, or want (Options.Lang) among several, which
// it is an error not to give; want names a variant exactly or by a
// BCP 47 prefix (fr for fr-FR, when no other variant is under fr). Where
// some units give want exactly and others only a region of it, a unit
// without the exact variant takes its region's (region), so long as one
// region is under want. It says in note which it took when the file
// holds several, or want named it by a prefix.
func tmxChoose(variants [][]tmxVariant, want string) (chosen, region, note string, err error) {
	langs := tmxLangs(variants)
	all := strings.Join(langs, ", ")
	if want == "" {
		switch len(langs) {
		case 0:
			return "", "", "", nil
		case 1:
			return langs[0], "", "", nil
		}
		return "", "", "", fmt.Errorf("TMX: translations into %s: give --lang (or the manifest's lang) to choose one", all)
	}
	w := tmxLang(want)
	exact := ""
	var under []string
	for _, l := range langs {
		if strings.EqualFold(l, w) {
			exact = l
		} else if langPrefix(w, l) {
			under = append(under, l)
		}
	}
	if exact == "" {
		switch {
		case len(under) == 1:
			return under[0], "", fmt.Sprintf("TMX: took the %s variants for --lang %s (the file holds %s)", under[0], w, all), nil
		case len(under) > 1:
			return "", "", "", fmt.Errorf("TMX: --lang %s matches %s: give one of them", w, strings.Join(under, ", "))
		case len(langs) > 0:
			return "", "", "", fmt.Errorf("TMX: no %s variant (the file holds %s)", w, all)
		}
		return w, "", "", nil
	}
	return tmxExactOrRegion(variants, exact, under, all)
}

// tmxExactOrRegion chooses exact, with the region under it (the one of
// under) for the units that have no exact variant; several regions
// there are an error naming them.
func tmxExactOrRegion(variants [][]tmxVariant, exact string, under []string, all string) (chosen, region, note string, err error) {
	n := 0
	for _, vs := range variants {
		if _, ok := tmxVariantOf(vs, exact, ""); ok {
			continue
		}
		for _, v := range vs {
			if slices.Contains(under, v.lang) {
				n++
				break
			}
		}
	}
	if n == 0 {
		if len(tmxLangs(variants)) > 1 {
			note = fmt.Sprintf("TMX: took the %s variants (the file holds %s)", exact, all)
		}
		return exact, "", note, nil
	}
	if len(under) > 1 {
		return "", "", "", fmt.Errorf("TMX: --lang %s: %d %s no %s variant, only regions of it (%s): give one of them", exact, n, plural(n, "unit has", "units have"), exact, strings.Join(under, ", "))
	}
	note = fmt.Sprintf("TMX: took the %s variants, and the %s variant of %d %s no %s (the file holds %s)", exact, under[0], n, plural(n, "unit that has", "units that have"), exact, all)
	return exact, under[0], note, nil
}

// langPrefix reports whether language tag p is a BCP 47 prefix of tag
// l: l is p followed by more subtags (fr of fr-FR, zh-Hant of
// zh-Hant-TW; never fr of fro), as RFC 4647's basic filtering matches.
func langPrefix(p, l string) bool {
	return p != "" && len(l) > len(p) && l[len(p)] == '-' && strings.EqualFold(l[:len(p)], p)
}

// attr returns the value of e's first attribute of that local name, ""
// if none.
func attr(e xml.StartElement, local string) string {
	for _, a := range e.Attr {
		if a.Name.Local == local {
			return a.Value
		}
	}
	return ""
}

// plural returns one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
