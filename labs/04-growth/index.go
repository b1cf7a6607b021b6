package growth

// Order is one line of a batch of orders.
type Order struct {
	ID       int64
	Customer string
	Cents    int64
}

// IndexByID returns a map from each order's ID to the order. The IDs of a
// batch are unique.
//
// It runs on every batch, and a batch holds thousands of orders, so it must
// not allocate more than a map made with room for the whole batch.
func IndexByID(orders []Order) map[int64]Order {
	// TODO(04): this map starts empty and grows while it fills, allocating a
	// bigger table (or bucket array) again and again, although the final
	// size is known before the first insert.
	byID := map[int64]Order{}
	for _, o := range orders {
		byID[o.ID] = o
	}
	return byID
}
