package buckets

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"testing"
	"unsafe"
)

// The layout samples of the chapter. Run one with
//
//	go run ./tools/course layout 02-buckets NAME [text|mermaid]
//
// which runs TestStep8Layout with the solution in place and -layout=NAME.
var (
	layoutName   = flag.String("layout", "", "print the layout of the sample map `NAME` to stdout instead of testing (samples: "+sampleNames()+")")
	layoutFormat = flag.String("layout-format", "text", "the format of -layout: text or mermaid")
)

// spreadHash gives each int64 key a fixed, well-mixed hash (the SplitMix64
// finalizer), so that the samples look like real maps and are the same on
// every run, whatever the seed.
func spreadHash(k int64) uint64 {
	x := uint64(k) + 0x9e37_79b9_7f4a_7c15
	x = (x ^ x>>30) * 0xbf58_476d_1ce4_e5b9
	x = (x ^ x>>27) * 0x94d0_49bb_1331_11eb
	return x ^ x>>31
}

func useSpreadHash(t *testing.T) {
	t.Helper()
	setHashHook(t, func(key any) uint64 { return spreadHash(key.(int64)) })
}

// keysInBucket returns the first n keys from 1 up whose spread hash falls in
// bucket b of 2^B.
func keysInBucket(n int, b uint64, B uint8) []int64 {
	var keys []int64
	for k := int64(1); len(keys) < n; k++ {
		if spreadHash(k)&bucketMask(B) == b {
			keys = append(keys, k)
		}
	}
	return keys
}

// A sample builds one map for the chapter, and writes it in a format.
type sample struct {
	about string
	write func(t *testing.T, w io.Writer, format string)
}

var samples = map[string]sample{
	"overflow": {"2 buckets: bucket 0 with an emptyOne slot and an overflow bucket", func(t *testing.T, w io.Writer, format string) {
		writeLayout(t, w, format, overflowSample(t))
	}},
	"growing": {"a map in the middle of doubling from 4 to 8 buckets", func(t *testing.T, w io.Writer, format string) {
		writeLayout(t, w, format, growingSample(t))
	}},
	"loadfactor": {"the runtime's load factor table, measured on this map (text only)", func(t *testing.T, w io.Writer, format string) {
		if format != "text" {
			t.Fatalf("sample loadfactor is a table: it has no %s form", format)
		}
		writeLoadTable(t, w)
	}},
}

