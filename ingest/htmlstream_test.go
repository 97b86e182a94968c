package ingest

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"golang.org/x/net/html"
)

// htmlSamePages are pages that exercise what streamHTML reads as the
// tree reader does, and what it leaves to it.
var htmlSamePages = []string{
	"<html><body><p>1. Rule one.</p><p>2. Rule two.</p></body></html>",
	"<!DOCTYPE html><html lang=\"fr\"><head><title>Règles</title></head><body><h1 id=t>Titre</h1><p>Texte <b>gras</b> et <i>x</i>.<br>Ligne</p></body></html>",
	"<html><body><ol start=\"3\"><li>a<li>b</ol><ol type=a><li value=7>x</li><li>y</li></ol>",
	"<html><body><ol><li>1. a</li><li>2. b</li><li>c</li></ol><ol><li>1. a</li><li>b</li></ol>",
	"<html><body><ul><li><a href=/a>A</a></li><li> <a href=/b>B</a> </li></ul><p>text</p><ul><li><a>x</a>y</li></ul>",
	"<html><body><li>Intro <ul><li><a>x</a></li></ul> more</li><ol><li>One <ul><li><a>x</a></li></ul> two<p>para</p><div>d<div>e</div></div><ol><li>sub</li></ol></li></ol>",
	"<html><body><nav><p>Home</p><p>About</p></nav><main><h2 id=a>A <a href=#a>§</a></h2><p>1. Rule.</p></main><footer>foot</footer><ul><li><a>z</a></li></ul>",
	"<html><body><p>before</p><div><article><p>in</p></article></div><p>after</p>",
	"<html><body><dl><dt id=x>Term</dt><dd>Def <em>e</em></dd><dt>T2<dd>D2</dl>",
	"<html><body><pre>\nline 1\n  line 2<b>x</b><br>y</pre><blockquote><p>q</p></blockquote>",
	"<html><body><b>Bold</b> lead<p><strong>All bold</strong></p><p> <em> </em>plain</p><b><p>x</p></b>",
	"<html><body><p>a<p>b<div>c</div><h1>h<h2>i</h2></h1>x</p>y</body></html>z",
	"<p>no html</p><script>var x = '<p>';</script><style>p{}</style>text",
	"<html><body><select><option>one<option>two</select><form><p>f</p></form><button>b</button>tail",
	"<html><body><p class=\"menu\">x</p>",
	"<html><body><div class=card><h3>T</h3><p>p</p></div>",
	"<html><body><table><tr><td>1</td><td>x</td></tr></table>",
	"<html><body><p><b>x</p>y",
	"<html><body><b><i>x</b></i>",
	"<html><body>" + strings.Repeat("<div>", 600) + "x",
	"<html><body>" + strings.Repeat("<div><ol><li>", 100) + "x",
	"<html><body><h2 id=\"r\"><a href=\"#r\">1.</a> Rule</h2><ol><li><p>1. a</p><p>b</p></li></ol>",
	"<html><body><div hidden>secret</div><p aria-hidden=true>x</p><div role=navigation>n</div><custom-el>c</custom-el>",
	"<html><head><title>T1</title></head><body><title>T2</title><p>x</p><noembed>ne</noembed><noscript>ns</noscript>",
	"<html><body><ul><li><a>x</a><ul><li><a>y</a></li></ul></li></ul>",
	"<html><body><ul><li><a>x<ul><li><a>y</a></li></ul></a></li></ul><p>t</p>",
	"<html><body><p>x</p></body></html><p>after</p><!-- c -->",
	"<html><body><pre><!-- c -->\nx</pre><pre>\r\ny</pre>",
	"<html><body><p>a\x00b</p></p><p>c",
	"<html><body><ol><li>x<ol><li>y</ol></li><li>z</ol>",
	"<html><body><span role=main>in <b>main</b></span> out",
	"<html><body><main>m1</main><main>m2</main>",
	"<html><body><ol><li>a</li><main>m</main></ol>",
	"<html><body><h1><a href=#x>§</a></h1><h2 id=x><span><a href=\"#x\">link</a></span>text</h2>",
	"<html><body><dd>a<dt>b<dd>c</dl>",
	"<html><body><a href=#a>x<a href=#b>y</a></a>",
	"<html><body><p>1</p><hr><p>2<hr>3",
	"<html><body><ol><li><b>1.</b> text</li><li><b>2.</b> text</li></ol>",
	"<html><body><ruby>漢<rt>kan</rt>字<rp>(</rp></ruby>",
	"<html><body><input type=text><img src=x alt=y>text<wbr>more",
	"<html><body><h2>Article 1</h2><p>a</p><h2>Article 2</h2><p>b</p><aside class=footer><h2>Article 3</h2><p>c</p><nav>Home and more links</nav></aside>\n<h2>Article 4</h2><p>d</p><footer><h2>Article 5</h2><p>e</p></footer><footer>Article 5 again</footer>",
	"<html><body><ol><li>a<li>b</ol><footer>3. c</footer><p>x<aside>4. d</aside></p><ul><li><a>l</a><span hidden>5. e</span></li></ul><pre><nav>5. f</nav></pre>",
	"<html><body><nav>1. Home</nav><main><p>1. a</p><p>2. b</p><footer>3. c</footer></main><footer>4. d</footer>",
	"<html><body><h2>Article 1</h2><p>Text.</p>\n<aside><p>Note to Article 1: members serve two years and may be re-elected.</p></aside>\n<footer><p>Article 2. These statutes enter into force on 1 May.</p></footer><footer>© 2025</footer>",
}

