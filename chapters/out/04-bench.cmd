# step 1 of the benchstat comparison: the benchmarks on Go 1.27 (the default lane), saved for 04-benchstat
# save build/04-growth/bench.txt
# vary cpu: .*
# vary [ \t]+[0-9]+\t.*
# takes 10s
go test -run=^$ -bench=Fill -count=10 -benchtime=0.1s -cpu=1 ./chapters/code/04-growth/presize
