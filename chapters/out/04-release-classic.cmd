# the same on the classic map (Go 1.25, noswissmap); a few overflow buckets depend on the seed. They
# come from the spare overflow buckets allocated with the array (16 of them, for 2^8 buckets; a
# seed that needs more is about one run in 10,000), so the live heap does not depend on the seed.
# vary [0-9]+ slots
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go run ./chapters/code/04-growth/release
