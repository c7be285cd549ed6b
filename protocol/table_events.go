package protocol

import (
	"context"
	"crypto/subtle"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/openroom/openroom/engine"
)

// holdRecheck is how often a held claim looks again at the old connection
// of the seat it names, for a connection that cannot be looked at
// conclusively (a pipe, or one with lines still unread).
const holdRecheck = 50 * time.Millisecond

// register starts tracking a new connection: the handshake clock runs from
// now.
func (t *Table) register(c *hostConn) {
	t.conns[c] = struct{}{}
	c.seq = t.connSeq
	t.connSeq++
	c.expect("its Connecting line", t.cfg.HandshakeTimeout, t.now())
	if c.reserve {
		t.evictFor(c)
	}
}

// evictFor makes room for c, admitted past its address's pending limit
// because a lost seat may return from there: the oldest connection from
// the same address that has not yet claimed a seat is dropped.
func (t *Table) evictFor(c *hostConn) {
	var oldest *hostConn
	for o := range t.conns {
		if o != c && !o.closed && o.stage == stConnecting && o.ip == c.ip && (oldest == nil || o.seq < oldest.seq) {
			oldest = o
		}
	}
	if oldest != nil {
		t.logf("%s: dropped to keep a handshake slot for a returning seat", oldest.remote)
		t.dropPending(oldest)
	}
}

// next returns the next event that concerns the session: a line, a parse
// error, a loss or a timeout of a seat in the session, or an empty event
// (nil c) when a seat has just become ready. Connections in their
// handshake are served on the way. It reports timedOut when by (if not
// zero) passes first, and ctx's error when ctx ends.
func (t *Table) next(ctx context.Context, by time.Time) (ev event, timedOut bool, err error) {
	for {
		for len(t.requeue) > 0 {
			ev := t.requeue[0]
			t.requeue = slices.Delete(t.requeue, 0, 1)
			if out, ok := t.take(ev); ok {
				return out, false, nil
			}
		}
		t.flush()
		now := t.now()
		if !by.IsZero() && !now.Before(by) {
			return event{}, true, nil
		}
		if c := t.overdue(now); c != nil {
			if c.claim != nil {
				// A held claim: look at the seat's old connection again.
				m := *c.claim
				c.claim = nil
				t.connect(c, m, now)
				continue
			}
			if c.stage == stReady {
				return event{c: c}, false, nil // zero line and no error: a timeout
			}
			t.logf("%s: handshake timed out while waiting for %s", c.remote, c.awaiting)
			t.dropPending(c)
			continue
		}
		wake := by
		for c := range t.conns {
			if !c.closed && !c.deadline.IsZero() && (wake.IsZero() || c.deadline.Before(wake)) {
				wake = c.deadline
			}
		}
		// The timer stays armed across events and is moved only when it
		// must fire sooner; firing too early just loops and re-arms it.
		// (Deadlines move a little later with every line, and moving a
		// runtime timer per line costs more than the rare early tick.)
		if !wake.IsZero() && (t.timerAt.IsZero() || wake.Before(t.timerAt)) {
			t.timer.Reset(wake.Sub(now))
			t.timerAt = wake
		}
		select {
		case <-ctx.Done():
			return event{}, false, ctx.Err()
		case <-t.timer.C():
			t.timerAt = time.Time{}
			continue
		case ev := <-t.events:
			if out, ok := t.take(ev); ok {
				return out, false, nil
			}
		}
	}
}

// take handles an event for next; it returns what next's caller must see,
// if anything.
func (t *Table) take(ev event) (event, bool) {
	if t.handleCommon(ev) {
		if t.seatReady {
			// A seat finished its handshake: let the caller look at
			// the table again.
			t.seatReady = false
			return event{}, true
		}
		return event{}, false
	}
	return ev, true
}

// flush writes what Run queued for direct connections.
func (t *Table) flush() {
	for _, c := range t.dirty {
		c.flush()
	}
	clear(t.dirty)
	t.dirty = t.dirty[:0]
}

// overdue returns a connection whose deadline has passed, if any.
func (t *Table) overdue(now time.Time) *hostConn {
	for c := range t.conns {
		if !c.closed && !c.deadline.IsZero() && !now.Before(c.deadline) {
			return c
		}
	}
	return nil
}

