//go:build !coursebench

package mapbench_test

import "testing"

// Without -tags coursebench there are no lab maps without step 9: see
// bench_gen_hook_test.go.

func hookBench[K comparable](impl string) func(b *testing.B, op string, d *data[K]) { return nil }

func hookCheck[K comparable](impl string) func(t *testing.T, hit, miss []K) { return nil }
