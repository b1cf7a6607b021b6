# one map through growth, deletes, clear and copies (Go 1.27); slot counts of a grown map and
# tombstones depend on the hash seed, and so does its heap: those columns are masked, with the
# row's len, on every row but the last. The last row, the map copied into one made for its 10
# entries, is the same on every run (16 slots, 0.0 MiB): it is compared.
# vary (?m)(keys?|\(m\)|c\)) +[0-9]+( +[0-9]+){2} +[0-9.]+ MiB$
go run ./chapters/code/04-growth/shrink
