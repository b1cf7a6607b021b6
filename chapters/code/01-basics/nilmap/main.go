// Nilmap shows what a nil map allows: every read, and no write.
package main

import (
	"errors"
	"fmt"
	"runtime"
)

func main() {
	var m map[string]int // declared, never made: m == nil

	v, ok := m["a"]
	fmt.Println("read:", v, ok)
	fmt.Println("len:", len(m))
	delete(m, "a") // a no-op
	clear(m)       // a no-op too
	n := 0
	for range m {
		n++
	}
	fmt.Println("range iterations:", n)

	err := set(m, "a", 1)
	fmt.Println("set:", err)
	var rerr runtime.Error
	fmt.Println("is a runtime.Error:", errors.As(err, &rerr))
}

// set assigns m[k] = v and turns the nil-map panic into an error.
func set(m map[string]int, k string, v int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("set %q: %w", k, r.(error))
		}
	}()
	m[k] = v
	return nil
}
