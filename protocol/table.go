package protocol

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"sync"
	"sync/atomic"
	"time"

	"github.com/openroom/openroom/allowlist"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
)

// The manager side of one table: seating, the board loop, clocks and the
// fault policy. A Table is handed connections (Attach) by a Server, or by
// anything else that has a net.Conn (one end of a net.Pipe for an
// in-process bot), and plays its boards in Run. Every rule decision goes
// through engine.Board; each seat is sent only what its view allows.

// ErrNoSeats is wrapped by the error Run returns when StartTimeout passes
// before four seats are ready; the error names the seats still empty.
var ErrNoSeats = errors.New("protocol: four seats did not sit down in time")

// Table runs one table. Make it with NewTable, hand it connections with
// Attach (from any goroutine), and call Run once.
type Table struct {
	cfg     Config
	events  chan event
	done    chan struct{} // closed when Run returns
	pending pendingCount  // connections not yet seated and ready
	started atomic.Bool
	mu      sync.Mutex // guards closing and wg.Add against Run's final wg.Wait
	closing bool
	wg      sync.WaitGroup

	// Everything below belongs to the Run goroutine.
	conns     map[*hostConn]struct{}
	seats     [engine.NumSeats]*hostConn  // the connection holding each seat
	lostAt    [engine.NumSeats]time.Time  // when a seat was lost (zero: never or back)
	boundTo   [engine.NumSeats]netip.Addr // the IP each seat first joined the session from
	teams     [2]string                   // each side's team name
	teamsSent bool                        // the session has begun
	clock     sideClock
	seatReady bool        // a seat became ready since next last returned
	dirty     []*hostConn // direct connections with lines to write
	requeue   []event     // events to take before the channel's (a loss seen early, a claim it frees)
	timer     Timer
	timerAt   time.Time // when timer fires; zero when not armed
	localCtx  context.Context
	connSeq   uint64 // numbers registrations
}

// anySeat marks a connection that may take any seat it is allowed.
const anySeat = engine.NumSeats

// Attach hands the table a connection; the bot on the other end takes a
// seat through the handshake. It may be called from any goroutine, before
// or during Run (before Run it may block until Run starts taking
// connections). Beyond MaxPending unseated connections, or after Run has
// ended, the connection is refused and closed. The table owns nc from
// then on and closes it.
func (t *Table) Attach(nc net.Conn) {
	t.attach(nc, false, anySeat)
}

// AttachSeat is Attach for a connection that may take one seat only: a
// `Connecting` line for any other seat is refused ("not allowed"), and
// `as ANYPL` gets that seat or none. A sandboxed command bot's way in
// comes through here, so that a bot cannot sit anywhere but where the
// harness started it.
func (t *Table) AttachSeat(nc net.Conn, seat engine.Seat) {
	t.attach(nc, false, seat)
}

// attach registers nc and starts its reader (and writer); it returns the
// connection, or nil when it was refused. only, unless anySeat, is the
// one seat the connection may take.
func (t *Table) attach(nc net.Conn, local bool, only engine.Seat) *hostConn {
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
		return nil
	}
	t.wg.Add(goroutines)
	t.mu.Unlock()
	ip, _ := allowlist.AddrIP(nc.RemoteAddr())
	reserve := false
	if !local {
		var ok bool
		ok, reserve = t.pending.admit(ip, t.cfg.MaxPending)
		if !ok {
			t.wg.Add(-goroutines)
			nc.SetWriteDeadline(time.Now().Add(time.Second)) // a safety bound: real time
			nc.Write(append(Refusal{Reason: "too many connections waiting for a seat"}.AppendTo(nil), '\r', '\n'))
			nc.Close()
			return nil
		}
	}
	c := &hostConn{
		nc:      nc,
		remote:  nc.RemoteAddr().String(),
		ip:      ip,
		reserve: reserve,
		wdone:   make(chan struct{}),
		rdone:   make(chan struct{}),
		direct:  direct,
		local:   local,
		only:    only,
		t:       t,
	}
	if !direct {
		c.out = make(chan []byte, outQueue)
	}
	if local {
		// Called from Run's goroutine: register directly.
		t.pending.add(ip)
		t.register(c)
	} else if !t.post(event{c: c}) {
		// Run has ended; the event told no one.
		t.pending.done(ip)
		t.wg.Add(-goroutines)
		return nil
	}
	// The registration event is queued before any event of the reader,
	// so Run always knows a connection before its first line.
	go t.readLoop(c)
	if !direct {
		go t.writeLoop(c)
	}
	return c
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
	defer t.finish(cancelLocal)
	for s := engine.North; s < engine.NumSeats; s++ {
		t.startLocal(s)
	}
	if err := t.awaitStart(ctx); err != nil {
		return err
	}
	return t.playBoards(ctx)
}

