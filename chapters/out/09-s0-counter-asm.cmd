# chapter 09, post S0, section 2.2: what counter++ compiles to on amd64 (the compiler's
# assembly of the post's snippet, the lines of raceWrite only; main.go:23 is the counter++ line)
# keep counter/main\.go:2[1-5]\)
go build -o /dev/null -gcflags=-S ./chapters/code/09-claims/s0/testdata/counter
