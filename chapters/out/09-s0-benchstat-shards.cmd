# chapter 09, post S0, section 2.5: 32 goroutines, 100,000 operations, an RWMutex map, a
# sync.Map and sharded maps of 32 and 2 shards (what 09-s0-bench saved). Every measurement,
# delta and column width varies.
# vary cpu: .*
# vary (~|[-+][0-9.]+%) +\(p=[0-9.]+ n=[0-9]+\)
# vary [-+]?[0-9][0-9.]*(µ|m|n|k|Ki|Mi|Gi|M|G)?( ± +[0-9.]+%)?
# vary [ \t│]+
go tool benchstat -filter ".name:Shards" -col /impl build/09-claims/s0-bench.txt
