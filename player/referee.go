package player

import (
	"context"
	"errors"
	"fmt"

	"github.com/openroom/openroom/engine"
)

// Referee plays boards in-process between four players, straight through
// engine.Board with no wire protocol: each actor is asked with its own
// seat's view (declarer's for dummy's card), which holds exactly what the
// protocol would have told it. It is the in-process counterpart of the
// protocol's table, and what event runners, measurements and tests use
// when every seat is a Go value. A Referee is not safe for concurrent use;
// it reuses its buffers from board to board.
type Referee struct {
	// Players are the four seats' players, by engine.Seat.
	Players [engine.NumSeats]Player
	// OnAction, if set, is shown the board when Play starts and after
	// each legal call and card, for a live view (which must take from it
	// only what it may show). It must not block or keep the board.
	OnAction func(*engine.Board)

	alerts []string
}

// Play plays the board from wherever it stands (a fresh board, or one
// whose auction or first cards were already made) to its end, and returns
// how it ended: Played or PassedOut, or the fault of the seat whose player
// failed (Failure.Outcome: IllegalAction for a choice the rules refuse,
// Disconnect for an error); the board is left where it stopped. When ctx ends first, Play returns ctx's error.
func (r *Referee) Play(ctx context.Context, b *engine.Board) (engine.Outcome, error) {
	r.alerts = r.alerts[:0]
	for range b.Auction().Len() {
		r.alerts = append(r.alerts, "")
	}
	r.onAction(b)
	for {
		actor, ok := b.Actor()
		if !ok {
			if c, _ := b.Contract(); c.PassedOut() {
				return engine.Outcome{Kind: engine.PassedOut}, nil
			}
			return engine.Outcome{Kind: engine.Played}, nil
		}
		v := b.View(actor)
		var err error
		if b.Phase() == engine.PhaseAuction {
			var c engine.Call
			var alert string
			if c, alert, err = AskCall(ctx, r.Players[actor], &v); err == nil {
				if err = b.Call(actor, c); err != nil {
					err = &Failure{Seat: actor, Err: fmt.Errorf("%w: %w", ErrIllegalAction, err)}
				} else {
					r.alerts = append(r.alerts, alert)
					r.onAction(b)
				}
			}
		} else {
			turn, _ := b.Turn()
			var c engine.Card
			if c, err = AskCard(ctx, r.Players[actor], &v); err == nil {
				if err = b.PlayCard(turn, c); err != nil {
					err = &Failure{Seat: actor, Err: fmt.Errorf("%w: %w", ErrIllegalAction, err)}
				} else {
					r.onAction(b)
				}
			}
		}
		if err != nil {
			if ctx.Err() != nil {
				return engine.Outcome{}, ctx.Err()
			}
			var f *Failure
			errors.As(err, &f)
			return f.Outcome(), nil
		}
	}
}

func (r *Referee) onAction(b *engine.Board) {
	if r.OnAction != nil {
		r.OnAction(b)
	}
}

// Alerts returns the alert texts of the last board's calls, one per call
// ("" for none); valid until the next Play.
func (r *Referee) Alerts() []string { return r.alerts }

// PlayBoard plays a board to its end with four players through a Referee
// and returns an error for anything but a normal end: a player's failure
// or illegal choice, or ctx's end. It is for measurements and tests that
// want a finished board or nothing.
func PlayBoard(ctx context.Context, b *engine.Board, players [engine.NumSeats]Player) error {
	r := Referee{Players: players}
	o, err := r.Play(ctx, b)
	if err != nil {
		return err
	}
	if o.IsFault() {
		return fmt.Errorf("board %d: %s", b.Number(), o)
	}
	return nil
}
