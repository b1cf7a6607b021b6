// Notaddressable does not compile, on purpose: a map element is not a
// variable, so neither it nor its fields can be assigned to or addressed.
// It lives under testdata so that go build ./... and go vet ./... skip it.
package main

type item struct {
	Name string
	Qty  int
}

func main() {
	stock := map[string]item{"w-1": {"Widget", 2}}
	stock["w-1"].Qty += 3
	p := &stock["w-1"]
	_ = p
}
