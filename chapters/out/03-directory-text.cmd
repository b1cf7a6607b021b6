go run ./tools/course layout 03-swiss directory
