package claims

// r2 holds the claims of 100 Go Mistakes #28, in the order they appear.
var r2 []Claim
