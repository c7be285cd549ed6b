package bidding

import (
	"fmt"
	"strings"

	"github.com/openroom/openroom/engine"
)

// handConstraints is what the auction says about one hand: an HCP range,
// per-suit length bounds (indexed by engine.Suit) and whether it is
// balanced (4333, 4432 or 5332; when set, the length bounds already say
// 2..5 in every suit).
//
// They are soft facts. They hold for every call the reference bot chose
// from its table, but an opponent may play another system, misbid or bid
// at random, and a fallback call promises nothing. The sampler should use
// them to weight or filter worlds and relax them (widen the ranges) when
// too few worlds fit, never treat them as certain.
type handConstraints struct {
	MinHCP, MaxHCP int
	MinLen, MaxLen [engine.NumSuits]int
	Balanced       bool
}

// anyHandConstraints returns constraints that admit every 13-card hand.
func anyHandConstraints() handConstraints {
	return handConstraints{MaxHCP: 37, MaxLen: [engine.NumSuits]int{13, 13, 13, 13}}
}

// Admits reports whether the hand meets all the constraints.
func (c *handConstraints) Admits(h engine.Hand) bool {
	hcp := h.HCP()
	if hcp < c.MinHCP || hcp > c.MaxHCP {
		return false
	}
	l := h.Lengths()
	for s := range l {
		if l[s] < c.MinLen[s] || l[s] > c.MaxLen[s] {
			return false
		}
	}
	return !c.Balanced || isBalanced(l)
}

// String writes the constraints compactly: "12-21 HCP, S 5-13, H 0-13, ...".
func (c handConstraints) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d-%d HCP", c.MinHCP, c.MaxHCP)
	for s := engine.Spades; ; s-- {
		fmt.Fprintf(&b, ", %s %d-%d", s, c.MinLen[s], c.MaxLen[s])
		if s == engine.Clubs {
			break
		}
	}
	if c.Balanced {
		b.WriteString(", balanced")
	}
	return b.String()
}

// intersect narrows c by a call's meaning. If the result would admit no
// hand at all (the seat's calls contradict each other, as a random or
// foreign bidder's may), c is left unchanged and intersect returns false:
// the later, contradicting call is ignored.
func (c *handConstraints) intersect(m *Meaning) bool {
	n := *c
	n.MinHCP = max(n.MinHCP, m.MinHCP)
	n.MaxHCP = min(n.MaxHCP, m.MaxHCP)
	for s := range n.MinLen {
		n.MinLen[s] = max(n.MinLen[s], m.MinLen[s])
		n.MaxLen[s] = min(n.MaxLen[s], m.MaxLen[s])
	}
	if m.Balanced {
		n.Balanced = true
	}
	if n.Balanced {
		for s := range n.MinLen {
			n.MinLen[s] = max(n.MinLen[s], 2)
			n.MaxLen[s] = min(n.MaxLen[s], 5)
		}
	}
	if !n.tighten() {
		return false
	}
	*c = n
	return true
}

// tighten derives the length bounds the others imply (a hand has 13 cards)
// and reports whether any hand remains possible.
func (c *handConstraints) tighten() bool {
	if c.MinHCP > c.MaxHCP {
		return false
	}
	sumMin, sumMax := 0, 0
	for s := range c.MinLen {
		if c.MinLen[s] > c.MaxLen[s] {
			return false
		}
		sumMin += c.MinLen[s]
		sumMax += c.MaxLen[s]
	}
	if sumMin > 13 || sumMax < 13 {
		return false
	}
	for s := range c.MinLen {
		c.MaxLen[s] = min(c.MaxLen[s], 13-(sumMin-c.MinLen[s]))
		c.MinLen[s] = max(c.MinLen[s], 13-(sumMax-c.MaxLen[s]))
	}
	return true
}

// infer returns, for each seat, the constraints that seat's calls so far
// put on its hand, read with this system's table: every call that matches a
// row narrows the seat's constraints by the row's meaning (several rows for
// the same call are merged into the loosest); passes count where the table
// gives them a meaning (a first-seat pass is 0-12 HCP); calls the table does
// not cover add nothing. See handConstraints for how soft these are.
func (s *System) infer(a *engine.Auction, reader engine.Seat) [engine.NumSeats]handConstraints {
	var st state
	s.analyzeFor(&st, a, a.Len(), reader)
	return st.cons
}

// Soft returns the auction inference in the form the world sampler takes:
// for every seat but the viewer's own, its handConstraints as a HandRange
// (balance is already folded into the length bounds). It reads only the
// view's public auction.
func (s *System) Soft(v *engine.View) SoftFacts {
	inf := s.infer(&v.Auction, v.Seat)
	var f SoftFacts
	for i, c := range inf {
		if engine.Seat(i) == v.Seat {
			continue
		}
		f.Seats[i] = HandRange{MinHCP: c.MinHCP, MaxHCP: c.MaxHCP, MinLen: c.MinLen, MaxLen: c.MaxLen}
		f.Has[i] = true
	}
	f.Calls = s.callModel(&v.Auction, v.Seat)
	return f
}
