package ingest_test

import (
	"archive/zip"
	"bytes"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/gaps"
	"github.com/rulesync/rulesync/ingest"
	"github.com/rulesync/rulesync/reports"
)

// scriptSeeds adds the files of the command's script tests whose names
// end in one of exts (".po", ".md"): the examples the command is tested
// on, in their formats, with their nesting and their errors.
func scriptSeeds(f *testing.F, exts ...string) {
	files, _ := filepath.Glob(filepath.Join("..", "cmd", "rulesync", "testdata", "script", "*.txtar"))
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, af := range ar.Files {
			for _, e := range exts {
				if strings.HasSuffix(af.Name, e) && len(af.Data) <= fuzzMaxInput {
					f.Add(af.Data)
				}
			}
		}
	}
}

// fixtureDocs are the documents of the format fixtures' inputs, each
// read by its fixture's reader.
func fixtureDocs(f *testing.F) []*corpus.Document {
	files, _ := filepath.Glob(filepath.Join("testdata", "formats", "*.txtar"))
	var out []*corpus.Document
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		name := fixtureName(filepath.Base(strings.TrimSuffix(file, ".txtar")))
		for _, af := range ar.Files {
			if af.Name != "input" {
				continue
			}
			if d, err := (ingest.Options{Now: fuzzNow}).Bytes(name, af.Data); err == nil {
				out = append(out, d)
			}
		}
	}
	return out
}

// draftSeeds adds, for each format fixture's document, the draft of its
// translation into French that format ("po", "xliff", "tmx") writes: the
// units of items with parts, sections and preambles, as sync writes them.
func draftSeeds(f *testing.F, format string) {
	write := map[string]func(*bytes.Buffer, *gaps.Draft) error{
		"po": func(b *bytes.Buffer, d *gaps.Draft) error {
			return reports.DraftPO(b, d, reports.DraftOptions{Now: fuzzNow()})
		},
		"xliff": func(b *bytes.Buffer, d *gaps.Draft) error {
			return reports.DraftXLIFF(b, d, reports.DraftOptions{Now: fuzzNow()})
		},
		"tmx": func(b *bytes.Buffer, d *gaps.Draft) error {
			return reports.DraftTMX(b, d, reports.DraftOptions{Now: fuzzNow()})
		},
	}[format]
	for _, src := range fixtureDocs(f) {
		tr := *src
		tr.Lang = "fr"
		var b bytes.Buffer
		if write(&b, gaps.Options{}.Sync(src, &tr, nil)) == nil && b.Len() <= fuzzMaxInput {
			f.Add(b.Bytes())
		}
	}
}

// docxBodySeeds adds runs of paragraphs of the body of the example DOCX
// files (testdata/tda), each cut at a paragraph's end within
// fuzzMaxInput: their numbering, tables, fields and revisions.
func docxBodySeeds(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "*", "*.docx"))
	for _, file := range files {
		zr, err := zip.OpenReader(file)
		if err != nil {
			f.Fatal(err)
		}
		var doc []byte
		for _, zf := range zr.File {
			if zf.Name == "word/document.xml" {
				rc, err := zf.Open()
				if err != nil {
					f.Fatal(err)
				}
				doc, err = io.ReadAll(rc)
				rc.Close()
				if err != nil {
					f.Fatal(err)
				}
			}
		}
		zr.Close()
		_, body, _ := bytes.Cut(doc, []byte("<w:body>"))
		body, _, _ = bytes.Cut(body, []byte("</w:body>"))
		for len(body) > 0 {
			window := body[:min(len(body), fuzzMaxInput)]
			end := bytes.LastIndex(window, []byte("</w:p>"))
			if end < 0 {
				break
			}
			f.Add(window[:end+len("</w:p>")])
			body = body[end+len("</w:p>"):]
		}
	}
}
