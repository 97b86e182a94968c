package ingest

// Tables as streamHTML reads them: cells and rows as the parser's table
// modes open and close them, and the rows a table gives as blocks.

// cellAt returns the index in oe of the cell the parser is in, -1 when
// none.
func (s *htmlStream) cellAt() int {
	for i := len(s.oe) - 1; i >= 0; i-- {
		switch s.oe[i].name {
		case "td", "th":
			return i
		case "table", "tbody", "thead", "tfoot", "tr", "caption", "html", "template":
			return -1
		}
	}
	return -1
}

// closeCell closes the cell at oe[c] and what is open in it: the
// formatting elements in it are not opened again (the parser's marker).
func (s *htmlStream) closeCell(c int) {
	for len(s.oe) > c && !s.fail {
		s.pop(false)
	}
}

// tableStartTag is a start tag where the current node is a table, a row
// group or a row.
func (s *htmlStream) tableStartTag(name string) {
	switch top := s.top().name; {
	case name == "script" || name == "style":
		s.headElement(name)
	case top == "table":
		switch name {
		case "tbody", "thead", "tfoot":
			s.push(name, s.attrs)
		case "tr", "td", "th":
			s.push("tbody", nil)
			if !s.fail {
				s.tableStartTag(name)
			}
		default:
			s.stop("an element the parser moves out of a table")
		}
	case top == "tr":
		switch name {
		case "td", "th":
			s.push(name, s.attrs)
		case "tr", "tbody", "thead", "tfoot":
			s.pop(false)
			s.tableStartTag(name)
		default:
			s.stop("an element the parser moves out of a table")
		}
	default: // a row group
		switch name {
		case "tr":
			s.push(name, s.attrs)
		case "td", "th":
			s.push("tr", nil)
			if !s.fail {
				s.tableStartTag(name)
			}
		case "tbody", "thead", "tfoot":
			s.pop(false)
			s.tableStartTag(name)
		default:
			s.stop("an element the parser moves out of a table")
		}
	}
}

// tableEndTag is an end tag where the current node is a table, a row
// group or a row.
func (s *htmlStream) tableEndTag(name string) {
	switch top := s.top().name; {
	case name == "body" || name == "caption" || name == "col" || name == "colgroup" || name == "html" || name == "td" || name == "th":
		// ignored
	case top == "table":
		switch name {
		case "table":
			s.pop(false)
		case "tbody", "tfoot", "thead", "tr":
		default:
			s.stop("an end tag the parser reads out of a table")
		}
	case top == "tr":
		switch name {
		case "tr":
			s.pop(false)
		case "table":
			s.pop(false)
			s.tableEndTag(name)
		case "tbody", "tfoot", "thead":
			if s.inScope(scopeTable, name) {
				s.pop(false)
				s.tableEndTag(name)
			}
		default:
			s.stop("an end tag the parser reads out of a table")
		}
	default: // a row group
		switch name {
		case top:
			s.pop(false)
		case "table":
			s.pop(false)
			s.tableEndTag(name)
		case "tbody", "tfoot", "thead", "tr":
		default:
			s.stop("an end tag the parser reads out of a table")
		}
	}
}

// endRow ends a row, as htmlReader.node does a <tr>: a row of header
// cells names the columns of a table with data cells, and is the title
// of what follows in one without; the table may show its first data
// cell after the row, so that the row's block waits for the table's end.
func (s *htmlStream) endRow(e *hsElem) {
	s.r.kind = blockRow
	switch {
	case !e.rowHead:
	case e.table.data:
		s.r.chrome = "table header"
	case !s.r.cur.blank() && s.rootState != 2:
		row := hsRow{block: len(s.r.bs), r: s.r, cur: s.r.cur.String()}
		row.r.bs, row.r.cur = nil, textBuf{}
		e.table.rows = append(e.table.rows, row)
		s.r.bs = append(s.r.bs, block{})
		s.r.cur.Reset()
	}
	s.flush()
}

// endTable makes the blocks of a table's rows of header cells.
func (s *htmlStream) endTable(t *hsTable) {
	s.tables = s.tables[:len(s.tables)-1]
	for _, row := range t.rows {
		if row.block >= len(s.r.bs) {
			continue
		}
		r := row.r
		r.cur.WriteString(row.cur)
		if t.data {
			r.chrome = "table header"
		} else {
			r.kind, r.lead = blockPara, 1
		}
		r.flush()
		s.r.bs[row.block] = r.bs[0]
	}
}
