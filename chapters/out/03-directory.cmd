# a directory of three tables, as a diagram
# raw
go run ./tools/course layout 03-swiss directory mermaid
