package tournaments

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
)

// lockFile is the name of the lock file in an event's folder: a run holds
// it for as long as it plays, so that two runs never append to one
// results file.
const lockFile = ".tablemanager.lock"

// ErrLocked means another run holds the output folder.
var ErrLocked = errors.New("output folder in use")

// lockOut takes the lock of an output folder, or fails at once with an
// error wrapping ErrLocked. unlock releases it.
func lockOut(dir string) (unlock func(), err error) {
	path := filepath.Join(dir, lockFile)
	unlock, held, err := lockPath(path)
	switch {
	case held:
		return nil, fmt.Errorf("%w: %s is being played by another tablemanager run (it holds %s); wait for it to end, or use another output folder%s", ErrLocked, dir, path, staleLockHint)
	case err != nil:
		return nil, fmt.Errorf("%w %s: lock file: %w", ErrNoOutput, dir, err)
	}
	return unlock, nil
}

// pidLine is what a lock file holds: the holder's process id, for people
// wondering who has the folder.
func pidLine() []byte { return []byte(strconv.Itoa(os.Getpid()) + "\n") }
