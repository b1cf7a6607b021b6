# step 2: benchstat reads what 04-bench and 04-bench-classic saved (outputs runs in name order).
# The check compares names and structure: every measurement, delta and column width varies
# (a noisy delta may even print ~ instead of a percentage).
# vary cpu: .*
# vary (~|[-+][0-9.]+%) +\(p=[0-9.]+ n=[0-9]+\)
# vary [-+]?[0-9][0-9.]*(µ|m|n|k|Ki|Mi|Gi)?( ± +[0-9.]+%)?
# vary [ \t│]+
go tool benchstat -table .config,.file -col /presize go1.27=build/04-growth/bench.txt go1.25-noswissmap=build/04-growth/bench-classic.txt
