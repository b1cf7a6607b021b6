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
	// TODO(01): when sku is in stock, even with Qty 0, add n to its Qty, keep
	// its other fields, and return true; when it is not, return false and add
	// nothing. Note that stock[sku].Qty += n does not compile.
	// See chapter 01, section "Map elements are not addressable".
	// stuck: go run ./tools/lab hint 01
	return false
}
