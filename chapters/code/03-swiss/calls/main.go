// Command calls prints the calls that the compiler emits for a map lookup, m[k], on each of the
// two Swiss-table runtimes the course runs on (the lanes swiss-1.26 and swiss-1.27): in the
// functions of the command lookup, each a single lookup, and in the runtime functions they call.
// It builds the command lookup with each lane's toolchain and the compiler's assembly listing on
// (-gcflags=-S for lookup, for internal/runtime/maps, where the runtime's map lives, for runtime,
// which holds the hash functions that typ.Hasher points to, and for hash/maphash), and keeps, of
// the listing, each chosen function's CALL instructions with their source lines.
// It leaves out the calls to runtime.morestack_noctxt, which every function with a stack frame
// makes from its prologue when its goroutine's stack must grow. It fails if a chosen function
// is not in the listing.
//
//	go run ./chapters/code/03-swiss/calls
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path"
	"regexp"
	"strings"

	"gomaps/labs/lanes"
)

const pkg = "./chapters/code/03-swiss/calls/lookup"

// The functions whose calls are printed, in this order: lookup's; the runtime's map; the hash
// of an 8-byte key that typ.Hasher points to (and maphash.Comparable calls), and what it calls;
// the way from hash/maphash.String, the hash package's function for strings, to the runtime's
// hash; and the hash that typ.Hasher points to for a string. A runtime may have no Go function
// of such a name, when it writes the function in assembly (Go 1.26's runtime.memhash64, memhash
// and strhash) or does not have it (MemHash64, MemHash and StrHash of internal/runtime/maps
// before Go 1.27).
var functions = []struct {
	name     string
	optional bool // may be missing from a release's listing
}{
	{"main.int64Lookup", false},
	{"main.int64CommaOK", false},
	{"main.stringLookup", false},
	{"main.bigValueCommaOK", false},
	{"runtime.mapaccess1_fast64", false},
	{"runtime.mapaccess2_fast64", false},
	{"runtime.mapaccess1_faststr", false},
	{"runtime.mapaccess2_faststr", false},
	{"runtime.memhash64", true},
	{"internal/runtime/maps.MemHash64", true},
	{"main.stringHash", false},
	{"hash/maphash.String", false},
	{"hash/maphash.rthashString", false},
	{"runtime.memhash", true},
	{"internal/runtime/maps.MemHash", true},
	{"runtime.strhash", true},
	{"internal/runtime/maps.StrHash", true},
}

var runtimes = []lanes.Lane{lanes.Previous(), lanes.DefaultLane()}

var (
	// The first line of a function in the listing: "runtime.mapaccess1_fast64 STEXT size=...".
	funcLine = regexp.MustCompile(`^(\S+) STEXT `)
	// An instruction: "\t0x0020 00032 (/dir/lookup.go:7)\tCALL\truntime.mapaccess1_fast64(SB)".
	callLine = regexp.MustCompile(`^\t0x[0-9a-f]+ +\d+ +\((.+):(\d+)\)\tCALL\t(.+)$`)
	// The first instruction of an ABI wrapper, a function of the same name that the toolchain
	// makes for the callers of another calling convention (assembly).
	abiWrapper = regexp.MustCompile(`^\t0x[0-9a-f]+ +\d+ +\(.*\)\tTEXT\t.*ABIWRAPPER`)
)

func main() {
	log.SetPrefix("calls: ")
	log.SetFlags(0)
	for _, l := range runtimes {
		if err := show(l); err != nil {
			log.Fatal(err)
		}
	}
}

// show builds the command lookup on lane l and prints the calls of the chosen functions.
func show(l lanes.Lane) error {
	args := []string{"build", "-o", os.DevNull, "-gcflags=-S", "-gcflags=internal/runtime/maps=-S", "-gcflags=runtime=-S", "-gcflags=hash/maphash=-S", pkg}
	cmd := exec.Command("go", args...)
	cmd.Env = l.Environ()
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%sgo %s: %v: %s", l.Prefix(), strings.Join(args, " "), err, firstLine(out.String()))
	}
	calls := map[string][]string{} // function: its calls, "runtime_fast64.go:50 CALL CX"
	var fn string
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := funcLine.FindStringSubmatch(line); m != nil {
			fn = m[1]
			continue
		}
		if abiWrapper.MatchString(line) {
			// The same name's ABI wrapper, for callers in assembly: not the function.
			fn = ""
			continue
		}
		if fn != "" && strings.Contains(line, "\tTEXT\t") {
			if _, ok := calls[fn]; !ok {
				calls[fn] = nil // listed, even if it makes no call
			}
			continue
		}
		m := callLine.FindStringSubmatch(line)
		if fn == "" || m == nil || m[3] == "runtime.morestack_noctxt(SB)" {
			continue
		}
		calls[fn] = append(calls[fn], fmt.Sprintf("%s:%s  CALL %s", path.Base(m[1]), m[2], m[3]))
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: reading the listing: %v", l.Toolchain, err)
	}
	fmt.Printf("== %sgo %s\n", l.Prefix(), strings.Join(args, " "))
	for _, f := range functions {
		c, ok := calls[f.name]
		switch {
		case !ok && f.optional:
			fmt.Printf("%s\n    (not in the listing: no function of that name compiled from Go)\n", f.name)
			continue
		case !ok:
			return fmt.Errorf("%s: the listing has no function %s", l.Toolchain, f.name)
		}
		fmt.Printf("%s\n", f.name)
		for _, call := range c {
			fmt.Printf("    %s\n", call)
		}
	}
	fmt.Println()
	return nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}
