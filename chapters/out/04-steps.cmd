# a map's growth steps on Swiss tables (Go 1.27), read with the inspector, and what each step allocated
# vary now holds [0-9]+ bytes
go run ./chapters/code/04-growth/steps
