package reports

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"sort"
	"strings"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
)

// The HTML site: index.html (an overview of editions and languages, the
// changelogs, the translations, a search box), one page per document,
// one side-by-side page per translation, the changelogs. Static files,
// relative links, no script or font from elsewhere: it works from file://.

const siteCSS = `*{box-sizing:border-box}
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fff}
a{color:#0b57a6} a:focus,input:focus{outline:3px solid #f0a500;outline-offset:2px}
.skip{position:absolute;left:-999px} .skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem}
header{background:#123;color:#fff;padding:.6rem 1rem} header a{color:#fff;margin-right:1rem}
main{max-width:72rem;margin:0 auto;padding:1rem}
table{border-collapse:collapse;width:100%} th,td{border:1px solid #ccc;padding:.4rem;vertical-align:top;text-align:left}
th{background:#f2f2f2}
.side td{width:50%} .finding{margin:.2rem 0;padding:.2rem .4rem;border-left:4px solid #999;background:#fafafa;font-size:.9em}
.error{border-color:#b00020} .warning{border-color:#c77700} .info{border-color:#607d8b}
del{background:#ffe0e0;color:#8a1010} ins{background:#dff5df;color:#0b5a0b;text-decoration:none}
.id{font-family:ui-monospace,monospace;font-size:.85em;color:#555} .text{white-space:pre-wrap}
#results li{margin:.3rem 0} .hit{font-size:.9em;color:#555} label{font-weight:600;display:block;margin-top:1rem}
input[type=search]{font:inherit;padding:.4rem;width:100%;max-width:30rem}
@media (max-width:700px){.side td,.side th{display:block;width:100%} table{font-size:.9em}}
@media (prefers-color-scheme:dark){body{background:#151515;color:#eee} th{background:#262626} .finding{background:#222} a{color:#8ab4f8} header{background:#0a1a2a}}
`

const searchJS = `(function(){
  var input = document.getElementById('q');
  var list = document.getElementById('results');
  var status = document.getElementById('status');
  if (!input || !list || !window.RULESYNC_INDEX) return;
  function run(){
    var q = input.value.trim().toLowerCase();
    list.innerHTML = '';
    if (q.length < 2) { status.textContent = ''; return; }
    var n = 0;
    for (var i = 0; i < RULESYNC_INDEX.length && n < 50; i++) {
      var e = RULESYNC_INDEX[i];
      var at = e.x.toLowerCase().indexOf(q);
      if (at < 0 && (e.t + ' ' + e.id).toLowerCase().indexOf(q) < 0) continue;
      var li = document.createElement('li');
      var a = document.createElement('a');
      a.href = e.u; a.textContent = e.d + ' ' + e.id + (e.t ? ': ' + e.t : '');
      li.appendChild(a);
      if (at >= 0) {
        // The words around the match, the match itself marked.
        var from = Math.max(0, at - 60), to = Math.min(e.x.length, at + q.length + 60);
        var p = document.createElement('div');
        p.className = 'hit';
        var mark = document.createElement('mark');
        mark.textContent = e.x.slice(at, at + q.length);
        p.appendChild(document.createTextNode((from > 0 ? '…' : '') + e.x.slice(from, at)));
        p.appendChild(mark);
        p.appendChild(document.createTextNode(e.x.slice(at + q.length, to) + (to < e.x.length ? '…' : '')));
        li.appendChild(p);
      }
      list.appendChild(li); n++;
    }
    status.textContent = n + (n === 50 ? '+' : '') + ' results';
  }
  input.addEventListener('input', run);
  var m = /[?&]q=([^&]*)/.exec(location.search);
  if (m) { input.value = decodeURIComponent(m[1].replace(/\+/g, ' ')); run(); }
})();
`

// searchRunes is how much of an item's text the search index holds: the
// whole of any item the real corpus has (the longest is some 3,000
// runes), with line breaks as spaces.
const searchRunes = 4000

// searchText is the text of an item as the search index holds it.
func searchText(text string) string {
	x := []rune(strings.ReplaceAll(text, "\n", " "))
	return string(x[:min(len(x), searchRunes)])
}

