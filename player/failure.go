package player

import (
	"context"
	"errors"
	"fmt"

	"github.com/openroom/openroom/engine"
)

// ErrIllegalAction is wrapped by the Failure of a player that chose a call
// or card the rules refuse.
var ErrIllegalAction = errors.New("illegal action")

// Failure is a player's failure to act for its seat: an error it returned,
// or an action the rules refuse. Whoever asked the player (the in-process
// referee, or the protocol's seat-side client on behalf of an in-process
// bot) reports it as a Failure, so the board's outcome is the same
// whichever way the player was seated.
type Failure struct {
	Seat engine.Seat
	Err  error
}

// Error names the seat and what went wrong.
func (f *Failure) Error() string { return fmt.Sprintf("%s's player: %v", f.Seat.Name(), f.Err) }

// Unwrap returns the cause.
func (f *Failure) Unwrap() error { return f.Err }

// Outcome is the board's outcome: an IllegalAction fault of the seat for an
// illegal choice, a Disconnect fault (the player cannot go on) for any
// other error.
func (f *Failure) Outcome() engine.Outcome {
	kind := engine.Disconnect
	if errors.Is(f.Err, ErrIllegalAction) {
		kind = engine.IllegalAction
	}
	return engine.Fault(kind, f.Error(), f.Seat)
}

// AskCall asks p for the call of v's seat and checks it against the
// auction; a player error or an illegal call is a *Failure.
func AskCall(ctx context.Context, p Player, v *engine.View) (engine.Call, string, error) {
	c, alert, err := p.Call(ctx, v)
	if err != nil {
		return 0, "", &Failure{Seat: v.Seat, Err: fmt.Errorf("call: %w", err)}
	}
	if err := v.Auction.Check(c); err != nil {
		return 0, "", &Failure{Seat: v.Seat, Err: fmt.Errorf("called %s: %w: %w", c, ErrIllegalAction, err)}
	}
	return c, alert, nil
}

// AskCard asks p for the card to play in v (its own or, as declarer,
// dummy's) and checks it is legal; a player error or an illegal card is a
// *Failure.
func AskCard(ctx context.Context, p Player, v *engine.View) (engine.Card, error) {
	turn := v.Play.Turn()
	c, err := p.Card(ctx, v)
	if err != nil {
		return 0, &Failure{Seat: v.Seat, Err: fmt.Errorf("card for %s: %w", turn.Name(), err)}
	}
	if legal, ok := v.LegalCards(); !ok || !legal.Has(c) {
		return 0, &Failure{Seat: v.Seat, Err: fmt.Errorf("played %s from %s's hand: %w", c.RankSuit(), turn.Name(), ErrIllegalAction)}
	}
	return c, nil
}
