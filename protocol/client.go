package protocol

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
)

// ClientConfig says how a Client sits down.
type ClientConfig struct {
	// Team is the team name sent in the Connecting line; partners must
	// send the same one.
	Team string
	// Seat is the seat to ask for, unless AnySeat is set.
	Seat engine.Seat
	// AnySeat asks for any free seat (`as ANYPL`); the manager names the
	// seat it gave in its seated reply.
	AnySeat bool
	// Version is the protocol version to announce; 0 means Version (18).
	Version int
	// Info, when set, is sent after the version number of the Connecting
	// line: a self-description, and the seat's secret where the table
	// manager asks for one.
	Info string
	// Trace, when set, is called with every line received (in is true) and
	// sent, exactly as on the wire without the line ending. For logs and
	// tests; it runs on the Client's goroutine.
	Trace func(in bool, line string)
}

// Errors a Client returns, wrapped with details; test with errors.Is.
var (
	// ErrDisconnected: the connection closed or broke before End of
	// session. After a stopped board the manager closes the offending
	// seat's connection and expects it back: reconnect (see RunSession).
	ErrDisconnected = errors.New("disconnected before End of session")
	// ErrRefused: the manager answered the Connecting line with something
	// other than a seated line (a refusal) and closed.
	ErrRefused = errors.New("the manager refused the seat")
	// ErrUnexpected: the manager sent a line that does not fit the session
	// at that point.
	ErrUnexpected = errors.New("unexpected line")
)

// LineError is a protocol error from the manager's side: the line received
// (exactly as it came), what the Client was waiting for, and why it does
// not fit. It wraps ErrUnexpected, ErrRefused, a *ParseError or an engine
// error.
type LineError struct {
	Line string // the offending line as received
	Want string // what the Client was waiting for
	Err  error
}

// Error returns `protocol: line "...": want ...: why`.
func (e *LineError) Error() string {
	return fmt.Sprintf("protocol: line %q (waiting for %s): %v", e.Line, e.Want, e.Err)
}

// Unwrap returns the reason.
func (e *LineError) Unwrap() error { return e.Err }

// Client is the seat side of the protocol: it seats itself, follows the
// whole session and asks its Bot for every call and card of its seat (and
// of dummy, as declarer). It builds the seat's engine.View only from the
// lines it receives, so a bot behind it knows exactly what a remote robot
// would. A Client plays one connection; Run may be called once.
type Client struct {
	cfg  ClientConfig
	bot  player.Player
	obs  Observer // bot as Observer, or nil
	conn *Conn

	seat   engine.Seat
	seated bool
	teams  Teams
	boards int

	view engine.View
}

// NewClient returns a Client that will speak over nc (TCP, or net.Pipe for
// an in-process bot) for bot. The Client owns nc and closes it when Run
// returns.
func NewClient(nc net.Conn, cfg ClientConfig, bot player.Player) *Client {
	if cfg.Version == 0 {
		cfg.Version = Version
	}
	c := &Client{cfg: cfg, bot: bot, conn: NewConn(nc)}
	c.obs, _ = bot.(Observer)
	return c
}

// Seat returns the seat the manager gave; valid once seated. Seat, Seated,
// Teams and Boards are for the goroutine that runs Run, or after it.
func (c *Client) Seat() engine.Seat { return c.seat }

// Seated reports whether the manager seated the client.
func (c *Client) Seated() bool { return c.seated }

// Teams returns the team names the manager announced.
func (c *Client) Teams() Teams { return c.teams }

// Boards returns the number of boards the client finished (auction and play
// to the end; stopped boards do not count).
func (c *Client) Boards() int { return c.boards }

// sentinels for the end of a board other than by its last action.
var (
	errClientBoardStopped   = errors.New("board stopped by the manager")
	errClientBoardRestarted = errors.New("new board started")
	errClientSessionEnd     = errors.New("end of session")
)

