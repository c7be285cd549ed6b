//go:build unix

package tournaments

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user and system) the process has used,
// which a benchmark on a machine shared with other work can compare where
// wall time cannot.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
