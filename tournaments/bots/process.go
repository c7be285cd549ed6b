package bots

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/sandbox"
)

// Process supervision defaults.
const (
	DefaultBackoff    = 100 * time.Millisecond // first wait before a restart; doubles each time
	maxBackoff        = 5 * time.Second
	processKillGrace  = 2 * time.Second // between the interrupt and the kill when stopping a bot
	processStableTime = 30 * time.Second
	cleanExitWait     = time.Second // how long a bot that exits 0 waits for its table to end
	// DefaultReturnGrace is how long a bot whose seat was lost has to
	// come back by itself before it is stopped and started again.
	DefaultReturnGrace = 2 * time.Second
)

// ProcessOptions tune a Process.
type ProcessOptions struct {
	// Restarts is how many times a bot that exits (or will not start) is
	// started again before it is given up.
	Restarts int
	// Backoff is the first wait before a restart; it doubles up to
	// maxBackoff. 0 means DefaultBackoff.
	Backoff time.Duration
	// Log, if set, receives the bot's standard output and error.
	Log io.Writer
	// Dir is the working folder of the bot; "" is the harness's own.
	// Under a sandbox the working folder is BotDir (or a private /tmp).
	Dir string
	// BotDir, if set, is the bot's own folder, created if need be and
	// given to it in $OPENROOM_BOT_DIR; under a sandbox it is the one
	// folder the bot can write that the harness keeps.
	BotDir string
	// Sandbox, if set, runs the bot in a sandbox of its own (see package
	// sandbox): it then reaches its seat at sandbox.Host sandbox.Port,
	// and each connection it opens there goes to Seat.
	Sandbox *sandbox.Sandbox
	// Seat gets the connections of a sandboxed bot.
	Seat func(net.Conn)
	// ReturnGrace is how long after a lost seat a running bot has to be
	// ready at the table again (see SeatReady) before it is restarted.
	// 0 means DefaultReturnGrace; see ReturnGraceWithin.
	ReturnGrace time.Duration
	// Logf, if set, gets one line per start, exit and give-up.
	Logf func(format string, args ...any)
}

// ReturnGraceWithin is the grace for a bot at a table that waits
// reconnect for a lost seat (0: the table's default): DefaultReturnGrace,
// or a quarter of reconnect if that is shorter, so that a bot restarted
// after the grace still has time to come back.
func ReturnGraceWithin(reconnect time.Duration) time.Duration {
	if reconnect > 0 {
		return min(DefaultReturnGrace, reconnect/4)
	}
	return DefaultReturnGrace
}

// DirEnv names the environment variable that gives a command bot its
// own folder (DIR/logs/TABLE-SEAT/), kept after the event.
const DirEnv = sandbox.BotDirEnv

// Process starts one command bot for one seat of one table, watches it
// and starts it again when it exits before the table is done, with a
// growing pause between starts. After Restarts+1 failed runs in a row it
// gives up: GaveUp is closed and Err says why. A run that lasted
// processStableTime or more resets the count.
//
// The process gets exactly the bot's command line with {host}, {port},
// {seat} and {name} replaced, and the harness's own environment (with
// $OPENROOM_BOT_DIR if it has a folder of its own): never a seed, a deal
// file or a results path. With a Sandbox it cannot look them up either.
type Process struct {
	spec Spec
	seat engine.Seat
	argv []string
	opt  ProcessOptions

	gaveUp chan struct{} // closed when the bot is given up
	done   chan struct{} // closed when the supervising goroutine ends
	lost   chan struct{} // a request to restart the running process

	away atomic.Bool // the seat was lost and its bot is not ready again yet

	mu     sync.Mutex
	err    error // why the bot was given up
	starts int
}

// Start starts the bot's process for a seat, connecting to host:port
// (sandbox.Host and sandbox.Port for a sandboxed bot)
// under the team name, and supervises it until ctx ends, when the process
// is stopped (interrupt, then kill after a grace period).
func Start(ctx context.Context, spec Spec, seat engine.Seat, team, host, port string, opt ProcessOptions) *Process {
	if opt.Backoff <= 0 {
		opt.Backoff = DefaultBackoff
	}
	if opt.ReturnGrace <= 0 {
		opt.ReturnGrace = DefaultReturnGrace
	}
	p := &Process{
		spec:   spec,
		seat:   seat,
		argv:   spec.Expand(host, port, seat.Name(), team),
		opt:    opt,
		gaveUp: make(chan struct{}),
		done:   make(chan struct{}),
		lost:   make(chan struct{}, 1),
	}
	go p.supervise(ctx)
	return p
}

// GaveUp is closed when the bot has failed too often to be started again.
func (p *Process) GaveUp() <-chan struct{} { return p.gaveUp }

// Done is closed when supervision has ended and no process is left.
func (p *Process) Done() <-chan struct{} { return p.done }

// Err returns why the bot was given up, or nil.
func (p *Process) Err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err
}

// Starts returns how many times the bot's process has been started (or
// its start tried), the first included.
func (p *Process) Starts() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.starts
}

// SeatLost tells the supervisor the table closed or lost the seat's
// connection: a process that is still running and is not ready at the
// table again within ReturnGrace (see SeatReady) is stopped and started
// again, so that it connects afresh. A bot that reconnects by itself is
// left alone: stopping it then would drop the connection it just made.
// It never blocks.
func (p *Process) SeatLost() {
	p.away.Store(true)
	select {
	case p.lost <- struct{}{}:
	default:
	}
}

// SeatReady tells the supervisor the seat's bot has finished its
// handshake at the table, after a loss or at the start. It never blocks.
func (p *Process) SeatReady() { p.away.Store(false) }