var pageTmpl = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="` + siteCSP + `">
<title>{{.Title}}</title>
<link rel="stylesheet" href="{{.Root}}style.css">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header><nav aria-label="Site"><a href="{{.Root}}index.html">Overview</a><a href="{{.Root}}index.html#changelogs">Changelogs</a><a href="{{.Root}}index.html#translations">Translations</a></nav></header>
<main id="main">
{{.Body}}
</main>
{{if .Search}}<script src="{{.Root}}search-index.js"></script>
<script src="{{.Root}}search.js"></script>{{end}}
</body>
</html>
`))

type page struct {
	Title, Root string
	Body        template.HTML
	Search      bool
}

// siteCSP is the site pages' Content-Security-Policy: their script and
// style sheet are files of the site ('self', which takes file:// pages'
// own files too), nothing else loads, no inline script or style runs.
const siteCSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'"

func renderPage(w io.Writer, p page) error { return pageTmpl.Execute(w, p) }

// site adds the site's files to out: the overview, and a page and search
// entries for each of docs (named names: the sources that editions and
// translations are compared with; translations have their side-by-side
// pages).
//
// extra are further documents (the translations) whose items the search
// box finds on their side-by-side pages; a build passes them when the
// workspace is small enough for one search index.
func site(out files, ws *Workspace, sum *Summary, names []string, docs []*corpus.Document, extra map[string]*corpus.Document) error {
	out["style.css"] = []byte(siteCSS)
	out["search.js"] = []byte(searchJS)
	title := ws.Title
	if title == "" {
		title = "rulesync"
	}

	// One page per document, and the search index over all of them.
	type entry struct {
		D  string `json:"d"`
		ID string `json:"id"`
		T  string `json:"t"`
		X  string `json:"x"`
		U  string `json:"u"`
	}
	var index []entry
	for i, name := range names {
		d := docs[i]
		s := Source{Name: name}
		var b strings.Builder
		fmt.Fprintf(&b, "<h1>%s</h1>\n<p>%s, %s, %d items, from %s.</p>\n<table>\n<caption>Items of %s</caption>\n<thead><tr><th scope=\"col\">Id</th><th scope=\"col\">Title and text</th></tr></thead><tbody>\n",
			esc(s.Name), esc(d.Edition), esc(d.Lang), len(d.Items), esc(d.Source.Format), esc(s.Name))
		for _, it := range d.Items {
			fmt.Fprintf(&b, "<tr id=\"%s\"><td class=\"id\">%s</td><td lang=\"%s\"><strong>%s</strong><div class=\"text\">%s</div></td></tr>\n",
				esc(it.ID), esc(it.ID), esc(d.Lang), esc(it.Title), esc(it.Text))
			index = append(index, entry{s.Name, it.ID, it.Title, searchText(it.Text), "documents/" + s.Name + ".html#" + it.ID})
		}
		b.WriteString("</tbody></table>\n")
		var buf bytes.Buffer
		if err := renderPage(&buf, page{Title: s.Name + " · " + title, Root: "../", Body: template.HTML(b.String())}); err != nil {
			return err
		}
		out["documents/"+s.Name+".html"] = buf.Bytes()
	}
	extraNames := make([]string, 0, len(extra))
	for n := range extra {
		extraNames = append(extraNames, n)
	}
	sort.Strings(extraNames)
	for _, n := range extraNames {
		for _, it := range extra[n].Items {
			index = append(index, entry{n, it.ID, it.Title, searchText(it.Text), "translations/" + n + ".html#t-" + it.ID})
		}
	}
	js, err := json.Marshal(index)
	if err != nil {
		return err
	}
	out["search-index.js"] = append(append([]byte("window.RULESYNC_INDEX = "), js...), ";\n"...)

	// The overview.
	var b strings.Builder
	fmt.Fprintf(&b, "<h1>%s</h1>\n", esc(title))
	if len(sum.Failed) > 0 {
		b.WriteString("<section aria-labelledby=\"failed\"><h2 id=\"failed\">Sources that could not be read</h2><ul>\n")
		for _, f := range sum.Failed {
			fmt.Fprintf(&b, "<li><strong>%s</strong>: %s</li>\n", esc(f.Name), esc(f.Err.Error()))
		}
		b.WriteString("</ul></section>\n")
	}
	b.WriteString("<section aria-labelledby=\"search-h\"><h2 id=\"search-h\">Search</h2>\n<label for=\"q\">Search item titles and texts</label>\n<input id=\"q\" type=\"search\" autocomplete=\"off\" placeholder=\"e.g. substantial action\">\n<p id=\"status\" role=\"status\" aria-live=\"polite\"></p>\n<ol id=\"results\"></ol></section>\n")

	// Editions x languages.
	editions, langs := map[string]bool{}, map[string]bool{}
	cell := map[string][]string{}
	trBy := map[string]TranslationSummary{}
	for _, t := range sum.Translations {
		trBy[t.Name] = t
	}
	hasPage := map[string]bool{}
	for _, n := range names {
		hasPage[n] = true
	}
	for _, d := range sum.Documents {
		editions[d.Edition], langs[d.Lang] = true, true
		c := fmt.Sprintf("%s (%d items)", esc(d.Name), d.Items)
		if hasPage[d.Name] {
			c = fmt.Sprintf("<a href=\"documents/%s.html\">%s</a> (%d items)", esc(d.Name), esc(d.Name), d.Items)
		}
		if t, ok := trBy[d.Name]; ok {
			c += fmt.Sprintf("<br><a href=\"translations/%s.html\">%.1f%% covered, %d stale, %d errors</a>", esc(d.Name), t.Coverage, t.Stale, t.Errors)
		}
		k := d.Edition + "\x00" + d.Lang
		cell[k] = append(cell[k], c)
	}
	el, ll := sortedSet(editions), sortedSet(langs)
	b.WriteString("<section aria-labelledby=\"matrix\"><h2 id=\"matrix\">Editions and languages</h2>\n<table>\n<caption>Documents by edition (rows) and language (columns); a translation shows its coverage, stale items and errors</caption>\n<thead><tr><th scope=\"col\">Edition</th>")
	for _, l := range ll {
		fmt.Fprintf(&b, "<th scope=\"col\">%s</th>", esc(l))
	}
	b.WriteString("</tr></thead><tbody>\n")
	for _, e := range el {
		fmt.Fprintf(&b, "<tr><th scope=\"row\">%s</th>", esc(e))
		for _, l := range ll {
			fmt.Fprintf(&b, "<td>%s</td>", strings.Join(cell[e+"\x00"+l], "<br>"))
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody></table></section>\n")

	b.WriteString("<section aria-labelledby=\"changelogs\"><h2 id=\"changelogs\">Changelogs</h2><ul>\n")
	for _, c := range sum.Changelogs {
		name := c.Name
		fmt.Fprintf(&b, "<li><a href=\"changelog/%s.html\">%s → %s</a>: %d changes (%d substantive, %d editorial); <a href=\"changelog/%s.md\">Markdown</a>, <a href=\"changelog/%s.json\">JSON</a></li>\n",
			esc(name), esc(c.Old), esc(c.New), c.Changes, c.Substantive, c.Editorial, esc(name), esc(name))
	}
	b.WriteString("</ul></section>\n<section aria-labelledby=\"translations\"><h2 id=\"translations\">Translations</h2><ul>\n")
	for _, t := range sum.Translations {
		based := ""
		if t.Base != "" {
			based = ", made from " + esc(t.Base)
		}
		fmt.Fprintf(&b, "<li><a href=\"translations/%s.html\">%s</a> against %s%s: %.1f%% covered, %d findings (%d errors), %d stale, %d missing. Worklist: <a href=\"gaps/%s.md\">Markdown</a>; files for translation tools: <a href=\"interchange/%s.po\">PO</a>, <a href=\"interchange/%s.xlf\">XLIFF</a>, <a href=\"interchange/%s.tmx\">TMX</a>%s</li>\n",
			esc(t.Name), esc(t.Name), esc(t.Source), based, t.Coverage, t.Findings, t.Errors, t.Stale, t.Missing, esc(t.Name), esc(t.Name), esc(t.Name), esc(t.Name), draftLink(t.Draft))
	}
	b.WriteString("</ul><p><a href=\"interchange/glossary.tbx\">Glossary (TBX)</a></p>\n")
	var pots []string
	for name := range out {
		if strings.HasPrefix(name, "interchange/") && strings.HasSuffix(name, ".pot") {
			pots = append(pots, name)
		}
	}
	if len(pots) > 0 {
		sort.Strings(pots)
		b.WriteString("<p>To start a new language (msginit, or a PO editor), the template of each source edition:")
		for i, p := range pots {
			sep := ","
			if i == 0 {
				sep = ""
			}
			fmt.Fprintf(&b, "%s <a href=\"%s\">%s</a>", sep, esc(p), esc(strings.TrimSuffix(strings.TrimPrefix(p, "interchange/"), ".pot")))
		}
		b.WriteString("</p>\n")
	}
	b.WriteString("</section>\n")
	var buf bytes.Buffer
	if err := renderPage(&buf, page{Title: title, Root: "", Body: template.HTML(b.String()), Search: true}); err != nil {
		return err
	}
	out["index.html"] = buf.Bytes()
	return nil
}

func sortedSet(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// sidePage writes the side-by-side view of a translation: each source
// item beside its translation, the findings inline, the source's redline
// for a stale item.
// draftLink links a translation's sync draft on the overview.
func draftLink(path string) string {
	if path == "" {
		return ""
	}
	return fmt.Sprintf("; the translation re-laid on its source: <a href=\"%s\">sync draft</a>", esc(path))
}

func sidePage(w io.Writer, t Translation, r *gaps.Report, draft string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "<h1>%s against %s</h1>\n<p>%.1f%% of the source items in scope are translated. %s.</p>\n", esc(t.Name), esc(t.Source), r.Coverage, esc(gapsSummary(r)))
	if draft != "" {
		fmt.Fprintf(&b, "<p>The translation re-laid on %s, stale and untranslated items marked: <a href=\"../%s\">sync draft</a> (what <code>rulesync sync</code> writes).</p>\n", esc(r.Source.Edition), esc(draft))
	}
	if r.Base != nil {
		fmt.Fprintf(&b, "<p>Translated from %s; the source is now %s. Stale items show the source's changes since.</p>\n", esc(docName(r.Base)), esc(docName(r.Source)))
	}
	b.WriteString("<table class=\"side\">\n<caption>Source and translation, item by item</caption>\n<thead><tr><th scope=\"col\">Source</th><th scope=\"col\">Translation</th></tr></thead><tbody>\n")
	for _, u := range r.Units() {
		fmt.Fprintf(&b, "<tr id=\"%s\"><td lang=\"%s\"><span class=\"id\">%s</span> <strong>%s</strong>", esc(u.Source.ID), esc(r.Source.Lang), esc(u.Source.ID), esc(u.Source.Title))
		if u.State == gaps.StaleState && len(u.Redline) > 0 {
			fmt.Fprintf(&b, "<div class=\"text\">%s</div>", htmlRedline(u.Redline))
		} else {
			fmt.Fprintf(&b, "<div class=\"text\">%s</div>", esc(u.Source.Text))
		}
		b.WriteString("</td>")
		if u.Target != nil {
			fmt.Fprintf(&b, "<td id=\"t-%s\" lang=\"%s\"><span class=\"id\">%s</span> <strong>%s</strong><div class=\"text\">%s</div>", esc(u.Target.ID), esc(r.Translation.Lang), esc(u.Target.ID), esc(u.Target.Title), esc(u.Target.Text))
		} else {
			b.WriteString("<td><em>not translated</em>")
		}
		for _, f := range u.Findings {
			fmt.Fprintf(&b, "<p class=\"finding %s\"><strong>%s</strong> (%s): %s</p>", esc(string(f.Severity)), esc(f.Check), esc(string(f.Severity)), esc(f.Message))
		}
		b.WriteString("</td></tr>\n")
	}
	b.WriteString("</tbody></table>\n")
	var extra []gaps.Finding
	for _, f := range r.Findings {
		if f.SourceID == "" {
			extra = append(extra, f)
		}
	}
	if len(extra) > 0 {
		b.WriteString("<h2>Other findings</h2><ul>\n")
		for _, f := range extra {
			fmt.Fprintf(&b, "<li class=\"finding %s\"><strong>%s</strong> %s: %s</li>\n", esc(string(f.Severity)), esc(f.Check), esc(f.TargetID), esc(f.Message))
		}
		b.WriteString("</ul>\n")
	}
	return renderPage(w, page{Title: t.Name + " · translation", Root: "../", Body: template.HTML(b.String())})
}
