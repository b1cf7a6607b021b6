# chapter 03, step 2: an update of a key of a full small map, on the default lane (Go 1.27)
go run ./chapters/code/03-swiss/smallupdate
