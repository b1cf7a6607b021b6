# hint 1 of lab 01 for a reader of the Chinese edition: from the Chinese chapter, in the runner's Chinese
go run ./tools/lab hint -lang zh 01 1
