// Package simulate chooses a call by simulation where a bidding system
// leaves the decision to judgement (game and slam tries, invitations,
// competitive part scores): it samples layouts of the hidden hands
// consistent with the auction (the card play's sampler), bids each
// candidate call out with the system at all four seats in each layout,
// scores the contract reached by whether it makes double dummy (made
// exactly, or down one: overtricks and further undertricks seldom turn a
// judgement, and one zero-window search a contract costs a fraction of a
// full solve), and takes the candidate with the best expected IMPs
// against the system's own call.
//
// Counts, never the clock, bound the work: a number of layouts and of
// sampler draws. The same view, candidates, settings and seed give the
// same call.
package simulate

import (
	"errors"
	"fmt"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/bidding"
	"github.com/openroom/openroom/refbot/cardplay"
)

// Config bounds one decision's work.
type Config struct {
	Worlds   int // layouts of the hidden hands to sample
	Attempts int // sampler draws per wanted layout before it relaxes the auction's constraints
	// Margin is how many IMPs a layout, on average, a candidate must gain
	// over the system's own call to replace it: sampling noise should not
	// overturn the system on a coin toss.
	Margin float64
}

// Result is a decision and what it rested on.
type Result struct {
	Call   engine.Call // the chosen call
	Worlds int         // layouts scored
	// Gain[i] is candidate i's mean IMPs a layout against candidate 0 (the
	// system's own call, so Gain[0] is 0).
	Gain   []float64
	Solves int // double-dummy searches made (one a contract a layout, shared)
}

// Reach reports whether the side on lead in a position takes at least
// target tricks, double dummy.
type Reach func(p *dds.Position, target int) (bool, error)

// maxBidOut bounds the calls a bid-out may add; an auction has at most
// 319 legal calls, and the system bids far fewer.
const maxBidOut = 64

// Choose picks among cands, of which cands[0] is the system's own choice,
// for the seat on turn in v (its own hand and the public auction only).
// reach scores the contracts (whether the side on lead reaches a number
// of tricks, double dummy: dds.Solver.Reaches); seed fixes the layouts.
func Choose(v *engine.View, sys *bidding.System, cands []engine.Call, cfg Config, reach Reach, seed [32]byte) (Result, error) {
	if len(cands) == 0 {
		return Result{}, errors.New("simulate: no candidate calls")
	}
	res := Result{Call: cands[0], Gain: make([]float64, len(cands))}
	if len(cands) == 1 || cfg.Worlds <= 0 {
		return res, nil
	}
	worlds, err := sample(v, sys, cfg, seed)
	if err != nil {
		return res, err
	}
	us := v.Seat.Side()
	scores := make([]int, len(cands))
	for _, w := range worlds {
		tricks := trickMemo{}
		for i, c := range cands {
			ct, err := bidOut(v, sys, w.Hands, c)
			if err != nil {
				return res, err
			}
			score, solved, err := tricks.score(reach, w.Hands, ct, v.Vul)
			if err != nil {
				return res, err
			}
			res.Solves += solved
			if us == engine.EW {
				score = -score
			}
			scores[i] = score
		}
		for i := range cands {
			res.Gain[i] += float64(engine.IMPs(scores[i] - scores[0]))
		}
		res.Worlds++
	}
	best := 0
	for i := range cands {
		res.Gain[i] /= float64(res.Worlds)
		if res.Gain[i] > res.Gain[best] {
			best = i
		}
	}
	if best != 0 && res.Gain[best] >= cfg.Margin {
		res.Call = cands[best]
	}
	return res, nil
}

// sample draws cfg.Worlds layouts of the hidden hands consistent with the
// auction of v, as sys reads it (the card play's sampler).
func sample(v *engine.View, sys *bidding.System, cfg Config, seed [32]byte) ([]cardplay.World, error) {
	f, err := cardplay.AuctionFacts(v, sys.Soft(v))
	if err != nil {
		return nil, fmt.Errorf("simulate: %w", err)
	}
	smp, err := cardplay.NewSampler(&f, seed)
	if err != nil {
		return nil, fmt.Errorf("simulate: %w", err)
	}
	worlds, err := smp.Sample(cfg.Worlds, max(1, cfg.Attempts))
	if err != nil {
		return nil, fmt.Errorf("simulate: %w", err)
	}
	return worlds, nil
}

// bidOut finishes the auction of v with call c and then the system at all
// four seats of the layout, and returns the contract.
func bidOut(v *engine.View, sys *bidding.System, deal engine.Deal, c engine.Call) (engine.Contract, error) {
	a := v.Auction // a copy: the auction holds its calls in an array
	if err := a.Add(c); err != nil {
		return engine.Contract{}, fmt.Errorf("simulate: candidate %s: %w", c, err)
	}
	for n := 0; !a.Done(); n++ {
		turn := a.Turn()
		view := engine.NewView(turn, v.Number, v.Dealer, v.Vul, deal[turn])
		view.Auction = a
		next, _, _ := sys.Choose(&view)
		if n >= maxBidOut || a.Add(next) != nil {
			next = engine.Pass
			if err := a.Add(next); err != nil {
				return engine.Contract{}, fmt.Errorf("simulate: bidding out: %w", err)
			}
		}
	}
	ct, _ := a.Contract()
	return ct, nil
}

// trickMemo keeps one layout's double-dummy answers by strain, declarer
// and tricks needed, so candidates that reach the same contract, or the
// same strain and level, share a search.
type trickMemo map[[3]uint8]bool

// score returns North-South's score of contract ct in the layout, counted
// as made exactly or down one, and how many searches it took (0 or 1).
func (m trickMemo) score(reach Reach, deal engine.Deal, ct engine.Contract, vul engine.Vulnerability) (int, int, error) {
	if ct.PassedOut() {
		return 0, 0, nil
	}
	need := ct.Level + 6
	key := [3]uint8{uint8(ct.Strain), uint8(ct.Declarer), uint8(need)}
	beaten, ok := m[key]
	searched := 0
	if !ok {
		p, err := dds.NewPosition(deal, ct.Strain, ct.Leader())
		if err != nil {
			return 0, 0, fmt.Errorf("simulate: %w", err)
		}
		beaten, err = reach(&p, 14-need)
		if err != nil {
			return 0, 0, fmt.Errorf("simulate: %w", err)
		}
		searched = 1
		m[key] = beaten
	}
	tricks := need
	if beaten {
		tricks = need - 1
	}
	return engine.ScoreNS(ct, vul, tricks), searched, nil
}
