# post S1, §4.2: the post's two caches measured, step 1: the benchmarks, saved for 09-s1-cache-benchstat
# (a sync.Map alone, and the post's OrderedCache: a sync.Map plus an atomic.Value of sorted keys)
# save build/09-claims/s1-cache.txt
# vary cpu: .*
# vary [ \t]+[0-9]+\t.*
# takes 10s
go test -run=^$ -bench=. -count=6 -benchtime=0.1s -cpu=2 ./chapters/code/09-claims/s1/bench
