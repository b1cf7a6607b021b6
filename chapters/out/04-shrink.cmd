# one map through growth, deletes, clear and copies (Go 1.27); slot counts of a grown map and
# tombstones depend on the hash seed
# vary (?m)( +[0-9]+){2} +[0-9.]+ MiB$
go run ./chapters/code/04-growth/shrink
