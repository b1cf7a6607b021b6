// Package smallcheck checks, in the source of the Go that runs it, which versions have the Swiss
// small map's own race check. Go 1.25 and 1.26 stop a write that finds the small map's one group
// full, though the map counts fewer than 8 entries, with the fatal error `small map with no empty
// slot (concurrent map writes?)`: in Map.putSlotSmall and in the fast paths. Go 1.27 has no such
// message: its putSlotSmall returns nil for a full group, and the write grows the map into a table.
package smallcheck

import (
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"gomaps/chapters/code/internal/gosrc"
)

const (
	swiss   = "src/internal/runtime/maps"  // the Swiss tables' runtime, Go 1.25 and later
	noswiss = "src/runtime/map_noswiss.go" // the classic map, Go 1.25 (GOEXPERIMENT=noswissmap)
	message = `small map with no empty slot \(concurrent map writes\?\)`
	putSlot = `^func \(m \*Map\) putSlotSmall\(`
)

// version returns the running toolchain ("go1.N.P", without the experiments runtime.Version
// adds to it, " X:noswissmap" or "-X:mapsplitgroup") and its minor version, 26.
func version(t *testing.T) (string, int) {
	m := release.FindStringSubmatch(runtime.Version())
	if m == nil {
		t.Skipf("Go %q: not a release this test knows", runtime.Version())
	}
	minor, _ := strconv.Atoi(m[1])
	return m[0], minor
}

var release = regexp.MustCompile(`^go1\.(\d+)\.\d+`)

func cite(t *testing.T, r *gosrc.Resolver, s gosrc.Source) {
	t.Helper()
	c, err := r.Cite(s)
	if err != nil {
		t.Fatal(err)
	}
	if c.Absent {
		t.Logf("%s: no line of %s matches %q", c.Version, c.File, c.Text)
	} else {
		t.Logf("%s: %s:%d: %s", c.Version, c.File, c.Line, c.Text)
	}
}

func TestSmallMapNoEmptySlot(t *testing.T) {
	at, minor := version(t)
	if minor < 25 {
		t.Skipf("%s: the course checks Go 1.25 and later", at)
	}
	r, err := gosrc.NewResolver()
	if err != nil {
		t.Fatal(err)
	}
	root, err := r.Root(at)
	if err != nil {
		t.Fatal(err)
	}
	if minor <= 26 {
		// The check in Map.putSlotSmall, where a write of a new key lands in a small map.
		cite(t, r, gosrc.Source{At: at, File: swiss + "/map.go", In: putSlot, Find: `fatal\("` + message + `"\)`})
		// And the same check in the fast paths' own putSlotSmall functions.
		hits, err := gosrc.Grep(root+"/"+swiss, root, regexp.MustCompile(message), false)
		if err != nil {
			t.Fatal(err)
		}
		var fast int
		for _, h := range hits {
			if strings.Contains(h.File, "runtime_fast") {
				fast++
				t.Logf("%s:%d: %s", h.File, h.Line, h.Text)
			}
		}
		if fast < 3 {
			t.Errorf("%s: the message in %d lines of the fast paths; want at least 3 (fast32, fast64, faststr)", at, fast)
		}
	} else {
		// No such message anywhere in the Swiss runtime: a full group makes putSlotSmall return
		// nil, and PutSlot grows the map.
		cite(t, r, gosrc.Source{At: at, File: swiss, Find: message, Absent: true})
		cite(t, r, gosrc.Source{At: at, File: swiss + "/map.go", In: putSlot, Find: `// No empty slot found\. Need to grow the map\.\n\s*return nil`})
		cite(t, r, gosrc.Source{At: at, File: swiss + "/map.go", In: `^func \(m \*Map\) PutSlot\(`, Find: `if elem == nil \{\n.*\n\s*tab := m\.growToTable\(typ\)`})
	}
	if minor == 25 {
		// The classic map has no small map and no such check.
		cite(t, r, gosrc.Source{At: at, File: noswiss, Find: `no empty slot`, Absent: true})
	}
}

//course:every-lane it reads the source of the running toolchain, whose map runtime differs by version
