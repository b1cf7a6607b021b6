# four ways to get a map's checksum wrong
go run ./chapters/code/05-iteration/checksum
