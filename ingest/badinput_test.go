package ingest_test

import (
	"archive/zip"
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/internal/pdftest"
)

// TestBadInput checks that each kind of bad input gives an *ingest.Error
// that names the input and says what is wrong, and never a panic.
func TestBadInput(t *testing.T) {
	ja := []byte("規則\n1 。 プレイヤーは席にいなければならない。\n2 。 ディーラーはカードを配る。\n3 。 ボタンは移動する。\n")
	for _, c := range []struct {
		name string
		data []byte
		opt  ingest.Options
		want string
	}{
		{"empty.txt", nil, ingest.Options{}, "empty input"},
		{"blank.txt", []byte(" \n\t\n"), ingest.Options{}, "empty input"},
		{"bom.md", []byte("\ufeff"), ingest.Options{}, "empty input"},
		{"bomblank.txt", []byte("\ufeff \n\n"), ingest.Options{}, "empty input"},
		{"bom.md", []byte("\ufeff"), ingest.Options{Format: "markdown"}, "empty input"},
		{"twobom.md", []byte("\ufeff\ufeff"), ingest.Options{}, "empty input"},
		{"twobomblank.txt", []byte("\ufeff\n\ufeff \r\n"), ingest.Options{}, "empty input"},
		{"bom16le.txt", []byte("\xff\xfe"), ingest.Options{}, "empty input"},
		{"bom16be.txt", []byte("\xfe\xff"), ingest.Options{}, "empty input"},
		{"bom16blank.md", []byte("\xff\xfe \x00\n\x00\t\x00\xff\xfe"), ingest.Options{}, "empty input"},
		{"bom16beblank.md", []byte("\xfe\xff\x00\r\x00\n"), ingest.Options{Format: "markdown"}, "empty input"},
		{"nul.bin", []byte("Rule 1: Title\x00\x01\x02 more"), ingest.Options{}, "binary data"},
		{"ctl.bin", bytes.Repeat([]byte{1, 2, 3, 'a'}, 100), ingest.Options{}, "binary data"},
		{"cut.txt", ja[:len(ja)-2], ingest.Options{}, "truncated UTF-8 sequence"},
		{"junk.txt", append([]byte("Rule 1: ok\n"), 0xff, 0xfe, 0x81, 0x00+0x7f, 0xc0), ingest.Options{}, ""},
		{"rules.txt", ja, ingest.Options{Format: "pdfx"}, `unknown format "pdfx"`},
		{"rules.txt", ja, ingest.Options{Lang: "not a tag!"}, "bad language tag"},
		{"rules.txt", ja, ingest.Options{Encoding: "klingon"}, `unknown encoding "klingon"`},
		{"page.html", []byte("<!DOCTYPE html><html><body><nav><p>1: Home</p></nav><script>x()</script></body></html>"), ingest.Options{}, "no text outside navigation"},
		{"nothing.md", []byte("# Title\n\n## A\n\n## B\n"), ingest.Options{}, "no rules"},
		{"prose.txt", []byte("just one line of prose without any structure at all."), ingest.Options{Format: "numbered"}, "no numbered rules"},
		{"bad.json", []byte(`{"edition": "x", "lang": "en", "items": [`), ingest.Options{}, "1:"},
		{"bad.csv", []byte("number,title,text\n1,Seats,\"unclosed quote\n2,Chips,text\n"), ingest.Options{}, "starts on line 2"},
		{"cols.csv", []byte("number,title,text\n"), ingest.Options{}, "header row and at least one item row"},
		{"empty.json", []byte("[]"), ingest.Options{}, "empty"},
		{"dup.json", []byte(`{"edition":"x","lang":"en","items":[{"id":"rule:1"},{"id":"rule:1"}]}`), ingest.Options{}, "duplicate id"},
	} {
		d, err := c.opt.Bytes(c.name, c.data)
		if err == nil {
			t.Errorf("%s: no error; got a document of %d items", c.name, len(d.Items))
			continue
		}
		var ie *ingest.Error
		if !errors.As(err, &ie) || ie.Input != c.name {
			t.Errorf("%s: error %v does not name the input", c.name, err)
		}
		if !strings.HasPrefix(err.Error(), c.name+":") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %q, want it to start with the name and say %q", c.name, err, c.want)
		}
	}
}

// TestTruncatedUTF8Position checks that the error points at the line and
// column of the cut character.
func TestTruncatedUTF8Position(t *testing.T) {
	data := []byte("line one\nline two ルール")
	_, err := ingest.Options{}.Bytes("cut.txt", data[:len(data)-1])
	var ie *ingest.Error
	if !errors.As(err, &ie) || ie.Line != 2 || ie.Col != len("line two ルー")+1 {
		t.Fatalf("error %v: want line 2, column %d", err, len("line two ルー")+1)
	}
}

