package protocol

import (
	"context"
	"errors"
	"math/rand/v2"

	"github.com/openroom/openroom/engine"
)

// Random is a bot that makes random legal actions, deterministically: each
// decision comes from a PRNG seeded from (Seed, board number, seat, the
// point of the board), so the same seed and the same board give the same
// actions, whatever the order of boards, replays, reconnects or
// concurrency. It holds no state, so one value may serve many seats.
//
// Its auctions look like real ones in length: it passes on about half of
// its first calls and three quarters of its later ones when pass is legal;
// otherwise it doubles or redoubles now and then and mostly bids one of the
// six cheapest bids. Its cards are uniform among the legal ones.
//
// Give it a seed of its own, never the seed the deals come from: an
// in-process bot that knew the deal seed could deal the other hands.
type Random struct {
	Seed uint64
}

const (
	randomFirstPass = 0.5  // chance to pass on the seat's first call
	randomLaterPass = 0.75 // chance to pass later
	randomDouble    = 0.15 // chance to double or redouble when not passing and it is legal
	randomBidSpan   = 6    // bids chosen among this many cheapest
)

// Call returns a random legal call.
func (r Random) Call(_ context.Context, v *engine.View) (engine.Call, string, error) {
	if v.Phase() != engine.PhaseAuction {
		return 0, "", errors.New("random bot: asked for a call outside the auction")
	}
	rng := r.rng(v, 1, v.Auction.Len())
	pass := randomLaterPass
	if v.Auction.Len() < 4 {
		pass = randomFirstPass
	}
	if rng.Float64() < pass {
		return engine.Pass, "", nil
	}
	var buf [engine.NumCalls]engine.Call
	legal := v.Auction.LegalCalls(buf[:0])
	// legal is Pass, then X or XX when legal, then the bids upward.
	first := 0
	for first < len(legal) && !legal[first].IsBid() {
		first++
	}
	bids := legal[first:]
	dbl, haveDbl := engine.Pass, false
	if first > 1 {
		dbl, haveDbl = legal[1], true
	}
	switch {
	case haveDbl && (len(bids) == 0 || rng.Float64() < randomDouble):
		return dbl, "", nil
	case len(bids) == 0:
		return engine.Pass, "", nil
	}
	span := min(len(bids), randomBidSpan)
	return bids[rng.IntN(span)], "", nil
}

// Card returns a legal card chosen uniformly at random.
func (r Random) Card(_ context.Context, v *engine.View) (engine.Card, error) {
	legal, ok := v.LegalCards()
	if !ok || legal == 0 {
		return 0, errors.New("random bot: no legal card in its view")
	}
	rng := r.rng(v, 2, v.Play.Len())
	return legal.Nth(rng.IntN(legal.Len())), nil
}

// rng returns the PRNG of one decision: kind 1 for calls, 2 for cards, and
// the index of the action in the board.
func (r Random) rng(v *engine.View, kind, index int) *rand.Rand {
	h := splitmix(r.Seed)
	h = splitmix(h ^ uint64(int64(v.Number)))
	h = splitmix(h ^ uint64(v.Seat))
	h = splitmix(h ^ uint64(kind)<<32 ^ uint64(index))
	return rand.New(rand.NewPCG(h, splitmix(h)))
}

// splitmix is the SplitMix64 finaliser: a cheap, well-mixed hash step.
func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}
