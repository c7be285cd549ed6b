package protocol

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/openroom/openroom/engine"
)

// testBot is a scripted seat for the host's tests: it speaks the protocol
// from its own view only (engine.View built from the lines it receives,
// which also checks every relayed call and card), makes random legal
// choices, can misbehave on purpose, and records every line it receives.
type testBot struct {
	seat engine.Seat
	team string
	rng  *rand.Rand

	// Quirks.
	anySeat     bool   // connect `as ANYPL`
	upper       bool   // send upper-case lines
	doubleSpace bool   // send lines with runs of spaces and a trailing period
	alert       bool   // alert every bid, with a text
	bareAlert   bool   // open 1C whenever legal and alert every bid with no text: `North bids 1C Alert.`
	signal      bool   // add a signal text to every card
	passer      bool   // always pass
	earlyDummy  bool   // ask for dummy as soon as the auction ends
	fault       string // misbehaviour on faultBoard: illegal-bid, revoke, out-of-turn, garbage, silent, disconnect
	faultBoard  int
	faultDone   bool
	faultAgain  bool          // misbehave again on every replay of faultBoard
	faultEach   int           // misbehave once on every board up to this one (instead of faultBoard)
	faultOn     int           // with faultEach: the board misbehaved on last
	maxConns    int           // connections run may open (0: 20)
	delay       time.Duration // think this long before each call or card
	stamp       bool          // record when each line arrives
	clock       *fakeClock    // if set, thinking advances it and stamps read it

	// log holds every line received and (prefixed "> ") sent, in order,
	// over all connections; at holds arrival times when stamp is set.
	mu  sync.Mutex
	log []string
	at  []time.Time

	// Per-connection state.
	w        *bufio.Writer
	nc       net.Conn
	view     engine.View
	board    int
	info     BoardInfo
	haveView bool
	silent   bool
	askedDum bool
	sentDum  bool
}

// received returns the lines received, in order.
func (b *testBot) received() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []string
	for _, l := range b.log {
		if !strings.HasPrefix(l, "> ") {
			out = append(out, l)
		}
	}
	return out
}

// transcript returns the lines received and sent ("> " first), in order.
func (b *testBot) transcript() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.log...)
}

// receivedAt returns when each line arrived (with stamp set).
func (b *testBot) receivedAt() []time.Time {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]time.Time(nil), b.at...)
}

// now reads the bot's clock: the fake one if set, else the wall clock.
func (b *testBot) now() time.Time {
	if b.clock != nil {
		return b.clock.Now()
	}
	return time.Now()
}

// errBotSessionOver ends the bot's run loop.
var errBotSessionOver = errors.New("end of session")

// run connects (and reconnects after the table closes the connection)
// until the session ends or ctx is done.
func (b *testBot) run(ctx context.Context, dial func() (net.Conn, error)) error {
	conns := b.maxConns
	if conns == 0 {
		conns = 20
	}
	for attempt := 0; attempt < conns; attempt++ {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		nc, err := dial()
		if err != nil {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		err = b.session(ctx, nc)
		nc.Close()
		if errors.Is(err, errBotSessionOver) {
			return nil
		}
	}
	return errors.New("testBot: too many reconnects")
}

func (b *testBot) send(m Message) error {
	if b.silent {
		return nil
	}
	return b.sendRaw(m.String())
}

func (b *testBot) sendRaw(line string) error {
	if b.upper {
		line = strings.ToUpper(line)
	}
	if b.doubleSpace {
		line = strings.ReplaceAll(line, " ", "  ") + "."
	}
	b.mu.Lock()
	b.log = append(b.log, "> "+line)
	b.mu.Unlock()
	// A write can fail when the table has just closed (after `End of
	// session`, or after stopping a board); keep reading what it sent.
	if _, err := b.w.WriteString(line + "\n"); err == nil {
		b.w.Flush()
	}
	return nil
}

// session plays over one connection.
func (b *testBot) session(ctx context.Context, nc net.Conn) error {
	stop := context.AfterFunc(ctx, func() { nc.Close() })
	defer stop()
	b.nc, b.w, b.silent, b.haveView = nc, bufio.NewWriter(nc), false, false
	r := bufio.NewReader(nc)
	if err := b.send(Connect{Team: b.team, Seat: b.seat, AnySeat: b.anySeat, Version: 18}); err != nil {
		return err
	}
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			if err == io.EOF {
				return io.ErrUnexpectedEOF
			}
			return err
		}
		line = strings.TrimRight(line, "\r\n")
		b.mu.Lock()
		b.log = append(b.log, line)
		if b.stamp {
			b.at = append(b.at, b.now())
		}
		b.mu.Unlock()
		m, err := Parse(line)
		if err != nil {
			return fmt.Errorf("%s got %q: %w", b.seat.Name(), line, err)
		}
		if err := b.react(m); err != nil {
			return err
		}
	}
}

