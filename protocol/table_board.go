package protocol

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/results"
)

// boardRun is the state of the board in play. The engine's Board decides
// every rule; boardRun decides only who is told what and when.
//
// The board moves through actions: each call or card has a seat whose
// action it is (cur; dummy's seat for dummy's card), a seat that decides
// it (actor; declarer for dummy) and three waiters, the seats other than
// the actor. The actor is prompted once it holds everything it needs; its
// action goes to the engine as soon as it arrives, and is relayed once all
// three waiters have asked for it. The next action begins after the relay.
type boardRun struct {
	t      *Table
	spec   engine.BoardSetup
	b      engine.Board
	alerts []string // each call's alert explanation, "" for none
	bare   []int    // the calls alerted with no explanation

	dealt    bool                     // the board line has been sent
	gotDeal  [engine.NumSeats]bool    // `ready for deal` received
	gotCards [engine.NumSeats]bool    // own cards sent
	readyFor [engine.NumSeats]bool    // waiters that asked for the current action
	early    [engine.NumSeats]Message // the actor's ready line for the next action, held
	seenLead [engine.NumSeats]bool    // the opening lead has reached the seat
	dummyAsk [engine.NumSeats]bool    // asked for dummy's cards
	dummyGot [engine.NumSeats]bool    // was sent dummy's cards

	cur, actor engine.Seat
	isCard     bool
	trick      int       // 1-13 for a card action
	promptAt   time.Time // when the actor was given all it needed
	prompted   bool
	acted      bool // the action is in the engine, waiting for the relay
	toOpp      Message
	toPartner  Message

	done  bool
	fault *engine.Outcome
}

// playBoard plays one board with all four seats ready and returns its
// record, the fault that stopped it (nil when it was played out), or ctx's
// error (the board is then abandoned and not recorded).
func (t *Table) playBoard(ctx context.Context, spec engine.BoardSetup) (results.Record, *engine.Outcome, error) {
	br := &boardRun{t: t, spec: spec}
	br.b.Reset(spec)
	t.onAction(&br.b)
	t.clock.startBoard()
	now := t.now()
	for s := engine.North; s < engine.NumSeats; s++ {
		c := t.seats[s]
		c.send(StartOfBoard{})
		c.expect("its ready for deal line", t.cfg.ActionTimeout, now)
	}
	for !br.done && br.fault == nil {
		ev, _, err := t.next(ctx, time.Time{})
		if err != nil {
			return results.Record{}, nil, err
		}
		br.handle(ev)
	}
	if br.fault != nil && br.prompted && !br.acted {
		// The actor's time up to the stop counts (a timeout included).
		t.clock.add(br.actor.Side(), t.now().Sub(br.promptAt))
	}
	timing := t.clock.timing()
	rec := t.record(&br.b, br.alerts)
	for _, i := range br.bare {
		rec.Auction[i].Alerted = true
	}
	if br.fault != nil {
		rec.SetOutcome(*br.fault)
		// The offender is closed (a seat that timed out may answer late).
		// The others get no timing line (BEN's seats crash on one in the
		// middle of a board): the next line they get is Start of board,
		// and they discard what crosses it. The stopped board's think
		// time is in the totals of the next timing line sent.
		offender, _ := br.fault.Seat()
		t.loseSeat(t.seats[offender])
	}
	for s := engine.North; s < engine.NumSeats; s++ {
		if c := t.seats[s]; c != nil && !c.closed {
			if br.fault == nil && !t.cfg.NoTiming[s] {
				c.send(timing)
			}
			c.satisfied()
			c.flushing = br.fault != nil
		}
	}
	return rec, br.fault, nil
}

