# map elements are not addressable: this program does not compile
# exit 1
go run ./chapters/code/01-basics/testdata/notaddressable
