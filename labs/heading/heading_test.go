package heading

import "testing"

// TestSlug holds Slug to the ids the built book gives headings of the book's kinds (a middle
// dot, colons, commas, code, a version number, a link) and to the toc extension's rule for
// what the book has not yet written (accents, a no-break space, full-width and Chinese text,
// emphasis, HTML).
func TestSlug(t *testing.T) {
	for text, want := range map[string]string{
		"00 · Setup":                    "00-setup",
		"02 · Buckets: the classic map": "02-buckets-the-classic-map",
		"`delete` lowers `len`, even in the middle of a `range`": "delete-lowers-len-even-in-the-middle-of-a-range",
		"Step 4: delete, `emptyOne` and `emptyRest`":             "step-4-delete-emptyone-and-emptyrest",
		"Why 6.5":                          "why-65",
		"What changed in Go 1.24, and why": "what-changed-in-go-124-and-why",
		"Why `Hash` writes into a seeded `maphash.Hash`":                  "why-hash-writes-into-a-seeded-maphashhash",
		"1. A plain map between handlers and workers":                     "1-a-plain-map-between-handlers-and-workers",
		"The `range` rules: what the spec promises":                       "the-range-rules-what-the-spec-promises",
		"Go 1.24 – 1.25 [classic](x.md)":                                  "go-124-125-classic",
		"Dave Cheney, “If a map isn't a reference variable, what is it?”": "dave-cheney-if-a-map-isnt-a-reference-variable-what-is-it",
		"  --  Spaces -- and   hyphens --  ":                              "-spaces-and-hyphens-", // hyphens are not trimmed
		"`__init__` and `*p`":                                             "__init__-and-p",
		"**Bold**, __strong__ and *em*":                                   "bold-strong-and-em",
		"A <code>tag</code>":                                              "a-tag",
		"Crème brûlée à la Ñandú":                                         "creme-brulee-a-la-nandu",
		"Go\u00a01.27":                                                    "go-127",
		"½ of ²":                                                          "12-of-2",
		"第 1 步：找到 ＫＥＹ":                                                    "1-key",
		"哈希表":                                                             "",
	} {
		if got := Slug(text); got != want {
			t.Errorf("Slug(%q) = %q; want %q", text, got, want)
		}
	}
}