func (b *testBot) react(m Message) error {
	switch m := m.(type) {
	case Seated:
		b.seat = m.Seat
		return b.send(ReadyForTeams{Seat: b.seat})
	case Refusal:
		return fmt.Errorf("%s refused: %s", b.seat.Name(), m.Reason)
	case Teams:
		return b.send(ReadyToStart{Seat: b.seat})
	case StartOfBoard:
		b.haveView = false
		return b.send(ReadyForDeal{Seat: b.seat})
	case BoardInfo:
		b.info = m
		b.board = m.Number
		b.askedDum, b.sentDum = false, false
		return b.send(ReadyForCards{Seat: b.seat})
	case Cards:
		if m.Seat != b.seat {
			return fmt.Errorf("%s got %s's cards", b.seat.Name(), m.Seat.Name())
		}
		b.view = engine.NewView(b.seat, b.info.Number, b.info.Dealer, b.info.Vul, m.Hand)
		b.haveView = true
		return b.next(false)
	case Called:
		if err := b.view.AddCall(m.Call); err != nil {
			return fmt.Errorf("%s: relayed call %q: %w", b.seat.Name(), m, err)
		}
		return b.next(false)
	case Played:
		if err := b.view.AddCard(m.Card); err != nil {
			return fmt.Errorf("%s: relayed card %q: %w", b.seat.Name(), m, err)
		}
		return b.next(false)
	case ToLead:
		return b.next(true)
	case DummyCards:
		if err := b.view.SetDummy(m.Hand); err != nil {
			return fmt.Errorf("%s: %w", b.seat.Name(), err)
		}
		if a, ok := b.view.Actor(); ok && a == b.seat && b.view.Play.Len()%4 != 0 {
			return b.act()
		}
		return nil
	case Timing:
		b.haveView = false
		return nil
	case EndOfSession:
		return errBotSessionOver
	}
	return fmt.Errorf("%s: unexpected %q", b.seat.Name(), m)
}

