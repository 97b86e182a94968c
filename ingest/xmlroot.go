package ingest

import (
	"bytes"
	"strings"
)

// xmlRootName names the root element of the XML document data holds:
// the first element after the prolog (a byte order mark, the XML
// declaration, processing instructions, comments, a DOCTYPE with or
// without an internal subset, white space), however long the prolog is;
// "" when data does not begin so. It reads the prolog only, in one pass,
// and needs only the start of the root tag ("<tmx" and a space, a "/",
// a ">" or the end of data).
func xmlRootName[T ~string | ~[]byte](data T) string {
	i := 0
	if len(data) >= 3 && string(data[:3]) == "\xef\xbb\xbf" {
		i = 3
	}
	skipTo := func(end string) bool {
		j := index(data[i:], end)
		if j < 0 {
			return false
		}
		i += j + len(end)
		return true
	}
	for {
		for i < len(data) && isXMLSpace(data[i]) {
			i++
		}
		rest := data[i:]
		switch {
		case hasPrefix(rest, "<?"):
			if !skipTo("?>") {
				return ""
			}
		case hasPrefix(rest, "<!--"):
			i += 4
			if !skipTo("-->") {
				return ""
			}
		case hasPrefix(rest, "<!DOCTYPE"):
			if i = skipDoctype(data, i); i < 0 {
				return ""
			}
		case hasPrefix(rest, "<"):
			j := 1
			for j < len(rest) && isNameByte(rest[j]) {
				j++
			}
			if j == 1 || j < len(rest) && !isXMLSpace(rest[j]) && rest[j] != '>' && rest[j] != '/' {
				return ""
			}
			name := string(rest[1:j])
			if k := strings.LastIndexByte(name, ':'); k >= 0 {
				name = name[k+1:]
			}
			return name
		default:
			return ""
		}
	}
}

// skipDoctype returns the offset after the DOCTYPE declaration at i, its
// internal subset ("[...]") and quoted strings included; -1 when data
// ends inside it.
func skipDoctype[T ~string | ~[]byte](data T, i int) int {
	depth := 0
	var quote byte
	for i += len("<!DOCTYPE"); i < len(data); i++ {
		c := data[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '<' && (hasPrefix(data[i:], "<!--") || hasPrefix(data[i:], "<?")):
			// A comment or processing instruction of the internal
			// subset: its text (a "'", a "]>") is not markup.
			end := "-->"
			if data[i+1] == '?' {
				end = "?>"
			}
			j := index(data[i+2:], end)
			if j < 0 {
				return -1
			}
			i += 2 + j + len(end) - 1
		case c == '"' || c == '\'':
			quote = c
		case c == '[':
			depth++
		case c == ']':
			depth--
		case c == '>' && depth <= 0:
			return i + 1
		}
	}
	return -1
}

func isXMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == ':' || c == '_' || c == '-' || c == '.' || c >= 0x80
}

func hasPrefix[T ~string | ~[]byte](s T, p string) bool {
	return len(s) >= len(p) && string(s[:len(p)]) == p
}

// index is strings.Index or bytes.Index, without a copy of s.
func index[T ~string | ~[]byte](s T, sub string) int {
	switch v := any(s).(type) {
	case string:
		return strings.Index(v, sub)
	case []byte:
		return bytes.Index(v, []byte(sub))
	}
	return strings.Index(string(s), sub)
}
