package buckets

import (
	"fmt"
	"testing"
)

// Step 3: overflow buckets.

func TestStep3NewOverflow(t *testing.T) {
	m := newGeneric[int64, int64](0)
	b := &bucket[int64, int64]{}
	var ovf *bucket[int64, int64]
	try(t, "newOverflow", func() { ovf = m.newOverflow(b) })
	if ovf == nil {
		t.Fatalf("newOverflow(b) = nil; want a new, empty bucket")
	}
	if b.overflow != ovf {
		t.Fatalf("after ovf := newOverflow(b), b.overflow is not ovf: link the new bucket after b")
	}
	if *ovf != (bucket[int64, int64]{}) {
		t.Fatalf("newOverflow(b) returned a bucket that is not empty: %s", tophashes(ovf))
	}
	if m.noverflow != 1 {
		t.Fatalf("after one newOverflow, noverflow = %d; want 1: count every overflow bucket (with m.incrnoverflow)", m.noverflow)
	}
	var second *bucket[int64, int64]
	try(t, "newOverflow", func() { second = m.newOverflow(ovf) })
	if second == nil || second == ovf || ovf.overflow != second || b.overflow != ovf || m.noverflow != 2 {
		t.Fatalf("a second newOverflow(ovf) must return another new bucket, linked after ovf, with noverflow 2; got a chain of %d buckets and noverflow %d", chainLen(b), m.noverflow)
	}

	// With 2^20 buckets, the runtime counts an overflow bucket only with
	// probability 1/2^(20-15): noverflow is a uint16, and too-many-overflow
	// means about as many overflow buckets as buckets.
	big := newGeneric[int64, int64](0)
	big.B = 20
	last := &bucket[int64, int64]{}
	for range 1000 {
		var next *bucket[int64, int64]
		try(t, "newOverflow", func() { next = big.newOverflow(last) })
		if next == nil {
			t.Fatalf("newOverflow returned nil")
		}
		last = next
	}
	if big.noverflow >= 200 {
		t.Fatalf("with B = 20, 1000 newOverflow calls gave noverflow = %d; want about 1000/2^5 = 31: count with m.incrnoverflow(), which samples when B >= 16", big.noverflow)
	}
}

// TestStep3InsertChainsOverflow inserts 20 keys into one bucket.
func TestStep3InsertChainsOverflow(t *testing.T) {
	needSteps(t, 2)
	m := newGeneric[int64, int64](0)
	head := &bucket[int64, int64]{}
	for i := range int64(20) {
		var ok bool
		try(t, "insert", func() { ok = m.insert(head, 0x50+uint8(i), i, i*10) })
		if !ok {
			t.Fatalf("insert of the %s key into one bucket returned false; want true: when the chain is full, chain a new bucket with newOverflow and use its slot 0", ordinal(i+1))
		}
	}
	if n := chainLen(head); n != 3 {
		t.Fatalf("after 20 inserts into one bucket, the chain has %d buckets; want 3 (8 + 8 + 4 entries): chain a new overflow bucket only when every slot is full", n)
	}
	if m.noverflow != 2 {
		t.Fatalf("after 20 inserts into one bucket, noverflow = %d; want 2 overflow buckets", m.noverflow)
	}
	keys := chainKeys(head)
	for i, k := range keys {
		if k != int64(i) {
			t.Fatalf("the chain holds keys %v; want 0 to 19 in order: each key goes to the first free slot, and a new overflow bucket starts at slot 0", keys)
		}
	}
	want := "50 51 52 53 54 55 56 57 | 58 59 5a 5b 5c 5d 5e 5f | 60 61 62 63 rest rest rest rest"
	if got := tophashes(head); got != want {
		t.Fatalf("the chain's tophash bytes are %s; want %s", got, want)
	}
}

func ordinal(n int64) string {
	switch {
	case n%10 == 1 && n%100 != 11:
		return fmt.Sprintf("%dst", n)
	case n%10 == 2 && n%100 != 12:
		return fmt.Sprintf("%dnd", n)
	case n%10 == 3 && n%100 != 13:
		return fmt.Sprintf("%drd", n)
	}
	return fmt.Sprintf("%dth", n)
}
