package basics

// Intern returns the id of key in ids, giving a new key the next id:
// 1 for the first distinct key, 2 for the second, and so on (0 is never an id).
//
// Keys are compared as map keys: by dynamic type and value, so the struct or
// array values [2]int{1, 2} and [2]int{1, 2} are the same key. A key whose
// dynamic value is not comparable (a slice, a map, a func, or a struct or
// array holding one) makes the map panic at run time; Intern returns an error
// wrapping that run-time error instead, and leaves ids unchanged.
func Intern(ids map[any]int, key any) (id int, err error) {
	// TODO(01): look key up with comma-ok and store len(ids)+1 for a new key;
	// recover the "hash of unhashable type" panic and return it wrapped with %w.
	return 0, nil
}
