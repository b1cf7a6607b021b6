module course

go 1.25
