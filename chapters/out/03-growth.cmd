# the real runtime's map growing, read from its own structs (Go 1.27)
go run ./chapters/code/03-swiss/growth
