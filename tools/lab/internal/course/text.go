package course

import "strings"

// Plural is the ending of a count's noun: "" for 1, "s" for any other.
func Plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// FirstLine is the first line of s, trimmed of the space around it.
func FirstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// FirstError is the first line of what a failed go command printed, without the "# package"
// lines it puts above errors.
func FirstError(out string) string {
	var keep []string
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "#") {
			keep = append(keep, line)
		}
	}
	return FirstLine(strings.Join(keep, "\n"))
}
