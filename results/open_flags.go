//go:build !js

package results

import "syscall"

// openFlags are OpenRegular's extra open flags: no blocking on a FIFO.
const openFlags = syscall.O_NONBLOCK
