# a plain counter raced by 4 goroutines: updates lost, no error
# vary round [0-9]+: counter = [0-9]+
# vary [0-9]+ updates lost
go run ./chapters/code/06-races/lost
