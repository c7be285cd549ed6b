package protocol

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strings"
	"time"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/results"
)

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
// always taken back. The table closes conn when the function returns
// (closing it earlier does nothing); a returned *player.Failure stops the
// board in play with the failure's outcome.
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
	// for a lost seat to connect again; after it, the board is scored as
	// a fault against that seat and the next board waits for it as long
	// again, so a seat that is away loses at most one board per timeout.
	// Default 30s.
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
	// NoTiming leaves the timing line after each board out for the seats
	// set, for robots that do not expect it (bridge_env's client). Any
	// seats may be set, all four included; never set a BEN seat, which
	// reads the line as a board's end.
	NoTiming [engine.NumSeats]bool
	// SeatAddress, when set for a seat, lists the only addresses and
	// networks that seat may be taken from over the network. A seat with
	// no entry is bound to the address it is first taken from: once it
	// has joined the session, only a connection from that same IP may
	// take it back after a loss. In-process seats (Local) are not bound.
	SeatAddress [engine.NumSeats][]netip.Prefix
	// SeatSecret, when set for a seat, is a word the robot must send after
	// the version number of its Connecting line (`... protocol version 18
	// SECRET`, among other words if it likes) to take that seat, for
	// robots that can be told to send one. A connection without it is
	// refused with "not allowed"; the secret is never logged or echoed.
	SeatSecret [engine.NumSeats]string
	// MaxPending bounds the connections from one address that are not
	// yet seated and ready, and four times it those from all addresses
	// together; more are refused at once. A lost seat always finds a
	// slot: a connection from where it may return (its SeatAddress, else
	// the address it joined from) passes the bound for all addresses,
	// and past its own address's bound it makes room by dropping the
	// oldest connection from that address that has not claimed a seat.
	// Default 8.
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
	// OnSeatReady, if set, is told each time a seat's bot finishes its
	// handshake: at the start and whenever a lost seat comes back (so a
	// supervisor leaves alone a bot that reconnected by itself). It runs
	// on the table's goroutine and must not block.
	OnSeatReady func(engine.Seat)
	// OnAction, if set, is shown the board in play when it starts and
	// after each legal call and card, for a live view of the table (which
	// must take from it only what it may show). It runs on the table's
	// goroutine, must not block and must not keep the board.
	OnAction func(*engine.Board)
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
	for s, ps := range cfg.SeatAddress {
		for _, p := range ps {
			if !p.IsValid() {
				return nil, fmt.Errorf("protocol: seat address of %s: %v is not a network", engine.Seat(s).Name(), p)
			}
		}
	}
	for s, secret := range cfg.SeatSecret {
		if secret == "" {
			continue
		}
		if err := CheckSecret(secret); err != nil {
			return nil, fmt.Errorf("protocol: secret of %s: %w", engine.Seat(s).Name(), err)
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

// teamFor returns the configured team name of a side.
func (c *Config) teamFor(side engine.Side) string {
	if side == engine.NS {
		return c.NSTeam
	}
	return c.EWTeam
}
