package tournaments

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"github.com/openroom/openroom/allowlist"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/protocol"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/sandbox"
	"github.com/openroom/openroom/tournaments/bots"
)

// defaultStartTimeout is how long the four bots of a table may take to sit
// down before the table gives up.
const defaultStartTimeout = 60 * time.Second

// ProtocolRunner plays each table through the Blue Chip protocol host
// (protocol.Table): built-in bots are seated in-process over a net.Pipe
// with the protocol client, so they learn exactly what a remote bot would;
// command bots are started as processes (see bots.Process), each sandboxed
// bot's connections attached to the table for its own seat only (an
// unsandboxed one connects to the table's own loopback listener). The table referees every board,
// applies the clocks and the fault policy, and takes a seat back when its
// bot reconnects. A command bot that keeps failing stops the table with a
// *SeatFault, and the event scores the table's remaining boards as faults.
//
// Remote bots connect by themselves to Listen, as the table's team names
// (`as ANYPL` gets them a free seat of their side). Listen is one
// address, so tables with remote seats are played one at a time; the
// others still run concurrently.
type ProtocolRunner struct {
	// Listen is the address remote bots connect to ("" for none).
	Listen string
	// Allow lists who beyond loopback may connect to Listen.
	Allow *allowlist.List

	// LogDir, if set, receives each command bot's standard output and
	// error, one file per table and seat; otherwise they are discarded.
	// Each command bot also gets a folder of its own there,
	// LogDir/TABLE-SEAT/ ($OPENROOM_BOT_DIR), for its own logs.
	LogDir string
	// Sandbox, if set, runs each command bot in a sandbox of its own
	// (see package sandbox), whose only way out is its own seat; LogDir is
	// hidden from them too, all but the bot's own folder. Without it,
	// command bots connect to a loopback listener of the table.
	Sandbox *sandbox.Sandbox
	// Logf, if set, gets one line per notable table or process event.
	Logf func(format string, args ...any)
	// Notify, if set, gets the few lines a user running the event should
	// see: a table waiting for remote bots, a bot given up.
	Notify func(format string, args ...any)
	// StartTimeout bounds the wait for four seats; 0 means 60 seconds
	// (defaultStartTimeout).
	StartTimeout time.Duration
	// Backoff is a crashed bot's first restart delay; 0 means
	// bots.DefaultBackoff.
	Backoff time.Duration
	// NewPlayer seats a built-in bot; nil means bots.NewBuiltin.
	NewPlayer bots.PlayerFactory

	remote sync.Mutex // held by the table that listens on Listen
}

// RunTable plays the job's boards; see TableRunner.
func (r *ProtocolRunner) RunTable(ctx context.Context, job TableJob, onBoard func(results.Record) error) error {
	logf := func(format string, args ...any) {
		if r.Logf != nil {
			r.Logf("%s: "+format, append([]any{job.Table}, args...)...)
		}
	}
	var caps bots.ClockCaps
	cfg := r.config(job, &caps, onBoard, logf)
	commands, remotes, err := r.seat(&cfg, job, &caps)
	if err != nil {
		return err
	}
	var procs [engine.NumSeats]*bots.Process
	cfg.OnSeatLost = func(s engine.Seat) {
		if p := procs[s]; p != nil {
			p.SeatLost()
		}
		if job.OnSeatLost != nil {
			job.OnSeatLost(s)
		}
	}
	cfg.OnSeatReady = func(s engine.Seat) {
		if p := procs[s]; p != nil {
			p.SeatReady()
		}
	}
	table, err := protocol.NewTable(cfg)
	if err != nil {
		return fmt.Errorf("table %s: %w", job.Table, err)
	}

	if len(remotes) > 0 {
		// One table at a time on the one address; unlocked after the
		// listener has closed (deferred before the wait below).
		r.remote.Lock()
		defer r.remote.Unlock()
	}
	tctx, cancel := context.WithCancel(ctx)
	t := &tableRun{r: r, job: job, table: table, logf: logf, cancel: cancel}
	// Cancel first, then wait: on an early return the bots already started
	// and the listener stop only when cancelled.
	defer func() {
		cancel()
		t.wg.Wait()
	}()
	if len(remotes) > 0 {
		if err := t.serveRemotes(tctx, remotes); err != nil {
			return err
		}
	}
	if len(commands) > 0 {
		if err := t.startCommands(tctx, commands, &procs); err != nil {
			return err
		}
	}
	runErr := table.Run(tctx)
	cancel()
	t.wg.Wait()
	return t.result(runErr, cfg.StartTimeout)
}