// Run plays the session: it connects, seats itself, plays every board and
// returns nil after End of session. It returns an error wrapping
// ErrDisconnected when the connection ends before that (reconnect to go
// on), ErrRefused when not seated, a *LineError for a line that does not
// fit, a *player.Failure (wrapping ErrIllegalAction or the bot's own
// error) when the bot fails, and
// ctx.Err() when ctx ends. Run closes the connection before it returns.
func (c *Client) Run(ctx context.Context) error {
	defer c.conn.Close()
	stop := context.AfterFunc(ctx, func() {
		// Unblock any read or write in progress; Run then returns ctx.Err().
		_ = c.conn.SetDeadline(time.Unix(1, 0))
	})
	defer stop()
	err := c.run(ctx)
	if err != nil && ctx.Err() != nil {
		// The error is the forced deadline's; report why it was forced.
		return ctx.Err()
	}
	return err
}

func (c *Client) run(ctx context.Context) error {
	if err := c.handshake(); err != nil {
		return err
	}
	start := false
	for {
		if !start {
			m, _, err := c.read(true)
			if err != nil {
				return err
			}
			switch m.(type) {
			case StartOfBoard:
			case EndOfSession:
				return nil
			default:
				// Timing lines, and stray lines between boards: tolerated.
				continue
			}
		}
		start = false
		err := c.playBoard(ctx)
		switch {
		case err == nil:
			c.boards++
		case errors.Is(err, errClientBoardStopped):
		case errors.Is(err, errClientBoardRestarted):
			start = true
		case errors.Is(err, errClientSessionEnd):
			return nil
		default:
			return err
		}
	}
}

// handshake sends the Connecting line and goes through seated, teams and
// ready to start.
func (c *Client) handshake() error {
	if err := c.send(Connect{Team: c.cfg.Team, Seat: c.cfg.Seat, AnySeat: c.cfg.AnySeat, Version: c.cfg.Version, Info: c.cfg.Info}); err != nil {
		return err
	}
	m, line, err := c.read(false)
	if err != nil {
		var le *LineError
		if errors.As(err, &le) {
			return &LineError{Line: le.Line, Want: "seated", Err: ErrRefused}
		}
		if errors.Is(err, ErrDisconnected) {
			// Not a reconnectable disconnect: the seat was never taken.
			return fmt.Errorf("%w: closed before seated (%v)", ErrRefused, err)
		}
		return err
	}
	s, ok := m.(Seated)
	if !ok {
		return &LineError{Line: line, Want: "seated", Err: ErrRefused}
	}
	if !c.cfg.AnySeat && s.Seat != c.cfg.Seat {
		return &LineError{Line: line, Want: "seated", Err: fmt.Errorf("%w: asked for %s", ErrUnexpected, c.cfg.Seat.Name())}
	}
	c.seat, c.seated = s.Seat, true
	if err := c.send(ReadyForTeams{Seat: c.seat}); err != nil {
		return err
	}
	m, line, err = c.read(false)
	if err != nil {
		return err
	}
	if c.teams, ok = m.(Teams); !ok {
		return &LineError{Line: line, Want: "teams", Err: ErrUnexpected}
	}
	return c.send(ReadyToStart{Seat: c.seat})
}

// playBoard plays one board after Start of board. It returns nil when the
// board's last action is made, or a sentinel when the manager stops it.
func (c *Client) playBoard(ctx context.Context) error {
	if err := c.send(ReadyForDeal{Seat: c.seat}); err != nil {
		return err
	}
	m, line, err := c.await("the board line")
	if err != nil {
		return err
	}
	info, ok := m.(BoardInfo)
	if !ok {
		return &LineError{Line: line, Want: "the board line", Err: ErrUnexpected}
	}
	if err := c.send(ReadyForCards{Seat: c.seat}); err != nil {
		return err
	}
	m, line, err = c.await("own cards")
	if err != nil {
		return err
	}
	cards, ok := m.(Cards)
	switch {
	case !ok:
		return &LineError{Line: line, Want: "own cards", Err: ErrUnexpected}
	case cards.Seat != c.seat:
		return &LineError{Line: line, Want: "own cards", Err: fmt.Errorf("%w: %s's cards sent to %s", ErrUnexpected, cards.Seat.Name(), c.seat.Name())}
	case cards.Hand.Len() != 13:
		return &LineError{Line: line, Want: "own cards", Err: fmt.Errorf("%w: %d cards, want 13", ErrUnexpected, cards.Hand.Len())}
	}
	c.view = engine.NewView(c.seat, info.Number, info.Dealer, info.Vul, cards.Hand)
	if err := c.auction(ctx); err != nil {
		return err
	}
	if c.view.Phase() == engine.PhaseDone {
		return nil // passed out
	}
	return c.play(ctx)
}

