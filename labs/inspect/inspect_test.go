package inspect_test

import (
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"

	"gomaps/labs/inspect"
)

// sizes are the map sizes the tests build: every size up to 100, then the
// edges of growth on both runtimes, then a spread to a few thousand.
func sizes() []int {
	var out []int
	for n := 0; n <= 100; n++ {
		out = append(out, n)
	}
	out = append(out, 104, 105, 112, 113, 208, 209, 224, 225, 448, 449, 832, 833, 896, 897, 1792, 1793)
	for n := 1000; n <= 4000; n += 750 {
		out = append(out, n)
	}
	return out
}

func intMap(n int) map[int]int {
	m := make(map[int]int)
	for k := range n {
		m[k] = -k
	}
	return m
}

func TestFullSlotsAddUpToLen(t *testing.T) {
	for _, n := range sizes() {
		m := intMap(n)
		checkFull(t, m, fmt.Sprintf("%d int keys", n))

		s := make(map[string]int)
		for k := range n {
			s[fmt.Sprint("key-", k)] = k
		}
		checkFull(t, s, fmt.Sprintf("%d string keys", n))

		for k := 0; k < n; k += 3 {
			delete(m, k)
		}
		checkFull(t, m, fmt.Sprintf("%d int keys, every third deleted", n))
		for k := n; k < n+n/2; k++ {
			m[k] = k
		}
		checkFull(t, m, fmt.Sprintf("%d int keys, every third deleted, %d added", n, n/2))
		for k := range m {
			delete(m, k)
		}
		checkFull(t, m, fmt.Sprintf("%d int keys, all deleted", n))
	}
}

func TestKeysSitWhereTheirHashSays(t *testing.T) {
	for _, n := range []int{1, 7, 8, 9, 14, 15, 57, 105, 500, 897, 3000} {
		m := intMap(n)
		checkPlacement(t, m, fmt.Sprintf("%d int keys", n))
		for k := 0; k < n; k += 2 {
			delete(m, k)
		}
		checkPlacement(t, m, fmt.Sprintf("%d int keys, half deleted", n))
		for k := n; k < 2*n; k++ {
			m[k] = k
		}
		checkPlacement(t, m, fmt.Sprintf("%d int keys, half deleted, %d added", n, n))

		s := make(map[string]string)
		f := make(map[float64]int)
		a := make(map[any]int)
		type point struct {
			x, y int32
			name string
		}
		p := make(map[point]bool)
		for k := range n {
			s[strings.Repeat("x", k%40)+fmt.Sprint(k)] = fmt.Sprint(k)
			f[float64(k)/3] = k
			switch k % 3 {
			case 0:
				a[k] = k
			case 1:
				a[fmt.Sprint(k)] = k
			case 2:
				a[point{int32(k), -1, "p"}] = k
			}
			p[point{int32(k), int32(k * k), fmt.Sprint(k)}] = k%2 == 0
		}
		f[math.Copysign(0, -1)] = -1 // -0.0 and +0.0 are the same key
		checkPlacement(t, s, fmt.Sprintf("%d string keys", n))
		checkPlacement(t, f, fmt.Sprintf("%d float64 keys", n))
		checkPlacement(t, a, fmt.Sprintf("%d interface keys", n))
		checkPlacement(t, p, fmt.Sprintf("%d struct keys", n))
	}
}

// Churn at a steady size (delete one key, insert another) is what makes a
// Swiss table prune its tombstones and a classic map grow at the same size;
// the layout stays readable and right throughout.
func TestChurn(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, size := range []int{6, 50, 700, 2500} {
		m := make(map[int]int)
		live := make([]int, 0, size)
		next := 0
		for range size {
			m[next] = next
			live = append(live, next)
			next++
		}
		for op := range 20 * size {
			i := rng.IntN(len(live))
			delete(m, live[i])
			live[i] = next
			m[next] = next
			next++
			if op%(2*size) == 0 {
				checkFull(t, m, fmt.Sprintf("%d keys, after %d delete+insert", size, op+1))
			}
		}
		checkPlacement(t, m, fmt.Sprintf("%d keys after churn", size))
	}
}

