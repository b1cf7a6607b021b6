package pair

// want is what Sum must return, worked out the slow way.
func want(m map[Key]int, a int) int {
	total := 0
	for k, v := range m {
		if k.A == a {
			total += v
		}
	}
	return total
}
