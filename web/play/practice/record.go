package practice

import (
	"errors"
	"fmt"

	"github.com/openroom/openroom/engine"
)

// Record is the session as the page keeps it, to resume it after a reload
// or after the worker that ran it died: the totals and the rubber before
// the board in play, that board's number and every action taken on it.
// It holds nothing the person may not see: the calls and cards are public
// once made, and a finished deal of the rubber is public.
type Record struct {
	Totals Totals `json:"totals"`
	// Rubber lists the deals of the rubber in progress already on its
	// sheet (rubber modes), to write the sheet again; FirstDealer is the
	// rubber's first dealer.
	Rubber      []RubberDeal `json:"rubber,omitempty"`
	FirstDealer string       `json:"first_dealer,omitempty"`
	// Board is the number of the board in play; Given says it is the
	// configured deal (Config.Deal), not one dealt from the seed.
	Board   int      `json:"board"`
	Given   bool     `json:"given,omitempty"`
	Actions []Action `json:"actions"`
	// Deal is the board in play's deal (PBN, from its dealer) when it
	// came from a loaded PBN file, not from the seed; Queue are the
	// loaded deals still to play after it, in order.
	Deal  string     `json:"deal,omitempty"`
	Queue []LoadDeal `json:"queue,omitempty"`
}

// RubberDeal is one finished deal on a rubber's sheet.
type RubberDeal struct {
	Board    int    `json:"board"`
	Given    bool   `json:"given,omitempty"`
	Contract string `json:"contract"` // "Pass", "4S", "3NTX"
	Declarer string `json:"declarer,omitempty"`
	Tricks   int    `json:"tricks"`
	// Deal is the deal's cards (PBN) when it came from a loaded file.
	Deal string `json:"deal,omitempty"`
}

// Action is one call or card of the board in play: exactly one of Call
// and Card is set. Link says what decided a bot's action when it was not
// the level's own search (Chain), for the board's notes.
type Action struct {
	Seat  string `json:"seat"` // the seat that made it (for a card: the hand it came from)
	Call  string `json:"call,omitempty"`
	Alert string `json:"alert,omitempty"`
	Card  string `json:"card,omitempty"`
	Link  string `json:"link,omitempty"`
	// MS is how long a bot took to decide it, in milliseconds, as the
	// table measured it (the page's measurements read it).
	MS float64 `json:"ms,omitempty"`
}

// apply makes the recorded actions on a board just set up, and returns
// the alerts of the calls.
func (r *Record) apply(b *engine.Board) (alerts []string, err error) {
	for i, a := range r.Actions {
		seat, err := engine.ParseSeat(a.Seat)
		if err != nil {
			return nil, fmt.Errorf("action %d: %w", i, err)
		}
		switch {
		case a.Call != "":
			c, err := engine.ParseCall(a.Call)
			if err != nil {
				return nil, fmt.Errorf("action %d: %w", i, err)
			}
			if err := b.Call(seat, c); err != nil {
				return nil, fmt.Errorf("action %d: %w", i, err)
			}
			alerts = append(alerts, a.Alert)
		case a.Card != "":
			c, err := engine.ParseCard(a.Card)
			if err != nil {
				return nil, fmt.Errorf("action %d: %w", i, err)
			}
			if err := b.PlayCard(seat, c); err != nil {
				return nil, fmt.Errorf("action %d: %w", i, err)
			}
		default:
			return nil, fmt.Errorf("action %d: neither a call nor a card", i)
		}
	}
	return alerts, nil
}

// loaded returns the record's loaded deals: the board in play's (nil when
// it was dealt from the seed) and those still to play.
func (r *Record) loaded() (current *engine.BoardSetup, queue []engine.BoardSetup, err error) {
	if r.Deal != "" {
		d, err := engine.ParseDeal(r.Deal)
		if err != nil {
			return nil, nil, fmt.Errorf("the board in play: %w", err)
		}
		s := engine.NewBoardSetup(max(r.Board, 1), d)
		current = &s
	}
	for i, q := range r.Queue {
		d, err := engine.ParseDeal(q.Deal)
		if err != nil {
			return nil, nil, fmt.Errorf("loaded deal %d: %w", i+1, err)
		}
		queue = append(queue, engine.NewBoardSetup(max(q.Board, 1), d))
	}
	return current, queue, nil
}

// loadDeals writes loaded deals as a record keeps them.
func loadDeals(setups []engine.BoardSetup) []LoadDeal {
	var out []LoadDeal
	for _, s := range setups {
		out = append(out, LoadDeal{Board: s.Number, Deal: s.Deal.Format(s.Dealer)})
	}
	return out
}

// rubber writes the recorded deals on a new rubber of kind.
func (r *Record) rubber(kind engine.RubberKind, deal func(number int, given bool) engine.BoardSetup) (*engine.Rubber, error) {
	first, err := engine.ParseSeat(r.FirstDealer)
	if err != nil {
		return nil, errors.New("the record's rubber has no first dealer")
	}
	rb := engine.NewRubber(kind, first)
	for _, d := range r.Rubber {
		c, err := engine.ParseContract(d.Contract)
		if err != nil {
			return nil, err
		}
		if !c.PassedOut() {
			if c.Declarer, err = engine.ParseSeat(d.Declarer); err != nil {
				return nil, err
			}
		}
		var cards engine.Deal
		if d.Deal == "" {
			cards = deal(d.Board, d.Given).Deal
		} else if cards, err = engine.ParseDeal(d.Deal); err != nil {
			return nil, fmt.Errorf("deal %d: %w", d.Board, err)
		}
		if _, err := rb.Add(cards, c, d.Tricks); err != nil {
			return nil, fmt.Errorf("deal %d: %w", d.Board, err)
		}
	}
	return rb, nil
}
