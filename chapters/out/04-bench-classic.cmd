# the same benchmarks on the classic map (Go 1.25, noswissmap), saved for 04-benchstat
# save build/04-growth/bench-classic.txt
# vary cpu: .*
# vary [ \t]+[0-9]+\t.*
# takes 10s
GOTOOLCHAIN=go1.25.5 GOEXPERIMENT=noswissmap go test -run=^$ -bench=Fill -count=10 -benchtime=0.1s -cpu=1 ./chapters/code/04-growth/presize
