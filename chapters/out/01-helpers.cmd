# the maps and slices helpers
go run ./chapters/code/01-basics/helpers
