// Command simdmatch prints, side by side, what the lab's step 11 and the runtime compile a group
// match and an 8-byte hash to, on amd64 with GOEXPERIMENT=simd (the variant simd-1.27 of
// labs/lanes): it builds the command lookup there, with lab 03's solution in place, and keeps,
// of go tool objdump's listing, the instructions of four functions' lines, inlined where the
// lookups run:
//
//   - the lab's matchH2 and vec (match_simd.go), in table.find; the runtime's ctrlGroup.matchH2
//     (internal/runtime/maps/group.go), which the compiler replaces with SSE2 on amd64, in
//     runtime.mapaccess2_fast64;
//   - the lab's aesHash64 and the helpers it calls (memhash_aes.go), in memHash64, which
//     Map.hash calls; the runtime's memHash64AES
//     (internal/runtime/maps/memhash_aes_simd.go), in runtime.mapaccess2_fast64.
//
// It prints each instruction with its file and line, without addresses: those of the function's
// lines, and those of simd/archsimd's own Go functions (BroadcastUint8x16, the conversions)
// that the compiler inlined between them. The load of the control word is the caller's line, in
// both. It fails when a function has no instruction of its lines: the source moved, or the
// compiler stopped inlining it.
//
//	go run ./chapters/code/03-swiss/simdmatch
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"gomaps/labs/courseroot"
	"gomaps/labs/lanes"
	"gomaps/labs/overlay"
)

const pkg = "./chapters/code/03-swiss/simdmatch/lookup"

// A part is the lines of one function of the source, and the compiled function where they are
// inlined.
type part struct {
	title  string
	file   string // the source file, relative to the course's root or, with goroot, to $GOROOT/src
	goroot bool
	funcs  []string // the functions whose lines are kept: "ctrlGroup.matchH2", "aesHash64"
	in     string   // the compiled function whose listing holds them (a regexp of go tool objdump -s)
}

var parts = []part{
	{"the lab's matchH2 (step 11), inlined in table.find", "solutions/03-swiss/match_simd.go", false,
		[]string{"ctrlGroup.matchH2", "ctrlGroup.vec"}, `swiss\.\(\*table\[go\.shape\.int64,go\.shape\.int64\]\)\.find$`},
	{"the runtime's matchH2, inlined in runtime.mapaccess2_fast64", "internal/runtime/maps/group.go", true,
		[]string{"ctrlGroup.matchH2"}, `^runtime\.mapaccess2_fast64$`},
	{"the lab's aesHash64 (step 11), inlined in memHash64, which Map.hash calls", "solutions/03-swiss/memhash_aes.go", false,
		[]string{"aesHash64", "pair", "low", "aesKey"}, `swiss\.memHash64$`},
	{"the runtime's memHash64AES, inlined in runtime.mapaccess2_fast64", "internal/runtime/maps/memhash_aes_simd.go", true,
		[]string{"memHash64AES"}, `^runtime\.mapaccess2_fast64$`},
}

func main() {
	log.SetPrefix("simdmatch: ")
	log.SetFlags(0)
	root, _, err := courseroot.Find("")
	if err != nil {
		log.Fatal(err)
	}
	v := lanes.SIMD().Lane
	tmp, err := os.MkdirTemp("", "simdmatch-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "lookup")
	if err := build(root, v, bin); err != nil {
		log.Fatal(err)
	}
	goroot, err := output(v, "go", "env", "GOROOT")
	if err != nil {
		log.Fatal(err)
	}
	for _, p := range parts {
		if err := show(root, strings.TrimSpace(goroot), v, bin, p); err != nil {
			log.Fatal(err)
		}
	}
}

// build builds the command lookup with lab 03's solution in place into bin, on variant v.
func build(root string, v lanes.Lane, bin string) error {
	replace, err := overlay.Solutions(root, "03-swiss")
	if err != nil {
		return err
	}
	ov, err := overlay.Write(replace)
	if err != nil {
		return err
	}
	defer os.Remove(ov)
	fmt.Printf("$ %sgo build -o lookup %s (with lab 03's solution in place)\n", v.Prefix(), pkg)
	_, err = output(v, "go", "build", "-overlay="+ov, "-o", bin, pkg)
	return err
}

// output runs a command on variant v and returns its output.
func output(v lanes.Lane, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Env = v.Environ()
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("%s%s %s: %v: %s", v.Prefix(), name, strings.Join(args, " "), err, strings.TrimSpace(out.String()))
	}
	return out.String(), nil
}

