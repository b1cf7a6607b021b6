//go:build !(linux || darwin || freebsd)

package doctor

// freeDisk cannot measure free space on this system.
func freeDisk(string) (uint64, error) { return 0, errDiskUnknown }
