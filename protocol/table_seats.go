package protocol

import (
	"cmp"
	"errors"
	"net"
	"net/netip"
	"slices"
	"strings"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
)

// openUntilReturn keeps an in-process bot's end of the pipe open until its
// LocalBot returns (startLocal closes it then), so the table can be told
// why the bot stopped before it sees the connection end.
type openUntilReturn struct{ net.Conn }

// Close does nothing; startLocal closes the pipe.
func (openUntilReturn) Close() error { return nil }

// startLocal starts the in-process bot of a seat, if it has one, on a
// fresh pipe.
func (t *Table) startLocal(s engine.Seat) {
	run := t.cfg.Local[s]
	if run == nil || t.localCtx.Err() != nil {
		return
	}
	host, bot := net.Pipe()
	c := t.attach(host, true, anySeat)
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		defer bot.Close()
		err := run(t.localCtx, s, openUntilReturn{bot})
		if err == nil || t.localCtx.Err() != nil {
			return
		}
		t.logf("in-process bot at %s: %v", s.Name(), err)
		// A bot that failed to act stops the board with its failure's
		// outcome (an illegal choice is an illegal action, as in the
		// in-process referee), told before the pipe closes so the table
		// does not take it for a plain disconnect.
		var f *player.Failure
		if c != nil && errors.As(err, &f) {
			t.post(event{c: c, err: f})
		}
	}()
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
	t.releaseClaims(s)
	if c.stage < stReady {
		t.pending.done(c.ip)
	}
	if !t.teamsSent {
		// Before the session, a side whose seats have all gone may be
		// taken by another team.
		if p := t.seats[s.Partner()]; (p == nil || p.follows) && t.cfg.teamFor(s.Side()) == "" {
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
	t.pending.setReturn(s, t.returnFrom(s))
	t.logf("%s lost", s.Name())
	if t.cfg.OnSeatLost != nil {
		t.cfg.OnSeatLost(s)
	}
	t.startLocal(s)
}

// releaseClaims takes up again, oldest first, the claims held for seat s
// while its old connection might have been gone.
func (t *Table) releaseClaims(s engine.Seat) {
	var held []*hostConn
	for h := range t.conns {
		if h.claim != nil && h.claim.Seat == s && !h.closed {
			held = append(held, h)
		}
	}
	slices.SortFunc(held, func(a, b *hostConn) int { return cmp.Compare(a.seq, b.seq) })
	for _, h := range held {
		t.requeue = append(t.requeue, event{c: h, line: h.claim.String(), msg: *h.claim})
		h.claim = nil
	}
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
	t.pending.done(c.ip)
}

func seatList(seats []engine.Seat) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = s.Name()
	}
	return strings.Join(names, ", ")
}

// returnFrom returns the networks lost seat s may come back from, for
// the handshake slots kept for it: its configured addresses, else the
// address it joined from; nil for an in-process seat.
func (t *Table) returnFrom(s engine.Seat) []netip.Prefix {
	if ps := t.cfg.SeatAddress[s]; len(ps) > 0 {
		return ps
	}
	if b := t.boundTo[s]; b.IsValid() {
		return []netip.Prefix{netip.PrefixFrom(b, b.BitLen())}
	}
	return nil
}
