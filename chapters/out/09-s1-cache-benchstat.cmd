# step 2: benchstat reads what 09-s1-cache-bench saved, one column per cache.
# Every measurement, delta and column width depends on the machine: only names and shape are compared.
# vary cpu: .*
# vary (~|[-+][0-9.]+%) +\(p=[0-9.]+ n=[0-9]+\)
# vary [-+]?[0-9][0-9.]*(µ|m|n|k|Ki|Mi|Gi)?( ± +[0-9.]+%)?
# vary [ \t│]+
go tool benchstat -col /impl build/09-claims/s1-cache.txt
