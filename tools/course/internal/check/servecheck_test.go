package check

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gomaps/tools/course/internal/book"
)

// TestNavHasEveryPage: the serve step fetches every page of chapters/ and chapters/zh/; each is
// in its edition's nav, so that a reader finds it.
func TestNavHasEveryPage(t *testing.T) {
	root := workshopRoot(t)
	for _, ed := range []struct{ config, dir string }{{"mkdocs.yml", "chapters"}, {book.ZhConfig, filepath.Join("chapters", "zh")}} {
		config, err := os.ReadFile(filepath.Join(root, ed.config))
		if err != nil {
			t.Fatal(err)
		}
		_, nav, _ := strings.Cut(string(config), "\nnav:\n")
		mds, _ := filepath.Glob(filepath.Join(root, ed.dir, "*.md"))
		if len(mds) < 5 {
			t.Fatalf("%s holds %d pages; want the book's", ed.dir, len(mds))
		}
		for _, md := range mds {
			if name := filepath.Base(md); !strings.Contains(nav, " "+name+"\n") {
				t.Errorf("%s's nav misses %s", ed.config, name)
			}
		}
	}
}
