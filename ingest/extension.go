package ingest

import (
	"fmt"
	"net/url"
	"path"
	"path/filepath"
	"strings"
)

// binaryExtensions are the file extensions that promise a format whose
// content is recognised by its bytes: a file so named must hold it.
var binaryExtensions = map[string]string{".docx": "docx", ".pdf": "pdf"}

// formatDescriptions say what a binary format's bytes are.
var formatDescriptions = map[string]string{"docx": "a ZIP archive (DOCX)", "pdf": "a PDF"}

// extensionAgrees checks a file name's extension against the format its
// bytes show (detected, as detectBinary names it): a file named .docx or
// .pdf whose content is not a DOCX or a PDF is an error naming both,
// rather than text read from it in silence. A URL's name is not a file
// name (the server's answer decides) and a name with another extension
// promises nothing.
func extensionAgrees(name, detected string) error {
	if IsURL(name) {
		return nil
	}
	ext := strings.ToLower(filepath.Ext(name))
	want, ok := binaryExtensions[ext]
	if !ok || detected == want {
		return nil
	}
	is := "text"
	if detected != "" {
		is = detected
	}
	return fmt.Errorf("named %s, but its content is not %s (it reads as %s): the extension and the content disagree; rename it, or give --from", ext, formatDescriptions[want], is)
}

// markdownNamed reports whether name (a path or URL) ends in an
// extension that says Markdown.
func markdownNamed(name string) bool {
	if IsURL(name) {
		if u, err := url.Parse(name); err == nil {
			name = u.Path
		}
	}
	switch strings.ToLower(path.Ext(name)) {
	case ".md", ".markdown", ".mdown", ".mkd":
		return true
	}
	return false
}
