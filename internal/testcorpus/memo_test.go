package testcorpus

import (
	"reflect"
	"testing"

	"github.com/rulesync/rulesync/corpus"
)

// TestClone fills every field of a document and of its items (by
// reflection, so that a field added later is filled too) and checks
// that the clone is equal and shares no slice's elements with it.
func TestClone(t *testing.T) {
	d := &corpus.Document{}
	fill(reflect.ValueOf(d).Elem(), 0)
	c := Clone(d)
	if !reflect.DeepEqual(c, d) {
		t.Fatalf("clone %+v\nof %+v", c, d)
	}
	if p := shared(reflect.ValueOf(c).Elem(), reflect.ValueOf(d).Elem(), "Document"); p != "" {
		t.Errorf("the clone shares %s with the document", p)
	}
}

// fill sets every exported field of v to a value that is not zero:
// slices get two elements, each filled.
func fill(v reflect.Value, depth int) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), depth+1)
			}
		}
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fill(v.Index(i), depth+1)
		}
	case reflect.String:
		v.SetString("x")
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(int64(depth + 1))
	case reflect.Float64:
		v.SetFloat(0.5)
	case reflect.Bool:
		v.SetBool(true)
	}
}

// shared is the path of the first slice of a whose elements are b's, or "".
func shared(a, b reflect.Value, path string) string {
	switch a.Kind() {
	case reflect.Struct:
		for i := range a.NumField() {
			if f := a.Type().Field(i); f.IsExported() {
				if p := shared(a.Field(i), b.Field(i), path+"."+f.Name); p != "" {
					return p
				}
			}
		}
	case reflect.Slice:
		if a.Len() > 0 && a.Pointer() == b.Pointer() {
			return path
		}
		for i := range a.Len() {
			if p := shared(a.Index(i), b.Index(i), path+"[]"); p != "" {
				return p
			}
		}
	}
	return ""
}
