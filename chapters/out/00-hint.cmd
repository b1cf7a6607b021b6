# the first hint of lab 01
go run ./tools/lab hint 01