// Keys and values over 128 bytes are stored behind a pointer.
func TestLargeKeysAndValues(t *testing.T) {
	type big [200]byte
	type huge [150]int8
	for _, n := range []int{3, 9, 100, 1200} {
		m := make(map[big]huge)
		for k := range n {
			var key big
			key[0], key[1], key[199] = byte(k), byte(k>>8), 7
			var v huge
			v[149] = int8(k)
			m[key] = v
		}
		l := checkFull(t, m, fmt.Sprintf("%d [200]byte keys", n))
		if !l.IndirectKey || !l.IndirectElem || l.KeySize != 200 || l.ElemSize != 150 {
			t.Fatalf("a map[[200]byte][150]int8: IndirectKey %v, IndirectElem %v, KeySize %d, ElemSize %d; want true, true, 200, 150",
				l.IndirectKey, l.IndirectElem, l.KeySize, l.ElemSize)
		}
		checkPlacement(t, m, fmt.Sprintf("%d [200]byte keys", n))
	}
	l := mustInspect(t, map[[128]byte][128]byte{{1}: {2}})
	if l.IndirectKey || l.IndirectElem {
		t.Fatalf("a map[[128]byte][128]byte: IndirectKey %v, IndirectElem %v; 128 bytes are stored inline", l.IndirectKey, l.IndirectElem)
	}
}

func TestHashIsTheRuntimeHash(t *testing.T) {
	m := intMap(50)
	l := mustInspect(t, m)
	for k := -5; k < 60; k++ { // present and absent keys
		got, err := inspect.Hash(m, k)
		if err != nil {
			t.Fatal(err)
		}
		if want := maphashOf(seedOf(l), k); got != want {
			t.Fatalf("Hash(m, %d) = %#x, maphash.Comparable with the map's seed = %#x", k, got, want)
		}
	}
	// The seed is the map's own: two maps hash the same key differently.
	other := intMap(50)
	h1, _ := inspect.Hash(m, 1)
	h2, _ := inspect.Hash(other, 1)
	if h1 == h2 {
		t.Fatalf("two maps hash key 1 to the same %#x: the seed is not per map", h1)
	}
	var nilMap map[int]int
	if _, err := inspect.Hash(nilMap, 1); err == nil {
		t.Fatal("Hash of a nil map returned no error")
	}
}

func TestLocate(t *testing.T) {
	m := intMap(300)
	entries, err := inspect.Entries(m)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries[:50] {
		loc, ok, err := inspect.Locate(m, e.Key)
		if err != nil || !ok || loc != e.Loc {
			t.Fatalf("Locate(m, %d) = %v, %v, %v; Entries says %v", e.Key, loc, ok, err, e.Loc)
		}
		if loc.String() == "" {
			t.Fatal("Location.String is empty")
		}
	}
	if _, ok, err := inspect.Locate(m, -1); ok || err != nil {
		t.Fatalf("Locate of a missing key: ok %v, err %v", ok, err)
	}
}

func TestNilAndEmptyMaps(t *testing.T) {
	var nilMap map[string]int
	l := mustInspect(t, nilMap)
	if !l.Nil || l.Swiss != nil || l.Classic != nil {
		t.Fatalf("a nil map: Nil %v, Swiss %v, Classic %v; want true, nil, nil", l.Nil, l.Swiss, l.Classic)
	}
	if l.Kind != inspect.Build() || !strings.Contains(l.Text(), "nil map") {
		t.Fatalf("a nil map: kind %v, text %q", l.Kind, l.Text())
	}
	for _, m := range []map[string]int{{}, make(map[string]int), make(map[string]int, 100)} {
		l := checkFull(t, m, "an empty map")
		if l.Nil || (l.Swiss == nil) == (l.Classic == nil) {
			t.Fatalf("an empty map: Nil %v, Swiss %v, Classic %v", l.Nil, l.Swiss != nil, l.Classic != nil)
		}
	}
}

