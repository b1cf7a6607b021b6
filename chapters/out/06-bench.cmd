# the four maps over read/write mixes and GOMAXPROCS values, through benchstat (about a minute)
# every number depends on the machine: only the names and the shape are compared
# vary cores \(runtime\.NumCPU\): [0-9]+
# vary cpu: .*
# vary (?m)^ +│.*$
# vary (?m)  +[0-9][0-9.]*[a-zµ]?[a-z]* .*$
# vary (?m)^geomean.*(\n[¹²³⁴⁵].*)*
# takes 1m
GOTOOLCHAIN=go1.27.3 go run ./chapters/code/06-races/benchtable
