package corpus

import (
	"errors"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	xunicode "golang.org/x/text/encoding/unicode"
)

func TestDecodeText(t *testing.T) {
	ja := "第1項 プレイヤーは、ハンドを保持しなければならない。ルール第71項-B参照。\n"
	sjis, _ := japanese.ShiftJIS.NewEncoder().String(ja)
	euc, _ := japanese.EUCJP.NewEncoder().String(ja)
	pt := "A ação é válida; o jogador não pode falar.\n"
	latin, _ := charmap.Windows1252.NewEncoder().String(pt)
	for _, c := range []struct {
		name, in, charset, want, enc string
	}{
		{"utf8", ja, "", ja, "utf-8"},
		{"bom", "\ufeff" + ja, "", ja, "utf-8"},
		{"sjis", sjis, "", ja, "shift_jis"},
		{"eucjp", euc, "", ja, "euc-jp"},
		{"latin", latin, "", pt, "windows-1252"},
		{"forced", sjis, "shift_jis", ja, "shift_jis"},
		{"forced latin1", latin, "latin1", pt, "windows-1252"},
	} {
		got, enc, err := DecodeText([]byte(c.in), c.charset)
		if err != nil || got != c.want || enc != c.enc {
			t.Errorf("%s: got %q, %q, %v; want %q, %q", c.name, got, enc, err, c.want, c.enc)
		}
	}
	var ee *EncodingError
	if _, _, err := DecodeText([]byte(ja[:len(ja)-2]), ""); !errors.As(err, &ee) || ee.Line != 1 {
		t.Errorf("Japanese text cut inside its last character: %v", err)
	}
	cut := []byte("ルール")
	if _, _, err := DecodeText(cut[:len(cut)-1], ""); !errors.As(err, &ee) || ee.Reason != "truncated UTF-8 sequence at end of input" {
		t.Errorf("cut character: %v", err)
	}
	if _, _, err := DecodeText([]byte("ab\x00cd"), ""); !errors.As(err, &ee) || ee.Col != 3 {
		t.Errorf("NUL byte: %v", err)
	}
	if _, _, err := DecodeText([]byte("x"), "klingon"); err == nil {
		t.Errorf("unknown charset accepted")
	}
}

// TestDecodeWeakEvidence: detection picks Shift_JIS or EUC-JP only on
// Japanese evidence (kana or Japanese punctuation), never on a few
// accented Latin letters that happen to form Shift_JIS bytes, and a text
// that is UTF-8 but for one bad sequence stays UTF-8.
func TestDecodeWeakEvidence(t *testing.T) {
	for _, pt := range []string{
		"Démarrer",
		"Élan, Ödön, Ünal.",
		"Règle 5: le joueur doit être assis.",
		"Regra 5: o jogador não pode falar.",
		"Über die Regel",
	} {
		// One sentence is little evidence: it is read as Windows-1252
		// or refused, never read otherwise.
		b, _ := charmap.Windows1252.NewEncoder().String(pt)
		got, enc, err := DecodeText([]byte(b), "")
		if err != nil && !strings.Contains(err.Error(), "--encoding") || err == nil && (enc != "windows-1252" || got != pt) {
			t.Errorf("Latin-1 %q: got %q, %q, %v; want windows-1252 or an error naming --encoding", pt, got, enc, err)
		}
	}
	ja := "第1項 プレイヤーは、ハンドを保持しなければならない。"
	for _, c := range []struct{ name, in, want string }{
		{"one bad byte", ja[:8] + "\xff" + ja[8:], ja[:8] + "\ufffd" + ja[8:]},
		{"a Latin-1 é in UTF-8", "La règle: " + "caf\xe9, " + ja, "La règle: caf\ufffd, " + ja},
	} {
		got, enc, err := DecodeText([]byte(c.in), "")
		if err != nil || enc != "utf-8" || got != c.want {
			t.Errorf("%s: got %q, %q, %v; want %q as utf-8", c.name, got, enc, err, c.want)
		}
		if n, first := InvalidUTF8([]byte(c.in)); n != 1 || first == nil || first.Line != 1 {
			t.Errorf("%s: InvalidUTF8 = %d, %v; want 1 at line 1", c.name, n, first)
		}
	}
	short, _ := japanese.ShiftJIS.NewEncoder().String("ルール")
	if got, enc, err := DecodeText([]byte(short), ""); err != nil || enc != "shift_jis" || got != "ルール" {
		t.Errorf("short Shift_JIS: got %q, %q, %v", got, enc, err)
	}
}

