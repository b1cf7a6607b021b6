# step 1 of the benchstat comparison: the benchmarks on Go 1.26, saved for 04-benchstat
# save build/04-growth/bench.txt
# vary cpu: .*
# vary [ \t]+[0-9]+\t.*
GOTOOLCHAIN=go1.26.8 go test -run=^$ -bench=Fill -count=10 -benchtime=0.1s -cpu=1 ./chapters/code/04-growth/presize