func (p *Process) logf(format string, args ...any) {
	if p.opt.Logf != nil {
		p.opt.Logf("%s (%s): "+format, append([]any{p.spec.Name, p.seat.Name()}, args...)...)
	}
}

// supervise runs the process until ctx ends or the bot is given up.
func (p *Process) supervise(ctx context.Context) {
	defer close(p.done)
	failures := 0
	backoff := p.opt.Backoff
	for {
		began := time.Now()
		err := p.runOnce(ctx)
		if ctx.Err() != nil {
			return
		}
		if time.Since(began) >= processStableTime {
			failures, backoff = 0, p.opt.Backoff
		}
		failures++
		p.logf("exited (%v); failure %d of %d allowed", err, failures, p.opt.Restarts+1)
		if failures > p.opt.Restarts {
			p.mu.Lock()
			p.err = fmt.Errorf("bot %q at %s failed %d times, last: %w", p.spec.Name, p.seat.Name(), failures, err)
			p.mu.Unlock()
			close(p.gaveUp)
			return
		}
		t := time.NewTimer(backoff)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		backoff = min(2*backoff, maxBackoff)
	}
}

// errSeatLost marks a run stopped because the table lost the seat.
var errSeatLost = errors.New("stopped after the table lost its seat")

// runOnce starts the process and waits for it to end, for ctx to end or
// for the seat to be lost.
func (p *Process) runOnce(ctx context.Context) error {
	// Drop a stale lost signal from before this start.
	select {
	case <-p.lost:
	default:
	}
	if p.opt.BotDir != "" {
		if err := os.MkdirAll(p.opt.BotDir, 0o755); err != nil {
			return fmt.Errorf("bot folder: %w", err)
		}
	}
	var proc running
	var err error
	if p.opt.Sandbox != nil {
		proc, err = p.startSandboxed()
	} else {
		proc, err = p.startPlain()
	}
	p.mu.Lock()
	p.starts++
	p.mu.Unlock()
	if err != nil {
		return err
	}
	p.logf("started, pid %d", proc.Pid())
	exited := make(chan error, 1)
	go func() { exited <- proc.Wait() }()
	why, err := p.await(ctx, exited)
	if why == nil {
		return p.exitError(ctx, err)
	}
	proc.Interrupt()
	select {
	case <-exited:
	case <-time.After(processKillGrace):
		proc.Kill()
		<-exited
	}
	return why
}

// await waits for the process to exit, for ctx to end or for its seat to
// stay lost for ReturnGrace. A process that exited gives its status as
// err; otherwise stop says why the process is to be stopped.
func (p *Process) await(ctx context.Context, exited <-chan error) (stop, err error) {
	grace := time.NewTimer(p.opt.ReturnGrace)
	grace.Stop()
	defer grace.Stop()
	for {
		select {
		case err := <-exited:
			return nil, err
		case <-ctx.Done():
			return ctx.Err(), nil
		case <-p.lost:
			// Each loss gets the whole grace.
			grace.Reset(p.opt.ReturnGrace)
		case <-grace.C:
			if p.away.Load() {
				return errSeatLost, nil
			}
			p.logf("back at the table within %s; left running", p.opt.ReturnGrace)
		}
	}
}

// exitError is the error of a run that ended by itself with err.
func (p *Process) exitError(ctx context.Context, err error) error {
	if lerr := (*sandbox.LimitError)(nil); errors.As(err, &lerr) {
		p.logf("%v", lerr)
		if p.opt.Log != nil {
			fmt.Fprintf(p.opt.Log, "tablemanager: %v\n", lerr)
		}
		return err
	}
	if err == nil {
		// A bot leaves after End of session, a moment before its table
		// ends: not a failure if the table ends soon.
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(cleanExitWait):
		}
		return errors.New("exited with status 0 before the end of the session")
	}
	return err
}

// running is a started bot: a plain process or a sandbox.
type running interface {
	Pid() int
	Wait() error
	Interrupt()
	Kill()
}

// startPlain starts the bot as a plain process in a process group of its
// own, connecting to the table's listener.
func (p *Process) startPlain() (running, error) {
	cmd := exec.Command(p.argv[0], p.argv[1:]...)
	cmd.Dir = p.opt.Dir
	if p.opt.BotDir != "" {
		dir, err := filepath.Abs(p.opt.BotDir)
		if err != nil {
			return nil, fmt.Errorf("bot folder: %w", err)
		}
		cmd.Env = append(os.Environ(), DirEnv+"="+dir)
	}
	if p.opt.Log != nil {
		cmd.Stdout, cmd.Stderr = p.opt.Log, p.opt.Log
	}
	setProcessGroup(cmd)
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", p.argv[0], err)
	}
	return plainProcess{cmd}, nil
}

// startSandboxed starts the bot in a sandbox of its own, its connections
// going to Seat.
func (p *Process) startSandboxed() (running, error) {
	b := sandbox.Bot{Argv: p.argv, Dir: p.opt.BotDir, Mounts: p.spec.Mounts, Limits: p.spec.Limits, Seat: p.opt.Seat}
	if p.opt.Log != nil {
		b.Stdout, b.Stderr = p.opt.Log, p.opt.Log
	}
	proc, err := p.opt.Sandbox.Start(b)
	if err != nil {
		return nil, fmt.Errorf("start %s in the sandbox: %w", p.argv[0], err)
	}
	return proc, nil
}

// plainProcess is an unsandboxed bot's process.
type plainProcess struct{ cmd *exec.Cmd }

func (pp plainProcess) Pid() int    { return pp.cmd.Process.Pid }
func (pp plainProcess) Wait() error { return pp.cmd.Wait() }
func (pp plainProcess) Interrupt()  { interruptProcess(pp.cmd) }
func (pp plainProcess) Kill()       { killProcess(pp.cmd) }