// TestCheckCharset: a declared charset is checked against the bytes.
func TestCheckCharset(t *testing.T) {
	sjis, _ := japanese.ShiftJIS.NewEncoder().String("ルール第1項")
	for _, c := range []struct {
		name, charset string
		in            string
		ok            bool
	}{
		{"utf-16 on ASCII", "utf-16", "<html><p>Rule 1</p></html>", false},
		{"utf-16le on UTF-8", "UTF-16LE", "ルール第1項", false},
		{"utf-16 with a BOM", "utf-16", "\xff\xfeR\x00u\x00", true},
		{"utf-8 on UTF-8", "utf-8", "ルール", true},
		{"utf-8 on Shift_JIS", "utf-8", sjis, false},
		{"latin1 on UTF-8 beyond ASCII", "iso-8859-1", "Règle", false},
		{"latin1 on ASCII", "iso-8859-1", "Rule", true},
		{"shift_jis on Shift_JIS", "shift_jis", sjis, true},
		{"unknown", "klingon", "x", false},
	} {
		if err := CheckCharset([]byte(c.in), c.charset); (err == nil) != c.ok {
			t.Errorf("%s: CheckCharset = %v, want ok %v", c.name, err, c.ok)
		}
	}
}

// TestUTF16WithoutBOM: UTF-16 without a byte-order mark is not text as
// detection reads it (NUL bytes), and the error names the --encoding
// that reads it; other NUL bytes get no such hint.
func TestUTF16WithoutBOM(t *testing.T) {
	text := "Article 1. Everyone has the right to life.\nArticle 2. Règle.\n"
	le, _ := xunicode.UTF16(xunicode.LittleEndian, xunicode.IgnoreBOM).NewEncoder().String(text)
	be, _ := xunicode.UTF16(xunicode.BigEndian, xunicode.IgnoreBOM).NewEncoder().String(text)
	ru := "Статья 1. Все люди рождаются свободными и равными.\n"
	ruBE, _ := xunicode.UTF16(xunicode.BigEndian, xunicode.IgnoreBOM).NewEncoder().String(ru)
	for _, c := range []struct{ name, in, want string }{
		{"le", le, "--encoding utf-16le"},
		{"be", be, "--encoding utf-16be"},
		{"Cyrillic be", ruBE, "--encoding utf-16be"},
	} {
		_, _, err := DecodeText([]byte(c.in), "")
		if err == nil || !strings.Contains(err.Error(), "binary data (NUL byte)") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want the NUL byte error naming %s", c.name, err, c.want)
		}
		if got, _, err := DecodeText([]byte(c.in), c.want[len("--encoding "):]); err != nil || got != text && got != ru {
			t.Errorf("%s named: %q, %v", c.name, got, err)
		}
	}
	if _, _, err := DecodeText([]byte("ab\x00cd\x00\x00\x01xyz"), ""); err == nil || strings.Contains(err.Error(), "utf-16") {
		t.Errorf("NUL bytes that are no UTF-16: %v", err)
	}
}

// TestOddness: a decoding that puts letters together as no language
// does (mojibake) is odd, whatever the script; text is not.
func TestOddness(t *testing.T) {
	for _, s := range []string{
		"Статья 1. Все люди рождаются свободными.",
		"Règle 5: le joueur doit être assis.",
		"Άρθρο 1. Όλοι οι άνθρωποι γεννιούνται ελεύθεροι.",
		"MADDE 1. Bütün insanlar hür doğarlar.",
	} {
		if o := oddness(s); o > maxOddness {
			t.Errorf("%q: oddness %.2f, want at most %.2f", s, o, maxOddness)
		}
	}
	for _, s := range []string{
		"Ñòàòüÿ 1. Âñå ëþäè ðîæäàþòñÿ ñâîáîäíûìè.", // Windows-1251 read as Windows-1252
		"óÔÁÔØÑ 1. ÷ÓÅ ÌÀÄÉ ÒÏÖÄÁÀÔÓÑ Ó×ÏÂÏÄÎÙÍÉ.", // KOI8-R read as Windows-1252
		"Ñ‚Ð°Ñ‚ÑŒÑ 1", // UTF-8 read as Windows-1252
	} {
		if o := oddness(s); o <= maxOddness {
			t.Errorf("%q: oddness %.2f, want more than %.2f", s, o, maxOddness)
		}
	}
}
