package cardplay

import (
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/bidding"
)

// Walking a world into the models. After a long auction whole random
// deals almost never reproduce every hidden seat's calls (a few in ten
// thousand), although a hand that fits a seat's ranges makes that seat's
// calls about half the time: rejection pays for the three seats at once.
// A walk pays for them one card at a time instead. It starts from a drawn
// world, swaps one card between two hidden seats at a time and keeps a
// swap that leaves the world no further from the strictest step (first
// the ranges, then the models); once the world fits, it goes on swapping
// among the worlds that fit, a Metropolis walk whose steady state is the
// uniform law over them, the law rejection samples.

// Walk budgets, in proposed swaps: counts bound the work.
const (
	// walkClimb is the most swaps a world is given to reach the
	// strictest step.
	walkClimb = 96
	// walkMix is how many swaps a world that reached it makes among
	// the worlds that fit, so that it forgets where it started.
	walkMix = 32
	// walkProbe is how many worlds must fail to reach the strictest
	// step, with none reaching it, before the sampler stops walking
	// for this decision (models that fit nothing, such as the calls of
	// a seat that bids by other rules).
	walkProbe = 3
)

// walkState is one world on its walk with what it misses of step 0:
// each hidden seat's distance outside its ranges (dist) and, while no
// seat is outside (miss is stale otherwise), whether it misses its models
// (miss).
type walkState struct {
	w    engine.Deal
	dist [4]int
	miss [4]bool
}

// rangeDistance is how far hand h lies outside range r: the points it is
// short or over, plus the cards each suit is short or over.
func rangeDistance(r *bidding.HandRange, h engine.Hand) int {
	d := 0
	if p := h.HCP(); p < r.MinHCP {
		d += r.MinHCP - p
	} else if p > r.MaxHCP {
		d += p - r.MaxHCP
	}
	for s := engine.Clubs; s <= engine.Spades; s++ {
		n := h.SuitLen(s)
		if n < r.MinLen[s] {
			d += r.MinLen[s] - n
		} else if n > r.MaxLen[s] {
			d += n - r.MaxLen[s]
		}
	}
	return d
}

// seatDistance is hidden seat s's distance outside its ranges in world w.
func (f *Facts) seatDistance(w *engine.Deal, s engine.Seat) int {
	if !f.HasSoft[s] {
		return 0
	}
	return rangeDistance(&f.Soft[s], f.Original(w, s))
}

// seatMisses reports whether hidden seat s, in world w, would not have
// made its calls, or (the opening leader) its lead, by the models.
func (f *Facts) seatMisses(w *engine.Deal, s engine.Seat) bool {
	orig := f.Original(w, s)
	if s == f.LeadBy && f.LeadModel != nil && !f.LeadModel(orig) {
		return true
	}
	return f.CallModel != nil && !f.CallModel(s, orig)
}

// newWalkState measures world w against step 0.
func (f *Facts) newWalkState(w engine.Deal) walkState {
	st := walkState{w: w}
	for _, s := range f.Hidden {
		st.dist[s] = f.seatDistance(&w, s)
	}
	f.refresh(&st)
	return st
}

// refresh brings miss up to date when every seat is within its ranges.
func (f *Facts) refresh(st *walkState) {
	if st.total() > 0 {
		return
	}
	for _, s := range f.Hidden {
		st.miss[s] = f.seatMisses(&st.w, s)
	}
}

func (st *walkState) total() int {
	return st.dist[0] + st.dist[1] + st.dist[2] + st.dist[3]
}

func (st *walkState) misses() int {
	n := 0
	for _, m := range st.miss {
		if m {
			n++
		}
	}
	return n
}

// fits reports whether the world fits step 0.
func (st *walkState) fits() bool { return st.total() == 0 && st.misses() == 0 }

// swap proposes one swap and makes it when the world ends no further
// from step 0 (and, for the uniform law, with the Metropolis-Hastings
// chance of the two swaps' proposal sizes). It returns whether it moved.
func (s *Sampler) swap(st *walkState) bool {
	f := s.f
	h := f.Hidden
	if len(h) < 2 {
		return false
	}
	i := s.rng.IntN(len(h))
	j := s.rng.IntN(len(h) - 1)
	if j >= i {
		j++
	}
	a, b := h[i], h[j]
	give, take := st.w[a]&f.Allowed[b], st.w[b]&f.Allowed[a]
	ng, nt := give.Len(), take.Len()
	if ng == 0 || nt == 0 {
		return false
	}
	x, y := give.Nth(s.rng.IntN(ng)), take.Nth(s.rng.IntN(nt))
	next := *st
	next.w[a] = next.w[a].Without(x).With(y)
	next.w[b] = next.w[b].Without(y).With(x)
	// The reverse swap is proposed from sets of other sizes: accept with
	// the ratio of the two proposals' chances, so that every world that
	// fits is visited as often in the long run.
	rg, rt := (next.w[a] & f.Allowed[b]).Len(), (next.w[b] & f.Allowed[a]).Len()
	if fwd, rev := ng*nt, rg*rt; rev > fwd && s.rng.IntN(rev) >= fwd {
		return false
	}
	next.dist[a], next.dist[b] = f.seatDistance(&next.w, a), f.seatDistance(&next.w, b)
	switch d, d0 := next.total(), st.total(); {
	case d > d0:
		return false
	case d > 0:
		// Still outside the ranges: the models wait.
	case d0 > 0:
		f.refresh(&next)
	default:
		// A seat that starts to miss can only be made up by the other
		// ceasing to: ask the second seat only when that may happen.
		was := st.misses()
		next.miss[a] = f.seatMisses(&next.w, a)
		if next.misses() > was+1 || next.misses() > was && !st.miss[b] {
			return false
		}
		next.miss[b] = f.seatMisses(&next.w, b)
		if next.misses() > was {
			return false
		}
	}
	*st = next
	return true
}

// walk takes world w towards step 0 within the budgets and returns the
// world it ends on, and whether that world fits step 0.
func (s *Sampler) walk(w engine.Deal) (engine.Deal, bool) {
	st := s.f.newWalkState(w)
	for n := 0; n < walkClimb && !st.fits(); n++ {
		s.swap(&st)
	}
	if !st.fits() {
		return st.w, false
	}
	for n := 0; n < walkMix; n++ {
		s.swap(&st)
	}
	return st.w, true
}

// walkFresh adds walked worlds that fit step 0 to out until it holds n,
// each walk from a fresh draw, within twice as many walks as it lacks;
// it stops early when its first walkProbe walks all fail.
func (s *Sampler) walkFresh(out []World, n int) ([]World, error) {
	budget := 2 * (n - len(out))
	for walks, reached := 0, 0; len(out) < n && walks < budget; walks++ {
		if reached == 0 && walks >= walkProbe {
			break
		}
		w, err := s.deal()
		if err != nil {
			return out, err
		}
		if got, ok := s.walk(w); ok {
			out = append(out, World{Hands: got, Step: 0})
			reached++
		}
	}
	return out, nil
}
