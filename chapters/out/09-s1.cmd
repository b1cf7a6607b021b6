# chapter 09: the claims of post S1, each piece of evidence looked up again at its version
# raw
go run ./chapters/code/09-claims/table -post S1