// handleCommon deals with what does not depend on the board: new
// connections, handshakes, stale events, and lines that are always
// ignored. It reports whether the event is used up.
func (t *Table) handleCommon(ev event) bool {
	c := ev.c
	if _, known := t.conns[c]; !known {
		if ev.gone || ev.msg != nil || ev.err != nil {
			return true // already forgotten
		}
		t.register(c) // a new connection from Attach
		return true
	}
	if ev.gone {
		defer delete(t.conns, c) // the reader's last event
	}
	if c.closed {
		if ev.gone && c.stage >= stSeated && t.seats[c.seat] == c {
			t.loseSeat(c)
		}
		return true
	}
	if c.stage < stReady {
		t.handshake(c, ev)
		return true
	}
	if ev.gone {
		return false
	}
	switch ev.msg.(type) {
	case ReadyToStart, ReceivedDummy:
		return true // tolerated anywhere in the session
	case ReadyForDeal:
		if c.flushing {
			c.flushing = false
		}
		return false
	}
	return c.flushing // a line that crossed the stop of a board
}

// handshake moves a connection through Connecting → seated → ready for
// teams → teams → ready to start. Anything else gets one refusal line and
// the connection is closed.
func (t *Table) handshake(c *hostConn, ev event) {
	if ev.gone {
		t.dropPending(c)
		return
	}
	if ev.err != nil {
		t.refuseConn(c, "that is not a protocol line: "+quoteLine(ev.line))
		return
	}
	now := t.now()
	switch c.stage {
	case stConnecting:
		m, ok := ev.msg.(Connect)
		if !ok {
			t.refuseConn(c, "want `Connecting \"Team\" as SEAT using protocol version 18` first")
			return
		}
		t.connect(c, m, now)
	case stSeated:
		m, ok := ev.msg.(ReadyForTeams)
		if !ok || m.Seat != c.seat {
			t.refuseConn(c, fmt.Sprintf("want `%s` now", ReadyForTeams{Seat: c.seat}))
			return
		}
		c.stage = stWantTeams
		c.satisfied()
		if t.teamsSent {
			t.sendTeams(c, now)
			return
		}
		for s := engine.North; s < engine.NumSeats; s++ {
			if p := t.seats[s]; p == nil || p.stage != stWantTeams {
				return
			}
		}
		t.teamsSent = true
		for s := engine.North; s < engine.NumSeats; s++ {
			t.sendTeams(t.seats[s], now)
		}
	case stWantTeams:
		t.refuseConn(c, "wait for the teams line")
	case stWantStart:
		m, ok := ev.msg.(ReadyToStart)
		if !ok || m.Seat != c.seat {
			t.refuseConn(c, fmt.Sprintf("want `%s` now", ReadyToStart{Seat: c.seat}))
			return
		}
		c.stage = stReady
		t.seatReady = true
		c.satisfied()
		t.pending.done(c.ip)
		t.lostAt[c.seat] = time.Time{}
		t.pending.setReturn(c.seat, nil)
		if !c.local && c.ip.IsValid() && !t.boundTo[c.seat].IsValid() {
			t.boundTo[c.seat] = c.ip
		}
		t.pending.setHome(c.seat, t.returnFrom(c.seat))
		t.logf("%s (%q, %s) is ready", c.seat.Name(), c.team, c.remote)
		if t.cfg.OnSeatReady != nil {
			t.cfg.OnSeatReady(c.seat)
		}
	}
}

func (t *Table) sendTeams(c *hostConn, now time.Time) {
	c.send(Teams{NS: t.teams[engine.NS], EW: t.teams[engine.EW]})
	c.stage = stWantStart
	c.expect("its ready to start line", t.cfg.HandshakeTimeout, now)
}

// refuseConn refuses a connection in its handshake with one plain line.
func (t *Table) refuseConn(c *hostConn, reason string) {
	t.logf("%s refused: %s", c.remote, reason)
	c.refuse(reason)
	t.dropPending(c)
}

