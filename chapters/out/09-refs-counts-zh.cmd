# page "What you may have read elsewhere" (Chinese edition): the verdicts on Go 1.27 per reference,
# counted from the claims table (chapters/code/09-claims)
# raw
go run ./chapters/code/09-claims/table -refcounts -lang zh
