// Checksum shows four ways to get a map's checksum wrong:
//
//   - hashing the entries in range order gives a different checksum from one
//     call to the next;
//   - combining per-entry hashes with xor or + makes it independent of the
//     order, but a weak per-entry mix (h(k) ^ h(v), h(k) + h(v), h(k + v),
//     h(k + "\x00" + v)) makes different maps collide, and so does a weak hash
//     h, even of a well-framed entry (the key's length, the key, the value);
//   - hash/maphash has a random seed per process (maphash.MakeSeed), so its
//     checksums cannot be compared with another process's. The program runs
//     itself a second time to show it; hash/fnv, a fixed function, agrees.
//
// Here h is FNV-1a (hash/fnv), a function with a fixed definition. Lab 05's
// Checksum gets all four right.
//
//	go run ./chapters/code/05-iteration/checksum
//	env $(go run ./tools/course lanes -env classic) go run ./chapters/code/05-iteration/checksum
package main

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"hash/maphash"
	"log"
	"os"
	"os/exec"
	"strings"

	"gomaps/labs/inspect"
)

// childEnv is set when the program runs itself as the second process.
const childEnv = "CHECKSUM_SECOND_PROCESS"

func main() {
	log.SetFlags(0)
	log.SetPrefix("checksum: ")
	if os.Getenv(childEnv) != "" {
		mh, fh := perProcess()
		fmt.Printf("%d %d\n", mh, fh)
		return
	}

	m := map[string]string{}
	for _, k := range strings.Fields("alpha bravo charlie delta echo foxtrot golf hotel india juliett") {
		m[k] = strings.ToUpper(k)
	}
	sums := map[uint64]bool{}
	for range 1000 {
		sums[inRangeOrder(m)] = true
	}
	fmt.Printf("%s: hashing a map of %d entries in range order, 1000 times: %d different checksums\n\n",
		inspect.Build(), len(m), len(sums))

	fmt.Println("order-independent, but blind to some changes:")
	collide("xor of h(k) ^ h(v)", xorKV,
		map[string]string{}, map[string]string{"a": "a"}, map[string]string{"a": "b", "b": "a"})
	collide("sum of h(k) + h(v)", sumKV,
		map[string]string{"a": "b"}, map[string]string{"b": "a"})
	collide("sum of h(k + v)", sumConcat,
		map[string]string{"ab": "c"}, map[string]string{"a": "bc"})
	collide("sum of h(k, NUL, v)", sumSeparated,
		map[string]string{"a\x00b": "c"}, map[string]string{"a": "b\x00c"})
	collide("sum of h(len k, k, v)", sumFramed,
		map[string]string{"b": "bb", "baa": "aaa"}, map[string]string{"b": "ba", "baa": "aab"})

	mh, fh := perProcess()
	mh2, fh2, err := secondProcess()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("\nhashing \"alpha\" in this process and in another one:\n")
	fmt.Printf("  maphash (MakeSeed): %#016x and %#016x; the same: %v\n", mh, mh2, mh == mh2)
	fmt.Printf("  fnv:                %#016x and %#016x; the same: %v\n", fh, fh2, fh == fh2)
}

func h(s string) uint64 {
	f := fnv.New64a()
	f.Write([]byte(s))
	return f.Sum64()
}

func inRangeOrder(m map[string]string) uint64 {
	f := fnv.New64a()
	for k, v := range m {
		f.Write([]byte(k))
		f.Write([]byte(v))
	}
	return f.Sum64()
}

func xorKV(m map[string]string) uint64 {
	var sum uint64
	for k, v := range m {
		sum ^= h(k) ^ h(v)
	}
	return sum
}

func sumKV(m map[string]string) uint64 {
	var sum uint64
	for k, v := range m {
		sum += h(k) + h(v)
	}
	return sum
}

func sumConcat(m map[string]string) uint64 {
	var sum uint64
	for k, v := range m {
		sum += h(k + v)
	}
	return sum
}

// sumSeparated puts a NUL byte between key and value, which marks where the
// key ends only as long as no key or value holds a NUL byte.
func sumSeparated(m map[string]string) uint64 {
	var sum uint64
	for k, v := range m {
		sum += h(k + "\x00" + v)
	}
	return sum
}

// sumFramed hashes each entry with the length of its key in front, so that
// the key's end is known; but FNV-1a ends with a xor and a multiply, so two
// entries whose last bytes change can move the sum by amounts that cancel.
func sumFramed(m map[string]string) uint64 {
	var sum uint64
	for k, v := range m {
		sum += h(string(binary.AppendUvarint(nil, uint64(len(k)))) + k + v)
	}
	return sum
}

// collide prints the checksum of each map, and whether they are all equal.
func collide(name string, sum func(map[string]string) uint64, ms ...map[string]string) {
	var parts []string
	equal := true
	for _, m := range ms {
		parts = append(parts, fmt.Sprintf("%q: %#x", m, sum(m)))
		equal = equal && sum(m) == sum(ms[0])
	}
	fmt.Printf("  %-22s %s; all equal: %v\n", name, strings.Join(parts, ", "), equal)
}

// perProcess hashes one string with maphash (a seed made in this process) and
// with FNV-1a.
func perProcess() (maphashSum, fnvSum uint64) {
	return maphash.String(maphash.MakeSeed(), "alpha"), h("alpha")
}

// secondProcess runs this program again and returns its perProcess.
func secondProcess() (maphashSum, fnvSum uint64, err error) {
	exe, err := os.Executable()
	if err != nil {
		return 0, 0, err
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), childEnv+"=1")
	out, err := cmd.Output()
	if err != nil {
		return 0, 0, err
	}
	_, err = fmt.Sscan(string(out), &maphashSum, &fnvSum)
	return maphashSum, fnvSum, err
}

//course:every-lane it reads the map runtime's layout through the inspector