// auction follows the auction to its end.
func (c *Client) auction(ctx context.Context) error {
	v := &c.view
	for v.Phase() == engine.PhaseAuction {
		turn := v.Auction.Turn()
		if turn == c.seat {
			call, alert, err := player.AskCall(ctx, c.bot, v)
			if err != nil {
				return err
			}
			if err := c.send(Called{Seat: c.seat, Call: call, Alerted: alert != "", Alert: alert}); err != nil {
				return err
			}
			if err := v.AddCall(call); err != nil {
				return fmt.Errorf("protocol: %s's own call: %w", c.seat.Name(), err)
			}
			continue
		}
		if err := c.send(ReadyForBid{Seat: c.seat, From: turn}); err != nil {
			return err
		}
		m, line, err := c.await("a call")
		if err != nil {
			return err
		}
		called, ok := m.(Called)
		if !ok {
			return &LineError{Line: line, Want: turn.Name() + "'s call", Err: ErrUnexpected}
		}
		if called.Seat != turn {
			return &LineError{Line: line, Want: turn.Name() + "'s call", Err: fmt.Errorf("%w: a call from %s", ErrUnexpected, called.Seat.Name())}
		}
		if err := v.AddCall(called.Call); err != nil {
			return &LineError{Line: line, Want: turn.Name() + "'s call", Err: err}
		}
	}
	return nil
}

// play follows the play to the last trick.
func (c *Client) play(ctx context.Context) error {
	v := &c.view
	declarer := v.Contract.Declarer
	dummy := declarer.Partner()
	for v.Phase() == engine.PhasePlay {
		turn := v.Play.Turn()
		actor := v.Play.Actor()
		trick := v.Play.TrickIndex() + 1
		if v.Play.Len()%4 == 0 && actor == c.seat {
			// The manager tells the seat on lead, or declarer when dummy
			// is on lead, before it plays.
			if err := c.awaitLead(turn == dummy); err != nil {
				return err
			}
		}
		if actor == c.seat && c.seat != dummy {
			card, err := player.AskCard(ctx, c.bot, v)
			if err != nil {
				return err
			}
			if err := c.send(Played{Seat: turn, Card: card}); err != nil {
				return err
			}
			if err := v.AddCard(card); err != nil {
				return fmt.Errorf("protocol: %s's own card: %w", c.seat.Name(), err)
			}
		} else {
			ready := ReadyForCard{Seat: c.seat, From: turn, Dummy: turn == dummy, Trick: trick}
			if err := c.send(ready); err != nil {
				return err
			}
			m, line, err := c.awaitPlay(turn)
			if err != nil {
				return err
			}
			if m.Dummy && turn != dummy || !m.Dummy && m.Seat != turn {
				return &LineError{Line: line, Want: turn.Name() + "'s card", Err: fmt.Errorf("%w: a card from another seat", ErrUnexpected)}
			}
			if err := v.AddCard(m.Card); err != nil {
				return &LineError{Line: line, Want: turn.Name() + "'s card", Err: err}
			}
		}
		if v.Play.Len() == 1 && c.seat != dummy {
			if err := c.getDummy(); err != nil {
				return err
			}
		}
	}
	return nil
}

// awaitLead waits for `<Seat> to lead`, or `Dummy to lead` for declarer.
func (c *Client) awaitLead(dummyLeads bool) error {
	m, line, err := c.await("to lead")
	if err != nil {
		return err
	}
	tl, ok := m.(ToLead)
	// Accept dummy's seat name for "Dummy to lead" too.
	dummy := c.view.Contract.Dummy()
	if !ok || dummyLeads && !tl.Dummy && tl.Seat != dummy || !dummyLeads && (tl.Dummy || tl.Seat != c.seat) {
		want := c.seat.Name() + " to lead"
		if dummyLeads {
			want = "Dummy to lead"
		}
		return &LineError{Line: line, Want: want, Err: ErrUnexpected}
	}
	return nil
}