// connect seats a Connecting line's bot, or refuses it.
func (t *Table) connect(c *hostConn, m Connect, now time.Time) {
	if !VersionSupported(m.Version) {
		t.refuseConn(c, fmt.Sprintf("protocol version %d is not supported; this table speaks version %d", m.Version, Version))
		return
	}
	team := strings.TrimSpace(m.Team)
	seat, ok := t.claimedSeat(c, m, team)
	if !ok {
		return
	}
	if old := t.seats[seat]; old != nil {
		t.claimTaken(c, m, seat, old, now)
		return
	}
	if !t.joinTeam(c, seat, team) {
		return
	}
	c.seat, c.info, c.stage = seat, t.redact(seat, m.Info), stSeated
	t.seats[seat] = c
	if c.info != "" {
		t.logf("%s taken by %q (%s), which says: %s", seat.Name(), c.team, c.remote, c.info)
	}
	c.send(Seated{Seat: seat, Team: c.team})
	c.expect("its ready for teams line", t.cfg.HandshakeTimeout, now)
}

// claimedSeat is the seat a Connecting line claims, by name or, for
// `as ANYPL`, as chosen for its team; it refuses the connection (ok
// false) when there is no such seat or the connection may not take it.
func (t *Table) claimedSeat(c *hostConn, m Connect, team string) (seat engine.Seat, ok bool) {
	seat = m.Seat
	if m.AnySeat {
		s, ok := t.freeSeatFor(team, m.Info, c)
		if !ok {
			// The team's seat whose connection may have closed unseen
			// is claimed as if by name (below).
			s, ok = t.seatLeftBy(team, m.Info, c)
		}
		if !ok {
			t.logf("%s: no free seat for team %q", c.remote, team)
			t.refuseConn(c, "no free seat")
			return seat, false
		}
		seat = s
	}
	if seat >= engine.NumSeats {
		t.refuseConn(c, "no such seat")
		return seat, false
	}
	if !t.seatAllows(seat, c) {
		// Not a word on why: the binding is configuration.
		t.logf("%s: %s is bound to other addresses", c.remote, seat.Name())
		t.refuseConn(c, "not allowed")
		return seat, false
	}
	if !t.secretGiven(seat, c, m.Info) {
		t.logf("%s: %s needs its secret", c.remote, seat.Name())
		t.refuseConn(c, "not allowed")
		return seat, false
	}
	return seat, true
}

// claimTaken answers a claim m of a seat that old holds. A bot that drops
// and connects again at once can claim its seat before the old
// connection's reader reports the close: when old is seen closed, its
// loss goes first and the claim is taken up again; while it may have
// closed, the claim is held, up to ReconnectTimeout. Otherwise the claim
// is refused.
func (t *Table) claimTaken(c *hostConn, m Connect, seat engine.Seat, old *hostConn, now time.Time) {
	switch old.peer() {
	case peerGone:
		// Its loss goes first, as if reported, then this claim again.
		t.logf("%s: %s's old connection %s has closed unreported; taken as lost", c.remote, seat.Name(), old.remote)
		t.requeue = append(t.requeue, event{c: old, gone: true}, event{c: c, line: m.String(), msg: m})
		return
	case peerUnknown:
		if c.holdUntil.IsZero() {
			c.holdUntil = now.Add(t.cfg.ReconnectTimeout)
			t.logf("%s: claim held while %s's old connection %s may have closed", c.remote, seat.Name(), old.remote)
		}
		if now.Before(c.holdUntil) {
			// Held until the old connection is seen gone (loseSeat
			// takes the claim up again) or is seen open.
			held := m
			held.Seat, held.AnySeat = seat, false
			c.claim = &held
			c.expect(seat.Name()+"'s old connection to close", min(holdRecheck, c.holdUntil.Sub(now)), now)
			return
		}
	}
	t.refuseConn(c, fmt.Sprintf("seat %s is taken", seat.Name()))
}