// config returns the table's configuration for the job, without its
// seats: the boards, teams, clocks and fault rules. Each board's record
// is stamped with the clock caps of the built-in bots caps holds before it
// goes to onBoard.
func (r *ProtocolRunner) config(job TableJob, caps *bots.ClockCaps, onBoard func(results.Record) error, logf func(string, ...any)) protocol.Config {
	cfg := protocol.Config{
		Boards:           job.Boards,
		Identity:         job.Identity(),
		NSTeam:           job.NSTeam,
		EWTeam:           job.EWTeam,
		ActionTimeout:    job.Clocks.Action,
		BoardBudget:      job.Clocks.Board,
		ReconnectTimeout: job.Faults.Reconnect,
		StartTimeout:     job.Clocks.Start,
		// A built-in bot's last decision of the board is counted before
		// its card is sent, so before the board ends here.
		OnBoard: func(r results.Record) error {
			caps.Stamp(&r)
			return onBoard(r)
		},
		OnAction: job.OnAction,
		Logf:     logf,
	}
	if cfg.StartTimeout <= 0 {
		cfg.StartTimeout = r.StartTimeout
	}
	if cfg.StartTimeout <= 0 {
		cfg.StartTimeout = defaultStartTimeout
	}
	if job.Faults.Replay {
		cfg.FaultPolicy = protocol.ReplayOnFault
	}
	return cfg
}

// seat fills in the seats of the table's configuration: built-in bots are
// seated in-process (and noted in caps); the seats of command bots and of
// remote bots are returned, for the table to start or wait for.
func (r *ProtocolRunner) seat(cfg *protocol.Config, job TableJob, caps *bots.ClockCaps) (commands, remotes []engine.Seat, err error) {
	for s := engine.North; s < engine.NumSeats; s++ {
		spec := job.Seats[s]
		cfg.NoTiming[s] = spec.NoTiming
		cfg.SeatAddress[s], cfg.SeatSecret[s] = spec.Addresses, spec.Secret
		switch spec.Kind {
		case bots.KindBuiltin:
			bot, err := r.NewPlayer.Make(spec, job.Team(s))
			if err != nil {
				return nil, nil, err
			}
			team := job.Team(s)
			cfg.Local[s] = protocol.ClientBot(team, bot)
			caps.Seat(s, bot)
		case bots.KindCommand:
			commands = append(commands, s)
		default:
			if r.Listen == "" {
				return nil, nil, fmt.Errorf("table %s: cannot seat remote bot %q at %s: no listen address", job.Table, spec.Name, s.Name())
			}
			remotes = append(remotes, s)
		}
	}
	return commands, remotes, nil
}

// tableRun is one table of RunTable while it plays: the goroutines that
// serve its listeners and watch its bot processes, and the first seat
// fault a given-up bot caused.
type tableRun struct {
	r      *ProtocolRunner
	job    TableJob
	table  *protocol.Table
	logf   func(format string, args ...any)
	cancel context.CancelFunc // stops the table
	wg     sync.WaitGroup

	faultMu sync.Mutex
	fault   *SeatFault
}

// serve serves the table on ln until ctx ends.
func (t *tableRun) serve(ctx context.Context, srv *protocol.Server, ln net.Listener) {
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		_ = srv.Serve(ctx, ln)
	}()
}

// serveRemotes opens the runner's listen address for the remote bots'
// seats and says where they are awaited.
func (t *tableRun) serveRemotes(ctx context.Context, remotes []engine.Seat) error {
	r, job := t.r, t.job
	ln, err := listenAgain(ctx, r.Listen)
	if err != nil {
		return fmt.Errorf("table %s: listen for remote bots: %w", job.Table, err)
	}
	t.serve(ctx, &protocol.Server{Table: t.table, Allow: r.Allow, Logf: t.logf}, ln)
	for _, s := range remotes {
		r.notify("table %s: waiting for remote bot %q to sit %s as team %q on %s", job.Table, job.Seats[s].Name, s.Name(), job.Team(s), ln.Addr())
	}
	return nil
}

