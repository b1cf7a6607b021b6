# page "What you may have read elsewhere", R2 (100 Go Mistakes #28): the text's program rerun
# on the classic map (Go 1.25.5, GOEXPERIMENT=noswissmap), with one line the text does not
# print: the heap after a GC, before the deletes. The heap after adding 1 million elements is
# read without a GC, as the text reads it: besides the map, it counts the arrays the last
# growths left as garbage that the collector has not freed yet, so it moves with when the
# collector ran (a busy machine, another run). Every figure read after a GC is the live heap,
# the same on every run: those are compared.
# vary [0-9]+ MB  after adding 1 million elements
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go run ./chapters/code/09-claims/r2/leak
