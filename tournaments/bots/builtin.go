package bots

import (
	"fmt"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/results"
)

// PlayerFactory makes the player of a built-in bot's seat: the bot of a
// spec, playing under a team name. Table runners take one so that a caller
// can seat other Go players (a person's seat, a test's faulty bot) where
// the event names a built-in bot; nil means NewBuiltin.
type PlayerFactory func(spec Spec, team string) (player.Player, error)

// Make returns the player of a built-in bot's seat: f's, or NewBuiltin's
// when f is nil.
func (f PlayerFactory) Make(spec Spec, team string) (player.Player, error) {
	if f == nil {
		return NewBuiltin(spec, team)
	}
	return f(spec, team)
}

// NewBuiltin returns the built-in bot of a spec for a seat playing
// under a team name. A bot's seed comes only from what its seat is told at
// the table (the team name), never from the event's deal seed.
func NewBuiltin(spec Spec, team string) (player.Player, error) {
	if spec.Kind != KindBuiltin {
		return nil, fmt.Errorf("bot %q is not a built-in bot", spec.Name)
	}
	switch spec.Builtin {
	case builtinRandom:
		return player.Random{Seed: team}, nil
	case BuiltinRefbot:
		var opts []refbot.Option
		if spec.System != nil {
			opts = append(opts, refbot.WithSystem(spec.System))
		}
		if spec.Opponents != nil {
			opts = append(opts, refbot.WithOpponentSystem(spec.Opponents))
		}
		b, err := refbot.NewBuiltin(spec.Level, teamSeed(team), opts...)
		if err != nil {
			return nil, fmt.Errorf("bot %q: %w", spec.Name, err)
		}
		return b, nil
	}
	return nil, fmt.Errorf("bot %q: unknown built-in bot %q", spec.Name, spec.Builtin)
}

// teamSeed derives a bot seed from a team name.
func teamSeed(team string) uint64 { return refbot.TeamSeed(team) }

// clockCapper is a built-in bot that counts its decisions of a board that
// the clock, not its counts, shaped (refbot.Bot.TakeClockCapped).
type clockCapper interface {
	TakeClockCapped(board int) int
}

// ClockCaps are a table's seats whose bots count the decisions the clock
// shaped: each board's record is stamped with them as it ends, as a board
// played so cannot be promised to replay the same from its seed.
type ClockCaps [engine.NumSeats]clockCapper

// Seat notes the seat's player, if it counts.
func (c *ClockCaps) Seat(s engine.Seat, p player.Player) {
	if cc, ok := p.(clockCapper); ok {
		c[s] = cc
	}
}

// Stamp notes in the record the seats whose bots the clock shaped on its
// board.
func (c *ClockCaps) Stamp(r *results.Record) {
	for s, cc := range c {
		if cc == nil {
			continue
		}
		if n := cc.TakeClockCapped(r.Board); n > 0 {
			r.ClockCapped = append(r.ClockCapped, results.ClockCap{Seat: engine.Seat(s).String(), Decisions: n})
		}
	}
}

// ClockCapTally counts the board-rooms, and the decisions in them, that a
// built-in bot let the clock shape (results.Record.ClockCapped): an event
// with any is not reproducible from its seed.
type ClockCapTally struct {
	Boards    int `json:"boards"`
	Decisions int `json:"decisions"`
}

// Add counts a record.
func (t *ClockCapTally) Add(r *results.Record) {
	if n := r.ClockCappedDecisions(); n > 0 {
		t.Boards++
		t.Decisions += n
	}
}

// Any reports whether the clock shaped any decision.
func (t ClockCapTally) Any() bool { return t.Boards > 0 }

// String says what the tally means, for a user: why the event is not
// reproducible.
func (t ClockCapTally) String() string {
	return fmt.Sprintf("not reproducible: on %d board-room(s) the clock cut short %d decision(s) of a built-in bot (a machine far slower or busier than the bots' counts were sized for); the same seed may play those boards differently (each record's clock_capped names the seats)", t.Boards, t.Decisions)
}
