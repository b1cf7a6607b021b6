package merge

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestToStepFixture: the fixture's words.go at step 2 gets Shout (steps 1 and 2) from its
// step-1 snapshot, with the helper it calls and the import it needs, drops the import only the
// learner's stub used, and keeps Whisper (step 2) and the solution's step-2 helper out; from the
// solution alone, Shout would bring step 2 too.
func TestToStepFixture(t *testing.T) {
	mine, _ := os.ReadFile("../../testdata/course/labs/03-steps/words.go")
	sol, _ := os.ReadFile("../../testdata/course/solutions/03-steps/words.go")
	snap, _ := os.ReadFile("../../testdata/course/solutions/03-steps/step-1/words.go")
	m, err := ToStep(File{Name: "words.go", Lab: "03", Mine: mine, Solution: sol, Snapshot: snap}, 2)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s\nreplaced %v added %v imports %v spill %v left %d", m.Out, m.Replaced, m.Added, m.Imports, m.Spill, m.Left)
	got := string(m.Out)
	for _, want := range []string{`import "strings"`, "return exclaim(strings.ToUpper(s))", "func exclaim(s string) string", "TODO(03): step 1: return s in upper case, followed by \"!\". Step 2: only", "TODO(03): step 2", "\treturn s\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("merged words.go lacks %q", want)
		}
	}
	for _, bad := range []string{`"fmt"`, "parens", "TrimRight", "go:build"} {
		if strings.Contains(got, bad) {
			t.Errorf("merged words.go has %q", bad)
		}
	}
	if len(m.Spill) != 0 || m.Left != 2 || len(m.Replaced) != 1 || m.Replaced[0] != "Shout (step 1; step 2 is yours)" {
		t.Errorf("replaced %q, spill %q, left %d; want Shout (step 1; step 2 is yours), no spill, 2 left (Shout and Whisper)", m.Replaced, m.Spill, m.Left)
	}

	m, err = ToStep(File{Name: "words.go", Lab: "03", Mine: mine, Solution: sol}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(m.Out), "TrimRight") || len(m.Spill) != 1 || m.Left != 1 {
		t.Errorf("without the snapshot: spill %q, left %d; want Shout whole (with TrimRight), spilling step 2, and 1 left\n%s", m.Spill, m.Left, m.Out)
	}
}

// A func whose TODO says it serves a later step too ("step 1. ... Step 2: ...") comes whole,
// with a note when the later step is not below k.
func TestToStepSpan(t *testing.T) {
	mine := "package p\n\nfunc Get() int {\n\t// TODO(06): step 1. Lock it. Step 2: share the lock.\n\treturn 0\n}\n\nfunc Put() {\n\t// TODO(06): step 3. Put.\n}\n"
	sol := "package p\n\nfunc Get() int {\n\treturn 1\n}\n\nfunc Put() {}\n"
	m, err := ToStep(File{Name: "x.go", Lab: "06", Mine: []byte(mine), Solution: []byte(sol)}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(m.Out), "return 1") || !strings.Contains(string(m.Out), "step 3. Put") {
		t.Errorf("merged:\n%s", m.Out)
	}
	if len(m.Spill) != 1 || m.Spill[0] != "Get" || m.SpillTo != 2 || m.Replaced[0] != "Get (steps 1 to 2)" {
		t.Errorf("replaced %q, spill %q to %d; want Get (steps 1 to 2), bringing step 2", m.Replaced, m.Spill, m.SpillTo)
	}
	if m, _ := ToStep(File{Name: "x.go", Lab: "06", Mine: []byte(mine), Solution: []byte(sol)}, 3); len(m.Spill) != 0 {
		t.Errorf("at step 3, spill %q; want none", m.Spill)
	}
}

// The steps come from the file as shipped: a func whose TODO the learner deleted is still
// replaced, and one the learner deleted comes back; the learner's own helper stays.
func TestToStepFromShipped(t *testing.T) {
	shipped := "package p\n\nfunc A() int {\n\t// TODO(02): step 1: one.\n\treturn 0\n}\n\n// B is two.\nfunc B() int {\n\t// TODO(02): step 1: two.\n\treturn 0\n}\n"
	mine := "package p\n\nfunc A() int {\n\treturn mine()\n}\n\nfunc mine() int { return 7 }\n"
	sol := "package p\n\nfunc A() int {\n\treturn 1\n}\n\n// B is two.\nfunc B() int {\n\treturn 2\n}\n"
	m, err := ToStep(File{Name: "x.go", Lab: "02", Mine: []byte(mine), Shipped: []byte(shipped), Solution: []byte(sol)}, 2)
	if err != nil {
		t.Fatal(err)
	}
	want := "package p\n\nfunc A() int {\n\treturn 1\n}\n\n// B is two.\nfunc B() int {\n\treturn 2\n}\n\nfunc mine() int { return 7 }\n"
	if string(m.Out) != want {
		t.Errorf("merged:\n%s\nwant:\n%s", m.Out, want)
	}
}

