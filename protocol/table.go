package protocol

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/results"
)

// The manager side of one table: seating, the board loop, clocks and the
// fault policy. A Table is handed connections (Attach) by a Server, or by
// anything else that has a net.Conn (one end of a net.Pipe for an
// in-process bot), and plays its boards in Run. Every rule decision goes
// through engine.Board; each seat is sent only what its view allows.

// Defaults for the zero fields of a Config (documented on its fields).
const (
	hostActionTimeout    = 30 * time.Second
	hostReconnectTimeout = 30 * time.Second
	hostHandshakeTimeout = 10 * time.Second
	hostMaxPending       = 8
	hostMaxReplays       = 2
)

// LocalBot runs the seat side of one connection for an in-process bot: it
// connects as seat over conn (one end of a net.Pipe) and plays until the
// session ends or conn is closed. It must learn nothing but what conn
// tells it. The table starts it when Run starts and again whenever the
// seat is lost (a fault closes its connection), so an in-process seat is
// always taken back.
type LocalBot func(ctx context.Context, seat engine.Seat, conn net.Conn) error

// ClientBot returns a LocalBot that seats bot through the protocol's own
// seat-side Client, under team's name, at the seat the table gives it.
func ClientBot(team string, bot player.Player) LocalBot {
	return func(ctx context.Context, seat engine.Seat, conn net.Conn) error {
		return NewClient(conn, ClientConfig{Team: team, Seat: seat}, bot).Run(ctx)
	}
}

// Config is what one table plays and how. Zero fields take the defaults
// given on each; only Boards is required.
type Config struct {
	// Boards are played in order.
	Boards []engine.BoardSetup
	// Identity stamps each results record: event, match, room, table and
	// players. Players left empty are the team names the seats connect
	// with.
	Identity results.Identity
	// NSTeam and EWTeam, when set, are the team names each side must
	// connect with; when empty, the first seat of a side names its team
	// and its partner must give the same name.
	NSTeam, EWTeam string

	// ActionTimeout bounds every wait for a line from a seated bot: its
	// call or card, and each `ready for ...` line. Default 30s.
	ActionTimeout time.Duration
	// BoardBudget, when positive, is each side's total think time per
	// board (championship style); running out is a timeout fault.
	BoardBudget time.Duration
	// ReconnectTimeout bounds how long the table waits, between boards,
	// for a lost seat to connect again; after it, that seat's boards are
	// scored as faults until it comes back. Default 30s.
	ReconnectTimeout time.Duration
	// HandshakeTimeout bounds each step of an unfinished handshake, so an
	// idle connection cannot hold a seat or a pending slot. Default 10s.
	HandshakeTimeout time.Duration
	// StartTimeout, when positive, bounds the wait for the first four
	// seats; zero waits until the context ends.
	StartTimeout time.Duration
	// FaultPolicy is AdjustOnFault (the default) or ReplayOnFault.
	FaultPolicy FaultPolicy
	// MaxReplays bounds the replays of one board under ReplayOnFault
	// (default 2); after that the board is adjusted.
	MaxReplays int
	// MinGap, when positive, is the least time between two lines sent to
	// the same seat, for robots that break on back-to-back lines.
	MinGap time.Duration
	// MaxPending bounds connections that are not yet seated and ready;
	// more are refused at once. Default 8.
	MaxPending int
	// Clock is the source of every time the table measures or waits for:
	// think times, timeouts, the minimum gap and write deadlines. Nil is
	// the real clock. (The last flushes of a session are bounded in real
	// time whatever the clock.)
	Clock Clock

	// Local seats in-process bots by seat; nil entries are left to remote
	// connections.
	Local [engine.NumSeats]LocalBot
	// OnBoard receives each board's record once the board is over (played
	// out or stopped by a fault), before the next board begins; the caller
	// writes and flushes it. An error ends the session.
	OnBoard func(results.Record) error
	// OnSeatLost, if set, is told when a seat's connection is closed or
	// lost during the session (for a supervisor that restarts spawned
	// bots). It runs on the table's goroutine and must not block.
	OnSeatLost func(engine.Seat)
	// Logf, if set, receives one line per notable event (seatings,
	// refusals, faults).
	Logf func(format string, args ...any)
}

// withDefaults fills zero fields.
func (c Config) withDefaults() Config {
	if c.ActionTimeout <= 0 {
		c.ActionTimeout = hostActionTimeout
	}
	if c.ReconnectTimeout <= 0 {
		c.ReconnectTimeout = hostReconnectTimeout
	}
	if c.HandshakeTimeout <= 0 {
		c.HandshakeTimeout = hostHandshakeTimeout
	}
	if c.MaxPending <= 0 {
		c.MaxPending = hostMaxPending
	}
	if c.MaxReplays <= 0 {
		c.MaxReplays = hostMaxReplays
	}
	if c.Clock == nil {
		c.Clock = realClock{}
	}
	return c
}

