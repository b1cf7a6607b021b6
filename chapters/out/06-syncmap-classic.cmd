# sync.Map on the classic runtime (Go 1.25, noswissmap): the same hash-trie
# vary Range visited [0-9]+ entries: [0-9]+ of them
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go run ./chapters/code/06-races/syncmap
