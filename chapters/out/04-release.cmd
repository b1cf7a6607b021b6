# delete frees the values, not the slots (Go 1.27)
# vary live heap +[0-9.]+ KiB
go run ./chapters/code/04-growth/release
