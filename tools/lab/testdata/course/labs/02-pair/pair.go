package pair

// Key is a struct map key.
type Key struct{ A, B int }

// Sum adds the values of the keys whose A is a.
func Sum(m map[Key]int, a int) int {
	// TODO(02): range over m.
	return 0
}
