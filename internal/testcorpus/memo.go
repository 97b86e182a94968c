package testcorpus

import (
	"slices"
	"sync"

	"github.com/rulesync/rulesync/corpus"
)

// memo holds the documents Doc and TextDoc made, by path and the way
// they were read ("file", "bytes"): a package's tests read the same
// files again and again (the quick suite spent a tenth or more of its
// time ingesting them anew).
var memo sync.Map // string -> *memoDoc

// memoDoc is one ingest, made once.
type memoDoc struct {
	once sync.Once
	doc  *corpus.Document
	err  error
}

// ingested is the document read calls for path and way, made once per
// process: each call has a deep copy of it, so that a test may change
// its document.
func ingested(path, way string, read func() (*corpus.Document, error)) (*corpus.Document, error) {
	v, _ := memo.LoadOrStore(way+"\x00"+path, &memoDoc{})
	m := v.(*memoDoc)
	m.once.Do(func() { m.doc, m.err = read() })
	if m.err != nil {
		return nil, m.err
	}
	return Clone(m.doc), nil
}

// Clone is a deep copy of d: no slice of the copy shares an element
// with d's (strings, which cannot change, are shared).
func Clone(d *corpus.Document) *corpus.Document {
	c := &corpus.Document{Edition: d.Edition, Lang: d.Lang, Title: d.Title, Version: d.Version, Date: d.Date,
		DateText: d.DateText, Source: d.Source, Notes: slices.Clone(d.Notes)}
	if d.Items != nil {
		c.Items = make([]corpus.Item, len(d.Items))
		for k := range d.Items {
			c.Items[k] = cloneItem(d.Items[k])
		}
	}
	if d.Obsolete != nil {
		c.Obsolete = slices.Clone(d.Obsolete)
		for k := range c.Obsolete {
			c.Obsolete[k].Item = cloneItem(d.Obsolete[k].Item)
		}
	}
	return c
}

// cloneItem is a deep copy of it.
func cloneItem(it corpus.Item) corpus.Item {
	it.Parts = slices.Clone(it.Parts)
	it.Refs = slices.Clone(it.Refs)
	it.Flags = slices.Clone(it.Flags)
	it.Marks = slices.Clone(it.Marks)
	it.Inline = slices.Clone(it.Inline)
	return it
}