func sampleNames() string {
	var names []string
	for name := range samples {
		names = append(names, name)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

func writeLayout(t *testing.T, w io.Writer, format string, m *Map[int64, int64]) {
	t.Helper()
	switch format {
	case "text":
		m.layoutText(w)
	case "mermaid":
		m.layoutMermaid(w)
	default:
		t.Fatalf("-layout-format=%s: want text or mermaid", format)
	}
}

// overflowSample: 12 keys in 2 buckets (a load of 6, below 6.5), 9 of them
// in bucket 0, so that it chains an overflow bucket; then the key in slot 2
// of bucket 0 is deleted.
func overflowSample(t *testing.T) *Map[int64, int64] {
	useSpreadHash(t)
	m := newGeneric[int64, int64](9) // B = 1
	zero, one := keysInBucket(9, 0, 1), keysInBucket(3, 1, 1)
	putAll(t, m, zero...)
	putAll(t, m, one...)
	try(t, "Delete", func() { m.Delete(zero[2]) })
	return m
}

// growingSample: 26 keys in 4 buckets (a load of 6.5), then the 27th, which
// starts the doubling and evacuates two old buckets.
func growingSample(t *testing.T) *Map[int64, int64] {
	useSpreadHash(t)
	m := newGeneric[int64, int64](0)
	for k := range int64(27) {
		putAll(t, m, k+1)
	}
	return m
}

// writeLoadTable measures what the comment above loadFactor in the runtime's
// map_noswiss.go lists, for int64 keys and values: fill 2^15 buckets to
// each load without growing (insert, step 2, does not grow), and count.
func writeLoadTable(t *testing.T, w io.Writer) {
	useSpreadHash(t)
	const B = 15
	nb := 1 << B
	size := float64(unsafe.Sizeof(bucket[int64, int64]{}))
	fmt.Fprintf(w, "%d buckets of %d bytes, int64 keys and values, filled without growing\n", nb, int(size))
	fmt.Fprintf(w, "%6s %10s %12s %9s %10s %14s\n", "load", "%overflow", "bytes/entry", "hitprobe", "missprobe", "miss compares")
	for tenths := 40; tenths <= 80; tenths += 5 {
		n := nb * tenths / 10
		m := newGeneric[int64, int64](0)
		m.B = B
		m.buckets = make([]bucket[int64, int64], nb)
		for k := range int64(n) {
			h := spreadHash(k)
			if !m.insert(&m.buckets[h&bucketMask(B)], tophash(h), k, k) {
				t.Fatalf("insert failed")
			}
		}
		m.count = n
		withOverflow, extra, hitSum := 0, 0, 0
		for i := range m.buckets {
			b := &m.buckets[i]
			if b.overflow != nil {
				withOverflow++
			}
			pos := 0
			for c := b; c != nil; c = c.overflow {
				if c != b {
					extra++
				}
				for s := range bucketCnt {
					if c.tophash[s] >= minTopHash {
						pos++
						hitSum += pos // a hit on this entry checks pos entries
					}
				}
			}
		}
		// A miss checks every entry of its chain; with tophash, it compares
		// keys only where the byte matches.
		const misses = 1 << 16
		compares := 0
		for k := int64(n); k < int64(n)+misses; k++ {
			h := spreadHash(k)
			top := tophash(h)
			for c := &m.buckets[h&bucketMask(B)]; c != nil; c = c.overflow {
				for s := range bucketCnt {
					if c.tophash[s] == top {
						compares++
					}
				}
			}
		}
		bytes := float64(nb+extra) * size
		fmt.Fprintf(w, "%6.2f %10.2f %12.2f %9.2f %10.2f %14.3f\n",
			float64(tenths)/10,
			100*float64(withOverflow)/float64(nb),
			bytes/float64(n)-16,
			float64(hitSum)/float64(n),
			float64(n)/float64(nb),
			float64(compares)/misses)
	}
}

// TestStep8Layout checks the layout dump of a small map. With -layout=NAME
// it prints that sample instead, and checks nothing.
func TestStep8Layout(t *testing.T) {
	if *layoutName != "" {
		s, ok := samples[*layoutName]
		if !ok {
			t.Fatalf("-layout=%s: no such sample; the samples are %s", *layoutName, sampleNames())
		}
		s.write(t, os.Stdout, *layoutFormat)
		return
	}

	needSteps(t, 1, 2, 3, 4, 5) // the sample: New(9), 12 Puts, one Delete
	m := overflowSample(t)
	var sb strings.Builder
	m.layoutText(&sb)
	want := `B=1: 2 buckets, count 11, noverflow 1, not growing
bucket 0       tophash 97   6e   one  bd   9e   ae   08   6a
               keys    2    4    -    6    8    9    10   14
  overflow     tophash 11   rest rest rest rest rest rest rest
               keys    18   -    -    -    -    -    -    -
bucket 1       tophash 91   1d   63   rest rest rest rest rest
               keys    1    3    7    -    -    -    -    -
`
	if got := sb.String(); got != want {
		t.Fatalf("the layout of 12 keys in 2 buckets, 9 of them in bucket 0, after deleting the key in slot 2 of bucket 0, is\n%s\nwant\n%s\n(every step before this one must work: insert, overflow, delete)", got, want)
	}
	sb.Reset()
	m.layoutMermaid(&sb)
	for _, part := range []string{"flowchart LR", `b0["bucket 0<br>tophash: 97 6e one bd 9e ae 08 6a<br>keys: 2 4 - 6 8 9 10 14"]`, "b0 -- overflow --> b0o1"} {
		if !strings.Contains(sb.String(), part) {
			t.Fatalf("the Mermaid layout of the same map is\n%s\nwant it to contain %s", sb.String(), part)
		}
	}
}
