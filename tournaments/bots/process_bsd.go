//go:build unix && !linux

package bots

import "syscall"

// setDeathSignal does nothing where the kernel has no parent-death signal;
// a bot then finds out from its closed connection.
func setDeathSignal(*syscall.SysProcAttr) {}
