package ingest

// XMLToken is a token of xmlScanner, for tests that read a document with
// it and with encoding/xml.
type XMLToken struct {
	Kind  string // "start", "end", "text"
	Local string
	Text  string
	// Attr returns the value of a start tag's first attribute of that
	// local name.
	Attr func(local string) string
}

// XMLScan returns the tokens xmlScanner reads from data, and its error
// with the byte offset where it was found.
func XMLScan(data []byte) ([]XMLToken, int, error) {
	s := xmlScanner{data: data}
	var out []XMLToken
	for {
		tok, err := s.next()
		if err != nil {
			return out, s.errPos, err
		}
		switch tok {
		case tokEOF:
			return out, 0, nil
		case tokStart:
			attrs := s.attrs
			out = append(out, XMLToken{Kind: "start", Local: string(s.local), Attr: func(l string) string {
				sub := xmlScanner{attrs: attrs}
				return sub.attrVal(l)
			}})
		case tokEnd:
			out = append(out, XMLToken{Kind: "end", Local: string(s.local)})
		case tokText:
			out = append(out, XMLToken{Kind: "text", Text: string(s.text)})
		}
	}
}

// XMLCount reads data with xmlScanner and returns how many tokens it
// read, building none: for the scanner's benchmark.
func XMLCount(data []byte) (int, error) {
	s := xmlScanner{data: data}
	n := 0
	for {
		tok, err := s.next()
		if err != nil || tok == tokEOF {
			return n, err
		}
		n++
	}
}