// finish ends the session when Run returns: End of session to the seats,
// every connection closed, the local bots' context cancelled (cancelLocal),
// and every goroutine of the table ended.
func (t *Table) finish(cancelLocal context.CancelFunc) {
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
}

// awaitStart waits until four bots are seated: ctx's error when ctx ends
// first, ErrNoSeats, naming the empty seats, when StartTimeout passes.
func (t *Table) awaitStart(ctx context.Context) error {
	var startBy time.Time
	if t.cfg.StartTimeout > 0 {
		startBy = t.now().Add(t.cfg.StartTimeout)
	}
	if ok, err := t.awaitSeats(ctx, startBy); err != nil {
		return err
	} else if !ok {
		var empty []engine.Seat // seats nobody holds (a seat waiting for the others is held)
		for s := engine.North; s < engine.NumSeats; s++ {
			if c := t.seats[s]; c == nil || c.closed {
				empty = append(empty, s)
			}
		}
		return fmt.Errorf("%w: %s not seated within %s", ErrNoSeats, seatList(empty), t.cfg.StartTimeout)
	}
	return nil
}

// playBoards plays every board in turn and hands each one's record to
// OnBoard; under ReplayOnFault a board that ends in a fault is played
// again, up to MaxReplays times, its record naming the earlier faults.
func (t *Table) playBoards(ctx context.Context) error {
	var earlier []results.Termination // faults of replayed attempts of this board
	for i := 0; i < len(t.cfg.Boards); {
		spec := t.cfg.Boards[i]
		attempt := len(earlier)
		rec, fault, err := t.boardAttempt(ctx, spec)
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

// boardAttempt plays one attempt of a board once every lost seat is back,
// or, when some did not come back in time, records it as their fault. The
// fault is the one that ended a board played.
func (t *Table) boardAttempt(ctx context.Context, spec engine.BoardSetup) (results.Record, *engine.Outcome, error) {
	missing, err := t.awaitReturns(ctx)
	if err != nil {
		return results.Record{}, nil, err
	}
	if len(missing) > 0 {
		return t.missingRecord(spec, missing), nil, nil
	}
	return t.playBoard(ctx, spec)
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

// now reads the table's clock.
// onAction shows the board in play to Config.OnAction.
func (t *Table) onAction(b *engine.Board) {
	if t.cfg.OnAction != nil {
		t.cfg.OnAction(b)
	}
}

func (t *Table) now() time.Time { return t.cfg.Clock.Now() }

func (t *Table) logf(format string, args ...any) {
	if t.cfg.Logf != nil {
		t.cfg.Logf(format, args...)
	}
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
// ReconnectTimeout of their loss (or of the last board they missed), and
// returns the seats still missing.
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
	// The next board waits for them again, a whole ReconnectTimeout: a
	// seat that is away loses at most one board per timeout, never the
	// rest of the session at once.
	now := t.now()
	for _, s := range missing {
		t.lostAt[s] = now
	}
	t.logf("board %d: %v", spec.Number, f)
	return rec
}

// record fills a results record from a board and the table's identity.
// The record keeps the board, so that its PBN, LIN and live view are
// written from it without replaying the record.
func (t *Table) record(b *engine.Board, alerts []string) results.Record {
	rec := results.FromBoard(b, alerts)
	rec.SetBoard(b)
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
