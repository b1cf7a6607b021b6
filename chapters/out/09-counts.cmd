# chapter 09: the verdicts per post, counted from the claims table (chapters/code/09-claims)
# raw
go run ./chapters/code/09-claims/table -counts
