//go:build linux || darwin || freebsd

package doctor

import "syscall"

// freeDisk returns the bytes an unprivileged user may still write on the file system holding
// path.
func freeDisk(path string) (uint64, error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(path, &st); err != nil {
		return 0, err
	}
	return uint64(st.Bavail) * uint64(st.Bsize), nil
}
