package pbn

import (
	"io"
	"strings"

	"github.com/openroom/openroom/engine"
)

// BoardDeal is what a table needs to play a board from a file.
type BoardDeal struct {
	Board  int
	Dealer engine.Seat
	Vul    engine.Vulnerability
	Deal   engine.Deal
}

// ReadDeals reads every game of a PBN file as a board to play: its number,
// dealer, vulnerability and deal, in file order. The Board tag gives the
// number (a game without one takes the previous number plus one, starting at
// 1); the Dealer and Vulnerable tags give dealer and vulnerability, and when
// a tag is missing or empty the WBF convention for the board number is used.
// Every game must have a complete, valid Deal. A game that repeats an earlier
// board exactly (same number, dealer, vulnerability and deal, as in a results
// file holding both rooms of a match) is left out. The first malformed game
// stops the read with an *Error naming its line and board; the boards before
// it are returned.
func ReadDeals(r io.Reader) ([]BoardDeal, error) {
	pr := NewReader(r)
	var out []BoardDeal
	seen := make(map[BoardDeal]bool)
	last := 0
	for {
		g, err := pr.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		bd, err := boardDeal(g, last)
		if err != nil {
			return out, err
		}
		last = bd.Board
		if !seen[bd] {
			seen[bd] = true
			out = append(out, bd)
		}
	}
}

// BoardDeal returns the game as a board to play, with the fallbacks of
// ReadDeals; prevBoard is the number of the previous board (0 for none).
func (g *Game) BoardDeal(prevBoard int) (BoardDeal, error) { return boardDeal(g, prevBoard) }

func boardDeal(g *Game, prevBoard int) (BoardDeal, error) {
	var bd BoardDeal
	var err error
	if strings.TrimSpace(g.Get("Board")) == "" {
		bd.Board = prevBoard + 1
	} else if bd.Board, err = g.Board(); err != nil {
		return bd, err
	}
	if strings.TrimSpace(g.Get("Dealer")) == "" {
		bd.Dealer = engine.BoardDealer(bd.Board)
	} else if bd.Dealer, err = g.Dealer(); err != nil {
		return bd, err
	}
	if strings.TrimSpace(g.Get("Vulnerable")) == "" {
		bd.Vul = engine.BoardVulnerability(bd.Board)
	} else if bd.Vul, err = g.Vulnerability(); err != nil {
		return bd, err
	}
	if bd.Deal, err = g.Deal(); err != nil {
		return bd, err
	}
	// ParseDeal lets "-" stand for an unknown hand; a board to play needs all four.
	if err := bd.Deal.Validate(); err != nil {
		return bd, g.errorf("Deal", "%w", err)
	}
	return bd, nil
}

// Replay builds the board's engine state from the game: the board, dealer,
// vulnerability and deal as ReadDeals finds them, then every call of the
// Auction section and every card of the Play section, each checked by the
// engine (so a card not held, or a revoke, is an error). The board is left
// where the record stops: done, or mid-auction or mid-play for an unfinished
// board.
func (g *Game) Replay() (*engine.Board, error) {
	bd, err := g.BoardDeal(0)
	if err != nil {
		return nil, err
	}
	b := &engine.Board{}
	b.Reset(bd.Board, bd.Dealer, bd.Vul, bd.Deal)
	a, err := g.Auction()
	if err != nil {
		return nil, err
	}
	if a == nil {
		return b, nil
	}
	if a.Dealer != bd.Dealer {
		return nil, g.errorf("Auction", "the auction starts with %s but the dealer is %s", a.Dealer.Name(), bd.Dealer.Name())
	}
	for i, c := range a.Calls {
		if err := b.Call(c.Seat, c.Call); err != nil {
			return nil, g.errorf("Auction", "call %d: %w", i+1, err)
		}
	}
	p, err := g.Play()
	if err != nil || p == nil {
		return b, err
	}
	if len(p.Cards) > 0 && b.Phase() != engine.PhasePlay {
		return nil, g.errorf("Play", "cards played but the auction did not end in a contract")
	}
	if c, ok := b.Contract(); ok && len(p.Cards) > 0 && c.Leader() != p.Leader {
		return nil, g.errorf("Play", "the play starts with %s but the opening leader is %s", p.Leader.Name(), c.Leader().Name())
	}
	for i, c := range p.Cards {
		seat, ok := b.Turn()
		if !ok {
			return nil, g.errorf("Play", "card %d (%s) after the play ended", i+1, c)
		}
		if err := b.PlayCard(seat, c); err != nil {
			return nil, g.errorf("Play", "card %d: %w", i+1, err)
		}
	}
	return b, nil
}
