package ingest

import "sync/atomic"

// positionWork counts what the readers' position lookups look at: the
// bytes an XLIFF or TMX reader scans for the line of an offset
// (xmlReader.pos), the nodes lineAt walks for a Markdown block's line.
// Kept incremental, it grows with the input; a lookup that counts from
// the start of the file for each unit (390 thousand XLIFF units took
// 204 s), or a table row's that walks its siblings, makes it grow with
// the square of the input. Tests read it (it allocates nothing and takes
// no clock, so neither an allocation count nor a timing sees it).
var positionWork atomic.Int64
