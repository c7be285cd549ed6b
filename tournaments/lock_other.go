//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package tournaments

import (
	"errors"
	"os"
)

// staleLockHint is added to the message of a held lock.
const staleLockHint = " (if no run is using it, a run that was killed left the lock file behind: remove it)"

// lockPath creates path exclusively (O_EXCL) and removes it on unlock.
// Without flock(2) the lock does not die with the process: a run that was
// killed leaves the file behind, and the next run refuses the folder until
// it is removed by hand (the error names it).
func lockPath(path string) (unlock func(), held bool, err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, os.ErrExist) {
		return nil, true, nil
	}
	if err != nil {
		return nil, false, err
	}
	_, werr := f.Write(pidLine())
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		os.Remove(path)
		return nil, false, werr
	}
	return func() { os.Remove(path) }, false, nil
}