// awaitPlay waits for the card of the seat on turn, ignoring a to-lead
// line meant for another seat's role.
func (c *Client) awaitPlay(turn engine.Seat) (Played, string, error) {
	for {
		m, line, err := c.await("a card")
		if err != nil {
			return Played{}, line, err
		}
		switch m := m.(type) {
		case Played:
			return m, line, nil
		case ToLead:
			continue
		}
		return Played{}, line, &LineError{Line: line, Want: turn.Name() + "'s card", Err: ErrUnexpected}
	}
}

// getDummy asks for dummy's cards after the opening lead and records them.
func (c *Client) getDummy() error {
	if err := c.send(ReadyForDummy{Seat: c.seat}); err != nil {
		return err
	}
	const want = "dummy's cards"
	m, line, err := c.await(want)
	if err != nil {
		return err
	}
	d, ok := m.(DummyCards)
	switch {
	case !ok:
		return &LineError{Line: line, Want: want, Err: ErrUnexpected}
	case d.Hand.Len() != 13:
		return &LineError{Line: line, Want: want, Err: fmt.Errorf("%w: %d cards, want 13", ErrUnexpected, d.Hand.Len())}
	}
	if err := c.view.SetDummy(d.Hand); err != nil {
		return &LineError{Line: line, Want: want, Err: err}
	}
	return nil
}

// await reads the next line of a board. A timing line (the manager stopped
// the board), Start of board and End of session end the board with a
// sentinel; `received dummy` lines are skipped.
func (c *Client) await(want string) (Message, string, error) {
	for {
		m, line, err := c.read(false)
		if err != nil {
			var le *LineError
			if errors.As(err, &le) {
				le.Want = want
			}
			return nil, line, err
		}
		switch m.(type) {
		case Timing:
			return nil, line, errClientBoardStopped
		case StartOfBoard:
			return nil, line, errClientBoardRestarted
		case EndOfSession:
			return nil, line, errClientSessionEnd
		case ReceivedDummy:
			continue
		}
		return m, line, nil
	}
}

// read returns the next message. Empty lines are skipped; with tolerant
// set, so is any line that does not parse.
func (c *Client) read(tolerant bool) (Message, string, error) {
	for {
		line, err := c.conn.ReadLine()
		if err != nil {
			if errors.Is(err, ErrLineTooLong) {
				if tolerant {
					continue
				}
				var pe *ParseError
				errors.As(err, &pe)
				return nil, pe.Line, &LineError{Line: pe.Line, Want: "a line", Err: err}
			}
			return nil, "", fmt.Errorf("protocol: %s: read: %w (%w)", c.seatName(), ErrDisconnected, err)
		}
		if c.cfg.Trace != nil {
			c.cfg.Trace(true, line)
		}
		m, err := Parse(line)
		if err != nil {
			if tolerant || errors.Is(err, ErrEmptyLine) {
				continue
			}
			return nil, line, &LineError{Line: line, Want: "a line", Err: err}
		}
		if c.obs != nil {
			c.obs.Observe(m)
		}
		return m, line, nil
	}
}

// send writes a message.
func (c *Client) send(m Message) error {
	if c.cfg.Trace != nil {
		c.cfg.Trace(false, m.String())
	}
	if err := c.conn.WriteMessage(m); err != nil {
		if errors.Is(err, ErrBadLine) {
			return err
		}
		return fmt.Errorf("protocol: %s: %w (%w)", c.seatName(), ErrDisconnected, err)
	}
	return nil
}

func (c *Client) seatName() string {
	if c.seated {
		return c.seat.Name()
	}
	return "seat"
}

// Observer is an optional interface for a player that wants every message
// its seat receives, before the Client acts on it: team names, alert texts
// of the opponents' calls, signals, timing lines. Observe is called from
// the Client's goroutine, in arrival order.
type Observer interface {
	Observe(m Message)
}

// ErrIllegalAction is wrapped by the error a Client returns when its
// player chose an illegal call or card (the same as the player package's).
var ErrIllegalAction = player.ErrIllegalAction
