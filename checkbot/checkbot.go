// Package checkbot puts a bridge robot through scripted sessions at a
// table whose other three seats are its own, and checks every line the
// robot sends against the Blue Chip protocol as openroom's table manager
// (package protocol) referees it. It is the engine of `tablemanager
// check-bot`; docs/bot-authors.md is the guide its messages point into.
//
// Each scenario is a real protocol.Table: the robot's connections are
// recorded line by line on their way to the table, and the table's own
// verdict on a board (an illegal call, a protocol fault, a timeout) is
// turned into a report of the first line that departed, what the table
// expected instead, and where the guide explains it.
package checkbot

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os/exec"
	"slices"
	"sync"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/protocol"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/sandbox"
	"github.com/openroom/openroom/tournaments/bots"
)

// Defaults of the zero fields of Options.
const (
	DefaultTimeout      = 10 * time.Second
	DefaultStartTimeout = 30 * time.Second
	DefaultTeam         = "bot"
)

// ourTeam is the name of check-bot's side at the table.
const ourTeam = "check-bot"

// Options say which bot to check and how.
type Options struct {
	// Command is the bot's command line, with {host}, {port}, {seat} and
	// {name} placeholders as in an event file; check-bot starts it once
	// per scenario (and again when the table drops it).
	Command []string
	// Listen, when Command is empty, is the address a bot started by hand
	// connects to; it must connect once per scenario, in turn.
	Listen net.Listener
	// Seat, with FixSeat, puts the bot at that seat in every scenario
	// (each scenario's table turned round it): for a bot started by hand,
	// which asks for one seat.
	Seat    engine.Seat
	FixSeat bool
	// Team is the team name the bot is given ({name}); default "bot".
	Team string
	// Scenarios names the scenarios to run; empty runs them all.
	Scenarios []string
	// Timeout bounds each wait for a line from the bot (a call, a card, a
	// ready line, a handshake step). Default 10s.
	Timeout time.Duration
	// StartTimeout bounds the wait for the bot to sit down, and to come
	// back after the table drops it. Default 30s.
	StartTimeout time.Duration
	// NoTiming sends the bot no timing line after a board (the event
	// file's timing = false), except in the timing scenario.
	NoTiming bool
	// Sandbox, if set, runs the bot in it as an event runs command bots.
	Sandbox *sandbox.Sandbox
	// Mounts are the folders and files a sandboxed bot may read.
	Mounts []string
	// Parallel is how many scenarios run at once (command bots only);
	// default 1.
	Parallel int
	// Progress, if set, is told each scenario's result as it ends.
	Progress func(Result)
	// Logf, if set, gets the table's log and, after each scenario, every
	// line that crossed between the table and the bot.
	Logf func(format string, args ...any)
}

// StartError says the bot could not be started: its command does not
// run, or it never connected.
type StartError struct {
	Err    error
	Output string // the end of the bot's standard output and error
}

// Error says why the bot cannot be started, with its last output.
func (e *StartError) Error() string {
	if e.Output == "" {
		return fmt.Sprintf("the bot cannot be started: %v", e.Err)
	}
	return fmt.Sprintf("the bot cannot be started: %v; its last output:\n%s", e.Err, e.Output)
}

// Unwrap returns the cause.
func (e *StartError) Unwrap() error { return e.Err }

// errStop ends a scenario's session early: its board is reached, or the
// bot is at fault.
var errStop = errors.New("check-bot: scenario over")

