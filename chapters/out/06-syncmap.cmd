# sync.Map: a hash-trie, no Len, and a Range that sees changes made during it
# vary Range visited [0-9]+ entries: [0-9]+ of them
go run ./chapters/code/06-races/syncmap
