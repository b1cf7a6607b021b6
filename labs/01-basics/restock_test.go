package basics_test

import (
	"testing"

	"gomaps/labs/01-basics"
	"gomaps/labs/internal/labtest"
)

func TestRestockCopiesModifiesStores(t *testing.T) {
	stock := map[basics.SKU]basics.Item{
		{Vendor: "acme", Code: "w-1"}: {Name: "Widget", Qty: 2},
		{Vendor: "acme", Code: "g-7"}: {Name: "Gadget", Qty: 0}, // sold out, but known
	}
	steps := []struct {
		sku    basics.SKU
		n      int
		wantOK bool
		want   basics.Item
		why    string
	}{
		// A SKU built separately with equal fields is the same key.
		{basics.SKU{Vendor: "acme", Code: "w-1"}, 3, true, basics.Item{Name: "Widget", Qty: 5}, "the stored Item must be copied out, changed and stored back, keeping its Name"},
		{basics.SKU{Vendor: "acme", Code: "g-7"}, 4, true, basics.Item{Name: "Gadget", Qty: 4}, "an Item with Qty 0 is still in the map: comma-ok tells it from a missing SKU"},
		{basics.SKU{Vendor: "acme", Code: "w-1"}, 1, true, basics.Item{Name: "Widget", Qty: 6}, "a second restock adds to the stored quantity"},
	}
	for _, s := range steps {
		var ok bool
		if !labtest.Try(t, "Restock", func() { ok = basics.Restock(stock, s.sku, s.n) }) {
			return
		}
		if got := stock[s.sku]; !ok || got != s.want {
			t.Errorf("Restock(stock, %+v, %d) = %v, stored Item %+v; want true, %+v: %s", s.sku, s.n, ok, got, s.want, s.why)
			return // later steps build on this one
		}
	}

	unknown := basics.SKU{Vendor: "acme", Code: "nope"}
	var ok bool
	labtest.Try(t, "Restock(unknown)", func() { ok = basics.Restock(stock, unknown, 3) })
	if _, added := stock[unknown]; ok || added || len(stock) != 2 {
		t.Errorf("Restock(stock, %+v, 3) = %v, added %v, len(stock) = %d; want false, false, 2: an unknown SKU is not added", unknown, ok, added, len(stock))
	}
}
