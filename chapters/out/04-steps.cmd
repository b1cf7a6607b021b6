# a map's growth steps on Swiss tables (Go 1.27), read with the inspector, and what each step allocated.
# The program runs with one P, so each insert's count is the insert's alone, the same on every run.
# The heap the map holds at the end may include a few bytes the runtime allocated for itself in the
# background (the scavenger's first timer), or not yet:
# vary now holds [0-9]+ bytes
go run ./chapters/code/04-growth/steps
