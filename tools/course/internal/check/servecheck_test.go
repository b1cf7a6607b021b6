package check

import (
	"gomaps/tools/course/internal/book"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestNavPages(t *testing.T) {
	for _, ed := range []struct{ config, dir string }{{"mkdocs.yml", "chapters"}, {book.ZhConfig, filepath.Join("chapters", "zh")}} {
		pages, err := navPages(filepath.Join("..", "..", "..", ".."), ed.config)
		if err != nil {
			t.Fatal(err)
		}
		if len(pages) < 5 || pages[0] != "index.html" || pages[1] != "00-setup.html" {
			t.Fatalf("navPages(%s) = %v, want index.html, 00-setup.html and the chapters after them", ed.config, pages)
		}
		// Every page of the book is in the nav, titled or not (a title may hold a colon).
		mds, _ := filepath.Glob(filepath.Join("..", "..", "..", "..", ed.dir, "*.md"))
		for _, md := range mds {
			page := strings.TrimSuffix(filepath.Base(md), ".md") + ".html"
			if !slices.Contains(pages, page) {
				t.Errorf("navPages(%s) = %v, which misses %s", ed.config, pages, page)
			}
		}
	}
}
