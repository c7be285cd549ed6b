package cardplay

import (
	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
)

// unsoundWeight is the weight of a world in which one of the opponents'
// recent cards gave up a trick double dummy (Params.PlayCheck).
// Over 411 replayed defence leads with 48 worlds each, weights of 0.25
// and 0.1 lost within 3 tricks of each other and 0.5 as much as no
// weight (a diagnostic, not kept).
const unsoundWeight = 0.25

// playCheck values a world by the soundness of the opponents' recent
// cards in it: going back from the decision, each card's position is
// rebuilt in the world and the card is checked against the best card
// there: can another card take one trick more than the card played
// (zero-window searches, TargetSolver.BetterCard, which skips the cards
// equivalent to it and stops at the first that does)? Cards of the
// decider's own side are taken as sound (they are not searched), which can
// only miss an unsound opponent's card, never invent one.
type playCheck struct {
	v      *engine.View
	us     engine.Side
	first  int // index in the play of the first card checked
	solver TargetSolver
	seat   []engine.Seat // the seat that played each card so far
}

// newPlayCheck prepares the check of the opponents' cards among the last
// cards played before the view's decision.
func newPlayCheck(v *engine.View, cards int, solver TargetSolver) *playCheck {
	n := v.Play.Len()
	pc := &playCheck{v: v, us: v.Play.Turn().Side(), first: max(1, n-cards), solver: solver, seat: make([]engine.Seat, n)}
	for i := range n {
		pc.seat[i] = v.Play.SeatOf(i)
	}
	return pc
}

// weight returns the world's weight: unsoundWeight if an opponent's card
// checked gave up a trick in it, else 1. now are the values of the legal
// cards at the decision in this world (CardValues).
func (pc *playCheck) weight(w *engine.Deal, now []dds.CardValue) (float64, error) {
	p := &pc.v.Play
	cards := p.Cards()
	n := len(cards)
	if pc.first >= n {
		return 1, nil
	}
	// The value of the position before card j+1 (tricks of those left, the
	// current trick included) for side: at the decision, the best card's.
	val, side := 0, p.Turn().Side()
	for _, cv := range now {
		val = max(val, cv.Tricks)
	}
	hands := *w
	for j := n - 1; j >= pc.first; j-- {
		mover := pc.seat[j]
		left := 13 - (j+1)/4 // tricks left before card j+1
		if mover.Side() != side {
			val, side = left-val, mover.Side()
		}
		if (j+1)%4 == 0 && p.Winner(j/4).Side() == side {
			val++ // card j ended its trick, won by its side
		}
		// The hands before card j: the world's and the cards played from
		// j on (those of j's trick before it are in Trick).
		c := cards[j]
		hands[mover] = hands[mover].With(c)
		if mover.Side() == pc.us {
			continue // our side's card: taken as sound, the value unchanged
		}
		trick, leader := p.Trick(j / 4)
		pos := Position{Hands: hands, Trump: p.Trump(), Leader: leader}
		pos.NTrick = copy(pos.Trick[:], trick[:j%4])
		better, err := pc.solver.BetterCard(&pos, c, val+1)
		if err != nil {
			return 1, err
		}
		if better {
			return unsoundWeight, nil
		}
	}
	return 1, nil
}
