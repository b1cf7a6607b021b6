# chapter 03, "What Go 1.27 changed in a lookup": the fast paths of the map runtime, read from the
# sources of both Swiss lanes' toolchains (swiss-1.26 and swiss-1.27), with their line numbers
go run ./chapters/code/03-swiss/fastpaths
