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

// interruptProcess asks the bot's process group to stop.
func interruptProcess(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
	}
}

// killProcess kills the bot's process group.
func killProcess(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