// ErrNoSeats is returned by Run when StartTimeout passes before four seats
// are ready.
var ErrNoSeats = errors.New("protocol: four seats did not sit down in time")

// Table runs one table. Make it with NewTable, hand it connections with
// Attach (from any goroutine), and call Run once.
type Table struct {
	cfg     Config
	events  chan event
	done    chan struct{} // closed when Run returns
	pending atomic.Int32  // connections not yet seated and ready
	started atomic.Bool
	mu      sync.Mutex // guards closing and wg.Add against Run's final wg.Wait
	closing bool
	wg      sync.WaitGroup

	// Everything below belongs to the Run goroutine.
	conns     map[*hostConn]struct{}
	seats     [engine.NumSeats]*hostConn // the connection holding each seat
	lostAt    [engine.NumSeats]time.Time // when a seat was lost (zero: never or back)
	teams     [2]string                  // each side's team name
	teamsSent bool                       // the session has begun
	clock     sideClock
	seatReady bool        // a seat became ready since next last returned
	dirty     []*hostConn // direct connections with lines to write
	timer     Timer
	timerAt   time.Time // when timer fires; zero when not armed
	localCtx  context.Context
}

// NewTable checks the configuration and returns a table ready for Attach
// and Run.
func NewTable(cfg Config) (*Table, error) {
	if len(cfg.Boards) == 0 {
		return nil, errors.New("protocol: a table needs at least one board")
	}
	for i, b := range cfg.Boards {
		if err := b.Validate(); err != nil {
			return nil, fmt.Errorf("protocol: board entry %d: %w", i+1, err)
		}
	}
	for _, team := range []string{cfg.NSTeam, cfg.EWTeam} {
		if strings.ContainsAny(team, "\"\r\n") {
			return nil, fmt.Errorf("protocol: team name %q: quotes and line breaks are not allowed", team)
		}
	}
	cfg = cfg.withDefaults()
	return &Table{
		cfg:    cfg,
		events: make(chan event, 64),
		done:   make(chan struct{}),
		conns:  make(map[*hostConn]struct{}),
		teams:  [2]string{cfg.NSTeam, cfg.EWTeam},
	}, nil
}

// Attach hands the table a connection; the bot on the other end takes a
// seat through the handshake. It may be called from any goroutine, before
// or during Run (before Run it may block until Run starts taking
// connections). Beyond MaxPending unseated connections, or after Run has
// ended, the connection is refused and closed. The table owns nc from
// then on and closes it.
func (t *Table) Attach(nc net.Conn) {
	t.attach(nc, false)
}

func (t *Table) attach(nc net.Conn, local bool) {
	_, isTCP := nc.(*net.TCPConn)
	direct := isTCP && !local && t.cfg.MinGap <= 0
	goroutines := 2
	if direct {
		goroutines = 1 // no writer
	}
	t.mu.Lock()
	if t.closing {
		t.mu.Unlock()
		nc.Close()
		return
	}
	t.wg.Add(goroutines)
	t.mu.Unlock()
	if !local && int(t.pending.Add(1)) > t.cfg.MaxPending {
		t.pending.Add(-1)
		t.wg.Add(-goroutines)
		nc.SetWriteDeadline(time.Now().Add(time.Second)) // a safety bound: real time
		nc.Write(append(Refusal{Reason: "too many connections waiting for a seat"}.AppendTo(nil), '\r', '\n'))
		nc.Close()
		return
	}
	c := &hostConn{
		nc:     nc,
		remote: nc.RemoteAddr().String(),
		wdone:  make(chan struct{}),
		rdone:  make(chan struct{}),
		direct: direct,
		t:      t,
	}
	if !direct {
		c.out = make(chan []byte, outQueue)
	}
	if local {
		// Called from Run's goroutine: register directly.
		t.pending.Add(1)
		t.register(c)
	} else if !t.post(event{c: c}) {
		// Run has ended; the event told no one.
		t.pending.Add(-1)
		t.wg.Add(-goroutines)
		return
	}
	// The registration event is queued before any event of the reader,
	// so Run always knows a connection before its first line.
	go t.readLoop(c)
	if !direct {
		go t.writeLoop(c)
	}
}

