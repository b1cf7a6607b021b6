package growth

import (
	"fmt"
	"testing"
)

// Step 1: a builder that knows the final size gives it to make.

// sinkIndex keeps each map built in a measurement alive after the
// function returns, so that the reference maps below are allocated exactly
// like the one IndexByID returns.
var sinkIndex map[int64]Order

func makeOrders(n int) []Order {
	orders := make([]Order, n)
	for i := range orders {
		orders[i] = Order{ID: int64(i)*7919 + 1000, Customer: fmt.Sprintf("customer-%d", i%97), Cents: int64(i % 10_000)}
	}
	return orders
}

func TestStep1IndexByIDPresizes(t *testing.T) {
	for _, n := range []int{1000, 5000} {
		orders := makeOrders(n)
		var got map[int64]Order
		if !try(t, fmt.Sprintf("IndexByID(%d orders)", n), func() { got = IndexByID(orders) }) {
			return
		}
		if len(got) != n {
			t.Fatalf("IndexByID(%d orders) has %d entries; want %d, one per order", n, len(got), n)
		}
		for _, o := range orders {
			if g, ok := got[o.ID]; !ok || g != o {
				t.Fatalf("IndexByID(%d orders)[%d] = %+v, %v; want %+v, true", n, o.ID, g, ok, o)
			}
		}

		// The references, measured here, on this runtime: the same orders
		// put into a map made with room for all of them, and into one that
		// starts empty.
		presized := testing.AllocsPerRun(20, func() {
			m := make(map[int64]Order, len(orders))
			for _, o := range orders {
				m[o.ID] = o
			}
			sinkIndex = m
		})
		grown := testing.AllocsPerRun(20, func() {
			m := map[int64]Order{}
			for _, o := range orders {
				m[o.ID] = o
			}
			sinkIndex = m
		})
		allocs := testing.AllocsPerRun(20, func() { sinkIndex = IndexByID(orders) })
		sinkIndex = nil

		// A little slack over the presized map: the classic map may need a
		// few overflow buckets more in one run than in another.
		limit := presized + max(2, presized/2)
		if allocs > limit {
			t.Errorf("IndexByID(%d orders) allocates %v times; want at most %v: make(map[int64]Order, %d) filled with the same orders allocates %v times, "+
				"while a map that starts empty allocates %v: each time it outgrows its table (or bucket array), it allocates a bigger one. Give the map its final size when you make it",
				n, allocs, limit, n, presized, grown)
		}
	}
}
