# page "What you may have read elsewhere", R2 (100 Go Mistakes #28): the text's program rerun
# on Go 1.27.3, Swiss tables, with one line the text does not print: the heap after a GC, before
# the deletes. The heap after adding 1 million elements is read without a GC, as the text reads
# it: besides the map, it counts the tables the last growth steps left as garbage that the
# collector has not freed yet, so it moves with when the collector ran. The figures read after
# a GC are the live heap, but how many tables the million keys fill depends on the map's hash
# seed: with [128]byte values, from 285 to 289 MB; with pointers, 35 or 36 MB after the deletes
# and 157 or 158 MB before them. Only those ranges are masked (R2-01 and R2-10 state them, and
# their tests check them on every run).
# vary [0-9]+ MB  after adding 1 million elements
# vary \b28[5-9] MB  after (adding|removing) them and a GC
# vary \b15[78] MB  after adding them and a GC
# vary \b3[56] MB  after removing them and a GC
GOTOOLCHAIN=go1.27.3 go run ./chapters/code/09-claims/r2/leak
