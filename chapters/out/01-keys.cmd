# struct, array and interface keys; unhashable dynamic values panic
go run ./chapters/code/01-basics/keys
