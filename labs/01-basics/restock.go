package basics

// SKU identifies a product. It is a comparable struct, so it can be a map key:
// two SKUs with equal fields are the same key.
type SKU struct {
	Vendor string
	Code   string
}

// Item is what the inventory knows about one SKU.
type Item struct {
	Name string
	Qty  int
}

// Restock adds n to the quantity of sku in stock and reports whether sku was
// there. An unknown sku is not added. The other fields of the Item are kept.
func Restock(stock map[SKU]Item, sku SKU, n int) bool {
	// TODO(01): stock[sku].Qty += n does not compile (map elements are not
	// addressable): copy the Item out with comma-ok, change the copy, store it back.
	return false
}