// handle takes one event from a seat in the board.
func (br *boardRun) handle(ev event) {
	c := ev.c
	if c == nil {
		return // a seat became ready; nothing to do in a board
	}
	s := c.seat
	switch {
	case ev.gone:
		if errors.Is(ev.err, ErrLineTooLong) {
			// The line's start, quoted after the reason, as an
			// unparseable line's is.
			var pe *ParseError
			if errors.As(ev.err, &pe) {
				br.fault = protocolFault(s, pe.Line, "unparseable line ("+pe.Err.Error()+")")
			} else {
				br.fault = protocolFault(s, "", ev.err.Error())
			}
			return
		}
		why := "connection closed"
		if ev.err != nil {
			why = fmt.Sprintf("connection lost: %v", ev.err)
		}
		br.fault = disconnectFault(s, fmt.Sprintf("%s while the table waited for %s (%s)", why, br.waitingFor(s), br.actionName()))
	case ev.msg == nil && ev.err == nil:
		br.fault = timeoutFault(s, fmt.Sprintf("no answer within %s: the table waited for %s (%s)",
			c.limit.Round(time.Millisecond), c.awaiting, br.actionName()))
	case ev.err != nil:
		if f := failureOf(ev.err); f != nil {
			// An in-process bot failed to act (see startLocal).
			o := f.Outcome()
			o.AtFault = engine.SeatsOf(s)
			br.fault = &o
			return
		}
		why := "unparseable line"
		var pe *ParseError
		if errors.As(ev.err, &pe) {
			why += " (" + pe.Err.Error() + ")"
		}
		br.fault = protocolFault(s, ev.line, why)
	default:
		br.line(c, ev.msg, ev.line)
	}
}

// failureOf returns the in-process bot's *player.Failure err holds, or nil.
// (It is a function so that its target escapes only on this rare path,
// not on every event.)
func failureOf(err error) *player.Failure {
	var f *player.Failure
	errors.As(err, &f)
	return f
}

// waitingFor says what the table expected of a seat, for a fault's detail.
func (br *boardRun) waitingFor(s engine.Seat) string {
	if c := br.t.seats[s]; c != nil && c.awaiting != "" {
		return c.awaiting
	}
	return "nothing in particular"
}

// line takes one parsed line from seat c.
func (br *boardRun) line(c *hostConn, m Message, raw string) {
	s := c.seat
	if named, ok := sender(m); ok && named != s {
		br.fault = protocolFault(s, raw, fmt.Sprintf("%s sent a line for %s", s.Name(), named.Name()))
		return
	}
	now := br.t.now()
	switch m := m.(type) {
	case ReadyForDeal:
		if br.gotDeal[s] {
			return // a duplicate, or one that crossed a stopped board
		}
		br.gotDeal[s] = true
		c.satisfied()
		br.maybeDeal(now)
	case ReadyForCards:
		if !br.dealt {
			br.fault = protocolFault(s, raw, "asked for cards before the board line")
			return
		}
		if br.gotCards[s] {
			return
		}
		br.gotCards[s] = true
		c.send(Cards{Seat: s, Hand: br.spec.Deal[s]})
		br.expectFrom(s, now)
	case Called:
		br.call(c, m, raw, now)
	case Played:
		br.play(c, m, raw, now)
	case ReadyForBid, ReadyForCard:
		if br.dealt && s == br.actor && br.acted && br.early[s] == nil {
			br.early[s] = m // the actor asks for the next action before the relay
			return
		}
		br.ready(c, m, raw, now)
	case ReadyForDummy:
		br.dummyAsk[s] = true
		br.serveDummy()
	default:
		br.fault = protocolFault(s, raw, "unexpected line")
	}
}

// sender returns the seat a seat-to-manager line says it comes from.
func sender(m Message) (engine.Seat, bool) {
	switch m := m.(type) {
	case ReadyForDeal:
		return m.Seat, true
	case ReadyForCards:
		return m.Seat, true
	case Called:
		return m.Seat, true
	case ReadyForBid:
		return m.Seat, true
	case ReadyForCard:
		return m.Seat, true
	case ReadyForDummy:
		return m.Seat, true
	}
	return 0, false // Played names the card's hand, not the sender
}

// maybeDeal sends the board line once all four asked for the deal.
func (br *boardRun) maybeDeal(now time.Time) {
	for _, ok := range br.gotDeal {
		if !ok {
			return
		}
	}
	br.dealt = true
	info := BoardInfo{Number: br.spec.Number, Dealer: br.spec.Dealer, Vul: br.spec.Vul}
	for s := engine.North; s < engine.NumSeats; s++ {
		c := br.t.seats[s]
		c.send(info)
		c.expect("its ready for cards line", br.t.cfg.ActionTimeout, now)
	}
	br.begin(now)
}

