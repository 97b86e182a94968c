package ingest_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"regexp"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
)

// TestExplainsNoNegative: the note that compares two readings of a text
// never counts a negative number of items (a reading that explains
// nothing says so), on a text whose numbering restarts again and again.
func TestExplainsNoNegative(t *testing.T) {
	neg := regexp.MustCompile(`explains -|'s -\d|: -\d+ items`)
	// The second counts down: the structure recognizer's reading of it
	// scores -6 (its penalties over its items).
	for _, text := range []string{strings.Repeat("1. a\n2. b\n", 6), strings.Repeat("3. a\n2. b\n1. c\n", 4)} {
		d, err := ingest.Options{}.Bytes("r.txt", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range d.Notes {
			if neg.MatchString(n) {
				t.Errorf("note counts negative items: %q", n)
			}
		}
	}
}

// TestExtensionContentDisagree: a file named .docx that is not a ZIP,
// or .pdf that is not a PDF, is an error naming the disagreement; --from
// decides, and another name promises nothing.
func TestExtensionContentDisagree(t *testing.T) {
	for _, c := range []struct{ name, data, want string }{
		{"x.docx", "PK not a zip", "named .docx, but its content is not a ZIP archive (DOCX)"},
		{"x.DOCX", "1. one rule\n2. two rules\n", "named .docx"},
		{"x.pdf", "1. one rule\n2. two rules\n", "named .pdf, but its content is not a PDF (it reads as text)"},
		{"x.pdf", "<html><body><p>1. one</p></body></html>", "(it reads as html)"},
	} {
		_, err := ingest.Options{}.Bytes(c.name, []byte(c.data))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), c.name+": ") {
			t.Errorf("%s %q: error %v, want %q", c.name, c.data, err, c.want)
		}
	}
	for _, c := range []struct{ name, from string }{{"x.txt", ""}, {"x.pdf", "numbered"}, {"https://example.org/x.pdf", ""}} {
		if _, err := (ingest.Options{Format: c.from}).Bytes(c.name, []byte("1. one rule\n2. two rules\n3. three\n")); err != nil {
			t.Errorf("%s --from %q: %v", c.name, c.from, err)
		}
	}
}

// TestFetchRefusesPrivate: without AllowPrivate a fetch connects to no
// loopback address, whether the URL names it or a name resolves to it
// (localhost); with it, the same fetch works.
func TestFetchRefusesPrivate(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/moved" {
			http.Redirect(w, r, "/rules.txt", http.StatusFound)
			return
		}
		w.Write([]byte("1. one rule\n2. two rules\n3. three rules\n"))
	}))
	defer srv.Close()
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(srv.URL, "http://"))
	for _, u := range []string{srv.URL + "/rules.txt", "http://localhost:" + port + "/rules.txt", srv.URL + "/moved"} {
		_, err := ingest.Options{}.URL(context.Background(), u)
		if !errors.Is(err, ingest.ErrPrivateAddress) || !strings.Contains(err.Error(), "loopback address") {
			t.Errorf("%s: %v, want ErrPrivateAddress", u, err)
		}
		if _, err := (ingest.Options{AllowPrivate: true}).URL(context.Background(), u); err != nil {
			t.Errorf("%s with AllowPrivate: %v", u, err)
		}
	}
}

// TestFetchRefusesOwnAddress: a URL to an address of one of this
// machine's interfaces (a public one, or a documentation range a
// container is given) reaches the services listening on all of them,
// as loopback does: refused unless allowed.
func TestFetchRefusesOwnAddress(t *testing.T) {
	var own []string
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if p, err := netip.ParsePrefix(a.String()); err == nil && p.Addr().Is4() && !p.Addr().IsLoopback() && !p.Addr().IsPrivate() && !p.Addr().IsLinkLocalUnicast() {
			own = append(own, p.Addr().String())
		}
	}
	if len(own) == 0 {
		t.Skip("this machine has no IPv4 address of its own but private and loopback ones (which TestFetchRefusesPrivate covers)")
	}
	ln, err := net.Listen("tcp", "0.0.0.0:0")
	if err != nil {
		t.Skip(err)
	}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("1. one rule\n2. two rules\n3. three rules\n"))
	}))
	srv.Listener = ln
	srv.Start()
	defer srv.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	for _, a := range own {
		u := "http://" + net.JoinHostPort(a, port) + "/rules.txt"
		if _, err := (ingest.Options{}).URL(context.Background(), u); !errors.Is(err, ingest.ErrPrivateAddress) {
			t.Errorf("%s: %v, want ErrPrivateAddress", u, err)
		}
		if _, err := (ingest.Options{AllowPrivate: true}).URL(context.Background(), u); err != nil {
			t.Errorf("%s with AllowPrivate: %v", u, err)
		}
	}
}

