package jsoncodec_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/rulesync/rulesync/internal/jsoncodec"
)

// TestObjectWriter holds ObjectWriter to json.Encoder with two-space
// indentation on objects of members and lists, empty and not, with
// nested values, HTML characters and non-ASCII text in names and values.
func TestObjectWriter(t *testing.T) {
	type elem struct {
		ID   string         `json:"id"`
		Tags []string       `json:"tags"`
		Sub  map[string]int `json:"sub"`
	}
	type member struct {
		name  string
		list  []any // a list member when not nil
		value any
	}
	elems := []any{elem{"rule:1", []string{}, nil}, elem{"<b>&", []string{"x", "ルール"}, map[string]int{"b": 2, "a": 1}}, 3.5, nil, "é\u2028"}
	cases := [][]member{
		{},
		{{name: "a", value: 1}},
		{{name: "list", list: []any{}}},
		{{name: "source", value: map[string]string{"edition": "2024", "lang": "ja"}}, {name: "pairs", list: elems}, {name: "ratio", value: 0.25}},
		{{name: "<名>", list: elems[:1]}, {name: "empty", list: []any{}}, {name: "last", list: elems[1:]}},
		{{name: "null", value: nil}, {name: "nested", value: []any{[]any{}, map[string]any{}, []int{1, 2}}}},
	}
	for i, ms := range cases {
		// What the Encoder writes for the whole object, members in order.
		var want bytes.Buffer
		want.WriteString("{")
		for k, m := range ms {
			if k > 0 {
				want.WriteString(",")
			}
			name, _ := json.Marshal(m.name)
			v := m.value
			if m.list != nil {
				v = m.list
			}
			val, _ := json.Marshal(v)
			want.Write(name)
			want.WriteString(":")
			want.Write(val)
		}
		want.WriteString("}")
		var obj json.RawMessage = append([]byte(nil), want.Bytes()...)
		want.Reset()
		enc := json.NewEncoder(&want)
		enc.SetIndent("", "  ")
		if err := enc.Encode(obj); err != nil {
			t.Fatal(err)
		}

		var got bytes.Buffer
		o := jsoncodec.NewObjectWriter(&got)
		for _, m := range ms {
			if m.list != nil {
				o.List(m.name, len(m.list), func(k int) any { return m.list[k] })
			} else {
				o.Member(m.name, m.value)
			}
		}
		if err := o.Close(); err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if got.String() != want.String() {
			t.Errorf("case %d:\n got %q\nwant %q", i, got.String(), want.String())
		}
	}
}

// TestObjectWriterError checks that a value json.Marshal refuses is the
// error Close returns, and that nothing after it is written.
func TestObjectWriterError(t *testing.T) {
	var got bytes.Buffer
	o := jsoncodec.NewObjectWriter(&got)
	o.Member("ok", 1)
	o.List("bad", 2, func(k int) any {
		if k == 1 {
			return make(chan int)
		}
		return k
	})
	o.Member("after", 2)
	err := o.Close()
	var ute *json.UnsupportedTypeError
	if !errors.As(err, &ute) {
		t.Fatalf("Close: %v, want the json.UnsupportedTypeError of the channel", err)
	}
	if bytes.Contains(got.Bytes(), []byte("after")) {
		t.Errorf("a member was written after the error: %q", got.String())
	}
}
