# the same on the classic map (Go 1.25, noswissmap); a few overflow buckets depend on the seed
# vary [0-9]+ slots
# vary live heap +[0-9.]+ KiB
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go run ./chapters/code/04-growth/release
