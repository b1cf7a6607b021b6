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
	byID := make(map[int64]Order, len(orders))
	for _, o := range orders {
		byID[o.ID] = o
	}
	return byID
}
