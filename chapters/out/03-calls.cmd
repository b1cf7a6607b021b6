# chapter 03, "What Go 1.27 changed in a lookup": the CALL instructions of the compiler's own
# assembly listing (go build -gcflags=-S), on both Swiss lanes, for m[k] and in the runtime
# functions it calls
go run ./chapters/code/03-swiss/calls
