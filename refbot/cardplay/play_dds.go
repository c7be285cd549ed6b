package cardplay

import (
	"fmt"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
)

// ddsSolver adapts the project's double-dummy solver to CardSolver.
type ddsSolver struct {
	s *dds.Solver
}

// NewDDSSolver returns a CardSolver backed by package dds (one
// transposition table per solver; not safe for concurrent use).
func NewDDSSolver() CardSolver {
	return &ddsSolver{s: dds.NewSolver()}
}

// DDSSolverOf returns a CardSolver backed by the given dds solver, for a
// caller that shares one solver (and its table) among bots and its own
// solves, one at a time.
func DDSSolverOf(s *dds.Solver) CardSolver {
	return &ddsSolver{s: s}
}

// dds returns the position as package dds has it.
func (p *Position) dds() (dds.Position, error) {
	pos, err := dds.NewPosition(p.Hands, p.Trump, p.Leader, p.Trick[:p.NTrick]...)
	if err != nil {
		return pos, fmt.Errorf("refbot: dds position: %w", err)
	}
	return pos, nil
}

// CardValues values every legal card of the position with dds.
func (d *ddsSolver) CardValues(p *Position, dst []dds.CardValue) ([]dds.CardValue, error) {
	return d.CardValuesOf(p, engine.FullDeck, dst)
}

// CardValuesOf values the legal cards among cards with dds.
func (d *ddsSolver) CardValuesOf(p *Position, cards engine.Hand, dst []dds.CardValue) ([]dds.CardValue, error) {
	pos, err := p.dds()
	if err != nil {
		return dst, err
	}
	dst, err = d.s.SolveAllOf(&pos, cards, dst)
	if err != nil {
		return dst, fmt.Errorf("refbot: dds: %w", err)
	}
	return dst, nil
}

// CardTargets tells with dds whether each legal card among cards keeps
// target tricks (of those left, the current trick included) within the
// mover's reach.
func (d *ddsSolver) CardTargets(p *Position, target int, cards engine.Hand, dst []dds.CardReach) ([]dds.CardReach, error) {
	pos, err := p.dds()
	if err != nil {
		return dst, err
	}
	dst, err = d.s.SolveTargetOf(&pos, target, cards, dst)
	if err != nil {
		return dst, fmt.Errorf("refbot: dds: %w", err)
	}
	return dst, nil
}

// BetterCard tells with dds whether another legal card than card (and
// those equivalent to it) keeps target tricks within reach.
func (d *ddsSolver) BetterCard(p *Position, card engine.Card, target int) (bool, error) {
	pos, err := p.dds()
	if err != nil {
		return false, err
	}
	_, ok, err := d.s.SolveBetter(&pos, card, target)
	if err != nil {
		return false, fmt.Errorf("refbot: dds: %w", err)
	}
	return ok, nil
}

// tableKeeper is a CardSolver that can keep its transposition table
// through the worlds of one decision (dds.Solver.KeepTable). An entry
// holds for any deal, so the values are those of a table per world, with
// less search.
type tableKeeper interface {
	StartDecision(keep bool)
}

// StartDecision empties the transposition table and sets whether the
// solves of the decision keep it from one world to the next.
func (d *ddsSolver) StartDecision(keep bool) {
	d.s.KeepTable(keep)
	d.s.NewTable()
}

// Nodes returns the solver's running node count.
func (d *ddsSolver) Nodes() uint64 { return d.s.Nodes() }
