# map operations one at a time, each without the lock against a write under a sync.Mutex in
# another goroutine: which ones the race detector reports (Go 1.27, Swiss tables)
go run -race ./chapters/code/06-races/raceblind
