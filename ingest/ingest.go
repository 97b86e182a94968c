// Package ingest reads rulebooks in their published formats into corpus documents.
package ingest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/corpus/corpusjson"
	"github.com/rulesync/rulesync/internal/lazyre"
)

// DefaultMaxBytes is the largest input read when Options.MaxBytes is zero.
const DefaultMaxBytes = 32 << 20

// Options configures an ingest. The zero value detects the format,
// encoding, edition and language from the content.
type Options struct {
	// Format forces a format by name (see Formats); empty detects it.
	Format string
	// Notes, when not nil, receives the notes of the items of a
	// document JSON read (a draft sync wrote), by item id, which the
	// items' texts drop (corpusjson.Decoder.Notes).
	Notes map[string]string
	// Edition and Lang override what the source states or detection finds.
	Edition string
	Lang    string
	// Encoding forces a character encoding by WHATWG label ("shift_jis").
	Encoding string
	// MaxBytes limits the input size; 0 means DefaultMaxBytes. It also
	// bounds what a DOCX part may inflate to. A document JSON in the
	// shape rulesync writes (corpusjson.IsDocument) may have 4 times as
	// many bytes (documentFactor), however it is read; File, Read and
	// Bytes decode it as a stream.
	MaxBytes int64
	// MaxBlocks limits the blocks (paragraphs, lines, headings, list
	// items, table rows) a reader of text, Markdown, HTML, DOCX or PDF
	// may find in the input, and the items of a document JSON, PO,
	// XLIFF, TMX or table; 0 means DefaultMaxBlocks. More is an
	// ErrTooManyBlocks, before the structure recognizer reads them.
	MaxBlocks int
	// Budget, when not nil, is shared with other reads in place of
	// MaxBlocks: the read may take what is left of it (see Budget).
	Budget *Budget
	// Timeout bounds a fetch by URL; 0 means DefaultTimeout.
	Timeout time.Duration
	// Redirects limits the redirects a fetch follows; 0 means
	// DefaultRedirects.
	Redirects int
	// Client makes the requests of a fetch; nil means one that connects
	// to public addresses only (see Fetch), or http.DefaultClient when
	// AllowPrivate is set. A Client given makes its own connections.
	Client *http.Client
	// AllowPrivate lets a fetch connect to loopback, private and
	// link-local addresses (a server on the same machine or network);
	// without it such a fetch fails with ErrPrivateAddress.
	AllowPrivate bool
	// Now gives the ingest time recorded in the provenance; nil means
	// time.Now, and the SOURCE_DATE_EPOCH environment variable, when set,
	// fixes it for reproducible output.
	Now func() time.Time
	// PDFEngine names the engine that reads a PDF, one of PDFEngines: ""
	// or "auto" is the build's default. Another name is an error when a
	// PDF is read.
	PDFEngine string
	// Context, when not nil, stops an ingest early once it is done (an
	// interrupted command): File, Read and Bytes then return an *Error
	// wrapping its error, such as context.Canceled. The PDF engine and a
	// read from standard input stop at once, the other formats when their
	// parse ends. URL and Fetch take their context as an argument, which
	// URL also gives to the ingest when Context is nil.
	Context context.Context
}

func (o Options) context() context.Context {
	if o.Context == nil {
		return context.Background()
	}
	return o.Context
}

