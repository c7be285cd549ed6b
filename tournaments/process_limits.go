package tournaments

import (
	"fmt"
	"io"
	"os"
	"os/exec"

	"github.com/openroom/openroom/sandbox"
)

// botLimits confines one run of a sandboxed bot: bwrap holds its child
// on a pipe (--block-fd) until the child is in its cgroups and has its
// rlimits, so the limits hold from the bot's first instruction. A nil
// *botLimits (no limits) does nothing.
type botLimits struct {
	guard          *sandbox.Guard
	blockR, blockW *os.File
	release        func()
}

// newBotLimits returns the limits of a run of a bot whose own folder is
// dir and whose own limits (over c's) are own; nil if c is.
func newBotLimits(c *sandbox.Confiner, dir string, own sandbox.Limits) (*botLimits, error) {
	if c == nil {
		return nil, nil
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	return &botLimits{guard: c.Guard(dir, own), blockR: r, blockW: w}, nil
}

// blockFD is the bot's descriptor bwrap waits on (after the info pipe's
// 3), or -1.
func (b *botLimits) blockFD() int {
	if b == nil {
		return -1
	}
	return 4
}

// tmpSize is bwrap's --size of the bot's /tmp, or "".
func (b *botLimits) tmpSize() string {
	if b == nil {
		return ""
	}
	return b.guard.TmpSize()
}

// files are the bot's extra files after the info pipe.
func (b *botLimits) files() []*os.File {
	if b == nil {
		return nil
	}
	return []*os.File{b.blockR}
}

// confine reads bwrap's child pid from info, confines it and lets it
// run. On failure bwrap is killed and waited for: the bot never runs
// unconfined.
func (b *botLimits) confine(cmd *exec.Cmd, info io.Reader) (int, error) {
	b.blockR.Close()
	pid := sandboxInfo(info)
	release, err := b.guard.Confine(cmd.Process.Pid, pid)
	if err != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return 0, fmt.Errorf("sandbox: %w", err)
	}
	b.release = release
	_, _ = b.blockW.Write([]byte{0})
	b.blockW.Close()
	return pid, nil
}

// reason says, once bwrap has exited with exit, whether a limit killed
// the bot (a *sandbox.LimitError), or nil.
func (b *botLimits) reason(exit error) error {
	if b == nil {
		return nil
	}
	b.close()
	return b.guard.Reason(exit)
}

// close stops the watcher, removes the cgroups and closes the pipe.
func (b *botLimits) close() {
	if b == nil {
		return
	}
	if b.release != nil {
		b.release()
	}
	b.blockR.Close()
	b.blockW.Close()
}