const testXLIFF = `<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
<file original="wca-2024-01-01" source-language="en" target-language="ja" datatype="plaintext"><body>
<trans-unit id="reg:1a"><source>A.</source><target>エー。</target></trans-unit>
</body></file></xliff>`

const testTMX = `<tmx version="1.4"><header srclang="en" creationtool="x" creationtoolversion="1" datatype="plaintext" segtype="paragraph" adminlang="en" o-tmf="x">
<prop type="x-rulesync-source-edition">wca-2024-01-01</prop></header><body>
<tu tuid="reg:1a"><tuv xml:lang="en"><seg>A.</seg></tuv><tuv xml:lang="ja"><seg>エー。</seg></tuv></tu>
</body></tmx>`

// TestInterchangeProlog: an XLIFF or TMX file is known by its root
// element whatever its prolog holds: a second processing instruction, a
// DOCTYPE with an internal subset, a comment longer than the 4 KB other
// detection looks at.
func TestInterchangeProlog(t *testing.T) {
	prologs := map[string]string{
		"second PI":        `<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<?xml-stylesheet type="text/xsl" href="view.xsl"?>` + "\n",
		"internal subset":  `<?xml version="1.0"?>` + "\n" + `<!DOCTYPE x [ <!ENTITY co "Club"> <!ATTLIST seg a CDATA "]>"> ]>` + "\n",
		"subset comment":   `<?xml version="1.0"?>` + "\n" + `<!DOCTYPE x [ <!-- the translator's entities ]> --> <!ENTITY co "Club"> ]>` + "\n",
		"subset PI":        `<?xml version="1.0"?>` + "\n" + `<!DOCTYPE x [ <?tool keep ]> ?> <!ENTITY co "Club"> ]>` + "\n",
		"long comment":     `<?xml version="1.0"?>` + "\n<!-- " + strings.Repeat("written by a tool; ", 300) + "-->\n",
		"bom and comments": "\xef\xbb\xbf<!-- a --><!-- b -->\n",
	}
	for name, prolog := range prologs {
		for format, body := range map[string]string{"xliff": testXLIFF, "tmx": testTMX} {
			text := prolog + body
			if got := ingest.Detect(text); got != format {
				t.Errorf("%s %s: Detect %q", name, format, got)
			}
			d, err := ingest.Options{}.Bytes("tr."+format, []byte(text))
			if err != nil {
				t.Errorf("%s %s: %v", name, format, err)
				continue
			}
			if d.Source.Format != format || len(d.Items) != 1 || d.Items[0].Text != "エー。" || d.Lang != "ja" {
				t.Errorf("%s %s: read as %s, %d items, lang %s", name, format, d.Source.Format, len(d.Items), d.Lang)
			}
		}
	}
}

// TestTMXLanguages: a TMX of several target languages needs one chosen
// (Options.Lang), and says which it took; the text and the language are
// the same variant's; a TMX whose header names no srclang is an error.
func TestTMXLanguages(t *testing.T) {
	three := strings.Replace(testTMX, `<tuv xml:lang="ja"><seg>エー。</seg></tuv>`,
		`<tuv xml:lang="fr"><seg>Ah.</seg></tuv><tuv xml:lang="ja"><seg>エー。</seg></tuv><tuv xml:lang="pt-BR"><seg>Á.</seg></tuv>`, 1)
	_, err := ingest.Options{}.Bytes("three.tmx", []byte(three))
	if err == nil || !strings.Contains(err.Error(), "fr, ja, pt-BR") || !strings.Contains(err.Error(), "--lang") {
		t.Errorf("three languages, none chosen: %v, want an error naming them and --lang", err)
	}
	for _, c := range []struct{ lang, text, tag string }{{"fr", "Ah.", "fr"}, {"ja", "エー。", "ja"}, {"pt-br", "Á.", "pt-BR"}} {
		d, err := ingest.Options{Lang: c.lang}.Bytes("three.tmx", []byte(three))
		if err != nil {
			t.Errorf("--lang %s: %v", c.lang, err)
			continue
		}
		if len(d.Items) != 1 || d.Items[0].Text != c.text || d.Lang != c.tag {
			t.Errorf("--lang %s: lang %s, items %+v", c.lang, d.Lang, d.Items)
		}
		if !strings.Contains(strings.Join(d.Notes, "\n"), "took the "+c.tag+" variants") {
			t.Errorf("--lang %s: no note of the choice in %q", c.lang, d.Notes)
		}
	}
	if _, err := (ingest.Options{Lang: "de"}).Bytes("three.tmx", []byte(three)); err == nil || !strings.Contains(err.Error(), "no de variant") {
		t.Errorf("--lang de: %v, want an error", err)
	}
	nosrc := strings.Replace(testTMX, ` srclang="en"`, "", 1)
	if _, err := (ingest.Options{}).Bytes("nosrc.tmx", []byte(nosrc)); err == nil || !strings.Contains(err.Error(), "srclang") {
		t.Errorf("no srclang: %v, want an error naming srclang", err)
	}
}

