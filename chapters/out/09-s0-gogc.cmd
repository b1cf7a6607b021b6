# chapter 09, post S0, section 3.1 (S0-41): how long two writers racing on one map take to die
# of "fatal error: concurrent map writes" under GOGC=10, 100 and off, 60 runs each, on Go 1.27.3.
# Every time and p-value varies; the counts of runs and crashes do not.
# vary [ ]*[0-9]+\.[0-9]+ ms
# vary p = [0-9.]+
GOTOOLCHAIN=go1.27.3 go run ./chapters/code/09-claims/s0/gogcrace
