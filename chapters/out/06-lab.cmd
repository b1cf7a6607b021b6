# the lab as shipped: the runner shows step 1, where the cache crashes
# exit 1
# vary concurrent map [a-z ]+" \(exit status 2\) in Cache\.[A-Za-z]+ \(cache\.go:[0-9]+\)\. [^;]+
go run ./tools/lab run 06
