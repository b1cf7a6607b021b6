# which encoders of the standard library give the same bytes for the same map
go run ./chapters/code/05-iteration/encoders
