# page "What you may have read elsewhere" (Chinese edition): the claims of reference R2, each in a
# Chinese paraphrase with the reference's own words where they matter, ruled on in Chinese, each
# piece of evidence looked up again at its version
# raw
go run ./chapters/code/09-claims/table -lang zh -post R2
