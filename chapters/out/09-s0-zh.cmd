# chapter 09 (Chinese edition): the claims of post S0 in the post's own words, ruled on in Chinese, each piece of evidence looked up again at its version
# raw
go run ./chapters/code/09-claims/table -lang zh -post S0