// TestTooLarge checks the size limit on a 50 MB file; the reader stops at
// the limit instead of loading the whole file.
func TestTooLarge(t *testing.T) {
	path := filepath.Join(t.TempDir(), "huge.txt")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	line := []byte(strings.Repeat("12 。 a rule that goes on and on. ", 3) + "\n")
	for n := 0; n < 50<<20; n += len(line) {
		f.Write(line)
	}
	f.Close()
	_, err = ingest.Options{}.File(path)
	if !errors.Is(err, ingest.ErrTooLarge) || !strings.HasPrefix(err.Error(), path+":") {
		t.Fatalf("50 MB file: error %v, want ErrTooLarge naming the file", err)
	}
}

func TestFileErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ path, want string }{
		{filepath.Join(dir, "missing.txt"), "no such file"},
		{dir, "is a directory"},
	} {
		_, err := ingest.Options{}.File(c.path)
		if err == nil || !strings.HasPrefix(err.Error(), c.path+":") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want it to name the path and say %q", c.path, err, c.want)
		}
	}
}

// TestLegacyEncodings ingests Shift_JIS, EUC-JP and Windows-1252 bytes
// (written out here, not produced by the code under test) without being
// told the encoding.
func TestLegacyEncodings(t *testing.T) {
	for _, c := range []struct {
		name, enc string
		data      []byte
		want      string
	}{
		// "1 。 ルール\n2 。 ルール\n3 。 ルール" in Shift_JIS and EUC-JP.
		{"sjis.txt", "shift_jis", []byte("1 \x81\x42 \x83\x8b\x81\x5b\x83\x8b\n2 \x81\x42 \x83\x8b\x81\x5b\x83\x8b\n3 \x81\x42 \x83\x8b\x81\x5b\x83\x8b\n"), "ルール"},
		{"eucjp.txt", "euc-jp", []byte("1 \xa1\xa3 \xa5\xeb\xa1\xbc\xa5\xeb\n2 \xa1\xa3 \xa5\xeb\xa1\xbc\xa5\xeb\n3 \xa1\xa3 \xa5\xeb\xa1\xbc\xa5\xeb\n"), "ルール"},
		{"latin.txt", "windows-1252", []byte("1. O jogador n\xe3o pode falar.\n2. A a\xe7\xe3o \xe9 v\xe1lida.\n3. Regra \xfanica.\n"), "não"},
	} {
		d, err := ingest.Options{}.Bytes(c.name, c.data)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if d.Source.Encoding != c.enc || len(d.Items) != 3 || !strings.Contains(d.Items[0].Text, c.want) {
			t.Errorf("%s: encoding %q, %d items, first %q; want %s, 3 items, %q", c.name, d.Source.Encoding, len(d.Items), d.Items[0].Text, c.enc, c.want)
		}
	}
}

// TestTableErrors: a table or JSON array of items with a ragged row, a
// value of the wrong type or an unknown kind is an error at the line and
// column of the fault, never a guess.
func TestTableErrors(t *testing.T) {
	for _, c := range []struct {
		name, data string
		line, col  int
		want       string
	}{
		{"short.csv", "number,title,text\n1,Seats,ok\n2,Chips\n", 3, 8, "row has 2 fields, the header row has 3"},
		{"long.csv", "number,title,text\n1,Seats,ok\n3,Chips,ok,extra\n", 3, 12, "row has 4 fields, the header row has 3"},
		{"semi.csv", "number;title;text\n1;Seats;ok;\n", 2, 12, "row has 4 fields"},
		{"short.tsv", "id\ttitle\ttext\nrule:1\tSeats\n", 2, 13, "row has 2 fields, the header row has 3"},
		{"kind.csv", "number,kind,title\n1,rule,Seats\n2,bogus,Chips\n", 3, 3, `unknown kind "bogus"`},
		{"title.json", "[\n {\"number\": \"1\", \"title\": [\"x\"], \"text\": \"t\"}\n]", 2, 27, "item 1: title: want a string or a number, got an array"},
		{"text.json", "[{\"title\": \"a\"},\n {\"title\": \"b\", \"text\": {\"en\": \"x\"}}]", 2, 25, "item 2: text: want a string or a number, got an object"},
		{"bool.json", "[{\"number\": true, \"title\": \"a\"}]", 1, 13, "item 1: number: want a string or a number, got true"},
		{"kind.json", "[{\"title\": \"a\"},\n {\"title\": \"b\",\n  \"kind\": \"bogus\"}]", 3, 11, `item 2: unknown kind "bogus"`},
		{"row.json", "[{\"title\": \"a\"}, \"b\"]", 1, 18, "item 2: want an object"},
		{"syntax.json", "[{\"title\": \"a\"},\n {\"title\" \"b\"}]", 2, 11, "invalid character"},
		{"tail.json", "[{\"title\": \"a\"}] {}", 1, 18, "data after the array"},
	} {
		_, err := ingest.Options{}.Bytes(c.name, []byte(c.data))
		var ie *ingest.Error
		if !errors.As(err, &ie) || ie.Input != c.name || ie.Line != c.line || ie.Col != c.col || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v; want %s:%d:%d: ...%s", c.name, err, c.name, c.line, c.col, c.want)
		}
	}
}

