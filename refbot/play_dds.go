package refbot

import (
	"fmt"

	"github.com/openroom/openroom/dds"
)

// ddsSolver adapts the project's double-dummy solver to CardSolver.
type ddsSolver struct {
	s   *dds.Solver
	buf []dds.CardValue
}

// NewDDSSolver returns a CardSolver backed by package dds (one
// transposition table per solver; not safe for concurrent use).
func NewDDSSolver() CardSolver {
	return &ddsSolver{s: dds.NewSolver(), buf: make([]dds.CardValue, 0, 13)}
}

// CardValues values every legal card of the position with dds.
func (d *ddsSolver) CardValues(p *Position, dst []CardValue) ([]CardValue, error) {
	pos, err := dds.NewPosition(p.Hands, p.Trump, p.Leader, p.Trick[:p.NTrick]...)
	if err != nil {
		return dst, fmt.Errorf("refbot: dds position: %w", err)
	}
	d.buf, err = d.s.SolveAll(&pos, d.buf[:0])
	if err != nil {
		return dst, fmt.Errorf("refbot: dds: %w", err)
	}
	for _, cv := range d.buf {
		dst = append(dst, CardValue{Card: cv.Card, Tricks: cv.Tricks})
	}
	return dst, nil
}

// Nodes returns the solver's running node count.
func (d *ddsSolver) Nodes() uint64 { return d.s.Nodes() }
