# a small map of 5 entries, built by the lab's solution, as a diagram
# raw
go run ./tools/course layout 03-swiss small mermaid
