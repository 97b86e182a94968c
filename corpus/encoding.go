package corpus

import (
	"bytes"
	"errors"
	"fmt"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/japanese"
	xunicode "golang.org/x/text/encoding/unicode"
)

// EncodingError reports raw bytes that are not text in the expected
// encoding. Its Position locates the first bad byte.
type EncodingError struct {
	Position
	Reason string
}

func (e *EncodingError) Error() string {
	return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Reason)
}

func newEncodingError(b []byte, off int, reason string) *EncodingError {
	return &EncodingError{Position: PositionAt(b, off), Reason: reason}
}

// DecodeText turns raw bytes into a UTF-8 string and names the encoding it
// used. With charset empty it detects: a byte-order mark, valid UTF-8,
// UTF-8 with a few bad sequences (at least two valid multibyte sequences
// for each bad run; each run becomes U+FFFD, and InvalidUTF8 locates
// them), then Shift_JIS and EUC-JP where the decoding is clean and
// Japanese (it needs kana or Japanese punctuation, not only kanji, which
// accented Latin letters read as Shift_JIS also give), then the
// encodings of one byte a character (decodeSingleByte), whose reading
// is a guess (GuessedEncoding). A charset name (any WHATWG label:
// "shift_jis", "euc-jp", "latin1", "windows-1252", "utf-8") forces it.
//
// It returns an *EncodingError for binary data (NUL bytes or many control
// characters; for NUL bytes laid out as UTF-16's, it names the
// --encoding that reads them), for UTF-8 cut short in the middle of a
// character, and for bytes no candidate encoding reads as text or that
// two read about as well.
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
	// Text that is UTF-8 but for a stray sequence or two (a Latin-1 "é"
	// pasted in, a damaged byte) is UTF-8: the bad runs become U+FFFD
	// (InvalidUTF8 says where). A legacy encoding gives no such runs of
	// valid multibyte sequences.
	if valid, bad := utf8Evidence(b); valid > 0 && bad*2 <= valid {
		return string(bytes.ToValidUTF8(b, []byte("\ufffd"))), "utf-8", nil
	}
	for _, c := range []struct {
		name string
		enc  encoding.Encoding
	}{
		{"shift_jis", japanese.ShiftJIS},
		{"euc-jp", japanese.EUCJP},
	} {
		s, err := c.enc.NewDecoder().Bytes(b)
		if err != nil || bytes.ContainsRune(s, utf8.RuneError) || !plausibleJapanese(string(s)) {
			continue
		}
		return string(s), c.name, nil
	}
	return decodeSingleByte(b, off)
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
		return nulError(b, i)
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
// kana, Japanese punctuation or kanji, as Japanese text has, with kana or
// punctuation among them: a few accented Latin letters read as Shift_JIS
// give kanji ("é" + letter) and half-width katakana ("Ü"), never these,
// whose Shift_JIS lead bytes (0x81-0x83) Latin text does not use.
func plausibleJapanese(s string) bool {
	jp, strong, other := 0, 0, 0
	for _, r := range s {
		if r < 0x80 {
			continue
		}
		switch {
		case r >= 0x3000 && r <= 0x30ff || r >= 0x31f0 && r <= 0x31ff: // punctuation, hiragana, katakana
			jp++
			strong++
		case r >= 0x4e00 && r <= 0x9fff || r >= 0xff00 && r <= 0xffef:
			jp++
		default:
			other++
		}
	}
	return strong > 0 && strong*5 >= jp && other*10 <= jp
}

// utf8Evidence counts the valid multibyte sequences of b and the runs of
// bytes that are not UTF-8.
func utf8Evidence(b []byte) (valid, bad int) {
	bad, _ = InvalidUTF8(b)
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if size > 1 && r != utf8.RuneError {
			valid++
		}
		i += size
	}
	return valid, bad
}

// InvalidUTF8 counts the runs of bytes in b that are not UTF-8 (each run
// becomes one U+FFFD where DecodeText reads b as UTF-8 with a bad
// sequence or two) and locates the first; it returns 0 and nil for valid
// UTF-8.
func InvalidUTF8(b []byte) (n int, first *EncodingError) {
	in := false
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			if !in {
				n++
				if first == nil {
					first = newEncodingError(b, i, "not UTF-8")
				}
			}
			in = true
			i++
			continue
		}
		in = false
		i += size
	}
	return n, first
}

// CheckCharset reports whether b can be text in the encoding a charset
// label names (any WHATWG label), as far as the bytes tell. It is for a
// charset someone else declared, such as a server's Content-Type header,
// which may be wrong; a charset the user names is DecodeText's to apply.
// It refuses UTF-16 without a byte-order mark on bytes that are valid
// UTF-8 (ASCII included: UTF-16 text is full of NUL bytes) or of odd
// length, UTF-8 on bytes that are not UTF-8, any other encoding on bytes
// that are valid UTF-8 with characters beyond ASCII (the server's
// default, not the page's), and an encoding whose decoder fails.
func CheckCharset(b []byte, charset string) error {
	enc, err := htmlindex.Get(charset)
	if err != nil {
		return fmt.Errorf("unknown encoding %q", charset)
	}
	name, _ := htmlindex.Name(enc)
	switch name {
	case "utf-16le", "utf-16be":
		switch {
		case bytes.HasPrefix(b, []byte{0xFF, 0xFE}), bytes.HasPrefix(b, []byte{0xFE, 0xFF}):
			return nil
		case utf8.Valid(b):
			return errors.New("the bytes have no UTF-16 byte-order mark and are valid UTF-8")
		case len(b)%2 == 1:
			return errors.New("UTF-16 has an even number of bytes, these are odd")
		}
	case "utf-8":
		if _, first := InvalidUTF8(b); first != nil {
			return fmt.Errorf("the bytes are not UTF-8 (line %d, column %d)", first.Line, first.Col)
		}
		return nil
	default:
		if utf8.Valid(b) && hasMultibyte(b) {
			return errors.New("the bytes are UTF-8, with characters beyond ASCII")
		}
	}
	if _, err := enc.NewDecoder().Bytes(b); err != nil {
		return fmt.Errorf("the bytes are not %s: %v", name, err)
	}
	return nil
}
