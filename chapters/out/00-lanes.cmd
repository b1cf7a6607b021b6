# the lanes: the map runtimes the course checks, from labs/lanes
go run ./tools/course lanes
