package bots

import "syscall"

// setDeathSignal has the kernel kill the bot if the harness dies without
// stopping it (a crash or a kill -9), so no bot outlives its event.
func setDeathSignal(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
