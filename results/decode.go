package results

import (
	"fmt"

	"github.com/openroom/openroom/engine"
)

// Setup reads the board the record was played with: number, dealer,
// vulnerability, deal and the seed it was dealt from.
func (r *Record) Setup() (engine.BoardSetup, error) {
	s := engine.BoardSetup{Number: r.Board, Seed: r.Seed}
	var err error
	if s.Dealer, err = engine.ParseSeat(r.Dealer); err != nil {
		return s, fmt.Errorf("%w: dealer: %v", ErrMalformed, err)
	}
	if s.Vul, err = engine.ParseVulnerability(r.Vulnerable); err != nil {
		return s, fmt.Errorf("%w: vulnerable: %v", ErrMalformed, err)
	}
	if s.Deal, err = engine.ParseDeal(r.Deal); err != nil {
		return s, fmt.Errorf("%w: deal: %v", ErrMalformed, err)
	}
	if err := s.Validate(); err != nil {
		return s, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	return s, nil
}

// Decoded is a record read into engine types.
type Decoded struct {
	// Board is the board replayed from the record's setup, auction and
	// play by the rules, left where the record stops.
	Board *engine.Board
	// Alerts holds each call's alert text ("" for none).
	Alerts []string
	// Alerted says, per call, whether it was alerted (Call.IsAlerted): a
	// bare alert is Alerted with an empty Alerts text.
	Alerted []bool
	// Outcome is how the board ended.
	Outcome engine.Outcome
}

// Decode reads the record into engine types: it parses the setup, replays
// every call and card through the engine (so a card not held, a revoke or
// a call out of turn is an error naming it) and checks that the recorded
// contract, declarer, tricks and score are the replay's. A board that
// ended normally must be finished; one with no termination kind at all (as
// FromBoard leaves an unfinished board) decodes where it stops. Every reader of
// results (analysis, PBN, LIN) goes through it.
func (r *Record) Decode() (*Decoded, error) {
	setup, err := r.Setup()
	if err != nil {
		return nil, err
	}
	calls := make([]engine.Call, len(r.Auction))
	alerts := make([]string, len(r.Auction))
	alerted := make([]bool, len(r.Auction))
	for i, c := range r.Auction {
		if calls[i], err = engine.ParseCall(c.Call); err != nil {
			return nil, fmt.Errorf("%w: call %d: %v", ErrMalformed, i+1, err)
		}
		alerts[i], alerted[i] = c.Alert, c.IsAlerted()
	}
	cards := make([]engine.Card, len(r.Play))
	for i, s := range r.Play {
		if cards[i], err = engine.ParseCard(s); err != nil {
			return nil, fmt.Errorf("%w: play card %d: %v", ErrMalformed, i+1, err)
		}
	}
	b, err := engine.Replay(setup, calls, cards)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	o, err := r.Outcome()
	if err != nil {
		return nil, err
	}
	if err := compare(r, b, o, false); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	return &Decoded{Board: b, Alerts: alerts, Alerted: alerted, Outcome: o}, nil
}
