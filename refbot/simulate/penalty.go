package simulate

import (
	"errors"
	"fmt"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/bidding"
)

// Solve returns the tricks the side on lead in a position takes, double
// dummy (dds.Solver.Solve).
type Solve func(p *dds.Position) (int, error)

// Penalty is the simulated value of doubling the opponents' contract.
type Penalty struct {
	// Gain is the mean IMPs a layout that doubling gains over passing
	// (negative when it loses).
	Gain float64
	// Worlds is how many layouts were scored; Defeated how many of them
	// beat the contract.
	Worlds, Defeated int
}

// PenaltyGain weighs a double of the opponents' undoubled contract ct by
// the seat on turn in v: it samples layouts of the hidden hands
// consistent with the auction (the card play's sampler), solves ct double
// dummy in each (every undertrick and overtrick counts here, unlike
// Choose's made-or-down-one), and returns the mean IMPs a layout that the
// contract doubled scores for the seat's side over the contract undoubled.
// It assumes the auction ends with the double: no runout, no redouble, and
// partner leaves it in. Counts bound the work (cfg.Worlds, cfg.Attempts);
// the same view, contract, settings and seed give the same answer.
func PenaltyGain(v *engine.View, sys *bidding.System, ct engine.Contract, cfg Config, solve Solve, seed [32]byte) (Penalty, error) {
	var res Penalty
	if ct.PassedOut() || ct.Penalty != engine.Undoubled {
		return res, errors.New("simulate: a penalty double needs an undoubled contract")
	}
	if ct.Declarer.Side() == v.Seat.Side() {
		return res, errors.New("simulate: a penalty double of the side's own contract")
	}
	if cfg.Worlds <= 0 {
		return res, nil
	}
	worlds, err := sample(v, sys, cfg, seed)
	if err != nil {
		return res, err
	}
	doubled := ct
	doubled.Penalty = engine.Doubled
	sign := 1 // the seat's side's score is North-South's, or its negative
	if v.Seat.Side() == engine.EW {
		sign = -1
	}
	total := 0
	for _, w := range worlds {
		tricks, err := declarerTricks(solve, w.Hands, ct)
		if err != nil {
			return res, err
		}
		if tricks < ct.Level+6 {
			res.Defeated++
		}
		diff := engine.ScoreNS(doubled, v.Vul, tricks) - engine.ScoreNS(ct, v.Vul, tricks)
		total += engine.IMPs(sign * diff)
		res.Worlds++
	}
	if res.Worlds > 0 {
		res.Gain = float64(total) / float64(res.Worlds)
	}
	return res, nil
}

// declarerTricks returns the tricks declarer of contract ct takes in the
// deal, double dummy.
func declarerTricks(solve Solve, deal engine.Deal, ct engine.Contract) (int, error) {
	p, err := dds.NewPosition(deal, ct.Strain, ct.Leader())
	if err != nil {
		return 0, fmt.Errorf("simulate: %w", err)
	}
	defence, err := solve(&p)
	if err != nil {
		return 0, fmt.Errorf("simulate: %w", err)
	}
	return 13 - defence, nil
}
