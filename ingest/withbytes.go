package ingest

import (
	"bufio"
	"fmt"
	"io"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/corpus/corpusjson"
)

// FileWithBytes reads and ingests the file at path as File does, and
// returns its bytes too, for a caller that reads them again (a draft
// laid out on the input's text, an error placed in it). A document JSON
// (corpusjson.IsDocument) is decoded as a stream, as File does, and its
// bytes are not returned (nil): its text is the JSON, which such a
// caller does not read, and holding it doubled the document's memory
// (two documents of 245k items: 218 MB of JSON held through the
// alignment).
func (o Options) FileWithBytes(path string) (*corpus.Document, []byte, error) {
	f, err := openInput(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	d, data, err := o.ReadWithBytes(path, f)
	if err != nil {
		return nil, nil, err
	}
	if d.Source.Path == "" && d.Source.URL == "" {
		d.Source.Path = path
	}
	return d, data, nil
}

// ReadWithBytes is FileWithBytes for the content of r; name identifies
// the input in errors.
func (o Options) ReadWithBytes(name string, r io.Reader) (*corpus.Document, []byte, error) {
	size := fileSize(r)
	if o.streams() {
		br := bufio.NewReaderSize(r, 64<<10)
		r = br
		head, err := withContext(o.context(), func() ([]byte, error) {
			head, err := br.Peek(64)
			if err == io.EOF || err == bufio.ErrBufferFull {
				err = nil
			}
			return head, err
		})
		if err != nil {
			return nil, nil, &Error{Input: name, Err: err}
		}
		if corpusjson.IsDocument(head) {
			d, err := o.decode(name, br, size)
			return d, nil, err
		}
	}
	data, err := o.readAll(name, r, size)
	if err != nil {
		return nil, nil, err
	}
	d, err := o.Bytes(name, data)
	if err != nil {
		return nil, nil, err
	}
	return d, data, nil
}

// capped reads r up to a limit of bytes, and fails with ErrTooLarge
// (setting over) at the byte past it: a document JSON decoded as a
// stream is held to the size limit as a read whole is (readAll).
type capped struct {
	r    io.Reader
	left int64 // the bytes it may still read, and one more
	over bool
}

// capReader returns r read up to max bytes (see capped).
func capReader(r io.Reader, max int64) *capped { return &capped{r: r, left: max + 1} }

func (c *capped) Read(p []byte) (int, error) {
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	if c.left <= 0 {
		c.over = true
		return n, ErrTooLarge
	}
	return n, err
}

// tooLarge is the error of an input over max bytes.
func tooLarge(name string, max int64) error {
	return &Error{Input: name, Err: fmt.Errorf("%w: more than %d bytes", ErrTooLarge, max)}
}

// docTooLarge is the error of a document JSON over documentFactor times
// the size limit, limit.
func docTooLarge(name string, limit int64) error {
	return &Error{Input: name, Err: fmt.Errorf("%w: a document JSON of more than %d bytes (%d times the size limit, %d)", ErrTooLarge, limit*documentFactor, documentFactor, limit)}
}