// Run runs the scenarios and returns the report. Its error is a bad
// option or a *StartError; a bot that fails scenarios is in the report.
func Run(ctx context.Context, opt Options) (*Report, error) {
	if opt.Timeout <= 0 {
		opt.Timeout = DefaultTimeout
	}
	if opt.StartTimeout <= 0 {
		opt.StartTimeout = DefaultStartTimeout
	}
	if opt.Team == "" {
		opt.Team = DefaultTeam
	}
	if opt.Parallel <= 0 || opt.Command == nil {
		opt.Parallel = 1
	}
	if len(opt.Command) == 0 && opt.Listen == nil {
		return nil, errors.New("check-bot: no bot: give a command or a listen address")
	}
	var list []Scenario
	if len(opt.Scenarios) == 0 {
		list = Scenarios()
	}
	for _, name := range opt.Scenarios {
		sc, ok := Find(name)
		if !ok {
			return nil, fmt.Errorf("check-bot: unknown scenario %q", name)
		}
		list = append(list, sc)
	}
	if len(opt.Command) > 0 && opt.Sandbox == nil {
		if _, err := exec.LookPath(opt.Command[0]); err != nil {
			return nil, &StartError{Err: err}
		}
	}
	r := &runner{opt: opt}
	if opt.Listen != nil {
		r.conns = make(chan net.Conn)
		lctx, cancel := context.WithCancel(ctx)
		defer cancel()
		go r.accept(lctx, opt.Listen)
	}
	results := make([]Result, len(list))
	var startErr error
	var mu sync.Mutex
	sem := make(chan struct{}, opt.Parallel)
	var wg sync.WaitGroup
	for i, sc := range list {
		sem <- struct{}{}
		mu.Lock()
		stop := startErr != nil
		mu.Unlock()
		if stop || ctx.Err() != nil {
			<-sem
			break
		}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			res, err := r.scenario(ctx, sc)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				if startErr == nil {
					startErr = err
				}
				return
			}
			results[i] = res
			if opt.Progress != nil {
				opt.Progress(res)
			}
		}()
	}
	wg.Wait()
	if startErr != nil {
		return nil, startErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return newReport(opt, results), nil
}

// runner runs the scenarios of one check.
type runner struct {
	opt   Options
	conns chan net.Conn // connections to Listen, for the scenario running
}

// accept hands each connection to the listen address to the scenario
// that runs.
func (r *runner) accept(ctx context.Context, ln net.Listener) {
	serveLoopback(ctx, ln, func(nc net.Conn) {
		select {
		case r.conns <- nc:
		case <-ctx.Done():
			nc.Close()
		}
	})
}

// boardEnd is a board as the table ended it.
type boardEnd struct {
	board   engine.Board
	outcome engine.Outcome
	// states are the board after each of its actions, from its start:
	// the bot may not have been told the last few when it went wrong.
	states []engine.Board
}

// play is one scenario's session while it runs.
type play struct {
	mu     sync.Mutex
	last   engine.Board // the board in play, after its last legal action
	states []engine.Board
	boards []boardEnd
}

