package steps

import "fmt"

// Shout returns s in capitals, followed by one "!".
func Shout(s string) string {
	// TODO(03): step 1: return s in upper case, followed by "!". Step 2: only
	// one "!", even when s ends with some already.
	return fmt.Sprint(s)
}

// Whisper returns s in lower case, in parentheses.
func Whisper(s string) string {
	// TODO(03): step 2: return s in lower case, in parentheses.
	return s
}
