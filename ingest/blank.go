package ingest

import (
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// blankInput reports whether data holds nothing but white space and
// byte order marks (U+FEFF), in UTF-8, or in UTF-16 after its byte order
// mark (FF FE or FE FF); it stops at the first character of content.
func blankInput(data []byte) bool {
	if len(data) >= 2 && (data[0] == 0xff && data[1] == 0xfe || data[0] == 0xfe && data[1] == 0xff) {
		if len(data)%2 != 0 {
			return false
		}
		for i := 2; i < len(data); i += 2 {
			u := uint16(data[i])<<8 | uint16(data[i+1])
			if data[0] == 0xff {
				u = uint16(data[i+1])<<8 | uint16(data[i])
			}
			if utf16.IsSurrogate(rune(u)) || !blankRune(rune(u)) {
				return false
			}
		}
		return true
	}
	for len(data) > 0 {
		r, n := utf8.DecodeRune(data)
		if r == utf8.RuneError || !blankRune(r) {
			return false
		}
		data = data[n:]
	}
	return true
}

// blankRune reports whether r is white space or a byte order mark.
func blankRune(r rune) bool {
	return r == 0xfeff || unicode.IsSpace(r)
}