// next sends what the seat owes after its view changed: its call or card,
// or a ready line. At the start of a trick the actor waits for `to lead`.
func (b *testBot) next(toLead bool) error {
	if !b.haveView {
		return nil
	}
	v := &b.view
	if v.Phase() == engine.PhasePlay && v.Play.Len() >= 1 && !b.sentDum && b.seat != v.Contract.Dummy() {
		b.sentDum = true
		if !b.askedDum {
			if err := b.send(ReadyForDummy{Seat: b.seat}); err != nil {
				return err
			}
		}
	}
	if v.Phase() == engine.PhasePlay && b.earlyDummy && !b.askedDum && v.Play.Len() == 0 && b.seat != v.Contract.Dummy() {
		b.askedDum, b.sentDum = true, true
		if err := b.send(ReadyForDummy{Seat: b.seat}); err != nil {
			return err
		}
	}
	turn, ok := v.Turn()
	if !ok {
		return nil
	}
	actor, _ := v.Actor()
	if actor == b.seat {
		if v.Phase() == engine.PhasePlay && v.Play.Len()%4 == 0 && !toLead {
			return nil // wait for `to lead`
		}
		if turn != b.seat && !v.DummyVisible {
			return nil // wait for dummy's cards
		}
		return b.act()
	}
	if b.misbehave("out-of-turn") {
		return b.send(Called{Seat: b.seat, Call: engine.Pass})
	}
	if b.misbehave("garbage") {
		return b.sendRaw("hello, table manager")
	}
	if v.Phase() == engine.PhaseAuction {
		return b.send(ReadyForBid{Seat: b.seat, From: turn})
	}
	trick := v.Play.TrickIndex() + 1
	if v.Contract.Dummy() == turn {
		return b.send(ReadyForCard{Seat: b.seat, Dummy: true, Trick: trick})
	}
	return b.send(ReadyForCard{Seat: b.seat, From: turn, Trick: trick})
}

// misbehave reports whether the bot's fault of this kind is due now.
func (b *testBot) misbehave(kind string) bool {
	if b.faultEach > 0 {
		if b.fault != kind || b.faultOn == b.board || b.board > b.faultEach {
			return false
		}
		b.faultOn = b.board
		return true
	}
	if b.fault != kind || b.board != b.faultBoard || (b.faultDone && !b.faultAgain) {
		return false
	}
	b.faultDone = true
	return true
}

// act sends the seat's call or card (declarer: dummy's card too).
func (b *testBot) act() error {
	v := &b.view
	if b.delay > 0 {
		if b.clock != nil {
			b.clock.Advance(b.delay)
		} else {
			time.Sleep(b.delay)
		}
	}
	if b.misbehave("silent") {
		b.silent = true
		return nil
	}
	if b.misbehave("disconnect") {
		return b.nc.Close()
	}
	if v.Phase() == engine.PhaseAuction {
		call := engine.Pass
		if b.misbehave("illegal-bid") {
			call = engine.Redouble
			if v.Auction.Legal(call) {
				call = engine.Bid(1, engine.StrainClubs)
				if v.Auction.Legal(call) {
					call = engine.Double
				}
			}
		} else if c := engine.Bid(1, engine.StrainClubs); b.bareAlert && v.Auction.Legal(c) {
			call = c
		} else if !b.passer && b.rng.IntN(3) == 0 {
			legal := v.Auction.LegalCalls(nil)
			call = legal[b.rng.IntN(len(legal))]
		}
		if err := v.AddCall(call); err != nil {
			if b.fault == "illegal-bid" {
				return b.send(Called{Seat: b.seat, Call: call})
			}
			return err
		}
		m := Called{Seat: b.seat, Call: call}
		if b.alert && call.IsBid() {
			m.Alerted, m.Alert = true, fmt.Sprintf("%s alert %s", b.seat.Name(), call)
		}
		if b.bareAlert && call.IsBid() {
			m.Alerted = true
		}
		if err := b.send(m); err != nil {
			return err
		}
		return b.next(false)
	}
	turn, _ := v.Turn()
	hand, _ := v.Known(turn)
	legal := v.Play.LegalCards(hand)
	cards := legal.Cards(nil)
	card := cards[b.rng.IntN(len(cards))]
	if hand != legal && b.fault == "revoke" {
		if b.misbehave("revoke") {
			return b.send(Played{Seat: turn, Card: (hand &^ legal).Cards(nil)[0]})
		}
	}
	if err := v.AddCard(card); err != nil {
		return err
	}
	m := Played{Seat: turn, Card: card}
	if turn != b.seat && b.upper {
		m = Played{Dummy: true, Card: card} // `Dummy plays` variant
	}
	if b.signal {
		m.Signal = b.seat.Name() + " signal"
	}
	if err := b.send(m); err != nil {
		return err
	}
	return b.next(false)
}
