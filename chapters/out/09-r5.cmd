# page "What you may have read elsewhere": the claims of reference R5, each piece of evidence looked
# up again at its version
# raw
go run ./chapters/code/09-claims/table -post R5
