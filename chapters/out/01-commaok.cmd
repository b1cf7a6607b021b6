# a missing key reads as the zero value; comma-ok tells absent from zero
go run ./chapters/code/01-basics/commaok
