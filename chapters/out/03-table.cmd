# a full 16-slot table, as a diagram
# raw
go run ./tools/course layout 03-swiss table mermaid
