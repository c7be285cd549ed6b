package engine

import (
	"errors"
	"fmt"
)

// ReplayError is a call or card of a recorded board that the rules refuse.
type ReplayError struct {
	// Phase is PhaseAuction for a call, PhasePlay for a card.
	Phase Phase
	// Index is the call's or card's index in the record, from 0.
	Index int
	Err   error
}

// Error names the call or card, counting from 1.
func (e *ReplayError) Error() string {
	what := "call"
	if e.Phase == PhasePlay {
		what = "card"
	}
	return fmt.Sprintf("%s %d: %v", what, e.Index+1, e.Err)
}

// Unwrap returns the rule that was broken.
func (e *ReplayError) Unwrap() error { return e.Err }

// ErrPlayWithoutContract marks cards recorded after an auction that did not
// end in a contract.
var ErrPlayWithoutContract = errors.New("cards played but the auction did not end in a contract")

// Replay plays a recorded board from its setup: every call of the auction
// in order from the dealer, then every card from the opening lead (dummy's
// cards in their turn), each checked by the rules as at the table. It
// returns the board where the record stops: done, or mid-auction or
// mid-play for an unfinished one. The first call or card the rules refuse
// stops it with a *ReplayError; the board so far is returned with it.
func Replay(s BoardSetup, calls []Call, cards []Card) (*Board, error) {
	b := &Board{}
	b.Reset(s)
	return b, b.Replay(calls, cards)
}

// Replay goes on from the board's state with the recorded calls and then
// cards, as the function Replay does from a fresh board, without
// allocating. The indexes in a *ReplayError count from the first call or
// card given.
func (b *Board) Replay(calls []Call, cards []Card) error {
	for i, c := range calls {
		if b.phase != PhaseAuction {
			return &ReplayError{Phase: PhaseAuction, Index: i, Err: fmt.Errorf("%s after the auction ended: %w", c, ErrWrongPhase)}
		}
		if err := b.Call(b.auction.Turn(), c); err != nil {
			return &ReplayError{Phase: PhaseAuction, Index: i, Err: err}
		}
	}
	for i, c := range cards {
		if b.phase != PhasePlay {
			err := ErrPlayWithoutContract
			if b.phase == PhaseDone && !b.contract.PassedOut() {
				err = fmt.Errorf("%s after the play ended: %w", c, ErrWrongPhase)
			}
			return &ReplayError{Phase: PhasePlay, Index: i, Err: err}
		}
		if err := b.PlayCard(b.play.Turn(), c); err != nil {
			return &ReplayError{Phase: PhasePlay, Index: i, Err: err}
		}
	}
	return nil
}
