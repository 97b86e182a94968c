package corpus

import (
	"errors"
	"testing"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
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
