# ranging over a small built-in map: only rotations
go run ./chapters/code/03-swiss/rotation
