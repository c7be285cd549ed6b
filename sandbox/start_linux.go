package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Find looks for bwrap on the PATH and checks, from inside a sandbox, that
// a bot there has no capabilities and cannot make a user namespace. relay
// is Sandbox.Relay. The error wraps ErrNoSandbox and says why.
func Find(ctx context.Context, relay []string) (*Sandbox, error) {
	if len(relay) == 0 {
		return nil, fmt.Errorf("%w: no relay program", ErrNoSandbox)
	}
	path, err := exec.LookPath("bwrap")
	if err != nil {
		return nil, fmt.Errorf("%w: bubblewrap (bwrap) is not installed (Debian: apt-get install bubblewrap)", ErrNoSandbox)
	}
	sb := &Sandbox{Bwrap: path, Relay: relay}
	if err := sb.Check(ctx); err != nil {
		return nil, err
	}
	return sb, nil
}

// Check runs the relay's check in a sandbox: no capabilities, no user
// namespace to be made. The error wraps ErrNoSandbox.
func (sb *Sandbox) Check(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var out bytes.Buffer
	p, err := sb.start(Bot{Stdout: &out, Stderr: &out}, []string{"--check"})
	if err == nil {
		done := make(chan error, 1)
		go func() { done <- p.Wait() }()
		select {
		case err = <-done:
		case <-ctx.Done():
			p.Kill()
			<-done
			err = ctx.Err()
		}
	}
	if err != nil {
		msg := strings.TrimSpace(out.String())
		if msg == "" {
			msg = err.Error()
		}
		return fmt.Errorf("%w: %s does not work here, or does not drop a bot's privileges (%s); it needs unprivileged user namespaces or root", ErrNoSandbox, sb.Bwrap, msg)
	}
	return nil
}

// Process is a running sandbox.
type Process struct {
	cmd     *exec.Cmd
	inner   int // the sandbox's first process, leader of the bot's session
	seats   *net.UnixConn
	release func()
	guard   *Guard // nil without limits
	waited  sync.Once
	err     error
}

// Start starts b in a sandbox of its own and returns once the bot is
// started (after Confine). Each connection the bot opens to Host:Port
// goes to b.Seat.
func (sb *Sandbox) Start(b Bot) (*Process, error) {
	if len(b.Argv) == 0 {
		return nil, fmt.Errorf("sandbox: no command")
	}
	return sb.start(b, []string{"--listen", Host + ":" + Port, "--fd", fmt.Sprint(seatFD)})
}