// Error is an ingest failure, naming the input and, when known, the
// position of the fault in it (Line 0 where none is).
type Error struct {
	Input string
	corpus.Position
	Err error
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %v", e.Input, e.Line, e.Col, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.Input, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// ErrTooLarge is wrapped by the Error for an input over the size limit.
var ErrTooLarge = errors.New("input too large")

// parser reads decoded text into d. It fills Items and whatever of the
// document's metadata the text states.
type parser func(text string, d *corpus.Document) error

// binaryParser reads a format that is not text (PDF, DOCX) from its raw
// bytes into d.
type binaryParser func(data []byte, o Options, d *corpus.Document) error

// format is one source format: a text format has parse, a binary one
// binary.
type format struct {
	name   string
	doc    string
	parse  parser
	binary binaryParser
	// read, when set, reads the format through its block reader and the
	// structure recognizer (parse is then read without the structure),
	// and arbitrate compares its reading with the plain text reading by
	// what each explains.
	read reader
}

var formats = map[string]*format{}

func register(f *format) { formats[f.name] = f }

// Formats returns the names of the formats Options.Format accepts, sorted,
// each with a one-line description.
func Formats() [][2]string {
	var out [][2]string
	for _, f := range formats {
		out = append(out, [2]string{f.name, f.doc})
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}

// File reads and ingests the file at path: a document JSON (see
// corpusjson.IsDocument) as a stream, anything else read whole, within
// MaxBytes (see readAll). The file must be a regular one, or one of the
// process's own descriptors (see openInput).
func (o Options) File(path string) (*corpus.Document, error) {
	d, _, err := o.FileWithBytes(path)
	return d, err
}

func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// ReadFile reads the file at path as File does before ingesting it: a
// regular file or one of the process's own descriptors (see openInput),
// at most MaxBytes (see readAll), so that a huge file or a pipe that
// never ends is refused at the limit. Errors are *Error values naming
// path.
func (o Options) ReadFile(path string) ([]byte, error) {
	f, err := openInput(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return o.readAll(path, f, fileSize(f))
}

// openInput opens the input file at path. A named pipe (FIFO) opened
// for reading blocks until something opens it for writing, and a
// device, socket or pipe may never end or never answer: a command given
// one with no writer waited for ever. So the file is opened without
// blocking, and one that is not regular is refused, named by its kind.
// A path to one of the process's own descriptors (/dev/stdin,
// /dev/fd/N, /proc/self/fd/N: a shell's process substitution, <(cmd),
// is a pipe whose writer is there) is opened as it is: its pipe has a
// writer, or the command's standard input is what the user gave.
// Errors are *Error values naming path.
func openInput(path string) (*os.File, error) {
	if ownDescriptor(path) {
		f, err := os.Open(path)
		if err != nil {
			return nil, &Error{Input: path, Err: unwrapPathError(err)}
		}
		if fi, err := f.Stat(); err == nil && fi.IsDir() {
			f.Close()
			return nil, &Error{Input: path, Err: errors.New("is a directory")}
		}
		return f, nil
	}
	if err := systemFile(path); err != nil {
		return nil, &Error{Input: path, Err: err}
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, &Error{Input: path, Err: unwrapPathError(err)}
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, &Error{Input: path, Err: unwrapPathError(err)}
	}
	if m := fi.Mode(); !m.IsRegular() {
		f.Close()
		if m.IsDir() {
			return nil, &Error{Input: path, Err: errors.New("is a directory")}
		}
		return nil, &Error{Input: path, Err: fmt.Errorf("is %s, not a regular file: give its content as standard input (-), or as /dev/fd/N", FileKind(m))}
	}
	// Reading a regular file does not block: O_NONBLOCK changes nothing
	// for it.
	return f, nil
}

// ownDescriptor reports whether path names one of the process's own
// file descriptors.
func ownDescriptor(path string) bool {
	p := filepath.ToSlash(filepath.Clean(path))
	return p == "/dev/stdin" || strings.HasPrefix(p, "/dev/fd/") || strings.HasPrefix(p, "/proc/self/fd/")
}

// FileKind names the kind of a file that is not a regular one ("a
// directory", "a named pipe (FIFO)", "a socket", "a device"), for the
// errors that refuse it.
func FileKind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// Read ingests the content of r, as File does; name identifies the
// input in errors.
func (o Options) Read(name string, r io.Reader) (*corpus.Document, error) {
	d, _, err := o.ReadWithBytes(name, r)
	return d, err
}

// ReadAll reads r as Read does before ingesting it, within the size
// limit; name identifies the input in errors.
func (o Options) ReadAll(name string, r io.Reader) ([]byte, error) {
	return o.readAll(name, r, fileSize(r))
}

// fileSize is the size of r when it is a regular file, else 0.
func fileSize(r io.Reader) int64 {
	if f, ok := r.(*os.File); ok {
		if fi, err := f.Stat(); err == nil {
			return regularSize(fi)
		}
	}
	return 0
}

// regularSize is the size of a regular file, else 0 (a pipe or a device
// says nothing of what it holds).
func regularSize(fi os.FileInfo) int64 {
	if fi.Mode().IsRegular() {
		return fi.Size()
	}
	return 0
}

// documentFactor is how many times MaxBytes a document JSON that
// rulesync wrote may have: its text is the input's (a part's text twice,
// in its part and in its item), with the JSON's fields around it.
const documentFactor = 4

// readAll reads r up to MaxBytes, or, when r begins as rulesync writes
// a document JSON (corpusjson.IsDocument), up to documentFactor times
// that; more is an ErrTooLarge naming the input. size, when known (a file's), sizes the buffer.
func (o Options) readAll(name string, r io.Reader, size int64) ([]byte, error) {
	limit := o.maxBytes()
	// At least the 64 bytes that say whether it is a document JSON.
	first := max(limit, 64) + 1
	data, err := readAll(o.context(), io.LimitReader(r, first), min(size, first))
	if err == nil && int64(len(data)) > limit && corpusjson.IsDocument(data[:min(len(data), 64)]) {
		limit *= documentFactor
		var more []byte
		more, err = readAll(o.context(), io.LimitReader(r, max(limit+1-int64(len(data)), 0)), 0)
		data = append(data, more...)
	}
	if err != nil {
		return nil, &Error{Input: name, Err: err}
	}
	if int64(len(data)) > limit && limit > o.maxBytes() {
		return nil, docTooLarge(name, o.maxBytes())
	}
	if int64(len(data)) > limit {
		return nil, tooLarge(name, limit)
	}
	return data, nil
}

// readAll reads r to its end, or until ctx is done (see withContext).
// size, when not 0, is what r is expected to hold: the buffer is made
// that large at once (and a little more, to read the end), where
// io.ReadAll would grow it step by step, allocating four times a large
// file's size and holding two buffers at the last step.
func readAll(ctx context.Context, r io.Reader, size int64) ([]byte, error) {
	return withContext(ctx, func() ([]byte, error) {
		if size <= 0 {
			return io.ReadAll(r)
		}
		b := bytes.NewBuffer(make([]byte, 0, size+bytes.MinRead))
		_, err := b.ReadFrom(r)
		return b.Bytes(), err
	})
}

// withContext returns what read returns, or ctx's error once ctx is done:
// a read from a pipe or a terminal may wait for ever, and is then left to
// the process's end.
func withContext[T any](ctx context.Context, read func() (T, error)) (T, error) {
	if ctx.Done() == nil {
		return read()
	}
	type result struct {
		v   T
		err error
	}
	ch := make(chan result, 1)
	go func() {
		v, err := read()
		ch <- result{v, err}
	}()
	select {
	case res := <-ch:
		return res.v, res.err
	case <-ctx.Done():
		var zero T
		return zero, ctx.Err()
	}
}

// streams reports whether a document JSON is decoded as a stream: unless
// another format or an encoding is forced.
func (o Options) streams() bool {
	return (o.Format == "" || o.Format == "json") && o.Encoding == ""
}

// decode reads a document JSON from r as a stream (corpusjson.Decoder),
// up to documentFactor times MaxBytes, as readAll reads one whole: the
// items are counted as they are decoded, but 500k items of any length
// were held in memory. size is r's size when known, else 0
// (corpusjson.Decoder.Size). What follows is what Bytes does for the
// json format.
func (o Options) decode(name string, r io.Reader, size int64) (*corpus.Document, error) {
	rd := &share{b: o.budget()}
	defer rd.release()
	max := o.maxBytes() * documentFactor
	if size > max {
		return nil, docTooLarge(name, o.maxBytes())
	}
	cr := capReader(r, max)
	dc := &corpusjson.Decoder{DropNotes: true, Size: size, Budget: rd, Notes: o.Notes}
	d, err := withContext(o.context(), func() (*corpus.Document, error) { return dc.Decode(cr) })
	if cr.over {
		return nil, docTooLarge(name, o.maxBytes())
	}
	if err == nil {
		err = o.context().Err()
	}
	if err == nil && d.Source.Encoding == "utf-8" && dc.Invalid > 0 {
		what := "byte sequence"
		if dc.Invalid > 1 {
			what += "s"
		}
		d.Notes = append(d.Notes, fmt.Sprintf("not UTF-8: %d %s dropped, the first at line %d, column %d; the rest of the text is UTF-8", dc.Invalid, what, dc.FirstInvalid.Line, dc.FirstInvalid.Col))
	}
	if err == nil {
		takeMarkers(d)
		if err = o.finish(d, true); err == nil {
			err = rd.keep(len(d.Items))
		}
	}
	if err != nil {
		var pe *corpusjson.ParseError
		if errors.As(err, &pe) {
			return nil, &Error{Input: name, Position: pe.Position, Err: errors.New(pe.Msg)}
		}
		return nil, &Error{Input: name, Err: err}
	}
	return d, nil
}

// Bytes ingests data; name identifies the input in errors.
func (o Options) Bytes(name string, data []byte) (*corpus.Document, error) {
	if o.streams() && corpusjson.IsDocument(data[:min(len(data), 64)]) {
		return o.decode(name, bytes.NewReader(data), int64(len(data)))
	}
	raw := data
	data = withoutNotes(data)
	fail := func(err error) (*corpus.Document, error) {
		var ee *corpus.EncodingError
		var pe *corpusjson.ParseError
		switch {
		case errors.As(err, &ee):
			return nil, &Error{Input: name, Position: ee.Position, Err: errors.New(ee.Reason)}
		case errors.As(err, &pe):
			return nil, &Error{Input: name, Position: pe.Position, Err: errors.New(pe.Msg)}
		}
		return nil, &Error{Input: name, Err: err}
	}
	ctx := o.context()
	if err := ctx.Err(); err != nil {
		return fail(err)
	}
	// Byte order marks alone are no content either.
	if blankInput(data) {
		return fail(errors.New("empty input"))
	}
	var f *format
	if o.Format != "" {
		f = formats[o.Format]
		if f == nil {
			return fail(fmt.Errorf("unknown format %q (known: %s)", o.Format, formatNames()))
		}
	} else {
		detected := detectBinary(data)
		if err := extensionAgrees(name, detected); err != nil {
			return fail(err)
		}
		f = formats[detected]
	}
	d := &corpus.Document{}
	rd := o.startReading(d)
	defer rd.end(d)
	formatName := ""
	// What the provenance and the notes take of the raw bytes (their
	// checksum, whether they are all UTF-8) is read before the parse, so
	// that a format read from its bytes can drop them once it has decoded
	// them: they would stay beside the items, the input's size again (24
	// MB for a table of 100k rows). kept is what the steps after the
	// parse read of them (see readBytes).
	var sum [sha256.Size]byte
	var kept []byte
	keptText := "" // kept decoded, where it is the bytes' own text
	guessed := false
	valid := utf8.Valid(data)
	if f != nil && f.binary != nil {
		sum = sha256.Sum256(raw)
		var err error
		if kept, err = f.readBytes(data, data, valid, o, d); err != nil {
			return fail(err)
		}
	} else {
		text, enc, err := corpus.DecodeText(data, o.Encoding)
		if err != nil {
			return fail(err)
		}
		if f == nil {
			name := Detect(text)
			if f = formats[name]; f == nil {
				return fail(fmt.Errorf("looks like %s, a format this build of rulesync cannot read (give --format; known: %s)", name, formatNames()))
			}
		}
		d.Source.Encoding = enc
		// A format read from its bytes decodes them again, and says
		// so itself.
		guessed = f.binary == nil && corpus.GuessedEncoding(o.Encoding, enc)
		if f.name != "json" {
			sum = sha256.Sum256(raw)
		}
		switch {
		case f.binary != nil:
			kept, err = f.readBytes(data, countedText(data, text, enc), valid, o, d)
		default:
			// The bytes are not held while the text is read where the
			// text is all the steps after need: valid UTF-8 as it
			// stands, which inputText would decode to text again.
			kept = data
			if valid && enc == "utf-8" && len(text) == len(data) {
				kept, keptText = nil, text
			}
			if err := checkLines(f.name, text, d); err != nil {
				return fail(err)
			}
			if o.Format == "" && (f.name == "numbered" || f.name == "addendum" || f.name == "guide") {
				generic, md := readTextOrMarkdown, markdownNamed(name)
				if md {
					generic = readMarkdownOrText
				}
				formatName, err = arbitrate(text, f, generic, md, d)
			} else {
				err = f.parse(text, d)
			}
		}
		if err != nil {
			return fail(err)
		}
	}
	if err := ctx.Err(); err != nil {
		return fail(err)
	}
	if guessed {
		d.Notes = append(d.Notes, corpus.EncodingGuessed(d.Source.Encoding))
	}
	if d.Source.Encoding == "utf-8" && !valid {
		if n, first := corpus.InvalidUTF8(kept); n > 0 {
			what := "byte sequence"
			if n > 1 {
				what += "s"
			}
			d.Notes = append(d.Notes, fmt.Sprintf("not UTF-8: %d %s dropped, the first at line %d, column %d; the rest of the text is UTF-8", n, what, first.Line, first.Col))
		}
	}
	// A document read back keeps the provenance of its first ingest.
	if f.name != "json" {
		summarize(d, f.name, func() string { return inputText(f, kept, keptText, d) })
		d.Source.SHA256 = hex.EncodeToString(sum[:])
		d.Source.Format = f.name
		if formatName != "" {
			d.Source.Format = formatName
		}
		now, err := o.now()
		if err != nil {
			return fail(err)
		}
		d.Source.Ingested = now.UTC().Format(time.RFC3339)
	}
	takeMarkers(d)
	if err := o.finish(d, f.name == "json"); err != nil {
		return fail(err)
	}
	if err := rd.keep(len(d.Items)); err != nil {
		return fail(err)
	}
	return d, nil
}

func formatNames() string {
	var names []string
	for _, f := range Formats() {
		names = append(names, f[0])
	}
	return strings.Join(names, ", ")
}

func (o Options) maxBytes() int64 {
	if o.MaxBytes <= 0 {
		return DefaultMaxBytes
	}
	return o.MaxBytes
}

// now is the time an ingest records: Now, else SOURCE_DATE_EPOCH when
// set (an error when it is not a number of seconds), else the clock's.
func (o Options) now() (time.Time, error) {
	if o.Now != nil {
		return o.Now(), nil
	}
	if t, ok, err := corpus.SourceDateEpoch(); ok || err != nil {
		return t, err
	}
	return time.Now(), nil
}

// finish applies the options, fills what the parser could not find out
// (language, version, date, edition: see identify), assigns ids and
// checks the result. A document read back from JSON (fromJSON) was
// identified when it was first ingested.
func (o Options) finish(d *corpus.Document, fromJSON bool) error {
	if o.Lang != "" {
		tag, err := corpus.CanonicalLang(o.Lang)
		if err != nil {
			return fmt.Errorf("bad language tag %q: %v", o.Lang, err)
		}
		d.Lang = tag
	}
	if o.Edition != "" {
		d.Edition = o.Edition
	}
	if len(d.Items) == 0 {
		return errors.New("no rules, sections or entries found")
	}
	for i := range d.Items {
		it := &d.Items[i]
		it.Title = corpus.CleanLine(it.Title)
		it.Text = corpus.Clean(it.Text)
		for j := range it.Parts {
			it.Parts[j].Title = corpus.CleanLine(it.Parts[j].Title)
			it.Parts[j].Text = corpus.Clean(it.Parts[j].Text)
		}
		if it.Section != "" {
			it.Section = corpus.CleanLine(it.Section)
		}
		if it.Refs == nil {
			it.Refs = selfless(corpus.ItemRefs(it.Title, it.Text), it)
		}
	}
	if !fromJSON {
		counterRefs(d)
		o.identify(d)
	}
	if d.Edition == "" {
		d.Edition = corpus.UnknownEdition
		d.Notes = append(d.Notes, "the source states no edition; give --edition")
	}
	corpus.AssignIDs(d)
	return d.Validate()
}

// selfless drops from refs the item's own id: a heading that restates the
// item's number is not a citation.
func selfless(refs []string, it *corpus.Item) []string {
	if len(refs) == 0 {
		return nil // most items cite nothing: no own id to make
	}
	own := corpus.ID(it.Kind, it.Number)
	if it.Kind == corpus.KindAddendum {
		// An addendum entry restates its rule ("Rule 40-A" cites rule:40#A).
		n, _, _ := strings.Cut(it.Number, "-")
		own = corpus.ID(corpus.KindRule, n)
	}
	out := refs[:0]
	for _, r := range refs {
		if own != "" && (r == own || corpus.RefItem(r) == own) {
			continue
		}
		out = append(out, r)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// inputText is the decoded text of a text format's input, for the coverage
// of the summary; "" for formats whose bytes are not the text (binary,
// markup, tables). decoded, when not "", is data decoded (data is then
// not held).
func inputText(f *format, data []byte, decoded string, d *corpus.Document) string {
	if f.binary != nil || f.name == "csv" || f.name == "tsv" || f.name == "items" {
		return ""
	}
	text := decoded
	if text == "" {
		var err error
		if text, _, err = corpus.DecodeText(data, d.Source.Encoding); err != nil {
			return ""
		}
	}
	if f.name == "markdown" {
		// Link targets and inline tags are markup, not text.
		text = mdTargetRe.ReplaceAllString(text, "]")
		text = mdInlineTagRe.ReplaceAllString(text, "")
	}
	return text
}

var (
	mdTargetRe    = lazyre.New(`\]\([^)\s]*\)`)
	mdInlineTagRe = lazyre.New(`</?[a-zA-Z][a-zA-Z0-9-]*[^>]*>`)
)