// startCommands starts the command bots' processes, each in its sandbox
// when the runner has one (or else connecting to a loopback listener of
// the table), and watches them: a bot given up stops the table with a
// seat fault.
func (t *tableRun) startCommands(ctx context.Context, commands []engine.Seat, procs *[engine.NumSeats]*bots.Process) error {
	r, job := t.r, t.job
	host, port := sandbox.Host, sandbox.Port
	sb := r.Sandbox
	if sb == nil {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return fmt.Errorf("table %s: listen: %w", job.Table, err)
		}
		t.serve(ctx, &protocol.Server{Table: t.table, Logf: t.logf}, ln)
		host, port, _ = net.SplitHostPort(ln.Addr().String())
	} else if r.LogDir != "" {
		c := *sb
		c.Hide = append(append([]string(nil), c.Hide...), r.LogDir)
		sb = &c
	}
	for _, s := range commands {
		var log io.WriteCloser
		botDir := ""
		if r.LogDir != "" {
			f, err := logFile(r.LogDir, job.Table, s)
			if err != nil {
				return err
			}
			log = f
			botDir = ownDir(r.LogDir, job.Table, s)
		}
		p := bots.Start(ctx, job.Seats[s], s, job.Team(s), host, port, bots.ProcessOptions{
			Restarts:    job.Faults.Restarts,
			Backoff:     r.Backoff,
			ReturnGrace: bots.ReturnGraceWithin(job.Faults.Reconnect),
			Log:         log,
			Logf:        t.logf,
			BotDir:      botDir,
			Sandbox:     sb,
			Seat:        func(nc net.Conn) { t.table.AttachSeat(nc, s) },
		})
		procs[s] = p
		t.wg.Add(1)
		go t.watch(p, s, log)
	}
	return nil
}

// watch waits for a bot's process to end; a bot given up stops the table
// with a fault of its seat, unless another seat's came first.
func (t *tableRun) watch(p *bots.Process, s engine.Seat, log io.Closer) {
	defer t.wg.Done()
	select {
	case <-p.GaveUp():
		t.faultMu.Lock()
		if t.fault == nil {
			t.fault = &SeatFault{Outcome: engine.Fault(engine.Disconnect, p.Err().Error(), s)}
		}
		t.faultMu.Unlock()
		t.r.notify("table %s: %v; its remaining boards are scored as faults", t.job.Table, p.Err())
		t.cancel()
	case <-p.Done():
	}
	<-p.Done()
	if log != nil {
		log.Close()
	}
}

// result is what the table's run returns, given the table's own error:
// a seat fault of a given-up bot (unless the event stopped the table), or
// the table's error, with a hint when the bots never sat down.
func (t *tableRun) result(runErr error, startTimeout time.Duration) error {
	t.faultMu.Lock()
	defer t.faultMu.Unlock()
	if t.fault != nil && !errors.Is(runErr, ErrStopped) {
		return t.fault
	}
	if errors.Is(runErr, protocol.ErrNoSeats) {
		hint := ""
		if t.r.LogDir != "" {
			hint = "; bot logs are in " + filepath.Clean(t.r.LogDir)
		}
		return fmt.Errorf("four bots did not sit down within %v (check the bot command lines%s): %w", startTimeout, hint, runErr)
	}
	return runErr
}

func (r *ProtocolRunner) notify(format string, args ...any) {
	if r.Notify != nil {
		r.Notify(format, args...)
	}
	if r.Logf != nil {
		r.Logf(format, args...)
	}
}

// listenAgain listens on addr, retrying for a while when the address is
// still in use: the previous table's listener has just closed on it, and a
// remote bot redialling the closed port can briefly hold it (on loopback a
// connection to a closed port in the ephemeral range may connect to
// itself) until it sees the failure and hangs up.
func listenAgain(ctx context.Context, addr string) (net.Listener, error) {
	deadline := time.Now().Add(2 * time.Second)
	for {
		ln, err := net.Listen("tcp", addr)
		if err == nil || !errors.Is(err, syscall.EADDRINUSE) || time.Now().After(deadline) {
			return ln, err
		}
		select {
		case <-ctx.Done():
			return nil, err
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// logFile opens (appending) the log file of a bot at a table seat in dir.
func logFile(dir, table string, seat engine.Seat) (*os.File, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("bot log: %w", err)
	}
	name := sanitize(table) + "-" + seat.Name() + ".log"
	f, err := os.OpenFile(filepath.Join(dir, name), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("bot log: %w", err)
	}
	return f, nil
}

// ownDir is the own folder of the bot at a table seat in dir.
func ownDir(dir, table string, seat engine.Seat) string {
	return filepath.Join(dir, sanitize(table)+"-"+seat.Name())
}
