// Package testgen makes the random inputs that tests hold hand-written code to, and the reference bytes of encoding/json they compare with.
package testgen

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"
)

// JSONPieces are what the random strings of the JSON tests are made of:
// HTML characters, quotes and backslashes, control characters (the named
// escapes, others and DEL), U+2028 and U+2029, bytes that are no UTF-8
// (a lone continuation byte, a cut sequence, an overlong form, a
// surrogate), and text in several scripts.
var JSONPieces = []string{"a", "Rule 12", "rule:12", " ", "<", ">", "&", "<b>", "\"", "\\", "/", "\b", "\f", "\n", "\r", "\t", "\x00", "\x01", "\x1f", "\x7f",
	"\u2028", "\u2029", "\u2027", "\u202a", "\xff", "\x80", "\xe3\x83", "\xc0\xaf", "\xed\xa0\x80", "é", "ルール", "席", "\U0001f0a1", "\ufffd", "\u00a0"}

// Text joins up to most-1 pieces drawn at random (none when most is 1).
// It panics when most < 1, and when pieces is empty and a piece is to be
// drawn, as r.IntN does.
func Text(r *rand.Rand, pieces []string, most int) string {
	var b []byte
	for range r.IntN(most) {
		b = append(b, pieces[r.IntN(len(pieces))]...)
	}
	return string(b)
}

// Strings is nil, empty, or one to three Texts of pieces of up to most-1
// pieces each: the three shapes a list takes in JSON (null or left out,
// [], full).
func Strings(r *rand.Rand, pieces []string, most int) []string {
	switch r.IntN(4) {
	case 0:
		return nil
	case 1:
		return []string{}
	}
	ss := make([]string, 1+r.IntN(3))
	for i := range ss {
		ss[i] = Text(r, pieces, most)
	}
	return ss
}

// Float draws floats of every magnitude json.Marshal formats
// differently: zeros, integers, the cutoffs of 'e' form (1e-6, 1e21) and
// their neighbours, subnormals, the largest floats, random bit patterns
// (NaN and infinities among them), and the three-decimal scores rulesync
// writes; each with either sign.
func Float(r *rand.Rand) float64 {
	var f float64
	switch r.IntN(8) {
	case 0:
		f = []float64{0, 1, 0.5, 1e-6, 1e21, 1e20, 1e-7, 123456789, 5e-324, math.MaxFloat64, math.SmallestNonzeroFloat64, 0.1, 1e100, 1e-100}[r.IntN(14)]
	case 1:
		f = math.Nextafter([]float64{1e-6, 1e21}[r.IntN(2)], []float64{0, math.Inf(1)}[r.IntN(2)])
	case 2:
		f = math.Float64frombits(r.Uint64())
	case 3:
		f = float64(r.IntN(1001)) / 1000
	case 4:
		f = float64(r.Int64())
	default:
		f = math.Pow(10, r.Float64()*640-330) * r.Float64()
	}
	if r.IntN(2) == 0 {
		f = -f
	}
	return f
}

// EncoderJSON is what jsoncodec.ObjectWriter wrote for a value before
// jsoncodec.Indented: a json.Encoder's bytes for v with SetIndent(prefix,
// "  "), by reflection, the newline at the end left out; or the
// encoder's error (a NaN or an infinite float, for one).
func EncoderJSON(v any, prefix string) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent(prefix, "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// Appender is a value that writes its own indented JSON.
type Appender interface {
	AppendIndentedJSON(b []byte, prefix string) ([]byte, error)
}

// CheckAppend holds v's AppendIndentedJSON to EncoderJSON at prefix: the
// same bytes after what the buffer held before, or the same error.
func CheckAppend(t testing.TB, v Appender, prefix string) {
	t.Helper()
	got, gotErr := v.AppendIndentedJSON([]byte("x"), prefix)
	want, wantErr := EncoderJSON(v, prefix)
	if gotErr != nil || wantErr != nil {
		if gotErr == nil || wantErr == nil || gotErr.Error() != wantErr.Error() {
			t.Fatalf("%+v: error %v, the encoder's %v", v, gotErr, wantErr)
		}
		return
	}
	if string(got) != "x"+string(want) {
		t.Fatalf("%+v at %q:\n got %s\nwant %s", v, prefix, got[1:], want)
	}
}
