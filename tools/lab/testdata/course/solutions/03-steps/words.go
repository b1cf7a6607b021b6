package steps

import "strings"

// Shout returns s in capitals, followed by one "!".
func Shout(s string) string {
	return exclaim(strings.ToUpper(strings.TrimRight(s, "!")))
}

// exclaim adds an exclamation mark.
func exclaim(s string) string { return s + "!" }

// Whisper returns s in lower case, in parentheses.
func Whisper(s string) string {
	return parens(strings.ToLower(s))
}

// parens puts s in parentheses.
func parens(s string) string { return "(" + s + ")" }
