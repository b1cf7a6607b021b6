# the lab as shipped: the runner shows step 1
# drop ^still running the tests of 
# exit 1
# vary returned \d+ different texts
# vary at line \d+: ".*?" in one, ".*?" in another
# vary call \d+: Render\(cfg\) differs from the expected text at line \d+: ".*?", want ".*?"
go run ./tools/lab run 05
