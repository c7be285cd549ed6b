// Package brute is a brute-force double-dummy solver: slow, plain and
// easy to trust, for checking the real one and for tests.
package brute

import (
	"errors"
	"fmt"

	"github.com/openroom/openroom/dds"
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/cardplay"
)

// ErrNodeLimit is returned by the brute-force solver when a position needs
// more nodes than its limit.
var ErrNodeLimit = errors.New("refbot: solver node limit reached")

// Solver is a plain alpha-beta double-dummy solver for small endings
// (a few tricks): the reference the real solver is checked against, and a
// cheap deterministic solver for the bot's tests. MaxNodes bounds one
// CardValues call (0 means 2 million).
type Solver struct {
	MaxNodes uint64
	nodes    uint64
	limit    uint64
}

// Nodes returns the nodes searched so far.
func (b *Solver) Nodes() uint64 { return b.nodes }

// bruteState is the mutable state of a brute-force search.
type bruteState struct {
	hands  engine.Deal
	trump  engine.Strain
	leader engine.Seat
	trick  [4]engine.Card
	n      int // cards in the current trick
}

// CardValues returns every legal card's value, cards in ascending order.
func (b *Solver) CardValues(p *cardplay.Position, dst []dds.CardValue) ([]dds.CardValue, error) {
	st := bruteState{hands: p.Hands, trump: p.Trump, leader: p.Leader, n: p.NTrick}
	copy(st.trick[:], p.Trick[:p.NTrick])
	turn := p.Turn()
	legal := st.legal(turn)
	if legal == 0 {
		return dst, fmt.Errorf("refbot: brute solver: %s has no card to play", turn.Name())
	}
	b.limit = b.nodes + b.MaxNodes
	if b.MaxNodes == 0 {
		b.limit = b.nodes + 2_000_000
	}
	side := turn.Side()
	for x := legal; x != 0; x &= x - 1 {
		c, _ := x.Lowest()
		ns, err := b.after(&st, turn, c, -1, 14)
		if err != nil {
			return dst, err
		}
		v := ns
		if side != engine.NS {
			v = st.remaining() - ns
		}
		dst = append(dst, dds.CardValue{Card: c, Tricks: v})
	}
	return dst, nil
}

// remaining returns the tricks still to play, the current one included.
func (st *bruteState) remaining() int {
	n := 0
	for s := range st.hands {
		n += st.hands[s].Len()
	}
	return (n + st.n) / 4
}

// legal returns the legal cards of seat.
func (st *bruteState) legal(seat engine.Seat) engine.Hand {
	h := st.hands[seat]
	if st.n > 0 {
		if f := h.SuitCards(st.trick[0].Suit()); f != 0 {
			return f
		}
	}
	return h
}

// after plays c for seat, searches on and undoes it, returning NS's tricks
// from the position before c (current trick included).
func (b *Solver) after(st *bruteState, seat engine.Seat, c engine.Card, alpha, beta int) (int, error) {
	st.hands[seat] = st.hands[seat].Without(c)
	st.trick[st.n] = c
	st.n++
	var v int
	var err error
	if st.n == 4 {
		w := engine.TrickWinner(st.trick, st.leader, st.trump)
		won := 0
		if w.Side() == engine.NS {
			won = 1
		}
		saved, savedTrick := st.leader, st.trick // the next trick overwrites it
		st.leader, st.n = w, 0
		v, err = b.search(st, alpha-won, beta-won)
		v += won
		st.leader, st.n, st.trick = saved, 4, savedTrick
	} else {
		v, err = b.search(st, alpha, beta)
	}
	st.n--
	st.hands[seat] = st.hands[seat].With(c)
	return v, err
}

// search returns NS's tricks from the position, with alpha-beta bounds.
func (b *Solver) search(st *bruteState, alpha, beta int) (int, error) {
	b.nodes++
	if b.nodes > b.limit {
		return 0, ErrNodeLimit
	}
	seat := (st.leader + engine.Seat(st.n)) & 3
	if st.hands[seat] == 0 {
		return 0, nil
	}
	maximize := seat.Side() == engine.NS
	best := -1
	if !maximize {
		best = 14
	}
	legal := st.legal(seat)
	for x := legal; x != 0; x &= x - 1 {
		c, _ := x.Lowest()
		if st.equivalentBelow(seat, c) {
			continue
		}
		v, err := b.after(st, seat, c, alpha, beta)
		if err != nil {
			return 0, err
		}
		if maximize {
			best = max(best, v)
			alpha = max(alpha, v)
		} else {
			best = min(best, v)
			beta = min(beta, v)
		}
		if alpha >= beta {
			break
		}
	}
	return best, nil
}

// equivalentBelow reports whether the seat also holds the card just below c
// in its suit, counting only cards still in play: the two are then
// equivalent and only the lower need be searched.
func (st *bruteState) equivalentBelow(seat engine.Seat, c engine.Card) bool {
	// c is searched as the lowest of its run, so skip it if the next lower
	// card still in play is the seat's own.
	inPlay := st.hands[0] | st.hands[1] | st.hands[2] | st.hands[3]
	for i := 0; i < st.n; i++ {
		inPlay = inPlay.With(st.trick[i])
	}
	for r := c.Rank() - 1; r >= engine.Two; r-- {
		d := engine.NewCard(c.Suit(), r)
		if inPlay.Has(d) {
			return st.hands[seat].Has(d)
		}
	}
	return false
}
