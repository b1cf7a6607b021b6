# hint 1 of lab 01 (hint 01 alone shows the next one you have not seen)
go run ./tools/lab hint 01 1
