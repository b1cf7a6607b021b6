# Go 1.27's two group layouts, timed: splitgroup's benchmarks built for each layout, run in turns
# (12 processes per column, about a minute and a half), compared by benchstat in processor time.
# Every measurement, delta and column width depends on the machine and the moment: only the
# names and the shape of the tables are compared.
# vary cpu: .*
# vary (~|[-+][0-9.]+%) +\(p=[0-9.]+ n=[0-9]+\)
# vary [-+]?[0-9][0-9.]*(µ|m|n|k|Ki|Mi|Gi)?( ± +[0-9.]+%)?
# vary [ \t│]+
# takes 1m30s
go run ./chapters/code/04-growth/splitbench
