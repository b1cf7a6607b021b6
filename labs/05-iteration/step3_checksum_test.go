package iteration_test

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"gomaps/labs/05-iteration"
)

// Step 3: Checksum tells different maps apart, and is the same in every
// process.

// Maps that weak checksums confuse: with h a string hash, xor of
// h(k) ^ h(v) gives 0 for every entry whose key is its value and for every
// pair of swapped entries; h(k) + h(v) ignores which is the key; h(k + v)
// ignores where the key ends.
var confusable = []map[string]string{
	{},
	{"a": "a"},
	{"a": "a", "b": "b"},
	{"a": "b", "b": "a"},
	{"a": "b"},
	{"b": "a"},
	{"ab": "c"},
	{"a": "bc"},
	{"abc": ""},
	{"": "abc"},
	{"a": "", "b": ""},
	{"a": "b", "c": "d"},
	{"a": "d", "c": "b"},
	{"a": "c", "b": "d"},
}

// separators are what a checksum might put between a key and its value, or
// after the value: h(k + sep + v) confuses {"a" + sep + "b": "c"} with
// {"a": "b" + sep + "c"}, whatever sep is, since a Go string can hold any
// byte.
var separators = []string{"\x00", "=", ":", "\n", "\t", " ", ",", ";", "|", "/", ".", "-", "_",
	"\r\n", ": ", " = ", "=>", "->", "\x00\x00", "\xff", "\x1f", "\x1e"}

// needStep2 stops a step 3 test while Checksum still depends on the order of
// the entries: a map with many checksums cannot be told apart from others, nor
// compared with another process.
func needStep2(t *testing.T) {
	t.Helper()
	const calls = 20
	m := entries(40)
	first, ok := checksum(t, m)
	if !ok {
		t.FailNow()
	}
	for range calls {
		again, ok := checksum(t, m)
		if !ok {
			t.FailNow()
		}
		if again != first {
			t.Fatalf("step 2 is not written yet: Checksum of one map of %d entries returned %#x, then %#x: it still depends on the order of the entries, and step 3 needs one checksum per map; make the TestStep2 tests pass first",
				len(m), first, again)
		}
	}
}

func TestStep3ChecksumTellsMapsApart(t *testing.T) {
	needStep2(t)
	const framing = "the hash of an entry must depend on the key and on the value, each in its place: hash the key's length, the key, then the value"
	const mixing = "; if you do, the entry hashes are too weak to be added up: FNV-1a, for one, ends with a xor and a multiply, so entries that differ in their last byte move the sum by amounts that other entries can cancel; use a hash without such structure, such as the first 8 bytes of a SHA-256"
	seen := map[uint64]map[string]string{}
	check := func(m map[string]string, why string) bool {
		sum, ok := checksum(t, m)
		if !ok {
			return false
		}
		if other, dup := seen[sum]; dup && !maps.Equal(other, m) {
			t.Errorf("Checksum(%s) = Checksum(%s) = %#x: different maps must get different checksums; %s",
				show(m, 6), show(other, 6), sum, why)
			return false
		}
		seen[sum] = m
		return true
	}
	for _, m := range confusable {
		if !check(m, framing) {
			return
		}
	}
	for _, sep := range separators {
		why := fmt.Sprintf("a separator between key and value (%q here) does not mark where the key ends when a key or a value holds it (both maps read %q); a separator works only when no key or value can contain it, and a Go string can hold any byte, so write the key's length before the key (binary.AppendUvarint), then the key, then the value",
			sep, "a"+sep+"b"+sep+"c")
		if !check(map[string]string{"a" + sep + "b": "c"}, why) || !check(map[string]string{"a": "b" + sep + "c"}, why) {
			return
		}
	}

	// Random small maps over a tiny alphabet, each next to a copy with one
	// change: a value changed, an entry moved to another key, a key and its
	// value swapped, a byte moved from the key to the value, an entry added
	// or removed.
	rng := rand.New(rand.NewPCG(5, 5))
	word := func() string {
		b := make([]byte, rng.IntN(4))
		for i := range b {
			b[i] = "ab"[rng.IntN(2)]
		}
		return string(b)
	}
	for range 3000 {
		m := map[string]string{}
		for range 1 + rng.IntN(6) {
			m[word()] = word()
		}
		changed := maps.Clone(m)
		keys := slices.Sorted(maps.Keys(changed)) // not range order: the same maps on every run
		k := keys[rng.IntN(len(keys))]
		v := changed[k]
		switch rng.IntN(6) {
		case 0: // a value changed
			changed[k] = word()
		case 1: // an entry moved to another key
			delete(changed, k)
			changed[word()] = v
		case 2: // a key and its value swapped
			delete(changed, k)
			changed[v] = k
		case 3: // the last byte of a key moved to the start of its value
			if k == "" {
				continue
			}
			delete(changed, k)
			changed[k[:len(k)-1]] = k[len(k)-1:] + v
		case 4: // an entry added
			changed[word()+"b"] = word()
		case 5: // an entry removed
			delete(changed, k)
		}
		if !check(m, framing+mixing) || !check(changed, framing+mixing) {
			return
		}
	}
}

// childEnv tells the test binary that it runs as the second process of
// TestStep3ChecksumIsTheSameInEveryProcess.
const childEnv = "ITERATION_LAB_CHECKSUM_CHILD"

var childSum = regexp.MustCompile(`checksum=(\d+)`)

func TestStep3ChecksumIsTheSameInEveryProcess(t *testing.T) {
	m := entries(20)
	if os.Getenv(childEnv) != "" {
		fmt.Printf("checksum=%d\n", iteration.Checksum(m))
		return
	}
	needStep2(t)
	here, ok := checksum(t, m)
	if !ok {
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatalf("cannot find the test binary to run it again: %v", err)
	}
	cmd := exec.Command(exe, "-test.run=^TestStep3ChecksumIsTheSameInEveryProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), childEnv+"=1")
	out, err := cmd.CombinedOutput()
	match := childSum.FindSubmatch(out)
	if err != nil || match == nil {
		t.Fatalf("the test binary, run again to compute the checksum in a second process, failed (%v):\n%s", err, out)
	}
	there, _ := strconv.ParseUint(string(match[1]), 10, 64)
	if there != here {
		t.Fatalf("Checksum of the same map of 20 entries is %#x in this process and %#x in another run of the test binary: the checksum must mean the same in every process; hash/maphash seeds (maphash.MakeSeed) are random per process, like a map's own seed: use a hash function with a fixed definition, such as SHA-256 from crypto/sha256",
			here, there)
	}
}
