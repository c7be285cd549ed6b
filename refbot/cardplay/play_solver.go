package cardplay

import (
	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
)

// Position is a double-dummy problem built from one sampled world: the
// remaining cards of the four seats (the current trick's cards excluded),
// the trump, the leader of the current trick and the cards played to it.
type Position struct {
	Hands  engine.Deal
	Trump  engine.Strain
	Leader engine.Seat
	Trick  [3]engine.Card
	NTrick int
}

// Turn returns the seat to play next.
func (p *Position) Turn() engine.Seat { return (p.Leader + engine.Seat(p.NTrick)) & 3 }

// CardSolver values every legal card of a position double dummy. Nodes is a
// running count of search nodes, used as the deterministic work limit. A
// CardSolver need not be safe for concurrent use.
type CardSolver interface {
	CardValues(p *Position, dst []dds.CardValue) ([]dds.CardValue, error)
	Nodes() uint64
}

// TargetSolver is a CardSolver that can also answer the cheaper question
// of whether each legal card among cards keeps a number of tricks within
// reach (one zero-window search a card instead of an exact count; cards
// not among them are neither searched nor reported). SearchCard asks it
// early in the play, where exact counts cost the most (Params.TargetCards).
type TargetSolver interface {
	CardSolver
	CardTargets(p *Position, target int, cards engine.Hand, dst []dds.CardReach) ([]dds.CardReach, error)
	// CardValuesOf is CardValues for the legal cards among cards only
	// (an opening leader choosing the suit, Params.LeadSuits).
	CardValuesOf(p *Position, cards engine.Hand, dst []dds.CardValue) ([]dds.CardValue, error)
	// BetterCard reports whether a legal card other than card and those
	// equivalent to it keeps target tricks within reach: with target one
	// more than card's value, whether card gave up a trick. It may stop at
	// the first such card (the play check asks it, PlayCheck).
	BetterCard(p *Position, card engine.Card, target int) (bool, error)
}
