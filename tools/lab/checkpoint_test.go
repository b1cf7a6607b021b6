package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMergeStepsFixture: the fixture's words.go at step 2 gets Shout (steps 1 and 2) from its
// step-1 snapshot, with the helper it calls and the import it needs, drops the import only the
// learner's stub used, and keeps Whisper (step 2) and the solution's step-2 helper out; from the
// solution alone, Shout would bring step 2 too.
func TestMergeStepsFixture(t *testing.T) {
	mine, _ := os.ReadFile("testdata/course/labs/03-steps/words.go")
	sol, _ := os.ReadFile("testdata/course/solutions/03-steps/words.go")
	snap, _ := os.ReadFile("testdata/course/solutions/03-steps/step-1/words.go")
	m, err := mergeSteps("words.go", mine, nil, sol, snap, "03", 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s\nreplaced %v added %v imports %v spill %v left %d", m.out, m.replaced, m.added, m.imports, m.spill, m.left)
	got := string(m.out)
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
	if len(m.spill) != 0 || m.left != 2 || len(m.replaced) != 1 || m.replaced[0] != "Shout (step 1; step 2 is yours)" {
		t.Errorf("replaced %q, spill %q, left %d; want Shout (step 1; step 2 is yours), no spill, 2 left (Shout and Whisper)", m.replaced, m.spill, m.left)
	}

	m, err = mergeSteps("words.go", mine, nil, sol, nil, "03", 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(m.out), "TrimRight") || len(m.spill) != 1 || m.left != 1 {
		t.Errorf("without the snapshot: spill %q, left %d; want Shout whole (with TrimRight), spilling step 2, and 1 left\n%s", m.spill, m.left, m.out)
	}
}

// A func whose TODO says it serves a later step too ("step 1. ... Step 2: ...") comes whole,
// with a note when the later step is not below k.
func TestMergeStepsSpan(t *testing.T) {
	mine := "package p\n\nfunc Get() int {\n\t// TODO(06): step 1. Lock it. Step 2: share the lock.\n\treturn 0\n}\n\nfunc Put() {\n\t// TODO(06): step 3. Put.\n}\n"
	sol := "package p\n\nfunc Get() int {\n\treturn 1\n}\n\nfunc Put() {}\n"
	m, err := mergeSteps("x.go", []byte(mine), nil, []byte(sol), nil, "06", 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(m.out), "return 1") || !strings.Contains(string(m.out), "step 3. Put") {
		t.Errorf("merged:\n%s", m.out)
	}
	if len(m.spill) != 1 || m.spill[0] != "Get" || m.spillTo != 2 || m.replaced[0] != "Get (steps 1 to 2)" {
		t.Errorf("replaced %q, spill %q to %d; want Get (steps 1 to 2), bringing step 2", m.replaced, m.spill, m.spillTo)
	}
	if m, _ := mergeSteps("x.go", []byte(mine), nil, []byte(sol), nil, "06", 3, nil); len(m.spill) != 0 {
		t.Errorf("at step 3, spill %q; want none", m.spill)
	}
}

// The steps come from the file as shipped: a func whose TODO the learner deleted is still
// replaced, and one the learner deleted comes back; the learner's own helper stays.
func TestMergeStepsFromShipped(t *testing.T) {
	shipped := "package p\n\nfunc A() int {\n\t// TODO(02): step 1: one.\n\treturn 0\n}\n\n// B is two.\nfunc B() int {\n\t// TODO(02): step 1: two.\n\treturn 0\n}\n"
	mine := "package p\n\nfunc A() int {\n\treturn mine()\n}\n\nfunc mine() int { return 7 }\n"
	sol := "package p\n\nfunc A() int {\n\treturn 1\n}\n\n// B is two.\nfunc B() int {\n\treturn 2\n}\n"
	m, err := mergeSteps("x.go", []byte(mine), []byte(shipped), []byte(sol), nil, "02", 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "package p\n\nfunc A() int {\n\treturn 1\n}\n\n// B is two.\nfunc B() int {\n\treturn 2\n}\n\nfunc mine() int { return 7 }\n"
	if string(m.out) != want {
		t.Errorf("merged:\n%s\nwant:\n%s", m.out, want)
	}
}

// A TODO in a type makes the type step code, and so are its methods that the solution changes;
// a new standard import goes into the standard library's group; a helper of a later step and
// a helper the package has already are not added.
func TestMergeStepsTypeAndMethods(t *testing.T) {
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
	m, err := mergeSteps("x.go", []byte(mine), nil, []byte(sol), nil, "08", 2, map[string]bool{"known": true})
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
	if string(m.out) != want {
		t.Errorf("merged:\n%s\nwant:\n%s", m.out, want)
	}
}

// stepDecls refuses what checkpoint cannot place: a TODO without a step, one outside every
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
		_, err := stepDecls("x.go", []byte(tc.src), sol, "03")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("stepDecls(%q) = %v; want an error with %q", tc.src, err, tc.want)
		}
	}
}

// TestCheckpointCRLF: in a checkout with CRLF line ends on disk (core.autocrlf=true, Git for
// Windows' usual setting) while git show gives the shipped files with LF, checkpoint puts in
// place the same code as in an LF checkout.
func TestCheckpointCRLF(t *testing.T) {
	results := map[bool]string{}
	for _, crlf := range []bool{false, true} {
		root := fixture(t)
		useStateDir(t)
		// A func the solution leaves as shipped: with CRLF on disk only, it looked changed.
		helper := "\n// Same is the same in the lab and the solution.\nfunc Same(n int) int {\n\treturn n\n}\n"
		for _, f := range []string{"labs/03-steps/steps.go", "solutions/03-steps/steps.go"} {
			data, _ := os.ReadFile(filepath.Join(root, f))
			os.WriteFile(filepath.Join(root, f), append(data, helper...), 0o644)
		}
		commit := exec.Command("git", "-c", "user.name=course", "-c", "user.email=course@example.com", "commit", "-q", "-a", "-m", "a shared helper")
		commit.Dir = root
		if out, err := commit.CombinedOutput(); err != nil {
			t.Fatalf("git commit: %v\n%s", err, out)
		}
		if crlf {
			for _, dir := range []string{"labs/03-steps", "solutions/03-steps", "solutions/03-steps/step-1"} {
				files, _ := filepath.Glob(filepath.Join(root, dir, "*.go"))
				for _, f := range files {
					data, _ := os.ReadFile(f)
					os.WriteFile(f, []byte(strings.ReplaceAll(string(data), "\n", "\r\n")), 0o644)
				}
			}
		}
		var out bytes.Buffer
		if code := runMain(context.Background(), []string{"-C", root, "checkpoint", "03", "2"}, strings.NewReader(""), &out, &out); code != 0 {
			t.Fatalf("crlf %v: checkpoint 03 2 exits %d:\n%s", crlf, code, out.String())
		}
		var files strings.Builder
		for _, name := range []string{"steps.go", "words.go"} {
			data, _ := os.ReadFile(filepath.Join(root, "labs", "03-steps", name))
			files.Write(normalizeEOL(data))
		}
		results[crlf] = normalizeState(out.String(), root) + files.String()
	}
	if results[true] != results[false] {
		t.Errorf("checkpoint 03 2 differs with CRLF files:\n--- LF\n%s--- CRLF\n%s", results[false], results[true])
	}
}