// instruction is a line of go tool objdump: "  group.go:154\t0x40d40d\t66490f6ec0\tMOVQ R8, X0\t".
var instruction = regexp.MustCompile(`^\s+(\S+):(\d+)\s+0x[0-9a-f]+\s+[0-9a-f]+\s+(.+?)\s*$`)

// show prints the instructions of p's lines in p.in.
func show(root, goroot string, v lanes.Lane, bin string, p part) error {
	src := filepath.Join(root, p.file)
	if p.goroot {
		src = filepath.Join(goroot, "src", p.file)
	}
	lines, err := funcLines(src, p.funcs)
	if err != nil {
		return err
	}
	listing, err := output(v, "go", "tool", "objdump", "-s", p.in, bin)
	if err != nil {
		return err
	}
	archsimd, err := filepath.Glob(filepath.Join(goroot, "src", "simd", "archsimd", "*.go"))
	if err != nil {
		return err
	}
	inlined := map[string]bool{} // the files of archsimd, by base name, as objdump names them
	for _, f := range archsimd {
		inlined[filepath.Base(f)] = true
	}
	base := filepath.Base(p.file)
	var kept []string
	var first, last int // the span of kept from the first to the last instruction of p's lines
	sc := bufio.NewScanner(strings.NewReader(listing))
	for sc.Scan() {
		m := instruction.FindStringSubmatch(sc.Text())
		switch {
		case m == nil || strings.HasPrefix(m[3], "NOP"):
			continue // the NOPs mark where a call was inlined
		case m[1] == base && lines[m[2]]:
			if first == 0 {
				first = len(kept) + 1
			}
			last = len(kept) + 1
		case first == 0 && len(kept) > 0 && !inlined[m[1]]:
			kept = kept[:0] // not adjacent to p's lines: archsimd code of another function
			continue
		case !inlined[m[1]]:
			continue
		}
		kept = append(kept, fmt.Sprintf("    %s:%s\t%s", m[1], m[2], m[3]))
	}
	if last > 0 {
		kept = kept[:last]
	}
	if first == 0 {
		return fmt.Errorf("go tool objdump -s '%s': no instruction of %s (%s)", p.in, strings.Join(p.funcs, ", "), p.file)
	}
	fmt.Printf("\n%s (%s: %s)\n%s\n", p.title, p.file, strings.Join(p.funcs, ", "), strings.Join(kept, "\n"))
	return nil
}

// funcLines returns the lines, as strings, of the bodies of the functions named in file: a
// method as Type.Name.
func funcLines(file string, names []string) (map[string]bool, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	lines := map[string]bool{}
	found := 0
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		name := fd.Name.Name
		if fd.Recv != nil && len(fd.Recv.List) == 1 {
			if id, ok := fd.Recv.List[0].Type.(*ast.Ident); ok {
				name = id.Name + "." + name
			}
		}
		for _, n := range names {
			if n != name {
				continue
			}
			found++
			for l := fset.Position(fd.Body.Lbrace).Line; l <= fset.Position(fd.Body.Rbrace).Line; l++ {
				lines[fmt.Sprint(l)] = true
			}
		}
	}
	if found != len(names) {
		return nil, fmt.Errorf("%s: want the functions %s; found %d of them", file, strings.Join(names, ", "), found)
	}
	return lines, nil
}
