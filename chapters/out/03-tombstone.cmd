# the table after two deletes, as a diagram
# raw
go run ./tools/course layout 03-swiss tombstone mermaid
