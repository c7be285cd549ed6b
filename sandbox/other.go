//go:build !linux

package sandbox

import (
	"context"
	"fmt"
	"os"
	"runtime"
)

// Find reports that bubblewrap needs Linux.
func Find(ctx context.Context, relay []string) (*Sandbox, error) {
	return nil, fmt.Errorf("%w: bubblewrap needs Linux, this is %s", ErrNoSandbox, runtime.GOOS)
}

// Check reports that bubblewrap needs Linux.
func (sb *Sandbox) Check(ctx context.Context) error {
	return fmt.Errorf("%w: bubblewrap needs Linux, this is %s", ErrNoSandbox, runtime.GOOS)
}

// Process is a running sandbox (none outside Linux).
type Process struct{}

// Start reports that bubblewrap needs Linux.
func (sb *Sandbox) Start(b Bot) (*Process, error) {
	return nil, fmt.Errorf("%w: bubblewrap needs Linux, this is %s", ErrNoSandbox, runtime.GOOS)
}

// Pid returns 0.
func (p *Process) Pid() int { return 0 }

// Wait returns at once.
func (p *Process) Wait() error { return nil }

// Interrupt does nothing.
func (p *Process) Interrupt() {}

// Kill does nothing.
func (p *Process) Kill() {}

// RelayMain refuses: there is no sandbox to relay from.
func RelayMain(args []string) int {
	fmt.Fprintln(os.Stderr, "sandbox relay: bubblewrap needs Linux, this is", runtime.GOOS)
	return 69
}