// TestWeakEncodingEvidence: short Latin-1 text is Windows-1252, not
// Shift_JIS, and UTF-8 text with one bad byte is read as UTF-8 with a
// note saying where the byte was.
func TestWeakEncodingEvidence(t *testing.T) {
	d, err := ingest.Options{}.Bytes("latin.txt", []byte("1. D\xe9marrer la partie.\n2. \xc9lan du joueur.\n3. \xdcber alles.\n"))
	if err != nil || d.Source.Encoding != "windows-1252" || !strings.Contains(d.Items[0].Text, "Démarrer") {
		t.Errorf("short Latin-1: %v, %+v", err, d)
	}
	d, err = ingest.Options{}.Bytes("mixed.txt", []byte("1 。 プレイヤーは席にいなければならない。\n2 。 caf\xe9 ディーラーはカードを配る。\n3 。 ボタンは移動する。\n"))
	if err != nil {
		t.Fatalf("UTF-8 with one bad byte: %v", err)
	}
	if d.Source.Encoding != "utf-8" || d.Lang != "ja" || len(d.Items) != 3 || !strings.Contains(d.Items[1].Text, "caf ディーラー") {
		t.Errorf("UTF-8 with one bad byte: encoding %q, lang %q, items %+v", d.Source.Encoding, d.Lang, d.Items)
	}
	if !strings.Contains(strings.Join(d.Notes, "\n"), "not UTF-8") || !strings.Contains(strings.Join(d.Notes, "\n"), "line 2, column 10") {
		t.Errorf("notes %q: want one saying where the byte that is not UTF-8 was", d.Notes)
	}
	// A table is read from its bytes, which the ingest lets go once they
	// are decoded, unless, as here, some are not UTF-8: the note needs them.
	d, err = ingest.Options{Format: "tsv"}.Bytes("mixed.tsv", []byte("number\ttitle\ttext\n1\tプレイヤー\t席にいなければならない。\n2\tディーラー\tcaf\xe9 カードを配る。\n"))
	if err != nil || d.Source.Encoding != "utf-8" || len(d.Items) != 2 {
		t.Fatalf("table, UTF-8 with one bad byte: %v, %+v", err, d)
	}
	if !strings.Contains(strings.Join(d.Notes, "\n"), "not UTF-8: 1 byte sequence dropped, the first at line 3, column 22") {
		t.Errorf("table: notes %q: want one saying where the byte that is not UTF-8 was", d.Notes)
	}
}

// minimalPDF writes a one-page PDF with the given extra objects and
// trailer entries, its cross-reference table at the right offsets.
func minimalPDF(extra []string, trailer string) []byte {
	objs := append([]string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
	}, extra...)
	return pdftest.File(objs, trailer)
}

// TestBadPublications checks corrupt, encrypted and hostile PDF and DOCX
// files: each gives an error naming the input and the reason.
func TestBadPublications(t *testing.T) {
	hex32 := strings.Repeat("8f", 32)
	encrypted := minimalPDF([]string{"<< /Filter /Standard /V 1 /R 2 /O <" + hex32 + "> /U <" + strings.Repeat("3c", 32) + "> /P -44 >>"},
		"/Encrypt 4 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>]")
	// 64 MiB of spaces deflate to about 64 KiB: a zip bomb by ratio.
	bomb := makeDOCX(t, "<w:p><w:r><w:t>"+strings.Repeat(" ", 64<<20)+"</w:t></w:r></w:p>", nil)
	var noDoc bytes.Buffer
	zw := zip.NewWriter(&noDoc)
	w, _ := zw.Create("content.xml")
	w.Write([]byte("<office:document/>"))
	zw.Close()
	for _, c := range []struct {
		name string
		data []byte
		opt  ingest.Options
		want string
	}{
		{"garbage.pdf", []byte("%PDF-1.7\nthis is not a PDF at all\n"), ingest.Options{}, "not a readable PDF"},
		{"cut.pdf", minimalPDF(nil, "")[:60], ingest.Options{}, "not a readable PDF"},
		{"locked.pdf", encrypted, ingest.Options{}, "encrypted"},
		{"blank.pdf", minimalPDF(nil, ""), ingest.Options{}, "no rules found"},
		{"fake.docx", []byte("PK\x03\x04 not really a zip archive"), ingest.Options{}, "not a DOCX file"},
		{"text.docx", []byte("1: Rule\nText.\n"), ingest.Options{Format: "docx"}, "not a DOCX file"},
		{"book.odt", noDoc.Bytes(), ingest.Options{}, "no word/document.xml"},
		{"bomb.docx", bomb, ingest.Options{}, "zip bomb"},
		{"broken.docx", makeDOCX(t, "<w:p><w:r><w:t>1: Rule</w:t></w:p>", nil), ingest.Options{}, "word/document.xml: line"},
	} {
		d, err := c.opt.Bytes(c.name, c.data)
		if err == nil {
			t.Errorf("%s: no error; got a document of %d items", c.name, len(d.Items))
			continue
		}
		var ie *ingest.Error
		if !errors.As(err, &ie) || ie.Input != c.name || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %q, want an *ingest.Error naming the input and saying %q", c.name, err, c.want)
		}
	}
}
