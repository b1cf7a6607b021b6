# chapter 09 (Chinese edition): the verdicts per post, counted from the claims table (chapters/code/09-claims)
# raw
go run ./chapters/code/09-claims/table -counts -lang zh
