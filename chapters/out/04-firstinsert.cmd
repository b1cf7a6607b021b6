# heap allocations of a small map and of its first inserts, on the stack or on the heap (Go 1.27, Swiss tables)
go run ./chapters/code/04-growth/firstinsert
