# chapter 09, post S0, sections 2.4 and 2.5: the lock, sync.Map and sharded-map comparisons the
# post describes, run on this machine; saved for 09-s0-benchstat-locks and 09-s0-benchstat-shards
# save build/09-claims/s0-bench.txt
# vary cpu: .*
# vary [ \t]+[0-9]+\t.*
# takes 20s
GOTOOLCHAIN=go1.27.3 go test -run=^$ -bench=. -benchtime=10x -count=6 ./chapters/code/09-claims/s0/bench
