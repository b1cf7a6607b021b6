// Command fastpaths prints, from the sources of the two Swiss-table runtimes the course runs on
// (the lanes swiss-1.26 and swiss-1.27), the lines of the map runtime that chapter 03 compares:
// how runtime_mapaccess2_fast64 and runtime_mapaccess2_faststr hash a key, what became of
// runtime_mapaccess1_fast64, where the runtime's own hash functions live, and the files that
// hold them. Each line is found by a regular expression and printed with its file, the
// toolchain's version and its line number; the program fails if one is not there any more, so
// that the chapter is updated with the runtimes.
//
//	go run ./chapters/code/03-swiss/fastpaths
//
// The toolchains' sources come through the go command, as GOTOOLCHAIN fetches them (see
// gosrc.Resolver).
package main

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"gomaps/chapters/code/internal/gosrc"
	"gomaps/labs/lanes"
)

// The two runtimes, oldest first: the fast paths before and after they hashed inline.
var runtimes = []lanes.Lane{lanes.Previous(), lanes.DefaultLane()}

// An excerpt is the lines of a file from the one that matches from to the first after it that
// matches to (a gosrc.Block), keeping only those that match keep (and the first and last).
// With to empty, it is the line that matches from alone.
type excerpt struct {
	file           string // relative to the toolchain's root
	from, to, keep string
}

// A site is one place of the runtime, as each runtime has it (in the order of runtimes).
type site struct {
	title string
	in    []excerpt
}

const (
	fast64  = "src/internal/runtime/maps/runtime_fast64.go"
	faststr = "src/internal/runtime/maps/runtime_faststr.go"
	alg     = "src/runtime/alg.go"
	// The lines that compute a table's hash, in either runtime.
	hashLines = `^\tk := key$|typ\.Hasher\(|var hash uintptr|UseAeshash \{$|hash = memHash|^\t\} else \{$`
)

var sites = []site{
	{
		title: "v := m[k], k an int64: the compiler calls runtime.mapaccess1_fast64",
		in: []excerpt{
			{fast64, `^func runtime_mapaccess1_fast64\(`, `^}`, hashLines},
			{fast64, `^func runtime_mapaccess1_fast64\(`, `^}`, `runtime_mapaccess2_fast64\(|return p$`},
		},
	},
	{
		title: "v, ok := m[k]: runtime.mapaccess2_fast64, hashing the key of a map with tables",
		in: []excerpt{
			{fast64, `^func runtime_mapaccess2_fast64\(`, `^}`, `if m.dirLen == 0 \{|` + hashLines},
			{fast64, `^func runtime_mapaccess2_fast64\(`, `^}`, `if m.dirLen == 0 \{|` + hashLines},
		},
	},
	{
		title: "the same for a string key: runtime.mapaccess2_faststr",
		in: []excerpt{
			{faststr, `^func runtime_mapaccess2_faststr\(`, `^}`, hashLines},
			{faststr, `^func runtime_mapaccess2_faststr\(`, `^}`, hashLines},
		},
	},
	{
		title: "hash/maphash.Comparable, the lab maps' generic path: the same typ.Hasher, called through the pointer",
		in: []excerpt{
			{"src/hash/maphash/maphash_runtime.go", `^func comparableHash\[`, `^}`, `\.Hasher$|return uint64\(hasher\(`},
			{"src/hash/maphash/maphash.go", `^func comparableHash\[`, `^}`, `\.Hasher$|return uint64\(hasher\(`},
		},
	},
	{
		title: "the function that typ.Hasher points to for an 8-byte key",
		in: []excerpt{
			{alg, `^func memhash64\(p unsafe.Pointer, h uintptr\) uintptr$`, ``, ``},
			{alg, `^func memhash64\(`, `^}`, `return maps\.MemHash64\(`},
		},
	},
	{
		title: "the hash of an 8-byte key on processors without AES (the wyhash fallback)",
		in: []excerpt{
			{"src/runtime/hash64.go", `^func memhash64Fallback\(p unsafe.Pointer, seed uintptr\) uintptr \{$`, ``, ``},
			{"src/internal/runtime/maps/runtime_hash64.go", `^func memHash64Fallback\(k uint64, seed uintptr\) uintptr \{$`, ``, ``},
		},
	},
	{
		title: "the AES hash of an 8-byte key on amd64, in assembly",
		in: []excerpt{
			{"src/runtime/asm_amd64.s", `^TEXT runtime·memhash64<ABIInternal>`, `^\tRET$`, `useAeshash|PINSRQ|AESENC`},
			{"src/internal/runtime/maps/memhash_nosimd_amd64.s", `^TEXT ·memHash64AES<ABIInternal>`, `^\tRET$`, `PINSRQ|AESENC`},
		},
	},
}

