//go:build unix

package refbot

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user and system) the process has used. Run
// with GOMAXPROCS=1, the difference across one decision is what that
// decision cost, whatever else the shared machine was doing.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
