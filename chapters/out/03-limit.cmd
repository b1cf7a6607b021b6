# chapter 03, "Where the limit is": lookups in github.com/cockroachdb/swiss with its default bucket
# limit (the base), with the runtime's table limit of 1024 slots, and in the built-in map, side by
# side (about 40 seconds). Every measurement, delta and column width varies.
# vary cpu: .*
# vary (~|[-+][0-9.]+%) +\(p=[0-9.]+ n=[0-9]+\)
# vary [-+]?[0-9][0-9.]*(µ|m|n|k|Ki|Mi|Gi|M|G)?( ± +[0-9.]+%)?
# vary [ \t│]+
GOTOOLCHAIN=go1.27.3 go run ./chapters/code/03-swiss/limit/compare
