package steps

// Double returns twice n.
func Double(n int) int {
	// TODO(03): step 1: return twice n.
	return 0
}

// Triple returns three times n.
func Triple(n int) int {
	// TODO(03): step 2: return three times n.
	return 0
}