// TestStreamHTMLSame checks that streamHTML, where it reads a page,
// reads it as treeHTML does: the corpus's pages, the fixtures and
// htmlSamePages.
func TestStreamHTMLSame(t *testing.T) {
	pages := map[string]string{}
	for i, p := range htmlSamePages {
		pages[fmt.Sprintf("case %d", i)] = p
	}
	// The real corpus (internal/testcorpus, which imports this package).
	dir := filepath.Join("..", "..", "shared", "corpus")
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.html"))
	more, _ := filepath.Glob(filepath.Join(dir, "*", "*", "*.html"))
	for _, f := range append(files, more...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text, _, _, err := decodeHTML(data, "")
		if err != nil {
			t.Fatal(err)
		}
		pages[filepath.Base(f)] = text
	}
	fixtures, _ := filepath.Glob("testdata/formats/html-*.txtar")
	for _, f := range fixtures {
		a, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range a.Files {
			if file.Name == "input" && strings.HasPrefix(strings.TrimSpace(string(file.Data)), "<") {
				pages[filepath.Base(f)+"/"+file.Name] = string(file.Data)
			}
		}
	}
	streamed := 0
	for name, text := range pages {
		if why := checkStreamHTML(t, name, text); why == "" {
			streamed++
		} else {
			t.Logf("%s: read by treeHTML: %s", name, why)
		}
	}
	t.Logf("%d of %d pages streamed", streamed, len(pages))
}

// checkStreamHTML compares the two readers on a page, and the trees of
// the page with and without its lines marked; it returns why
// streamHTML left the page to treeHTML, "" when it read it. Where the
// page has furniture that goes on with its numbering, it compares them
// again, keeping that furniture as text.
func checkStreamHTML(t *testing.T, name, text string) string {
	t.Helper()
	checkLinesSameTree(t, name, text)
	got, why := streamHTMLWhy(text, nil)
	if why != "" {
		return why
	}
	want, err := treeHTML(text, nil)
	if err != nil {
		t.Errorf("%s: streamed, but the tree reader fails: %v", name, err)
		return ""
	}
	if !samePage(t, name, text, got, want) {
		return ""
	}
	if !reflect.DeepEqual(got.furniture, want.furniture) {
		t.Errorf("%s: furniture\n%+v\nwant\n%+v", name, got.furniture, want.furniture)
		return ""
	}
	keep, _ := keepFurniture(got.bs, got.furniture)
	if keep == nil {
		return ""
	}
	got, why = streamHTMLWhy(text, keep)
	if why != "" {
		return ""
	}
	if want, err = treeHTML(text, keep); err != nil {
		t.Errorf("%s: streamed keeping %v, but the tree reader fails: %v", name, keep, err)
		return ""
	}
	samePage(t, name+fmt.Sprintf(" keeping %v", keep), text, got, want)
	return ""
}

// samePage compares what the two readers read of a page, and reports
// whether it is the same.
func samePage(t *testing.T, name, text string, got, want htmlPage) bool {
	t.Helper()
	ok := true
	fail := func(format string, args ...any) {
		t.Helper()
		t.Errorf(format, args...)
		ok = false
	}
	if got.lang != want.lang || got.hasLang != want.hasLang || got.title != want.title {
		fail("%s: lang %q %v title %q, want %q %v %q", name, got.lang, got.hasLang, got.title, want.lang, want.hasLang, want.title)
	}
	if !reflect.DeepEqual(got.notes, want.notes) {
		fail("%s: notes\n%q\nwant\n%q", name, got.notes, want.notes)
	}
	// Both give each element dropped as furniture the line where it
	// starts.
	if len(got.chrome) != len(want.chrome) {
		fail("%s: furniture dropped\n%+v\nwant\n%+v", name, got.chrome, want.chrome)
	} else {
		for i, c := range got.chrome {
			if c.line < 1 || c != want.chrome[i] {
				fail("%s: furniture dropped %+v, want %+v at a line", name, c, want.chrome[i])
			}
		}
	}
	if len(got.bs) != len(want.bs) {
		fail("%s: %d blocks, want %d", name, len(got.bs), len(want.bs))
	}
	// The stream gives each block the line of its first text, in the
	// page's order; the tree the same lines.
	lines, prev := strings.Count(text, "\n")+1, 0
	for i := range got.bs {
		if l := got.bs[i].line; l < max(prev, 1) || l > lines {
			fail("%s: block %d %q at line %d (the one before at %d, of %d lines)", name, i, got.bs[i].text, l, prev, lines)
			break
		}
		prev = got.bs[i].line
	}
	for i := range min(len(got.bs), len(want.bs)) {
		g := got.bs[i]
		if !reflect.DeepEqual(g, want.bs[i]) {
			fail("%s: block %d\n%+v %+v\nwant\n%+v %+v", name, i, g, g.rare, want.bs[i], want.bs[i].rare)
			break
		}
	}
	return ok
}

