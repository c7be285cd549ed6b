package results

import (
	"fmt"

	"github.com/openroom/openroom/engine"
)

// Setup returns the board the record was played with: number, dealer,
// vulnerability, deal and the seed it was dealt from; the kept board's
// (SetBoard) for a record made at a table, else read from the record.
func (r *Record) Setup() (engine.BoardSetup, error) {
	if r.board != nil {
		return r.board.Setup(), nil
	}
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

// Played is one board-room in engine types: the board as it was played
// (done, or where a fault stopped it), each call's alert, how it ended, and
// the record that states the rest (where and by whom it was played, the
// times). It is what the writers (PBN, LIN), the analysis and the live
// view read, so that none of them parses a record's strings or replays its
// board on its own: a record made at a table gives the board it was made
// from (Record.Played), one read from a file is decoded once (Decode).
type Played struct {
	// Record is the record the board was played as; its facts are the
	// Board's (Decode checks them, SetBoard is given both at once).
	Record *Record
	// Board is the board as played, left where the record stops. It is
	// shared, never to be changed.
	Board *engine.Board
	// Alerts holds each call's alert text ("" for none).
	Alerts []string
	// Alerted says, per call, whether it was alerted (Call.IsAlerted): a
	// bare alert is Alerted with an empty Alerts text.
	Alerted []bool
	// Outcome is how the board ended.
	Outcome engine.Outcome
}

// SetBoard keeps the board the record was made from (FromBoard), so that
// Played gives it as it was played instead of replaying the record's
// strings. The record keeps its own copy; it is not written, and a record
// read back from a file has none. A table sets it on the records it makes,
// after FromBoard; FromBoard does not, so that a record is the same value
// as its line read back.
func (r *Record) SetBoard(b *engine.Board) {
	kept := *b
	r.board = &kept
}

// Played returns the record in engine types: the board SetBoard kept, with
// the record's alerts and outcome, when it was made at a table (nothing is
// parsed or replayed); otherwise Decode's replay of the record.
func (r *Record) Played() (*Played, error) {
	if r.board == nil {
		return r.Decode()
	}
	o, err := r.Outcome()
	if err != nil {
		return nil, err
	}
	p := &Played{Record: r, Board: r.board, Outcome: o}
	p.Alerts, p.Alerted = alertsOf(r.Auction)
	return p, nil
}

// alertsOf returns each call's alert text and whether it was alerted.
func alertsOf(calls []Call) (alerts []string, alerted []bool) {
	alerts, alerted = make([]string, len(calls)), make([]bool, len(calls))
	for i, c := range calls {
		alerts[i], alerted[i] = c.Alert, c.IsAlerted()
	}
	return alerts, alerted
}

// Decode reads the record into engine types: it parses the setup, replays
// every call and card through the engine (so a card not held, a revoke or
// a call out of turn is an error naming it) and checks that the recorded
// contract, declarer, tricks and score are the replay's. A board that
// ended normally must be finished; one with no termination kind at all (as
// FromBoard leaves an unfinished board) decodes where it stops. It is the
// one decoder from a record's strings to engine types: every reader of
// results files (analysis, PBN, LIN, the live view) goes through it, by
// Played for a record that may have come from a table.
func (r *Record) Decode() (*Played, error) {
	setup, err := r.Setup()
	if err != nil {
		return nil, err
	}
	calls := make([]engine.Call, len(r.Auction))
	for i, c := range r.Auction {
		if calls[i], err = engine.ParseCall(c.Call); err != nil {
			return nil, fmt.Errorf("%w: call %d: %v", ErrMalformed, i+1, err)
		}
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
	p := &Played{Record: r, Board: b, Outcome: o}
	p.Alerts, p.Alerted = alertsOf(r.Auction)
	return p, nil
}