// Run seats four bots, plays every board and ends the session with
// `End of session`. Each board's record goes to OnBoard before the next
// board begins. Run returns nil when every board is recorded, ctx's error
// when ctx ends first (the unfinished board is not recorded, the seats
// still get `End of session`), ErrNoSeats, or OnBoard's error.
func (t *Table) Run(ctx context.Context) (err error) {
	if !t.started.CompareAndSwap(false, true) {
		return errors.New("protocol: Table.Run called twice")
	}
	localCtx, cancelLocal := context.WithCancel(ctx)
	t.localCtx = localCtx
	t.timer = t.cfg.Clock.NewTimer(time.Hour)
	t.timerAt = t.now().Add(time.Hour)
	defer func() {
		t.mu.Lock()
		t.closing = true
		t.mu.Unlock()
		t.shutdown()
		cancelLocal()
		close(t.done)
		// Connections whose registration is still queued are known only
		// to the queue: close them as they come, until every goroutine
		// has ended.
		stop := make(chan struct{})
		go func() {
			for {
				select {
				case ev := <-t.events:
					ev.c.nc.Close()
				case <-stop:
					return
				}
			}
		}()
		t.wg.Wait()
		close(stop)
	}()
	for s := engine.North; s < engine.NumSeats; s++ {
		t.startLocal(s)
	}

	var startBy time.Time
	if t.cfg.StartTimeout > 0 {
		startBy = t.now().Add(t.cfg.StartTimeout)
	}
	if ok, err := t.awaitSeats(ctx, startBy); err != nil {
		return err
	} else if !ok {
		return ErrNoSeats
	}

	var earlier []results.Termination // faults of replayed attempts of this board
	for i := 0; i < len(t.cfg.Boards); {
		spec := t.cfg.Boards[i]
		attempt := len(earlier)
		missing, err := t.awaitReturns(ctx)
		if err != nil {
			return err
		}
		var rec results.Record
		if len(missing) > 0 {
			rec = t.missingRecord(spec, missing)
		} else {
			var fault *engine.Outcome
			rec, fault, err = t.playBoard(ctx, spec)
			if err != nil {
				return err
			}
			if fault != nil {
				t.logf("board %d: %v", spec.Number, fault)
				if t.cfg.FaultPolicy == ReplayOnFault && attempt < t.cfg.MaxReplays {
					earlier = append(earlier, results.TerminationOf(*fault))
					continue
				}
			}
		}
		rec.Attempt = attempt
		if len(earlier) > 0 {
			rec.Extra = map[string]any{"replayed_after": earlier}
		}
		if t.cfg.OnBoard != nil {
			if err := t.cfg.OnBoard(rec); err != nil {
				return fmt.Errorf("protocol: board %d: %w", spec.Number, err)
			}
		}
		earlier = nil
		i++
	}
	return nil
}

// shutdown sends `End of session` to every seated bot and closes every
// connection, giving slow readers finalWriteWait to take their last lines.
func (t *Table) shutdown() {
	var finishing []*hostConn
	for c := range t.conns {
		if c.stage >= stSeated && !c.closed {
			c.send(EndOfSession{})
			c.finish()
			finishing = append(finishing, c)
		} else {
			c.hangUp()
		}
	}
	deadline := time.NewTimer(finalWriteWait)
	defer deadline.Stop()
	for _, c := range finishing {
		select {
		case <-c.wdone:
		case <-deadline.C:
			c.nc.Close()
		}
	}
	for c := range t.conns {
		c.nc.Close()
	}
}

// startLocal starts the in-process bot of a seat, if it has one, on a
// fresh pipe.
func (t *Table) startLocal(s engine.Seat) {
	run := t.cfg.Local[s]
	if run == nil || t.localCtx.Err() != nil {
		return
	}
	host, bot := net.Pipe()
	t.attach(host, true)
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		defer bot.Close()
		if err := run(t.localCtx, s, bot); err != nil && t.localCtx.Err() == nil {
			t.logf("in-process bot at %s: %v", s.Name(), err)
		}
	}()
}

// now reads the table's clock.
func (t *Table) now() time.Time { return t.cfg.Clock.Now() }

func (t *Table) logf(format string, args ...any) {
	if t.cfg.Logf != nil {
		t.cfg.Logf(format, args...)
	}
}

// teamOf returns a side's team name, "" while not yet named.
func (t *Table) teamOf(side engine.Side) string { return t.teams[side&1] }

// ready reports whether a seat is held by a connection that is in the
// session.
func (t *Table) ready(s engine.Seat) bool {
	c := t.seats[s]
	return c != nil && !c.closed && c.stage == stReady
}

