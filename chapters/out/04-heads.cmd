# maps grown by an assignment, by maps.Clone and by json.Unmarshal, every allocation recorded
# (MemProfileRate = 1), on Go 1.27; 04-heads-top reads the profile it writes
GOTOOLCHAIN=go1.27.3 go run ./chapters/code/04-growth/heads -memprofile build/04-growth/heads.pprof