// begin starts the next action from the engine's state.
func (br *boardRun) begin(now time.Time) {
	br.cur, _ = br.b.Turn()
	br.actor, _ = br.b.Actor()
	br.isCard = br.b.Phase() == engine.PhasePlay
	br.trick = br.b.Play().TrickIndex() + 1
	br.readyFor = [engine.NumSeats]bool{}
	br.prompted, br.acted = false, false
	br.toOpp, br.toPartner = nil, nil
	for s := engine.North; s < engine.NumSeats; s++ {
		if br.gotCards[s] {
			br.expectFrom(s, now)
		}
	}
	// Lines the previous actor sent ahead of the relay count now.
	for s := engine.North; s < engine.NumSeats && br.fault == nil; s++ {
		if m := br.early[s]; m != nil {
			br.early[s] = nil
			br.ready(br.t.seats[s], m, m.String(), now)
		}
	}
}

// expectFrom sets what the table now waits for from a seat that has its
// cards: the actor's action (with the action timeout, or what is left of
// its side's board budget if that is less), or a waiter's ready line.
func (br *boardRun) expectFrom(s engine.Seat, now time.Time) {
	c := br.t.seats[s]
	cfg := &br.t.cfg
	switch {
	case s == br.actor && !br.acted:
		br.prompted, br.promptAt = true, now
		limit, what := cfg.ActionTimeout, "its action"
		if left, ok := br.t.clock.left(s.Side(), cfg.BoardBudget); ok && left < limit {
			limit, what = left, "its action, within its side's board budget"
		}
		c.expect(what, limit, now)
	case s != br.actor && !br.readyFor[s]:
		c.expect("its ready line", cfg.ActionTimeout, now)
	default:
		c.satisfied()
	}
}

// actionName names the current action for messages: "North's bid",
// "dummy's card to trick 3".
func (br *boardRun) actionName() string {
	if !br.dealt {
		return "the deal"
	}
	if !br.isCard {
		return br.cur.Name() + "'s bid"
	}
	if br.cur != br.actor {
		return fmt.Sprintf("dummy's card to trick %d", br.trick)
	}
	return fmt.Sprintf("%s's card to trick %d", br.cur.Name(), br.trick)
}

// outOfTurn reports (and records) an action line from a seat that may not
// act now.
func (br *boardRun) outOfTurn(c *hostConn, raw string) bool {
	s := c.seat
	if br.dealt && s == br.actor && br.gotCards[s] && !br.acted {
		return false
	}
	why := "out of turn"
	if br.dealt {
		why = fmt.Sprintf("out of turn (the table waits for %s)", br.actionName())
	}
	br.fault = protocolFault(s, raw, why)
	return true
}

// call takes a call from the seat on turn in the auction.
func (br *boardRun) call(c *hostConn, m Called, raw string, now time.Time) {
	if br.outOfTurn(c, raw) {
		return
	}
	if br.isCard {
		br.fault = protocolFault(c.seat, raw, "a call during the play")
		return
	}
	br.t.clock.add(c.seat.Side(), now.Sub(br.promptAt))
	if err := br.b.Call(c.seat, m.Call); err != nil {
		br.fault = illegalFault(c.seat, raw, err)
		return
	}
	if m.Alerted && m.Alert == "" {
		br.bare = append(br.bare, len(br.alerts))
	}
	br.alerts = append(br.alerts, m.Alert)
	br.t.onAction(&br.b)
	br.acted = true
	c.satisfied()
	br.toOpp = Called{Seat: c.seat, Call: m.Call, Alerted: m.Alerted, Alert: m.Alert}
	br.toPartner = Called{Seat: c.seat, Call: m.Call}
	br.relay(now)
}

