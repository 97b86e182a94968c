//go:build goexperiment.jsonv2

package jsoncodecs

import (
	jsonv1 "encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"

	"github.com/rulesync/rulesync/corpus"
)

// With GOEXPERIMENT=jsonv2, encoding/json/v2 (the standard library's
// copy of github.com/go-json-experiment/json) is measured too, with the
// options that give encoding/json's bytes: \u2028 and \u2029 escaped,
// invalid UTF-8 written as \ufffd.
func init() {
	opts := jsonv2.JoinOptions(jsontext.WithIndent("  "), jsontext.EscapeForJS(true), jsontext.AllowInvalidUTF8(true), jsonv1.OmitEmptyWithLegacySemantics(true))
	codecs = append(codecs, codec{"json-v2", func(d *corpus.Document) ([]byte, error) {
		b, err := jsonv2.Marshal(d, opts)
		return append(b, '\n'), err
	}, func(b []byte) (*corpus.Document, error) {
		var d corpus.Document
		if err := jsonv2.Unmarshal(b, &d, jsonv2.MatchCaseInsensitiveNames(true), jsontext.AllowInvalidUTF8(true)); err != nil {
			return nil, err
		}
		return &d, d.Validate()
	}})
}
