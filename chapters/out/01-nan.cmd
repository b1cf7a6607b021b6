# NaN keys on the Swiss-table runtime
go run ./chapters/code/01-basics/nan