// play takes a card from the seat on turn, or from declarer for dummy.
func (br *boardRun) play(c *hostConn, m Played, raw string, now time.Time) {
	if br.outOfTurn(c, raw) {
		return
	}
	if !br.isCard {
		br.fault = protocolFault(c.seat, raw, "a card during the auction")
		return
	}
	dummyTurn := br.cur != br.actor
	if named := (m.Dummy && dummyTurn) || (!m.Dummy && m.Seat == br.cur); !named {
		br.fault = protocolFault(c.seat, raw, fmt.Sprintf("the card to play is %s", br.actionName()))
		return
	}
	br.t.clock.add(c.seat.Side(), now.Sub(br.promptAt))
	if err := br.b.PlayCard(br.cur, m.Card); err != nil {
		br.fault = illegalFault(c.seat, raw, err)
		return
	}
	if br.b.Play().Len() == 1 {
		br.seenLead[c.seat] = true
	}
	br.t.onAction(&br.b)
	br.acted = true
	c.satisfied()
	br.toOpp = Played{Seat: br.cur, Card: m.Card, Signal: m.Signal}
	br.toPartner = Played{Seat: br.cur, Card: m.Card}
	br.serveDummy()
	br.relay(now)
}

// ready takes a waiter's request for the current call or card.
func (br *boardRun) ready(c *hostConn, m Message, raw string, now time.Time) {
	s := c.seat
	if !br.dealt || s == br.actor || !br.gotCards[s] {
		br.fault = protocolFault(s, raw, "a ready line out of turn")
		return
	}
	switch m := m.(type) {
	case ReadyForBid:
		if br.isCard || m.From != br.cur {
			br.fault = protocolFault(s, raw, "the table waits for "+br.actionName())
			return
		}
	case ReadyForCard:
		dummyTurn := br.cur != br.actor
		named := (m.Dummy && dummyTurn) || (!m.Dummy && m.From == br.cur)
		if !br.isCard || !named || (m.Trick != 0 && m.Trick != br.trick) {
			br.fault = protocolFault(s, raw, "the table waits for "+br.actionName())
			return
		}
	}
	if br.readyFor[s] {
		return
	}
	br.readyFor[s] = true
	c.satisfied()
	br.relay(now)
}

// relay sends the action to the three waiters once it is made and all of
// them have asked for it, then starts the next action (telling the leader
// at the start of each trick) or ends the board.
func (br *boardRun) relay(now time.Time) {
	if !br.acted {
		return
	}
	for s := engine.North; s < engine.NumSeats; s++ {
		if s != br.actor && !br.readyFor[s] {
			return
		}
	}
	for s := engine.North; s < engine.NumSeats; s++ {
		if s == br.actor {
			continue
		}
		// Alert and signal texts go to the actor's opponents only.
		if s.Side() == br.actor.Side() {
			br.t.seats[s].send(br.toPartner)
		} else {
			br.t.seats[s].send(br.toOpp)
		}
		if br.isCard && br.b.Play().Len() == 1 {
			br.seenLead[s] = true
		}
	}
	br.serveDummy()
	if br.b.Phase() == engine.PhaseDone {
		br.done = true
		return
	}
	if br.b.Phase() == engine.PhasePlay && br.b.Play().Len()%4 == 0 {
		leader, _ := br.b.Turn()
		declarer := br.b.Play().Declarer()
		if leader == declarer.Partner() {
			br.t.seats[declarer].send(ToLead{Dummy: true})
		} else {
			br.t.seats[leader].send(ToLead{Seat: leader})
		}
	}
	br.begin(now)
}

// serveDummy answers each request for dummy's cards that may be answered:
// after the opening lead has reached the asking seat, and never to dummy.
func (br *boardRun) serveDummy() {
	if !br.b.DummyExposed() {
		return
	}
	dummy := br.b.Play().Dummy()
	for s := engine.North; s < engine.NumSeats; s++ {
		if br.dummyAsk[s] && !br.dummyGot[s] && s != dummy && br.seenLead[s] {
			br.dummyGot[s] = true
			br.t.seats[s].send(DummyCards{Hand: br.spec.Deal[dummy]})
		}
	}
}
