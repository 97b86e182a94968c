package corpus

import "strings"

// idMarkerAt is the first id marker of s that starts at from or after,
// as idMarkRe finds it (its expression was a sixth of the time a sync
// spent reading its draft back; TestIDMarker holds the two together):
// "{{rulesync:id ", an id of characters other than braces and ASCII
// blanks (Go's \s), an optional space and kind in ASCII lower-case
// letters, and "}}", with the space or tab before it. It returns the
// marker's start and end, its id and kind ("" for none); ok is false
// where s has none.
func idMarkerAt(s string, from int) (start, end int, id, kind string, ok bool) {
	const open = markerPrefix + "id "
	for from <= len(s) {
		k := strings.Index(s[from:], open)
		if k < 0 {
			break
		}
		p := from + k
		if end, id, kind, ok := idMarkerBody(s, p+len(open)); ok {
			start = p
			if p > from && (s[p-1] == ' ' || s[p-1] == '\t') {
				start = p - 1
			}
			return start, end, id, kind, true
		}
		from = p + 1
	}
	return 0, 0, "", "", false
}

// idMarkerBody reads an id marker's id, kind and closing braces from
// s[i:], and returns the end of the marker.
func idMarkerBody(s string, i int) (end int, id, kind string, ok bool) {
	j := i
	for j < len(s) && !idMarkerStop(s[j]) {
		j++
	}
	if j == i {
		return 0, "", "", false
	}
	id = s[i:j]
	if strings.HasPrefix(s[j:], "}}") {
		return j + 2, id, "", true
	}
	if j < len(s) && s[j] == ' ' {
		k := j + 1
		for k < len(s) && 'a' <= s[k] && s[k] <= 'z' {
			k++
		}
		if k > j+1 && strings.HasPrefix(s[k:], "}}") {
			return k + 2, id, s[j+1 : k], true
		}
	}
	return 0, "", "", false
}

// idMarkerStop reports whether c ends an id marker's id: a brace or an
// ASCII blank (Go's \s: tab, newline, form feed, carriage return, space).
func idMarkerStop(c byte) bool {
	switch c {
	case '{', '}', ' ', '\t', '\n', '\f', '\r':
		return true
	}
	return false
}

// findIDMarker is idMarkRe.FindStringSubmatch(s): the whole marker, its
// id and its kind; nil where s has none.
func findIDMarker(s string) []string {
	start, end, id, kind, ok := idMarkerAt(s, 0)
	if !ok {
		return nil
	}
	return []string{s[start:end], id, kind}
}

// dropIDMarkers is idMarkRe.ReplaceAllString(s, ""): s without its id
// markers, each with the blank before it.
func dropIDMarkers(s string) string {
	var b strings.Builder
	last := 0
	for from := 0; ; {
		start, end, _, _, ok := idMarkerAt(s, from)
		if !ok {
			break
		}
		b.WriteString(s[last:start])
		last, from = end, end
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// IDMarkers returns the well-formed ids of the id markers in s, in
// order, each as often as s holds it.
func IDMarkers(s string) []string {
	var ids []string
	for from := 0; ; {
		start, end, id, kind, ok := idMarkerAt(s, from)
		if !ok {
			break
		}
		if _, ok := markedKind([]string{s[start:end], id, kind}); ok {
			ids = append(ids, id)
		}
		from = end
	}
	return ids
}