func (sb *Sandbox) start(b Bot, relayArgs []string) (*Process, error) {
	if len(sb.Relay) == 0 {
		return nil, fmt.Errorf("sandbox: no relay program")
	}
	infoR, infoW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	defer infoR.Close()
	blockR, blockW, err := os.Pipe()
	if err != nil {
		infoW.Close()
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	defer blockW.Close()
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_SEQPACKET|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		infoW.Close()
		blockR.Close()
		return nil, fmt.Errorf("sandbox: socket pair: %w", err)
	}
	ours, theirs := os.NewFile(uintptr(fds[0]), "seats"), os.NewFile(uintptr(fds[1]), "relay seats")
	confine, tmpSize := sb.confine, ""
	var guard *Guard
	if sb.Limits != nil {
		guard = sb.Limits.Guard(b.Dir, b.Limits)
		confine, tmpSize = guard.Confine, guard.TmpSize()
	}
	argv := sb.command(b, tmpSize, relayArgs)
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.ExtraFiles = []*os.File{infoW, blockR, theirs} // infoFD, blockFD, seatFD
	cmd.Env = b.Env
	cmd.Stdout, cmd.Stderr = b.Stdout, b.Stderr
	// A session of its own: no terminal to reach, and the whole sandbox
	// can be signalled as a group. The kernel kills it if the harness dies.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Pdeathsig: syscall.SIGKILL}
	err = cmd.Start()
	infoW.Close()
	blockR.Close()
	theirs.Close()
	if err != nil {
		ours.Close()
		return nil, fmt.Errorf("start %s: %w", sb.Bwrap, err)
	}
	p := &Process{cmd: cmd, guard: guard}
	fail := func(err error) (*Process, error) {
		ours.Close()
		p.Kill()
		// A limit that killed the sandbox first is the reason: the
		// watcher's first look can, before the bot runs, when its folder
		// is still full from the run before.
		var limit *LimitError
		if werr := p.Wait(); errors.As(werr, &limit) {
			return nil, werr
		}
		return nil, err
	}
	p.inner = childPID(infoR)
	if p.inner <= 0 {
		// bwrap failed before it made the namespaces; it said why.
		ours.Close()
		return nil, fmt.Errorf("bubblewrap did not start the sandbox: %w", p.Wait())
	}
	if confine != nil {
		release, err := confine(cmd.Process.Pid, p.inner)
		if err != nil {
			return fail(fmt.Errorf("sandbox: confine: %w", err))
		}
		p.release = release
	}
	if _, err := blockW.Write([]byte{0}); err != nil {
		return fail(fmt.Errorf("sandbox: release: %w", err))
	}
	nc, err := net.FileConn(ours)
	ours.Close()
	if err != nil {
		p.Kill()
		_ = p.Wait()
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	p.seats = nc.(*net.UnixConn)
	go receiveSeats(p.seats, b.Seat)
	return p, nil
}

// childPID reads bwrap's --info-fd report: the host pid of the process
// it started in the new namespaces. 0 if bwrap failed first.
func childPID(r io.Reader) int {
	var info struct {
		ChildPID int `json:"child-pid"`
	}
	if err := json.NewDecoder(r).Decode(&info); err != nil {
		return 0
	}
	return info.ChildPID
}

// receiveSeats hands each connection the relay sends to seat, until the
// relay's end closes.
func receiveSeats(uc *net.UnixConn, seat func(net.Conn)) {
	buf := make([]byte, 16)
	oob := make([]byte, syscall.CmsgSpace(4*4))
	for {
		n, oobn, _, _, err := uc.ReadMsgUnix(buf, oob)
		if err != nil || (n == 0 && oobn == 0) {
			return
		}
		msgs, err := syscall.ParseSocketControlMessage(oob[:oobn])
		if err != nil {
			continue
		}
		for _, m := range msgs {
			fds, err := syscall.ParseUnixRights(&m)
			if err != nil {
				continue
			}
			for _, fd := range fds {
				f := os.NewFile(uintptr(fd), "seat connection")
				nc, err := net.FileConn(f)
				f.Close()
				switch {
				case err != nil:
				case seat == nil:
					nc.Close()
				default:
					seat(nc)
				}
			}
		}
	}
}

// Pid returns bwrap's pid.
func (p *Process) Pid() int { return p.cmd.Process.Pid }

// Wait waits for the sandbox to end and returns how bwrap exited (with
// the bot's exit status, which the relay passes on), wrapped in the
// *LimitError of the limit that killed the bot, if one did.
func (p *Process) Wait() error {
	p.waited.Do(func() {
		p.err = p.cmd.Wait()
		if p.seats != nil {
			p.seats.Close()
		}
		if p.release != nil {
			p.release()
		}
		if p.guard == nil {
			return
		}
		if r := p.guard.Reason(p.err); r != nil && p.err != nil {
			p.err = fmt.Errorf("%w (%v)", r, p.err)
		} else if r != nil {
			p.err = r
		}
	})
	return p.err
}

// Interrupt sends SIGTERM to the bot (the relay passes it on). bwrap is
// not signalled: it would die of it and take the bot with it unwarned.
func (p *Process) Interrupt() {
	if p.inner > 0 {
		_ = syscall.Kill(-p.inner, syscall.SIGTERM)
	}
}

// Kill kills the sandbox and everything in it.
func (p *Process) Kill() {
	if p.inner > 0 {
		_ = syscall.Kill(-p.inner, syscall.SIGKILL)
	}
	_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
}
