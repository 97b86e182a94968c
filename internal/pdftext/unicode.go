package pdftext

// rightToLeft is whether r is of a strong right-to-left bidirectional
// class (R or AL), or a mark or embedding that sets that direction:
// the Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan and Mandaic blocks,
// their presentation forms, and the right-to-left scripts beyond the
// Basic Multilingual Plane. PDFium reorders such text into its logical
// order; this reader keeps the order of the page's content, so it
// refuses a page that has any (the digits and marks of those blocks,
// which are not strong, are refused with them).
func rightToLeft(r rune) bool {
	switch {
	case r < 0x0590:
		return false
	case r <= 0x08FF:
		return true
	case r == 0x200F || r == 0x202B || r == 0x202E || r == 0x2067:
		return true // RLM, RLE, RLO, RLI
	case r >= 0xFB1D && r <= 0xFDFF, r >= 0xFE70 && r <= 0xFEFF:
		return true
	case r >= 0x10800 && r <= 0x10FFF, r >= 0x1E800 && r <= 0x1EFFF:
		return true
	}
	return false
}

// ligatures are the letters PDFium gives for the Latin ligatures
// U+FB00-FB06 in left-to-right text (CPDF_TextPage's normalization of
// them: ﬅ as "ſt", its canonical decomposition, not NFKC's "st"; seen
// on a test PDF with each). It decomposes nothing else there (not the
// Armenian ligatures, fullwidth forms, fractions or circled digits),
// and each letter keeps the ligature glyph's box.
var ligatures = [...]string{"ff", "fi", "fl", "ffi", "ffl", "ſt", "st"}

// decompose replaces each Latin ligature of runes by its letters, in
// place when there is none.
func decompose(runes []rune) []rune {
	n := 0
	for _, r := range runes {
		if r >= 0xFB00 && r <= 0xFB06 {
			n++
		}
	}
	if n == 0 {
		return runes
	}
	out := make([]rune, 0, len(runes)+2*n)
	for _, r := range runes {
		if r >= 0xFB00 && r <= 0xFB06 {
			for _, l := range ligatures[r-0xFB00] {
				out = append(out, l)
			}
			continue
		}
		out = append(out, r)
	}
	return out
}
