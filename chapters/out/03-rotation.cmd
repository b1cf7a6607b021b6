# ranging over a small built-in map: only rotations
go run ./chapters/code/02-buckets/rotation
