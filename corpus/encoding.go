package corpus

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/japanese"
	xunicode "golang.org/x/text/encoding/unicode"
)

// EncodingError reports raw bytes that are not text in the expected
// encoding. Offset, Line and Col (1-based, Col in bytes) locate the first
// bad byte.
type EncodingError struct {
	Offset    int
	Line, Col int
	Reason    string
}

func (e *EncodingError) Error() string {
	return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Reason)
}

func newEncodingError(b []byte, off int, reason string) *EncodingError {
	line := 1 + bytes.Count(b[:off], []byte{'\n'})
	col := off - bytes.LastIndexByte(b[:off], '\n')
	return &EncodingError{Offset: off, Line: line, Col: col, Reason: reason}
}

// DecodeText turns raw bytes into a UTF-8 string and names the encoding it
// used. With charset empty it detects: a byte-order mark, valid UTF-8,
// then Shift_JIS, EUC-JP and Windows-1252 in that order, keeping the first
// whose decoding is clean and plausible. A charset name (any WHATWG label:
// "shift_jis", "euc-jp", "latin1", "windows-1252", "utf-8") forces it.
//
// It returns an *EncodingError for binary data (NUL bytes or many control
// characters), for UTF-8 cut short in the middle of a character, and for
// bytes no candidate encoding decodes cleanly.
func DecodeText(b []byte, charset string) (string, string, error) {
	if charset != "" {
		enc, err := htmlindex.Get(charset)
		if err != nil {
			return "", "", fmt.Errorf("unknown encoding %q", charset)
		}
		name, _ := htmlindex.Name(enc)
		if name == "utf-8" {
			return decodeUTF8(b)
		}
		s, err := enc.NewDecoder().Bytes(b)
		if err != nil {
			return "", "", fmt.Errorf("decoding as %s: %v", name, err)
		}
		return string(s), name, checkBinary([]byte(s))
	}
	switch {
	case bytes.HasPrefix(b, []byte{0xEF, 0xBB, 0xBF}):
		return decodeUTF8(b[3:])
	case bytes.HasPrefix(b, []byte{0xFF, 0xFE}), bytes.HasPrefix(b, []byte{0xFE, 0xFF}):
		s, err := xunicode.UTF16(xunicode.LittleEndian, xunicode.ExpectBOM).NewDecoder().Bytes(b)
		if err != nil {
			return "", "", fmt.Errorf("decoding UTF-16: %v", err)
		}
		return string(s), "utf-16", checkBinary(s)
	}
	if err := checkBinary(b); err != nil {
		return "", "", err
	}
	if utf8.Valid(b) {
		return string(b), "utf-8", nil
	}
	// Invalid UTF-8. A file that is valid up to a character cut short at
	// its end was truncated, not written in another encoding.
	off := firstInvalidUTF8(b)
	if utf8.Valid(b[:off]) && len(b)-off < utf8.UTFMax && !utf8.FullRune(b[off:]) && hasMultibyte(b[:off]) {
		return "", "", newEncodingError(b, off, "truncated UTF-8 sequence at end of input")
	}
	for _, c := range []struct {
		name string
		enc  encoding.Encoding
		ok   func(string) bool
	}{
		{"shift_jis", japanese.ShiftJIS, plausibleJapanese},
		{"euc-jp", japanese.EUCJP, plausibleJapanese},
		{"windows-1252", charmap.Windows1252, plausibleLatin},
	} {
		s, err := c.enc.NewDecoder().Bytes(b)
		if err != nil || bytes.ContainsRune(s, utf8.RuneError) || !c.ok(string(s)) {
			continue
		}
		return string(s), c.name, nil
	}
	return "", "", newEncodingError(b, off, "invalid UTF-8 and no legacy encoding fits; name one with --encoding")
}

func decodeUTF8(b []byte) (string, string, error) {
	if err := checkBinary(b); err != nil {
		return "", "", err
	}
	if !utf8.Valid(b) {
		off := firstInvalidUTF8(b)
		reason := "invalid UTF-8"
		if len(b)-off < utf8.UTFMax && !utf8.FullRune(b[off:]) {
			reason = "truncated UTF-8 sequence at end of input"
		}
		return "", "", newEncodingError(b, off, reason)
	}
	return string(b), "utf-8", nil
}

func firstInvalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(b)
}

func hasMultibyte(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return true
		}
	}
	return false
}

// checkBinary rejects data with a NUL byte or with more than 1 in 20
// control characters other than tab, newline, carriage return and form feed.
func checkBinary(b []byte) error {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		return newEncodingError(b, i, "binary data (NUL byte), not text")
	}
	ctl := 0
	for _, c := range b {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' || c == 0x7f {
			ctl++
		}
	}
	if len(b) > 0 && ctl*20 > len(b) {
		return newEncodingError(b, 0, "binary data (control characters), not text")
	}
	return nil
}

// plausibleJapanese accepts a decoding in which most non-ASCII letters are
// kana or common kanji, as Japanese text has.
func plausibleJapanese(s string) bool {
	jp, other := 0, 0
	for _, r := range s {
		if r < 0x80 {
			continue
		}
		switch {
		case unicode.In(r, unicode.Hiragana, unicode.Katakana) || (r >= 0x4e00 && r <= 0x9fff) || (r >= 0x3000 && r <= 0x30ff) || (r >= 0xff00 && r <= 0xffef):
			jp++
		default:
			other++
		}
	}
	return jp > 0 && other*10 <= jp
}

// plausibleLatin accepts a decoding whose non-ASCII characters are mostly
// letters sitting inside words, as accented Latin text has.
func plausibleLatin(s string) bool {
	letters, other := 0, 0
	for _, r := range s {
		if r < 0x80 {
			continue
		}
		if unicode.IsLetter(r) || strings.ContainsRune("“”‘’–—…«»°ºª€£§·", r) {
			letters++
		} else {
			other++
		}
	}
	return letters > 0 && other*5 <= letters
}
