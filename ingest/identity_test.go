package ingest_test

import (
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/testcorpus"
)

// identities are the language, edition, date and date text every file of
// the real corpus that states a date or is a translation gets. The
// translations are read from their text: the Debian pages state no
// language (no <html lang> in WML), and the Korean Constitution is
// mostly English (its title, headings and first sections are Korean).
// The Japanese Constitution pages include their version line from a
// file the corpus lacks: no date.
var identities = []struct {
	file, lang, edition, date, dateText string
}{
	{"wca/wca-regulations-2021-05-01-en.md", "en", "wca-2021-05-01", "2021-05-01", "May 1, 2021"},
	{"wca/wca-regulations-2024-01-01-en.md", "en", "wca-2024-01-01", "2024-01-01", "January 1, 2024"},
	{"wca/wca-regulations-2021-05-01-ja.md", "ja", "wca-2021-05-01", "2021-05-01", "2021年5月1日"},
	{"tda/tda-2024-longform-en.docx", "en", "tda-2024", "2024-10-09", "Oct 9, 2024"},
	{"tda/tda-2022-shortform-en.pdf", "en", "tda-2022", "2022-09-17", "Sept 17, 2022"},
	{"seeds/tda-2024-ja-reader-page.txt", "ja", "tda-2024", "2024-10-09", "2024年10月9日"},
	{"seeds/tda-2024-addendum-pt.txt", "pt", "tda", "", ""},
	{"dev/fide-laws/fide-laws-2018-en.md", "en", "2018-01-01", "2018-01-01", "1 January 2018"},
	{"dev/fide-laws/fide-laws-2018-ru.md", "ru", "2018-01-01", "2018-01-01", "1 января 2018"},
	{"dev/fide-laws/fide-laws-2023-en.md", "en", "2023-01-01", "2023-01-01", "1 January 2023"},
	{"dev/fide-laws/fide-laws-2023-ru.md", "ru", "2023-01-01", "2023-01-01", "1 января 2023"},
	{"dev/fide-laws/fide-laws-2023-hy.md", "hy", "2023-01-01", "2023-01-01", "2023թ.-ի հունվարի 1"},
	{"dev/debian-constitution/debian-constitution-1.0-en.wml", "en", "1.0", "1998-12-02", "December 2nd, 1998"},
	{"dev/debian-constitution/debian-constitution-1.0-ja.wml", "ja", "1.0", "", ""},
	{"dev/debian-constitution/debian-constitution-1.6-en.wml", "en", "1.6", "2015-12-13", "December 13th, 2015"},
	{"dev/debian-constitution/debian-constitution-1.7-en.wml", "en", "1.7", "2016-08-14", "August 14th, 2016"},
	{"dev/debian-constitution/debian-constitution-1.7-en.html", "en", "1.7", "2016-08-14", "August 14th, 2016"},
	{"dev/debian-constitution/debian-constitution-1.7-ja.wml", "ja", "1.7", "", ""},
	{"dev/debian-constitution/debian-constitution-1.7-ko.wml", "ko", "1.7", "2016-08-14", "2016.8.14."},
	{"dev/debian-constitution/debian-constitution-1.7-ru.wml", "ru", "1.7", "2016-08-14", "14-го августа 2016"},
	{"dev/debian-social-contract/debian-social-contract-1.0-en.wml", "en", "1.0", "1997-07-05", "July 5, 1997"},
	{"dev/debian-social-contract/debian-social-contract-1.0-ja.wml", "ja", "1.0", "1997-07-05", "1997 年 7 月 5 日"},
	{"dev/debian-social-contract/debian-social-contract-1.1-en.wml", "en", "1.1", "2004-04-26", "April 26, 2004"},
	{"dev/debian-social-contract/debian-social-contract-1.1-ar.wml", "ar", "1.1", "2004-04-26", "26 أبريل، 2004"},
	{"dev/debian-social-contract/debian-social-contract-1.1-he.wml", "he", "1.1", "2004-04-26", "26 לאפריל, 2004"},
	{"dev/debian-social-contract/debian-social-contract-1.1-ja.wml", "ja", "1.1", "2004-04-26", "2004 年 4 月 26 日"},
	{"dev/debian-social-contract/debian-social-contract-1.1-ru.wml", "ru", "1.1", "2004-04-26", "26 апреля 2004"},
	{"dev/debian-social-contract/debian-social-contract-1.1-zh.wml", "zh", "1.1", "2004-04-26", "2004年4月26日"},
	{"dev/debian-policy/debian-policy-4.1.2.0-en.rst", "en", "unknown", "", ""},
	{"dev/usau-rules/usau-rules-2024-2025-en.md", "en", "2024-2025", "", ""}, // the season its title states
}

// TestIdentity checks the language, edition and version date of every
// translation in the real corpus and of every source whose version line
// states a date, with the day and the text it was read from; the
// detector's confidence is recorded in the notes.
func TestIdentity(t *testing.T) {
	for _, c := range identities {
		t.Run(c.file, func(t *testing.T) {
			d := testcorpus.Doc(t, c.file)
			if d.Lang != c.lang || d.Edition != c.edition || d.Date != c.date || d.DateText != c.dateText {
				t.Errorf("lang, edition, date, date text = %s, %q, %q, %q; want %s, %q, %q, %q", d.Lang, d.Edition, d.Date, d.DateText, c.lang, c.edition, c.date, c.dateText)
			}
			noted := false
			for _, n := range d.Notes {
				noted = noted || strings.HasPrefix(n, "language detected from the text: "+c.lang+" (confidence ")
			}
			// The reader page and the rendered HTML page state their language.
			if !noted && d.Source.Format != "reader" && !strings.HasSuffix(c.file, ".html") {
				t.Errorf("no note of the language detected and its confidence: %q", d.Notes)
			}
		})
	}
}

// TestLangOverride: --lang wins over detection, and a page that states
// another language than its text is warned about.
func TestLangOverride(t *testing.T) {
	ar := testcorpus.Path(t, "dev/debian-social-contract/debian-social-contract-1.1-ar.wml")
	d, err := ingest.Options{Lang: "fa"}.File(ar)
	if err != nil {
		t.Fatal(err)
	}
	if d.Lang != "fa" {
		t.Errorf("--lang fa: lang = %s", d.Lang)
	}
	page := []byte(`<html lang="en"><body><h1>Правила</h1><ol>
<li>Участникам запрещено пользоваться электронными устройствами во время попытки.</li>
<li>Делегат отвечает за то, чтобы соревнование проводилось в соответствии с Регламентом.</li>
</ol></body></html>`)
	d, err = ingest.Options{}.Bytes("page.html", page)
	if err != nil {
		t.Fatal(err)
	}
	_, warnings := ingest.Report(d)
	if d.Lang != "en" || len(warnings) != 1 || !strings.Contains(warnings[0], "its text reads as ru") {
		t.Errorf("lang %s, warnings %q; want en as stated and a warning that the text reads as ru", d.Lang, warnings)
	}
}
