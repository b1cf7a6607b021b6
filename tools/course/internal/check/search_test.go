package check

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// TestSearchCheck runs the tests of the browser step's search check and of the Chinese
// edition's search words (site/check/search.test.mjs): that the check fails when the search
// misses a page that contains its query, and that the book's index of every Chinese page has
// the words of each query the page contains. They need Node, not a browser.
func TestSearchCheck(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("the search check's tests run in Node: install nodejs (Debian: apt-get install nodejs)")
	}
	cmd := exec.Command(node, "--test", filepath.Join("site", "check", "search.test.mjs"))
	cmd.Dir = filepath.Join("..", "..", "..", "..")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("node --test site/check/search.test.mjs: %v\n%s", err, out)
	}
}
