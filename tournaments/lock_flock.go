//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package tournaments

import (
	"errors"
	"os"
	"syscall"
)

// staleLockHint is added to the message of a held lock: none here, the
// lock dies with its process.
const staleLockHint = ""

// lockPath takes an exclusive flock(2) on path, creating it if need be.
// The kernel releases the lock when the process ends, however it ends, so
// a killed run never leaves the folder locked; the file itself stays.
// held reports that another open file (another process, or another Run in
// this one) holds the lock.
func lockPath(path string) (unlock func(), held bool, err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, false, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, true, nil
		}
		return nil, false, err
	}
	if err := f.Truncate(0); err == nil {
		f.WriteAt(pidLine(), 0)
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, false, nil
}