// scenario plays one scenario and judges it. Its error is a
// *StartError.
func (r *runner) scenario(ctx context.Context, sc Scenario) (Result, error) {
	seat := sc.Seat
	if r.opt.FixSeat {
		seat = r.opt.Seat
	}
	su := sc.build(seat)
	rec := newRecorder()
	rec.rewrite, rec.dropAfter = su.rewrite, su.dropAfter
	timing := !r.opt.NoTiming
	if su.timing != nil {
		timing = *su.timing
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	p := &play{}
	var proc *bots.Process
	var procMu sync.Mutex
	cfg := protocol.Config{
		Boards:           su.boards,
		ActionTimeout:    r.opt.Timeout,
		HandshakeTimeout: r.opt.Timeout,
		ReconnectTimeout: r.opt.StartTimeout,
		StartTimeout:     r.opt.StartTimeout,
		OnAction: func(b *engine.Board) {
			p.mu.Lock()
			p.last = *b
			if b.Phase() == engine.PhaseAuction && b.Auction().Len() == 0 {
				p.states = p.states[:0]
			}
			p.states = append(p.states, *b)
			p.mu.Unlock()
		},
		OnBoard: func(rr results.Record) error {
			o, err := rr.Outcome()
			if err != nil {
				return err
			}
			p.mu.Lock()
			defer p.mu.Unlock()
			p.boards = append(p.boards, boardEnd{board: p.last, outcome: o, states: slices.Clone(p.states)})
			if o.IsFault() {
				if su.dropAfter > 0 && len(p.boards) == 1 && o.Kind == engine.Disconnect {
					return nil // the drop the scenario made
				}
				return errStop
			}
			if su.reached != nil && su.reached(&p.last, seat) {
				return errStop
			}
			return nil
		},
		OnSeatLost: func(s engine.Seat) {
			procMu.Lock()
			defer procMu.Unlock()
			if s == seat && proc != nil {
				proc.SeatLost()
			}
		},
		OnSeatReady: func(s engine.Seat) {
			procMu.Lock()
			defer procMu.Unlock()
			if s == seat && proc != nil {
				proc.SeatReady()
			}
		},
	}
	cfg.NoTiming[seat] = !timing
	if seat.Side() == engine.NS {
		cfg.EWTeam = ourTeam
	} else {
		cfg.NSTeam = ourTeam
	}
	for s := engine.North; s < engine.NumSeats; s++ {
		if s != seat {
			cfg.Local[s] = protocol.ClientBot(ourTeam, su.players[s])
		}
	}
	if r.opt.Logf != nil {
		cfg.Logf = func(f string, a ...any) { r.opt.Logf("%s: table: %s", sc.Name, fmt.Sprintf(f, a...)) }
	}
	table, err := protocol.NewTable(cfg)
	if err != nil {
		return Result{}, err
	}
	attach := func(nc net.Conn) { table.AttachSeat(rec.wrap(nc), seat) }

	var wg sync.WaitGroup
	defer wg.Wait() // after cancel (deferred later, so run first)
	defer cancel()
	var output tail
	began := time.Now()
	switch {
	case len(r.opt.Command) > 0:
		host, port := sandbox.Host, sandbox.Port
		if r.opt.Sandbox == nil {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				return Result{}, err
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				serveLoopback(ctx, ln, attach)
			}()
			host, port, _ = net.SplitHostPort(ln.Addr().String())
		}
		spec := bots.Spec{Name: "bot", Kind: bots.KindCommand, Command: r.opt.Command, Mounts: r.opt.Mounts}
		procMu.Lock()
		proc = bots.Start(ctx, spec, seat, r.opt.Team, host, port, bots.ProcessOptions{
			Restarts:    2,
			Backoff:     20 * time.Millisecond,
			ReturnGrace: bots.ReturnGraceWithin(r.opt.StartTimeout),
			Log:         &output,
			Sandbox:     r.opt.Sandbox,
			Seat:        attach,
		})
		procMu.Unlock()
		wg.Add(1)
		go func() {
			defer wg.Done()
			select {
			case <-proc.GaveUp():
				cancel()
			case <-ctx.Done():
			}
			<-proc.Done()
		}()
	default:
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case nc := <-r.conns:
					attach(nc)
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		select {
		case <-rec.closedEarly:
			// A refused or timed-out handshake: give the table a moment
			// to log it, then stop.
			time.Sleep(50 * time.Millisecond)
			cancel()
		case <-ctx.Done():
		}
	}()
	runErr := table.Run(ctx)
	cancel()
	wg.Wait()

	lines := rec.snapshot()
	if r.opt.Logf != nil {
		for _, e := range lines {
			dir := "TM->bot"
			if e.FromBot {
				dir = "bot->TM"
			}
			r.opt.Logf("%s: %s %s (connection %d, %s)", sc.Name, dir, e.Text, e.Conn, e.At.Sub(began).Round(time.Microsecond))
		}
	}
	if proc != nil && !hasBotLine(lines) {
		select {
		case <-proc.GaveUp():
			return Result{}, &StartError{Err: proc.Err(), Output: output.String()}
		default:
		}
		if errors.Is(runErr, protocol.ErrNoSeats) {
			return Result{}, &StartError{Err: fmt.Errorf("it did not connect within %s", r.opt.StartTimeout), Output: output.String()}
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	j := judge{sc: sc, su: su, seat: seat, lines: lines, began: began, timeout: r.opt.Timeout, start: r.opt.StartTimeout}
	res := j.verdict(p.boards, &p.last, runErr)
	res.Output = output.String()
	if proc != nil {
		res.Restarts = proc.Starts() - 1
	}
	return res, nil
}

// serveLoopback attaches each connection to ln until ctx ends.
func serveLoopback(ctx context.Context, ln net.Listener, attach func(net.Conn)) {
	go func() {
		<-ctx.Done()
		ln.Close()
	}()
	for {
		nc, err := ln.Accept()
		if err != nil {
			return
		}
		attach(nc)
	}
}

// hasBotLine reports whether the bot sent any line.
func hasBotLine(lines []entry) bool {
	return slices.ContainsFunc(lines, func(e entry) bool { return e.FromBot })
}

// tail keeps the last few KiB a bot writes to its standard output and
// error, for the report of a bot that cannot start.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

const tailSize = 2048

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > tailSize {
		t.buf = t.buf[len(t.buf)-tailSize:]
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