// TestTMXLangPrefix: --lang fr takes a TMX's fr-FR variants, by BCP 47
// prefix (fr is a prefix of fr-FR, never of fro or fr where fr-FR is
// asked), and says which it took; the document's language is --lang's,
// as for any input. Two variants under the prefix are an error naming
// both.
func TestTMXLangPrefix(t *testing.T) {
	one := strings.Replace(testTMX, `xml:lang="ja"`, `xml:lang="fr-FR"`, 1)
	two := strings.Replace(testTMX, `<tuv xml:lang="ja"><seg>エー。</seg></tuv>`,
		`<tuv xml:lang="fr-FR"><seg>Ah.</seg></tuv><tuv xml:lang="fr-CA"><seg>Ah bin.</seg></tuv><tuv xml:lang="fro"><seg>Ahi.</seg></tuv>`, 1)
	for _, c := range []struct{ name, file, lang, text, tag, say string }{
		{"one", one, "fr", "エー。", "fr", "took the fr-FR variants for --lang fr"},
		{"one", one, "FR", "エー。", "fr", "took the fr-FR variants for --lang fr"},
		{"two", two, "fr-ca", "Ah bin.", "fr-CA", "took the fr-CA variants"},
		{"two", two, "fro", "Ahi.", "fro", "took the fro variants"},
		{"two", two, "fr", "", "", "--lang fr matches fr-CA, fr-FR"},
		{"one", one, "fr-CA", "", "", "no fr-CA variant"},
	} {
		d, err := ingest.Options{Lang: c.lang}.Bytes(c.name+".tmx", []byte(c.file))
		if c.text == "" {
			if err == nil || !strings.Contains(err.Error(), c.say) {
				t.Errorf("%s --lang %s: %v, want an error saying %q", c.name, c.lang, err, c.say)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s --lang %s: %v", c.name, c.lang, err)
			continue
		}
		if len(d.Items) != 1 || d.Items[0].Text != c.text || d.Lang != c.tag {
			t.Errorf("%s --lang %s: lang %s, items %+v", c.name, c.lang, d.Lang, d.Items)
		}
		if !strings.Contains(strings.Join(d.Notes, "\n"), c.say) {
			t.Errorf("%s --lang %s: notes %q, want %q", c.name, c.lang, d.Notes, c.say)
		}
	}
}

// TestTMXMixedRegionVariants: --lang fr over a TMX whose units give fr
// in some and fr-FR in others takes, per unit, the best match: the exact
// fr where the unit has it, else its one fr-FR variant; a note says how
// many units took the region's. Two regions under fr where a unit lacks
// the exact variant is an error naming both, never an empty entry.
func TestTMXMixedRegionVariants(t *testing.T) {
	tu := func(id, en, lang, text string) string {
		return `<tu tuid="` + id + `"><tuv xml:lang="en"><seg>` + en + `</seg></tuv><tuv xml:lang="` + lang + `"><seg>` + text + `</seg></tuv></tu>` + "\n"
	}
	body := tu("rule:1", "One.", "fr", "Un.") + tu("rule:2", "Two.", "fr-FR", "Deux.") +
		strings.Replace(tu("rule:3", "Three.", "fr", "Trois."), `</tu>`, `<tuv xml:lang="fr-FR"><seg>Trois (FR).</seg></tuv></tu>`, 1)
	file := strings.Replace(testTMX, strings.Split(testTMX, "\n")[2]+"\n", body, 1)
	d, err := ingest.Options{Lang: "fr"}.Bytes("mixed.tmx", []byte(file))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, it := range d.Items {
		got = append(got, it.ID+"="+it.Text)
	}
	if want := "rule:1=Un. rule:2=Deux. rule:3=Trois."; strings.Join(got, " ") != want || d.Lang != "fr" {
		t.Errorf("--lang fr: lang %s, items %q, want %q", d.Lang, got, want)
	}
	notes := strings.Join(d.Notes, "\n")
	if !strings.Contains(notes, "the fr-FR variant of 1 unit that has no fr") {
		t.Errorf("notes %q: no note of the unit that took fr-FR", d.Notes)
	}
	if strings.Contains(notes, "no translation") {
		t.Errorf("notes %q: a unit reported empty", d.Notes)
	}
	two := strings.Replace(file, `xml:lang="fr-FR"><seg>Deux.`, `xml:lang="fr-CA"><seg>Deux.`, 1)
	if _, err := (ingest.Options{Lang: "fr"}).Bytes("two.tmx", []byte(two)); err == nil || !strings.Contains(err.Error(), "fr-CA, fr-FR") {
		t.Errorf("fr, fr-CA and fr-FR, a unit without fr: %v, want an error naming fr-CA, fr-FR", err)
	}
}
