package mapbench_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"testing"
)

// TestGenerated fails when bench_gen_test.go or bench_gen_hook_test.go is
// not what gen.go writes.
func TestGenerated(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH to run gen.go with")
	}
	for file, args := range map[string][]string{
		"bench_gen_test.go":      {"run", "gen.go", "-o", "-"},
		"bench_gen_hook_test.go": {"run", "gen.go", "-hook", "-o", "-"},
	} {
		want, err := exec.Command(goCmd, args...).Output()
		if err != nil {
			var stderr []byte
			if e, ok := err.(*exec.ExitError); ok {
				stderr = e.Stderr
			}
			t.Fatalf("go %v: %v\n%s", args, err, stderr)
		}
		got, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not what gen.go writes: run go generate ./labs/internal/mapbench", file)
		}
	}
}

// TestMaps checks that the built-in map and the peers work, on this runtime,
// as the benchmarks use them: the peers reach into the runtime (the map
// type's hash function, its random numbers) through go:linkname and
// unsafe, which a new runtime could break. The labs' maps are left out:
// as shipped they are stubs, and their own graders test them.
func TestMaps(t *testing.T) {
	for _, impl := range implNames {
		if impl == "buckets" || impl == "swiss" {
			continue
		}
		t.Run(impl, func(t *testing.T) {
			for _, n := range []int{1, 7, 1000, 20_000} {
				hit, miss := keys(n, intKey)
				checkFor[int64](impl)(t, hit, miss)
				shit, smiss := keys(n, stringKey)
				checkFor[string](impl)(t, shit, smiss)
			}
		})
	}
}

func TestStringKey(t *testing.T) {
	for _, x := range []uint64{0, 1, 0xabc, 1<<63 - 1, 0x0123456789abcdef} {
		if got, want := stringKey(x), fmt.Sprintf("key-%016x", x); got != want {
			t.Errorf("stringKey(%#x) = %q; want %q", x, got, want)
		}
	}
}

func TestKeysDistinct(t *testing.T) {
	hit, miss := keys(100_000, intKey)
	seen := map[int64]bool{}
	for _, k := range append(hit, miss...) {
		if k < 0 || seen[k] {
			t.Fatalf("keys(100000): key %d is negative or made twice", k)
		}
		seen[k] = true
	}
	if len(seen) != 200_000 {
		t.Fatalf("keys(100000) made %d keys; want 200000", len(seen))
	}
}
