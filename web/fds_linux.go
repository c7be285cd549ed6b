package web

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// processDescriptors counts the process's open file descriptors
// (/proc/self/fd, less the one reading it) and reads their soft limit.
func processDescriptors() (open, limit int, err error) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		return 0, 0, fmt.Errorf("RLIMIT_NOFILE: %w", err)
	}
	if rl.Cur > 1<<30 {
		rl.Cur = 1 << 30
	}
	d, err := os.Open("/proc/self/fd")
	if errors.Is(err, syscall.EMFILE) {
		return int(rl.Cur), int(rl.Cur), nil // not one left to count with
	}
	if err != nil {
		return 0, 0, err
	}
	defer d.Close()
	names, err := d.Readdirnames(-1)
	if err != nil {
		return 0, 0, err
	}
	return len(names) - 1, int(rl.Cur), nil
}