// allReady reports whether all four seats are ready.
func (t *Table) allReady() bool {
	for s := engine.North; s < engine.NumSeats; s++ {
		if !t.ready(s) {
			return false
		}
	}
	return true
}

// loseSeat closes a seat's connection (if still open) and frees the seat
// for a reconnect; an in-process bot is started again.
func (t *Table) loseSeat(c *hostConn) {
	c.hangUp()
	if c.stage < stSeated || t.seats[c.seat] != c {
		return
	}
	s := c.seat
	t.seats[s] = nil
	if c.stage < stReady {
		t.pending.Add(-1)
	}
	if !t.teamsSent {
		// Before the session, a side whose seats have all gone may be
		// taken by another team.
		if p := t.seats[s.Partner()]; p == nil && t.cfg.teamFor(s.Side()) == "" {
			t.teams[s.Side()] = ""
		}
		return
	}
	if c.stage < stReady {
		// A returning bot that failed its handshake: the seat's loss
		// was reported when it left the session.
		return
	}
	t.lostAt[s] = t.now()
	t.logf("%s lost", s.Name())
	if t.cfg.OnSeatLost != nil {
		t.cfg.OnSeatLost(s)
	}
	t.startLocal(s)
}

// teamFor returns the configured team name of a side.
func (c *Config) teamFor(side engine.Side) string {
	if side == engine.NS {
		return c.NSTeam
	}
	return c.EWTeam
}

// dropPending forgets a connection that never got to the session.
func (t *Table) dropPending(c *hostConn) {
	if c.stage >= stSeated {
		t.loseSeat(c)
		return
	}
	if !c.closed {
		c.hangUp()
	}
	t.pending.Add(-1)
}

// awaitSeats waits until all four seats are ready, or until by (zero:
// no limit). It reports whether they are.
func (t *Table) awaitSeats(ctx context.Context, by time.Time) (bool, error) {
	for !t.allReady() {
		ev, timedOut, err := t.next(ctx, by)
		if err != nil {
			return false, err
		}
		if timedOut {
			return false, nil
		}
		t.betweenBoards(ev)
	}
	return true, nil
}

// awaitReturns waits, before a board, for lost seats to come back within
// ReconnectTimeout of their loss, and returns the seats still missing.
func (t *Table) awaitReturns(ctx context.Context) ([]engine.Seat, error) {
	var by time.Time
	for s := engine.North; s < engine.NumSeats; s++ {
		if !t.ready(s) {
			d := t.lostAt[s].Add(t.cfg.ReconnectTimeout)
			if by.IsZero() || d.After(by) {
				by = d
			}
		}
	}
	if !by.IsZero() && t.now().Before(by) {
		if _, err := t.awaitSeats(ctx, by); err != nil {
			return nil, err
		}
	}
	var missing []engine.Seat
	for s := engine.North; s < engine.NumSeats; s++ {
		if !t.ready(s) {
			missing = append(missing, s)
		}
	}
	return missing, nil
}

// betweenBoards handles a line or a loss from a seated bot when no board
// is in play: a loss frees the seat; lines are discarded (those of a
// stopped board may still cross, and nothing else is expected).
func (t *Table) betweenBoards(ev event) {
	switch {
	case ev.c == nil:
	case ev.gone:
		t.loseSeat(ev.c)
	case ev.msg == nil && ev.err == nil:
		ev.c.satisfied() // a timeout: nothing is owed between boards
	}
}

// missingRecord is the record of a board that could not start because
// seats were missing: a disconnect fault against them.
func (t *Table) missingRecord(spec engine.BoardSetup, missing []engine.Seat) results.Record {
	var b engine.Board
	b.Reset(spec)
	f := engine.Fault(engine.Disconnect, fmt.Sprintf("%s did not come back within %s", seatList(missing), t.cfg.ReconnectTimeout), missing...)
	t.clock.startBoard()
	rec := t.record(&b, nil)
	rec.SetOutcome(f)
	t.logf("board %d: %v", spec.Number, f)
	return rec
}

func seatList(seats []engine.Seat) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = s.Name()
	}
	return strings.Join(names, ", ")
}

// record fills a results record from a board and the table's identity.
func (t *Table) record(b *engine.Board, alerts []string) results.Record {
	rec := results.FromBoard(b, alerts)
	id := t.cfg.Identity
	if id.Players == (results.Seats{}) {
		for s := engine.North; s < engine.NumSeats; s++ {
			id.Players.Set(s, t.teamOf(s.Side()))
		}
	}
	id.Stamp(&rec)
	rec.TimeMS = t.clock.millis()
	return rec
}