// Inspect reads only: the map's contents and its layout are the same after
// many inspections (in particular, no iterator flag is set on a classic map).
func TestDoesNotModify(t *testing.T) {
	for _, n := range []int{5, 105, 900} {
		m := intMap(n)
		before := mustInspect(t, m)
		for range 3 {
			if _, err := inspect.Entries(m); err != nil {
				t.Fatal(err)
			}
			if _, _, err := inspect.Locate(m, 1); err != nil {
				t.Fatal(err)
			}
			if _, err := inspect.Hash(m, 1); err != nil {
				t.Fatal(err)
			}
		}
		after := mustInspect(t, m)
		if !reflect.DeepEqual(before, after) {
			t.Fatalf("%d keys: the layout changed by inspecting it:\nbefore\n%s\nafter\n%s", n, before.Text(), after.Text())
		}
		if want := intMap(n); !reflect.DeepEqual(m, want) {
			t.Fatalf("%d keys: the contents changed by inspecting them", n)
		}
	}
}

// Concurrent readers are fine (run with -race): Inspect only reads.
func TestConcurrentInspect(t *testing.T) {
	m := intMap(2000)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l, err := inspect.Inspect(m)
			if err == nil && l.Len != 2000 {
				err = fmt.Errorf("len %d", l.Len)
			}
			if err == nil {
				_, err = inspect.Entries(m)
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
}

// clear empties the map but keeps its tables, or its bucket array (a classic
// map drops its overflow buckets).
func TestClearKeepsCapacity(t *testing.T) {
	slots := func(l *inspect.Layout) int {
		if l.Classic != nil {
			return 8 * len(l.Classic.Buckets)
		}
		n := 0
		for _, tb := range l.Swiss.Tables {
			n += tb.Capacity
		}
		return n
	}
	m := intMap(1000)
	before := mustInspect(t, m)
	clear(m)
	after := checkFull(t, m, "after clear")
	if slots(after) != slots(before) || slots(after) == 0 {
		t.Fatalf("clear changed the slot count from %d to %d", slots(before), slots(after))
	}
	if seedOf(after) == seedOf(before) {
		t.Fatalf("clear kept the seed %#x", seedOf(after))
	}
}

// checkSVG checks that s is one well-formed svg element.
func checkSVG(t *testing.T, s, what string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(s))
	root := ""
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: the SVG is not well-formed XML: %v\n%s", what, err, s)
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
			if se.Name.Space != "http://www.w3.org/2000/svg" {
				t.Fatalf("%s: the SVG root has namespace %q", what, se.Name.Space)
			}
		}
	}
	if root != "svg" {
		t.Fatalf("%s: the root element is %q, not svg", what, root)
	}
	for _, external := range []string{"<script", "href=", "@import", "url("} {
		if strings.Contains(s, external) {
			t.Fatalf("%s: the SVG is not self-contained: it has %q", what, external)
		}
	}
}

func TestRenderers(t *testing.T) {
	var nilMap map[int]int
	maps := map[string]map[int]int{"nil": nilMap, "empty": {}, "small": intMap(3), "mid": intMap(105), "large": intMap(5000)}
	for name, m := range maps {
		l := mustInspect(t, m)
		text := l.Text()
		if !strings.Contains(text, "map[int]int: len "+fmt.Sprint(len(m))) || !strings.Contains(text, l.Version) {
			t.Fatalf("%s: the text does not start with the type, len and version:\n%s", name, text)
		}
		checkSVG(t, l.SVG(), name)
		checkSVG(t, l.SVGWith(inspect.Options{MaxRows: -1, NoSeed: true}), name+" (all rows, no seed)")
		if l.Nil {
			continue
		}
		if seed := fmt.Sprintf("%#x", seedOf(l)); strings.Contains(l.TextWith(inspect.Options{NoSeed: true}), seed) {
			t.Fatalf("%s: the text with NoSeed shows the seed %s", name, seed)
		}
	}
	type tricky struct{ a, b string }
	l := mustInspect(t, map[tricky]<-chan int{{"<", "&"}: nil})
	checkSVG(t, l.SVG(), "a type name with < and &")
}
