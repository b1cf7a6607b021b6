# how many orders ranging over a map gives, against n! and the starts the runtime can draw
# vary [ ]*\d+\*
go run ./chapters/code/05-iteration/orders
