package refbot

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/openroom/openroom/engine"
)

// playEvidence is what the cards the hidden seats have played say about
// their hands, read under standard carding (the reference bot's own: its
// heuristic and its search's tie-break play the lowest of equal cards):
//
//   - a card that does not beat the trick's winner so far (a follow that
//     loses, or a discard) is the lowest its player held in that suit;
//   - a card that beats it (following or ruffing) is the lowest of its
//     touching cards: its player did not hold the next lower card still
//     in play (third hand's king denies the queen).
//
// Leads are not read (the opening lead has its own rule, leadRule). A
// world in which a hidden seat broke one of these rules k times is taken
// to be Evidence^k times as likely as one in which it broke none, so
// that worlds the play makes unlikely are solved less often; they are
// never excluded, as a player may falsecard or unblock. It is built from
// the view's public play alone.
type playEvidence struct {
	checks []cardCheck
}

// cardCheck is one card played by a hidden seat, with what its rule asks
// of the seat's holding at the time it played it.
type cardCheck struct {
	seat  engine.Seat
	later engine.Hand // the seat's cards played after this one: holding then = remaining now + later
	deny  engine.Hand // cards the seat should not have held then (one card, or the suit's lower cards)
}

// newPlayEvidence reads the checks from the view's play: every card a
// hidden seat (facts.Hidden) played other than a lead.
func newPlayEvidence(v *engine.View, f *Facts) *playEvidence {
	e := &playEvidence{}
	p := &v.Play
	cards := p.Cards()
	var hidden [4]bool
	for _, s := range f.Hidden {
		hidden[s] = true
	}
	var before engine.Hand // cards played before the current one
	type at struct {
		seat engine.Seat
		i    int // index in cards
	}
	var plays []at
	for t := 0; 4*t < len(cards); t++ {
		trick, leader := p.Trick(t)
		win := 0
		for i, c := range trick {
			seat := (leader + engine.Seat(i)) & 3
			if i > 0 && hidden[seat] {
				var deny engine.Hand
				if engine.Beats(c, trick[win], f.Trump) {
					// The next lower card of the suit still in play then.
					for r := c.Rank() - 1; r >= engine.Two; r-- {
						if d := engine.NewCard(c.Suit(), r); !before.Has(d) {
							deny = engine.HandOf(d)
							break
						}
					}
				} else {
					deny = engine.Hand(1<<c-1) & engine.FullDeck.SuitCards(c.Suit())
				}
				if deny != 0 {
					e.checks = append(e.checks, cardCheck{seat: seat, deny: deny})
					plays = append(plays, at{seat, 4*t + i})
				}
			}
			if i > 0 && engine.Beats(c, trick[win], f.Trump) {
				win = i
			}
			before = before.With(c)
		}
	}
	// The cards each check's seat played after it.
	for k := range e.checks {
		for j := plays[k].i + 1; j < len(cards); j++ {
			if seatOfCard(p, j) == plays[k].seat {
				e.checks[k].later = e.checks[k].later.With(cards[j])
			}
		}
	}
	return e
}

// seatOfCard returns the seat that played the card with index i.
func seatOfCard(p *engine.Play, i int) engine.Seat {
	_, leader := p.Trick(i / 4)
	return (leader + engine.Seat(i%4)) & 3
}

// violations counts the checks world w breaks.
func (e *playEvidence) violations(w *engine.Deal) int {
	n := 0
	for i := range e.checks {
		c := &e.checks[i]
		if (w[c.seat]|c.later)&c.deny != 0 {
			n++
		}
	}
	return n
}

// weight returns the world's relative likelihood: eps to the power of the
// checks it breaks, halved for each relaxation step of the auction's
// constraints beyond minStep (so that the auction still counts).
func (e *playEvidence) weight(w *World, eps float64, minStep int) float64 {
	return math.Pow(eps, float64(e.violations(&w.Hands))) * math.Pow(0.5, float64(w.Step-minStep))
}

// choose returns n of the candidate worlds, drawn without replacement with
// probabilities proportional to their weights (Efraimidis and Spirakis:
// the n largest keys u^(1/w)), most likely first so that a node limit that
// stops early solves the likeliest. Deterministic for the rng.
func (e *playEvidence) choose(cands []World, n int, eps float64, rng *rand.Rand) []World {
	if len(cands) == 0 {
		return cands
	}
	minStep := cands[0].Step
	for _, w := range cands {
		minStep = min(minStep, w.Step)
	}
	type keyed struct {
		key float64
		w   World
	}
	ks := make([]keyed, len(cands))
	for i := range cands {
		u := rng.Float64()
		for u == 0 {
			u = rng.Float64()
		}
		// log(u^(1/w)) = log(u)/w: the same order, no underflow.
		ks[i] = keyed{math.Log(u) / e.weight(&cands[i], eps, minStep), cands[i]}
	}
	slices.SortStableFunc(ks, func(a, b keyed) int {
		switch {
		case a.key > b.key:
			return -1
		case a.key < b.key:
			return 1
		}
		return 0
	})
	out := make([]World, 0, min(n, len(ks)))
	for _, k := range ks[:min(n, len(ks))] {
		out = append(out, k.w)
	}
	return out
}
