package steps

// Double returns twice n.
func Double(n int) int {
	return 2 * n
}

// Triple returns three times n.
func Triple(n int) int {
	return 3 * n
}