// The files of the hash functions, in the runtime's folder and in the map's: alg.go,
// hash64.go, memhash_amd64.s, runtime_hash64.go...
var (
	hashDirs  = []string{"src/runtime", "src/internal/runtime/maps"}
	hashFiles = regexp.MustCompile(`(^|_)(alg|hash32|hash64|memhash)[._]`)
)

func main() {
	log.SetPrefix("fastpaths: ")
	log.SetFlags(0)
	if err := run(); err != nil {
		log.Fatal(err)
	}
}

func run() error {
	r, err := gosrc.NewResolver()
	if err != nil {
		return err
	}
	roots := make([]string, len(runtimes))
	for i, l := range runtimes {
		if roots[i], err = r.Root(l.Toolchain); err != nil {
			return fmt.Errorf("the sources of %s: %v", l.Toolchain, err)
		}
	}
	for _, s := range sites {
		fmt.Printf("== %s\n", s.title)
		for i, e := range s.in {
			if err := e.print(runtimes[i].Toolchain, roots[i]); err != nil {
				return err
			}
		}
	}
	fmt.Println("== the files of the hash functions (tests left out)")
	for i, l := range runtimes {
		for _, dir := range hashDirs {
			entries, err := os.ReadDir(filepath.Join(roots[i], filepath.FromSlash(dir)))
			if err != nil {
				return fmt.Errorf("%s: %v", l.Toolchain, err)
			}
			var names []string
			for _, e := range entries {
				if hashFiles.MatchString(e.Name()) && !strings.HasSuffix(e.Name(), "_test.go") {
					names = append(names, e.Name())
				}
			}
			slices.Sort(names)
			if len(names) == 0 {
				names = []string{"(none)"}
			}
			fmt.Printf("%s %s/: %s\n", l.Toolchain, dir, strings.Join(names, " "))
		}
	}
	return nil
}

// print prints the excerpt of the toolchain at root, or says which line is not there.
func (e excerpt) print(toolchain, root string) error {
	var to *regexp.Regexp
	if e.to != "" {
		to = regexp.MustCompile(e.to)
	}
	b, err := gosrc.FindBlock(filepath.Join(root, filepath.FromSlash(e.file)), root, regexp.MustCompile(e.from), to)
	if err != nil {
		return fmt.Errorf("%s of %s: %v: the chapter's excerpt is out of date", e.file, toolchain, errorsUnwrapPath(err))
	}
	fmt.Printf("// %s, %s\n", toolchain, e.file)
	show := func(i int) { fmt.Printf("%4d %s\n", b.Line+i, strings.ReplaceAll(b.Lines[i], "\t", "    ")) }
	show(0)
	if to != nil {
		keep, shown := regexp.MustCompile(e.keep), 0
		for i := 1; i < len(b.Lines)-1; i++ {
			if keep.MatchString(b.Lines[i]) {
				show(i)
				shown++
			}
		}
		if shown == 0 {
			return fmt.Errorf("%s of %s: no line from %s to %s matches %s: the chapter's excerpt is out of date", e.file, toolchain, e.from, e.to, e.keep)
		}
		show(len(b.Lines) - 1)
	}
	fmt.Println()
	return nil
}

// errorsUnwrapPath drops the machine's path from an error of the os package: the file is named
// relative to the toolchain's root already.
func errorsUnwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
