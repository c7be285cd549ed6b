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
	// Relaxed is how many of the layouts the sampler drew only after it
	// gave up its strictest step (the system's call model: each hidden
	// seat, given the layout's hand, makes every call it made): layouts
	// that fit the auction's ranges only, or wider ones.
	Relaxed int
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
	if len(cands) < 2 || cfg.Worlds <= 0 {
		return chooseIn(v, sys, cands, cfg, nil, nil)
	}
	worlds, err := sample(v, sys, cfg, seed)
	if err != nil {
		return Result{Call: cands[0], Gain: make([]float64, len(cands))}, err
	}
	return chooseIn(v, sys, cands, cfg, worlds, func() layoutScore {
		m := trickMemo{}
		return func(deal engine.Deal, ct engine.Contract) (int, int, error) {
			return m.score(reach, deal, ct, v.Vul)
		}
	})
}

// ChooseDouble weighs a double of the opponents' undoubled contract
// against a pass, for the seat on turn in v: Choose's simulation with
// every contract scored at its exact double-dummy tricks (solve), since a
// penalty turns on each undertrick. The contract they hold if the auction
// ends now is first tried in the first screen layouts (reach, one
// zero-window search each); unless it fails in three quarters of them,
// the pass stands unweighed: a double gains its margin only on a contract
// that fails nearly always, and the screen spares the exact searches on
// most auctions.
func ChooseDouble(v *engine.View, sys *bidding.System, cfg Config, screen int, reach Reach, solve Solve, seed [32]byte) (Result, error) {
	cands := []engine.Call{engine.Pass, engine.Double}
	res := Result{Call: engine.Pass, Gain: make([]float64, len(cands))}
	held, err := heldContract(v)
	if err != nil || cfg.Worlds <= 0 {
		return res, err
	}
	worlds, err := sample(v, sys, cfg, seed)
	if err != nil {
		return res, err
	}
	res.Relaxed = relaxed(worlds)
	beaten, screened := 0, min(screen, len(worlds))
	for _, w := range worlds[:screened] {
		p, err := dds.NewPosition(w.Hands, held.Strain, held.Leader())
		if err != nil {
			return res, fmt.Errorf("simulate: %w", err)
		}
		defeats, err := reach(&p, 14-(held.Level+6))
		if err != nil {
			return res, fmt.Errorf("simulate: %w", err)
		}
		res.Solves++
		if defeats {
			beaten++
		}
	}
	if 4*beaten < 3*screened {
		res.Worlds = screened
		return res, nil
	}
	out, err := chooseIn(v, sys, cands, cfg, worlds, func() layoutScore {
		m := exactMemo{}
		return func(deal engine.Deal, ct engine.Contract) (int, int, error) {
			return m.score(solve, deal, ct, v.Vul)
		}
	})
	out.Solves += res.Solves
	return out, err
}

// relaxed counts the worlds drawn past the sampler's strictest step.
func relaxed(worlds []cardplay.World) int {
	n := 0
	for _, w := range worlds {
		if w.Step > 0 {
			n++
		}
	}
	return n
}

// heldContract is the contract of v's auction if every seat passed from
// now on: the opponents' last bid, undoubled, with its declarer.
func heldContract(v *engine.View) (engine.Contract, error) {
	a := v.Auction // a copy
	if !a.Legal(engine.Double) {
		return engine.Contract{}, errors.New("simulate: no contract of the opponents to double")
	}
	for !a.Done() {
		if err := a.Add(engine.Pass); err != nil {
			return engine.Contract{}, fmt.Errorf("simulate: %w", err)
		}
	}
	ct, _ := a.Contract()
	return ct, nil
}

// layoutScore returns North-South's score of contract ct in one layout
// and how many double-dummy searches it made.
type layoutScore func(deal engine.Deal, ct engine.Contract) (score, searches int, err error)

// chooseIn is Choose over the layouts given, with the scoring of a
// layout's contracts given: score makes a layout's scorer, which may
// share searches between candidates.
func chooseIn(v *engine.View, sys *bidding.System, cands []engine.Call, cfg Config, worlds []cardplay.World, score func() layoutScore) (Result, error) {
	if len(cands) == 0 {
		return Result{}, errors.New("simulate: no candidate calls")
	}
	res := Result{Call: cands[0], Gain: make([]float64, len(cands)), Relaxed: relaxed(worlds)}
	if len(cands) == 1 || len(worlds) == 0 {
		return res, nil
	}
	us := v.Seat.Side()
	scores := make([]int, len(cands))
	for _, w := range worlds {
		layout := score()
		for i, c := range cands {
			ct, err := bidOut(v, sys, w.Hands, c)
			if err != nil {
				return res, err
			}
			s, solved, err := layout(w.Hands, ct)
			if err != nil {
				return res, err
			}
			res.Solves += solved
			if us == engine.EW {
				s = -s
			}
			scores[i] = s
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

// exactMemo keeps one layout's double-dummy tricks by strain and
// declarer, so that candidates reaching the same strain by the same hand
// share a search.
type exactMemo map[[2]uint8]int

// score returns North-South's score of contract ct in the layout at its
// exact double-dummy tricks, and how many searches it took (0 or 1).
func (m exactMemo) score(solve Solve, deal engine.Deal, ct engine.Contract, vul engine.Vulnerability) (int, int, error) {
	if ct.PassedOut() {
		return 0, 0, nil
	}
	key := [2]uint8{uint8(ct.Strain), uint8(ct.Declarer)}
	tricks, ok := m[key]
	searched := 0
	if !ok {
		var err error
		if tricks, err = declarerTricks(solve, deal, ct); err != nil {
			return 0, 0, err
		}
		searched = 1
		m[key] = tricks
	}
	return engine.ScoreNS(ct, vul, tricks), searched, nil
}
