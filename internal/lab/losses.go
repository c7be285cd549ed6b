package lab

import (
	"fmt"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
)

// lateCards is the end of the play whose loss is reported beside the
// whole board's: the last 7 tricks, for comparison with figures of that
// part of the play alone.
const lateCards = 28

// losses is the tricks each side lost against double dummy on one board:
// over the whole play and in its last lateCards cards.
type losses struct {
	Declarer, Defence         int
	LateDeclarer, LateDefence int
	ByTrick                   [13]int // both sides' losses in each trick
	// ByPhase is each side's loss in each phase of the play (phaseOf),
	// [0] declarer's side, [1] the defence.
	ByPhase [2][numPhases]int
	ByCard  [52]int // the loss of each card, by its index in the play
	// DefenceLeads is the defence's loss on its leads of tricks 2-13.
	DefenceLeads int
}

// The phases of the play the measurements report separately: the
// opening lead, the rest of trick 1, trick 2, tricks 3-8 and 9-13.
const (
	phaseLead = iota
	phaseTrick1
	phaseTrick2
	phaseMiddle
	phaseEnd
	numPhases
)

// phaseNames names the phases, by index.
var phaseNames = [numPhases]string{"opening lead", "rest of trick 1", "trick 2", "tricks 3-8", "tricks 9-13"}

// phaseOf returns the phase of the card with index i (0 = the opening lead).
func phaseOf(i int) int {
	switch {
	case i == 0:
		return phaseLead
	case i < 4:
		return phaseTrick1
	case i < 8:
		return phaseTrick2
	case i < 32:
		return phaseMiddle
	}
	return phaseEnd
}

// auctionBoard returns board n of the deal with the calls made: a recorded
// board at the start of its play, to replay the cards on.
func auctionBoard(n int, deal engine.Deal, calls []engine.Call) (*engine.Board, error) {
	bd := engine.NewBoard(n, deal)
	for _, call := range calls {
		turn, _ := bd.Turn()
		if err := bd.Call(turn, call); err != nil {
			return nil, fmt.Errorf("board %d: %w", n, err)
		}
	}
	return bd, nil
}

// tallyLosses plays cards on bd (a board at the start of its play) and
// adds up the tricks each card lost, lost(i, side) for the card of index i
// played by side, by side, phase and trick.
func tallyLosses(bd *engine.Board, cards []engine.Card, lost func(i int, side engine.Side) int) (losses, error) {
	c, _ := bd.Contract()
	var l losses
	for i, card := range cards {
		turn, _ := bd.Turn()
		x := lost(i, turn.Side())
		l.ByTrick[i/4] += x
		l.ByCard[i] = x
		late := 52-i <= lateCards
		if turn.Side() == c.Declarer.Side() {
			l.ByPhase[0][phaseOf(i)] += x
			l.Declarer += x
			if late {
				l.LateDeclarer += x
			}
		} else {
			l.ByPhase[1][phaseOf(i)] += x
			l.Defence += x
			if late {
				l.LateDefence += x
			}
			if i > 0 && i%4 == 0 {
				l.DefenceLeads += x
			}
		}
		if err := bd.PlayCard(turn, card); err != nil {
			return l, fmt.Errorf("board %d, card %d: %w", bd.Number(), i+1, err)
		}
	}
	return l, nil
}

// ddLosses analyses a played board on its real deal (post-game analysis,
// never available to a bot): the double-dummy value after every card of
// the whole play, and for each card the tricks its side lost by it (the
// drop in that side's double-dummy total).
func ddLosses(played *engine.Board, sv *dds.Solver) (losses, error) {
	c, _ := played.Contract()
	cards := played.Play().Cards()
	ns, err := sv.AnalysePlay(played.Deal(), c.Strain, c.Leader(), cards)
	if err != nil {
		return losses{}, err
	}
	if len(ns) != len(cards)+1 {
		return losses{}, fmt.Errorf("board %d: %d values for %d cards", played.Number(), len(ns), len(cards))
	}
	bd, err := auctionBoard(played.Number(), played.Deal(), played.Auction().Calls())
	if err != nil {
		return losses{}, err
	}
	var gained error // a card that gained a trick: the analysis is wrong
	l, err := tallyLosses(bd, cards, func(i int, side engine.Side) int {
		lost := ns[i] - ns[i+1] // North-South's drop
		if side != engine.NS {
			lost = -lost
		}
		if lost < 0 && gained == nil {
			gained = fmt.Errorf("board %d card %d gained %d tricks double dummy", played.Number(), i+1, -lost)
		}
		return lost
	})
	if err != nil {
		return l, err
	}
	return l, gained
}
