package jsoncodec_test

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rulesync/rulesync/internal/jsoncodec"
	"github.com/rulesync/rulesync/internal/testgen"
)

// jsonSample has a field of each kind the append helpers write, with
// the tags the JSON of align, diff and gaps use.
type jsonSample struct {
	S      string    `json:"s"`
	Opt    string    `json:"opt,omitempty"`
	F      float64   `json:"f"`
	B      bool      `json:"b"`
	I      int       `json:"i"`
	List   []string  `json:"list"`
	OptIDs []string  `json:"opt_ids,omitempty"`
	Subs   []jsonSub `json:"subs"`
	Last   string    `json:"<last>"`
}

type jsonSub struct {
	N int    `json:"n"`
	T string `json:"t"`
}

// AppendIndentedJSON writes s with the helpers, as the element types of
// align, diff and gaps do.
func (s jsonSample) AppendIndentedJSON(b []byte, prefix string) ([]byte, error) {
	o := jsoncodec.StartObject(b, prefix)
	o.String("s", s.S)
	if s.Opt != "" {
		o.String("opt", s.Opt)
	}
	if err := o.Float("f", s.F); err != nil {
		return o.B, err
	}
	o.Bool("b", s.B)
	o.Int("i", s.I)
	o.Strings("list", s.List)
	if len(s.OptIDs) > 0 {
		o.Strings("opt_ids", s.OptIDs)
	}
	o.Key("subs")
	o.B = jsoncodec.AppendList(o.B, o.Inner(), s.Subs, func(b []byte, prefix string, x *jsonSub) []byte {
		o := jsoncodec.StartObject(b, prefix)
		o.Int("n", x.N)
		o.String("t", x.T)
		return o.End()
	})
	o.String("<last>", s.Last)
	return o.End(), nil
}

func randomSample(r *rand.Rand) jsonSample {
	s := jsonSample{S: testgen.Text(r, testgen.JSONPieces, 12), F: testgen.Float(r), B: r.IntN(2) == 0, I: r.IntN(2001) - 1000, List: testgen.Strings(r, testgen.JSONPieces, 12), OptIDs: testgen.Strings(r, testgen.JSONPieces, 12), Last: testgen.Text(r, testgen.JSONPieces, 12)}
	if r.IntN(2) == 0 {
		s.Opt = testgen.Text(r, testgen.JSONPieces, 12)
	}
	if r.IntN(3) > 0 {
		s.Subs = []jsonSub{}
		for range r.IntN(3) {
			s.Subs = append(s.Subs, jsonSub{r.Int() - r.Int(), testgen.Text(r, testgen.JSONPieces, 12)})
		}
	}
	return s
}

// prefixes are the prefixes the tests indent at: none, the ObjectWriter's
// member and element, deeper than deeper's table of spaces, and ones not
// of spaces.
var prefixes = []string{"", "  ", "    ", strings.Repeat(" ", 63), strings.Repeat(" ", 64), strings.Repeat(" ", 70), "\t", "> "}

// checkJSON holds the helpers' bytes for s, f and sample to encoding/json's
// (testgen.EncoderJSON) at prefix: the same bytes, or the same error.
func checkJSON(t *testing.T, s string, f float64, sample jsonSample, prefix string) {
	t.Helper()
	if got, want := jsoncodec.AppendString([]byte("x"), s), must(json.Marshal(s)); string(got) != "x"+string(want) {
		t.Fatalf("AppendString(%q) = %s, json.Marshal %s", s, got[1:], want)
	}
	got, gotErr := jsoncodec.AppendFloat([]byte("x"), f)
	want, wantErr := json.Marshal(f)
	if gotErr != nil || wantErr != nil {
		if gotErr == nil || wantErr == nil || gotErr.Error() != wantErr.Error() || string(got) != "x" {
			t.Fatalf("AppendFloat(%v) = %q, %v; json.Marshal: %v", f, got, gotErr, wantErr)
		}
	} else if string(got) != "x"+string(want) {
		t.Fatalf("AppendFloat(%v) = %s, json.Marshal %s", f, got[1:], want)
	}
	gotS, gotErr := sample.AppendIndentedJSON([]byte("x"), prefix)
	wantS, wantErr := testgen.EncoderJSON(sample, prefix)
	if gotErr != nil || wantErr != nil {
		if gotErr == nil || wantErr == nil || gotErr.Error() != wantErr.Error() {
			t.Fatalf("prefix %q, %+v: error %v, encoding/json's %v", prefix, sample, gotErr, wantErr)
		}
		return
	}
	if string(gotS) != "x"+string(wantS) {
		t.Fatalf("prefix %q, %+v:\n got %s\nwant %s", prefix, sample, gotS[1:], wantS)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// TestAppendJSON holds AppendString, AppendFloat and an object
// of every helper (strings, omitted strings, floats, bools, ints, nil,
// empty and full lists of strings and of objects) to encoding/json at
// every prefix, on random values: strings of HTML and control
// characters, U+2028 and invalid UTF-8; floats of every magnitude, NaN
// and infinities among them, which must fail as encoding/json fails.
func TestAppendJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 2028))
	nans := 0
	for i := range 20000 {
		sample := randomSample(r)
		if math.IsNaN(sample.F) || math.IsInf(sample.F, 0) {
			nans++
		}
		checkJSON(t, testgen.Text(r, testgen.JSONPieces, 12), testgen.Float(r), sample, prefixes[i%len(prefixes)])
	}
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		checkJSON(t, "", f, jsonSample{F: f}, "  ")
	}
	if nans == 0 {
		t.Error("no random sample has a NaN or infinite float: the test does not see the error")
	}
}

