//go:build unix

package bots

import (
	"os/exec"
	"syscall"
)

// setProcessGroup puts the bot in a process group of its own, so that
// stopping it also stops whatever it started (a shell wrapper's child),
// and, where the system can, has it killed when the harness dies.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
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
