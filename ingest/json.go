package ingest

import (
	"github.com/rulesync/rulesync/corpus"
	"github.com/rulesync/rulesync/corpus/corpusjson"
)

// The "json" format is a corpus document as rulesync writes it, read back
// unchanged apart from the provenance of the read.

func init() {
	register(&format{name: "json", doc: "a rulesync document JSON file", parse: parseJSON})
}

func parseJSON(text string, d *corpus.Document) error {
	got, err := corpusjson.Unmarshal([]byte(text))
	if err != nil {
		return err
	}
	*d = *got
	return nil
}
