# a nil map: every read works, the assignment panics and set recovers it
go run ./chapters/code/01-basics/nilmap
