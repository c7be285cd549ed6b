package pbn

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/openroom/openroom/engine"
)

// ReadDeals reads every game of a PBN file as a board to play: its number,
// dealer, vulnerability and deal, in file order. The Board tag gives the
// number (a game without one takes the previous number plus one, starting at
// 1); the Dealer and Vulnerable tags give dealer and vulnerability, and when
// a tag is missing or empty the WBF convention for the board number is used.
// Every game must have a complete, valid Deal. A game that repeats an earlier
// board exactly (same number, dealer, vulnerability and deal, as in a results
// file holding both rooms of a match) is left out; a board number that
// appears again with other cards, dealer or vulnerability is an error. The
// first malformed game stops the read with an *Error naming its line and
// board; the boards before it are returned.
func ReadDeals(r io.Reader) ([]engine.BoardSetup, error) {
	pr := NewReader(r)
	var out []engine.BoardSetup
	type first struct {
		bd   engine.BoardSetup
		line int
	}
	seen := make(map[int]first)
	last := 0
	for {
		g, err := pr.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		bd, err := g.Setup(last)
		if err != nil {
			return out, err
		}
		last = bd.Number
		line := g.Line
		if t := g.Tag("Board"); t != nil && t.Line > 0 {
			line = t.Line
		}
		prev, again := seen[bd.Number]
		switch {
		case !again:
			seen[bd.Number] = first{bd, line}
			out = append(out, bd)
		case prev.bd != bd:
			what := "cards"
			if prev.bd.Deal == bd.Deal {
				what = "dealer or vulnerability"
			}
			return out, &Error{Line: line, Board: strconv.Itoa(bd.Number), Tag: "Board",
				Err: fmt.Errorf("board %d appears again with different %s (first at line %d)", bd.Number, what, prev.line)}
		}
	}
}

// Setup returns the game as a board to play, with the fallbacks of
// ReadDeals; prevBoard is the number of the previous board (0 for none).
func (g *Game) Setup(prevBoard int) (engine.BoardSetup, error) {
	var bd engine.BoardSetup
	var err error
	if strings.TrimSpace(g.Get("Board")) == "" {
		bd.Number = prevBoard + 1
	} else if bd.Number, err = g.Board(); err != nil {
		return bd, err
	}
	if strings.TrimSpace(g.Get("Dealer")) == "" {
		bd.Dealer = engine.BoardDealer(bd.Number)
	} else if bd.Dealer, err = g.Dealer(); err != nil {
		return bd, err
	}
	if strings.TrimSpace(g.Get("Vulnerable")) == "" {
		bd.Vul = engine.BoardVulnerability(bd.Number)
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
	bd, err := g.Setup(0)
	if err != nil {
		return nil, err
	}
	a, err := g.Auction()
	if err != nil {
		return nil, err
	}
	if a == nil {
		b := &engine.Board{}
		b.Reset(bd)
		return b, nil
	}
	if a.Dealer != bd.Dealer {
		return nil, g.errorf("Auction", "the auction starts with %s but the dealer is %s", a.Dealer.Name(), bd.Dealer.Name())
	}
	calls := make([]engine.Call, len(a.Calls))
	for i, c := range a.Calls {
		calls[i] = c.Call
	}
	p, err := g.Play()
	if err != nil {
		return nil, err
	}
	var cards []engine.Card
	if p != nil {
		cards = p.Cards
	}
	b := &engine.Board{}
	b.Reset(bd)
	if err := b.Replay(calls, nil); err != nil {
		return nil, g.errorf("Auction", "%w", err)
	}
	if c, ok := b.Contract(); ok && len(cards) > 0 && !c.PassedOut() && c.Leader() != p.Leader {
		return nil, g.errorf("Play", "the play starts with %s but the opening leader is %s", p.Leader.Name(), c.Leader().Name())
	}
	if err := b.Replay(nil, cards); err != nil {
		return nil, g.errorf("Play", "%w", err)
	}
	return b, nil
}