// A TODO in a type makes the type step code, and so are its methods that the solution changes;
// a new standard import goes into the standard library's group; a helper of a later step and
// a helper the package has already are not added.
func TestToStepTypeAndMethods(t *testing.T) {
	mine := `package p

import (
	"fmt"

	"example.com/x"
)

// R is a registry.
type R struct {
	// TODO(08): step 1. Guard m.
	m map[string]int
}

func (r *R) Set(k string) { r.m[k] = x.N }

func (r *R) Show() string {
	// TODO(08): step 2. Show it.
	return fmt.Sprint(0)
}
`
	sol := `package p

import (
	"fmt"
	"sync"

	"example.com/x"
)

// R is a registry.
type R struct {
	mu sync.Mutex
	m  map[string]int
}

func (r *R) Set(k string) { r.mu.Lock(); defer r.mu.Unlock(); r.m[k] = x.N + known() }

func (r *R) Show() string { return fmt.Sprint(later()) }

func later() int { return 2 }
`
	m, err := ToStep(File{Name: "x.go", Lab: "08", Mine: []byte(mine), Solution: []byte(sol), Others: map[string]bool{"known": true}}, 2)
	if err != nil {
		t.Fatal(err)
	}
	want := `package p

import (
	"fmt"
	"sync"

	"example.com/x"
)

// R is a registry.
type R struct {
	mu sync.Mutex
	m  map[string]int
}

func (r *R) Set(k string) { r.mu.Lock(); defer r.mu.Unlock(); r.m[k] = x.N + known() }

func (r *R) Show() string {
	// TODO(08): step 2. Show it.
	return fmt.Sprint(0)
}
`
	if string(m.Out) != want {
		t.Errorf("merged:\n%s\nwant:\n%s", m.Out, want)
	}
}

// StepDecls refuses what checkpoint cannot place: a TODO without a step, one outside every
// declaration, and a change of the solution whose step nothing tells.
func TestStepDeclsErrors(t *testing.T) {
	for _, tc := range []struct{ src, sol, want string }{
		{"package p\n\nfunc A() {\n\t// TODO(03): do it.\n}\n", "", "x.go:4: the TODO(03) names no step"},
		{"package p\n\n// TODO(03): step 1: here.\n\nfunc A() {}\n", "", "x.go:3: the TODO(03) is outside every func and type"},
		{"package p\n\nfunc A() {\n\t// TODO(03): step 1: a.\n}\n\nfunc B() {\n\t// TODO(03): step 2: b.\n}\n\nfunc C() int { return 0 }\n",
			"package p\n\nfunc A() {}\n\nfunc B() {}\n\nfunc C() int { return 1 }\n", "the solution changes C, which holds no TODO(03)"},
	} {
		var sol []byte
		if tc.sol != "" {
			sol = []byte(tc.sol)
		}
		_, err := StepDecls("x.go", []byte(tc.src), sol, "03")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("StepDecls(%q) = %v; want an error with %q", tc.src, err, tc.want)
		}
	}
}

// Decls keys a method by its receiver's type, whatever the receiver's form, and keeps the
// comments holding the marker; of two declarations of a name, the first.
func TestDecls(t *testing.T) {
	src := `package p

// Set is a set.
type Set[K comparable] struct{ m map[K]bool }

func (s *Set[K]) Add(k K) {
	// TODO(03): step 1. Add k.
}

func (p (*Pair[A, B])) Swap() {}

var a, _, b = 1, 2, 3
`
	decls, err := Decls("x.go", []byte(src), "TODO(03)")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for n := range decls {
		names = append(names, n)
	}
	slices.Sort(names)
	if want := []string{"Pair.Swap", "Set", "Set.Add", "a", "b"}; !slices.Equal(names, want) {
		t.Errorf("Decls names %q; want %q", names, want)
	}
	if d := decls["Set"]; !strings.HasPrefix(d.Text, "// Set is a set.\ntype Set") || len(d.Marked) != 0 {
		t.Errorf("Decls[Set] = %+v; want its text with its doc comment, nothing marked", d)
	}
	if d := decls["Set.Add"]; len(d.Marked) != 1 || d.Marked[0] != "TODO(03): step 1. Add k.\n" {
		t.Errorf("Decls[Set.Add].Marked = %q; want its TODO", d.Marked)
	}
}