// TestObjectWriterIndentedJSON: a value that is Indented writes what
// the Encoder wrote for it, as a member and as list elements; one whose
// AppendIndentedJSON fails is the error of Close and is not written.
func TestObjectWriterIndentedJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	elems := []jsonSample{randomSample(r), randomSample(r), {S: "<b>", List: []string{}, Subs: []jsonSub{{1, "\u2028"}}}}
	for i := range elems {
		if math.IsNaN(elems[i].F) || math.IsInf(elems[i].F, 0) {
			elems[i].F = 1
		}
	}
	var want, got bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetIndent("", "  ")
	if err := enc.Encode(struct {
		One  jsonSample   `json:"one"`
		List []jsonSample `json:"list"`
	}{elems[0], elems}); err != nil {
		t.Fatal(err)
	}
	o := jsoncodec.NewObjectWriter(&got)
	o.Member("one", elems[0])
	o.List("list", len(elems), func(k int) any { return elems[k] })
	if err := o.Close(); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Errorf("got\n%s\nwant\n%s", got.String(), want.String())
	}

	got.Reset()
	o = jsoncodec.NewObjectWriter(&got)
	o.List("list", 2, func(k int) any { return jsonSample{S: "written", F: []float64{1, math.NaN()}[k]} })
	_, wantErr := json.Marshal(math.NaN())
	if err := o.Close(); err == nil || err.Error() != wantErr.Error() {
		t.Errorf("Close: %v, want %v", err, wantErr)
	}
	if n := strings.Count(got.String(), "written"); n != 1 {
		t.Errorf("%d elements written, want the one before the NaN:\n%s", n, got.String())
	}
}

// FuzzAppendJSON holds the helpers to encoding/json (as TestAppendJSON
// does) on a string, a float, and a sample object made of them, at a
// prefix; seeded with TestAppendJSON's first draws.
func FuzzAppendJSON(f *testing.F) {
	r := rand.New(rand.NewPCG(16, 2028))
	for i := range 16 {
		f.Add(testgen.Text(r, testgen.JSONPieces, 12), testgen.Float(r), uint8(i))
	}
	f.Add("\xed\xa0\x80<\u2028>&", math.NaN(), uint8(3))
	f.Fuzz(func(t *testing.T, s string, x float64, shape uint8) {
		var list []string
		if shape&8 != 0 {
			list = []string{}
		}
		for range shape >> 6 {
			list = append(list, s)
		}
		sample := jsonSample{S: s, Opt: s, F: x, B: shape&16 != 0, I: int(shape), List: list, OptIDs: list, Last: s}
		if shape&32 != 0 {
			sample.Subs = []jsonSub{{int(shape), s}}
		}
		checkJSON(t, s, x, sample, prefixes[int(shape)%len(prefixes)])
	})
}

// TestListOf holds ListOf to List: the same bytes for elements that
// append their own JSON (a method on the value) and for elements the
// Encoder writes, though ListOf writes each through a pointer to one
// variable.
func TestListOf(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	own := []jsonSample{randomSample(r), {S: "<b>", List: []string{}}, randomSample(r)}
	for i := range own {
		if math.IsNaN(own[i].F) || math.IsInf(own[i].F, 0) {
			own[i].F = 1
		}
	}
	type plain struct {
		ID   string   `json:"id"`
		Tags []string `json:"tags"`
	}
	plains := []plain{{"rule:1", []string{"a", "b"}}, {"rule:2", nil}, {"<&>", []string{}}}
	write := func(list func(o *jsoncodec.ObjectWriter)) string {
		var b bytes.Buffer
		o := jsoncodec.NewObjectWriter(&b)
		list(o)
		if err := o.Close(); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	want := write(func(o *jsoncodec.ObjectWriter) {
		o.List("own", len(own), func(k int) any { return own[k] })
		o.List("plain", len(plains), func(k int) any { return plains[k] })
		o.List("none", 0, func(int) any { return plain{} })
	})
	got := write(func(o *jsoncodec.ObjectWriter) {
		jsoncodec.ListOf(o, "own", len(own), func(k int) jsonSample { return own[k] })
		jsoncodec.ListOf(o, "plain", len(plains), func(k int) plain { return plains[k] })
		jsoncodec.ListOf(o, "none", 0, func(int) plain { return plain{} })
	})
	if got != want {
		t.Errorf("ListOf wrote\n%s\nList\n%s", got, want)
	}
	if !strings.Contains(want, `"rule:2"`) || !strings.Contains(want, `"\u003cb\u003e"`) {
		t.Errorf("the elements are not all written:\n%s", want)
	}
}