// FuzzStreamHTML holds streamHTML to treeHTML on any page.
func FuzzStreamHTML(f *testing.F) {
	for _, p := range htmlSamePages {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkStreamHTML(t, "input", text)
	})
}

// TestStreamHTMLSoup holds streamHTML to treeHTML on pages of random
// tags from the ones rulebook pages use, opened, closed and left open
// at random: the parser's implied ends, lists of links, items that
// print labels, bold leads.
func TestStreamHTMLSoup(t *testing.T) {
	tags := []string{"p", "div", "span", "b", "strong", "em", "i", "a href=#x", "a href=/y", "a", "ol", "ul", "li", "li value=4",
		"ol type=a start=2", "h1", "h2 id=x", "h3", "dl", "dt", "dd", "pre", "blockquote", "br", "nav", "footer", "main",
		"article", "section", "form", "button", "select", "option", "hr", "img", "custom-tag", "title", "script", "noscript",
		"div hidden", "p role=main", "header", "code", "small", "sup", "div class=menu", "span id=footer", "ul class=sidebar", "h1",
		"table", "tr", "td", "th", "tbody", "thead", "td", "tr", "th"}
	texts := []string{"1. Rule one", "2) two", " ", "\n", "text", "a. item", "(1) x", "Rule 3", "\u00a0", "x\x00y", "§"}
	rng := uint64(1)
	next := func(n int) int {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return int(rng % uint64(n))
	}
	streamed := 0
	const pages = 4000
	for k := range pages {
		var b strings.Builder
		b.WriteString("<html><body>")
		for range 5 + next(40) {
			switch next(4) {
			case 0, 1:
				fmt.Fprintf(&b, "<%s>", tags[next(len(tags))])
			case 2:
				tag, _, _ := strings.Cut(tags[next(len(tags))], " ")
				fmt.Fprintf(&b, "</%s>", tag)
			case 3:
				b.WriteString(texts[next(len(texts))])
			}
		}
		if checkStreamHTML(t, fmt.Sprintf("soup %d %q", k, b.String()), b.String()) == "" {
			streamed++
		}
		if t.Failed() {
			break
		}
	}
	t.Logf("%d of %d pages streamed", streamed, pages)
}

// TestTagNameRaw checks that tagName, which reads a plain tag's name
// from its raw bytes, gives what the tokenizer's TagName gives, name and
// whether attributes follow, on tags of every shape and on random soups
// of tag bytes.
func TestTagNameRaw(t *testing.T) {
	pages := []string{
		"<p>x</p><P>y</P><p >z</p ><p\x00>n</p\x00><h1>h</h1><br/><br><p/>",
		"</ p><a href=x>l</a><a\thref=y>m</a\t><my-el>c</my-el><x:y>d</x:y><1>e</1><a b>f</a b>",
		"<scRipt>var a = '<p>';</script><style>p{}</STYLE><textarea><b></textarea><title>t</title><svg><path/></svg>",
		"<p1>x</p1><q>y</q><é>z</é><p\n>a</p\n><p/ >b</p/>",
	}
	rng := rand.New(rand.NewPCG(37, 38))
	soup := []string{"<", "</", ">", "/", " ", "p", "P", "a", "b", "1", "\x00", "é", "=", "\"", "'", "\n", "-", "!", "?"}
	for range 3000 {
		var b strings.Builder
		for range rng.IntN(40) {
			b.WriteString(soup[rng.IntN(len(soup))])
		}
		pages = append(pages, b.String())
	}
	for _, page := range pages {
		got, want := html.NewTokenizer(strings.NewReader(page)), html.NewTokenizer(strings.NewReader(page))
		for {
			tt := got.Next()
			if want.Next() != tt || tt == html.ErrorToken {
				break
			}
			if tt != html.StartTagToken && tt != html.EndTagToken && tt != html.SelfClosingTagToken {
				continue
			}
			raw := string(got.Raw())
			n, a := tagName(got)
			wn, wa := want.TagName()
			if string(n) != string(wn) || a != wa {
				t.Errorf("%q in %q: tagName %q %v, TagName %q %v", raw, page, n, a, wn, wa)
			}
		}
	}
}
