# delete lowers len; deleting during range skips the deleted entries
go run ./chapters/code/01-basics/deleterange
