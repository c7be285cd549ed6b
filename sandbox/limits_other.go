//go:build !linux

package sandbox

// system is what this system offers to enforce limits: nothing (command
// bots are sandboxed on Linux only).
type system struct{}

// NewConfiner returns a Confiner that enforces nothing: limits need
// Linux.
func NewConfiner(l Limits) *Confiner {
	m := Mechanisms{Memory: MechNone, Procs: MechNone, Files: MechNone, Disk: MechNone, Tmp: MechNone, Core: MechNone}
	return &Confiner{limits: l.WithDefaults(), mech: m}
}

// ProcsEnforced is false: nothing enforces the process limit here.
func (c *Confiner) ProcsEnforced() bool { return false }

// MemoryEnforced is false: nothing enforces the memory limit here.
func (c *Confiner) MemoryEnforced() bool { return false }

// Confine does nothing here.
func (g *Guard) Confine(bwrapPID, childPID int) (release func(), err error) {
	if childPID <= 0 {
		return nil, errNoPID
	}
	return func() {}, nil
}

func killedByFileSize(error) bool { return false }