// joinTeam checks the team name c connects to seat with, and sets the
// team c plays for, naming the side if it has no name yet; it refuses the
// connection (false) for a malformed or wrong name.
func (t *Table) joinTeam(c *hostConn, seat engine.Seat, team string) bool {
	if strings.ContainsAny(team, "\"") || team == "" {
		t.refuseConn(c, "a team name must be non-empty and have no quotes")
		return false
	}
	// An in-process bot beside a remote seat, on a side without a
	// configured name, plays under whatever name the remote robot gives:
	// it does not name the side, and it is never refused for its name.
	follow := c.local && t.cfg.teamFor(seat.Side()) == "" && t.cfg.Local[seat.Partner()] == nil
	want := t.teamOf(seat.Side())
	if want != "" && !strings.EqualFold(want, team) && !follow {
		// The refusal never names the team that plays here: the name is
		// the credential of the side.
		t.logf("%s: %s plays for team %q here, not %q", c.remote, seat.Name(), want, team)
		t.refuseConn(c, fmt.Sprintf("wrong team name for %s", seat.Name()))
		return false
	}
	c.follows = follow && want == ""
	if want == "" && !c.follows {
		t.teams[seat.Side()] = team
	}
	c.team = t.teams[seat.Side()]
	if c.team == "" {
		c.team = team
	}
	return true
}

// freeSeatFor picks a seat for `as ANYPL`: first a free seat whose side
// already plays as team, then a free seat of a side with no team yet.
func (t *Table) freeSeatFor(team, info string, c *hostConn) (engine.Seat, bool) {
	for s := engine.North; s < engine.NumSeats; s++ {
		if t.seats[s] == nil && t.seatAllows(s, c) && t.secretGiven(s, c, info) && strings.EqualFold(t.teamOf(s.Side()), team) {
			return s, true
		}
	}
	for s := engine.North; s < engine.NumSeats; s++ {
		if t.seats[s] == nil && t.seatAllows(s, c) && t.secretGiven(s, c, info) && t.teamOf(s.Side()) == "" {
			return s, true
		}
	}
	return 0, false
}

// seatLeftBy picks for `as ANYPL` a seat of team's side that c may take
// and whose connection does not show open: its bot may have dropped and
// be the one connecting.
func (t *Table) seatLeftBy(team, info string, c *hostConn) (engine.Seat, bool) {
	for s := engine.North; s < engine.NumSeats; s++ {
		if o := t.seats[s]; o != nil && t.seatAllows(s, c) && t.secretGiven(s, c, info) &&
			strings.EqualFold(t.teamOf(s.Side()), team) && o.peer() != peerOpen {
			return s, true
		}
	}
	return 0, false
}

// secretGiven reports whether a connection may take seat s by its secret:
// a seat without one (Config.SeatSecret) needs none, and in-process bots
// never do; otherwise one word of the text after the version number must
// be the secret (compared in constant time).
func (t *Table) secretGiven(s engine.Seat, c *hostConn, info string) bool {
	secret := t.cfg.SeatSecret[s]
	if secret == "" || c.local {
		return true
	}
	ok := 0
	for _, w := range strings.Fields(info) {
		ok |= subtle.ConstantTimeCompare([]byte(w), []byte(secret))
	}
	return ok == 1
}

// redact returns a Connecting line's text with seat s's secret left out,
// for logs.
func (t *Table) redact(s engine.Seat, info string) string {
	secret := t.cfg.SeatSecret[s]
	if secret == "" {
		return info
	}
	words := strings.Fields(info)
	for i, w := range words {
		if w == secret {
			words[i] = "(secret)"
		}
	}
	return strings.Join(words, " ")
}

// seatAllows reports whether c may take seat s from its address: a seat
// with configured addresses (Config.SeatAddress) only from those, any
// other seat, once it has joined the session, only from the IP it first
// joined from. In-process bots are never bound. A connection attached for
// one seat (AttachSeat) may take no other.
func (t *Table) seatAllows(s engine.Seat, c *hostConn) bool {
	if c.only != anySeat && s != c.only {
		return false
	}
	if c.local {
		return true
	}
	if ps := t.cfg.SeatAddress[s]; len(ps) > 0 {
		for _, p := range ps {
			if c.ip.IsValid() && p.Contains(c.ip) {
				return true
			}
		}
		return false
	}
	b := t.boundTo[s]
	return !b.IsValid() || c.ip == b
}
