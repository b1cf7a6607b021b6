# the same on the classic map (Go 1.25, noswissmap); overflow buckets depend on the hash seed:
# the slots, tombstones and heap columns are masked, with the row's len, on every row but the
# last, which is the same on every run (16 slots, 0.0 MiB) and compared.
# vary (?m)(keys?|\(m\)|c\)) +[0-9]+( +[0-9]+){2} +[0-9.]+ MiB$
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go run ./chapters/code/04-growth/shrink
