# the sentences that read the bench tables, made from the committed tables (after go run ./tools/course bench -write)
# raw
go run ./chapters/code/03-swiss/readings bench-reading-02
