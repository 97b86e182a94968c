package ingest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// siteChrome is two lines of a site's menu and footer in English, as a
// page copied from a browser carries them above and below its text.
const siteChrome = "Home | About | Contact | Privacy Policy | Terms of Use | Login | Search this site\n" +
	"Copyright 2024 United Nations. All rights reserved. Skip to main content.\n"

// TestChromeLanguage: a page in a script English does not write, copied
// from a browser as plain text with two lines of English site chrome
// above and below its text, is in the page's language, as the page
// alone is: never English, however much of the first lines the chrome
// fills. Made from every udhr Markdown page whose letters are mostly
// not Latin: its first 30 paragraphs, markup and headings left out.
func TestChromeLanguage(t *testing.T) {
	dir, names := testcorpus.UDHRFiles(t)
	tried := 0
	for _, name := range names {
		if filepath.Ext(name) != ".md" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if latinShare(string(data)) > 0.5 {
			continue
		}
		var paras []string
		for _, l := range strings.Split(string(data), "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") && len(paras) < 30 {
				paras = append(paras, l)
			}
		}
		plain := strings.Join(paras, "\n\n")
		alone, err := ingest.Options{}.Bytes(name+".txt", []byte(plain))
		if err != nil {
			t.Fatal(err)
		}
		page := siteChrome + "\n" + plain + "\n\n" + siteChrome
		d, err := ingest.Options{}.Bytes(name+".txt", []byte(page))
		if err != nil {
			t.Fatal(err)
		}
		tried++
		if d.Lang != alone.Lang {
			t.Errorf("%s with site chrome: language %s, want %s as without it", name, d.Lang, alone.Lang)
		}
	}
	if tried < 20 {
		t.Fatalf("%d udhr pages not mostly Latin; want 20 or more", tried)
	}
}

// latinShare is the share of s's letters that are Latin.
func latinShare(s string) float64 {
	latin, all := 0, 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			all++
			if unicode.Is(unicode.Latin, r) {
				latin++
			}
		}
	}
	if all == 0 {
		return 0
	}
	return float64(latin) / float64(all)
}
