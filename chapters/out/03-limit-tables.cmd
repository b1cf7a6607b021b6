# chapter 03, "Where the limit is": the directory and tables of the built-in maps that 03-limit
# measures, read by the inspector. How the 100,000 keys fall depends on the map's random seed,
# so the number of its tables may differ from run to run; 1,000 entries always make two tables.
# vary (?m)^len=1e5: .*$
GOTOOLCHAIN=go1.27.3 go run ./chapters/code/03-swiss/limit/tables
