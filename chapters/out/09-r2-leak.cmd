# page "What you may have read elsewhere", R2 (100 Go Mistakes #28): the text's program rerun
# on Go 1.27.3, Swiss tables. The heap after adding 1 million elements includes the tables that
# the last growth steps left as garbage, collected or not yet depending on when the GC ran:
# from about 290 to 385 MB. The heap after the deletes varies a little from run to run too: about
# 287 MB, and 35 or 36 MB with pointers.
# vary [0-9]+ MB  after adding 1 million elements
# vary [0-9]+ MB  after removing them and a GC
GOTOOLCHAIN=go1.27.3 go run ./chapters/code/09-claims/r2/leak
