# updating structs in a map: copy-modify-store, or a map of pointers
go run ./chapters/code/01-basics/addressable
