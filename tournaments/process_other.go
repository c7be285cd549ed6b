//go:build !unix

package tournaments

import (
	"os"
	"os/exec"
)

func setProcessGroup(cmd *exec.Cmd, session bool) {}

func interruptProcess(cmd *exec.Cmd, inner int) {
	if cmd.Process != nil {
		_ = cmd.Process.Signal(os.Interrupt)
	}
}

func killProcess(cmd *exec.Cmd, inner int) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
