//go:build unix

package tournaments

import (
	"os/exec"
	"syscall"
)

// setProcessGroup puts the bot in a process group of its own, so that
// stopping it also stops whatever it started (a shell wrapper's child),
// and, where the system can, has it killed when the harness dies. With
// session set, the group is a new session without a controlling terminal.
func setProcessGroup(cmd *exec.Cmd, session bool) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: !session, Setsid: session}
	setDeathSignal(cmd.SysProcAttr)
}

// interruptProcess asks the bot's process group to stop. A sandboxed
// bot's own session is inner (0 if not known): signalled instead, since
// bwrap would die of the signal and take the bot with it unwarned.
func interruptProcess(cmd *exec.Cmd, inner int) {
	switch {
	case inner > 0:
		_ = syscall.Kill(-inner, syscall.SIGTERM)
	case cmd.Process != nil:
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
	}
}

// killProcess kills the bot's process group (and a sandboxed bot's
// session, inner, if known).
func killProcess(cmd *exec.Cmd, inner int) {
	if inner > 0 {
		_ = syscall.Kill(-inner, syscall.SIGKILL)
	}
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
