package player

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"math/bits"
	"math/rand/v2"

	"github.com/openroom/openroom/engine"
)

// Random is the random bot (builtin:random): it passes often, bids low,
// doubles now and then and plays a random legal card. Each decision is
// drawn from a stream seeded with Seed and what the seat knows (seat,
// board number, own cards, and how many calls and cards have been made),
// so it keeps no state, one value may serve many seats, and it plays the
// same whatever the concurrency, the order of boards, replays or the way
// it is seated.
//
// The table manager seeds it with the team name its seat plays under, so
// two teams of random bots play differently on the same cards. Never give
// it the seed the deals come from: a bot that knew it could deal the other
// hands.
type Random struct {
	Seed string
}

// The random bot's habits, in percent of its calls.
const (
	randomPass   = 60 // passes
	randomDouble = 5  // doubles or redoubles, when legal
	randomSpan   = 4  // bids are chosen among this many cheapest
)

// Call passes 60% of the time, doubles or redoubles (when legal) 5% of the
// time, and otherwise makes one of the four cheapest legal bids.
func (r Random) Call(_ context.Context, v *engine.View) (engine.Call, string, error) {
	if v.Phase() != engine.PhaseAuction {
		return 0, "", errors.New("random bot: asked for a call outside the auction")
	}
	var buf [engine.NumCalls]engine.Call
	calls := v.Auction.LegalCalls(buf[:0])
	rng := r.rng(v)
	x := rng.intN(100)
	dbl := engine.Pass
	first := -1 // index of the cheapest legal bid
	for i, c := range calls {
		switch {
		case c.IsBid() && first < 0:
			first = i
		case !c.IsBid() && c != engine.Pass:
			dbl = c
		}
	}
	switch {
	case x < randomPass:
		return engine.Pass, "", nil
	case x < randomPass+randomDouble && dbl != engine.Pass:
		return dbl, "", nil
	case first < 0:
		return engine.Pass, "", nil
	}
	n := min(randomSpan, len(calls)-first)
	return calls[first+rng.intN(n)], "", nil
}

// Card plays a legal card chosen uniformly at random.
func (r Random) Card(_ context.Context, v *engine.View) (engine.Card, error) {
	legal, ok := v.LegalCards()
	if !ok || legal == 0 {
		return 0, errors.New("random bot: no legal card in its view")
	}
	return legal.Nth(r.rng(v).intN(legal.Len())), nil
}

// decisionRNG is the random stream of one decision.
type decisionRNG struct{ src rand.ChaCha8 }

// intN returns an unbiased random integer in [0, n) (Lemire's method).
func (r *decisionRNG) intN(n int) int {
	un := uint64(n)
	hi, lo := bits.Mul64(r.src.Uint64(), un)
	if lo < un {
		thresh := -un % un
		for lo < thresh {
			hi, lo = bits.Mul64(r.src.Uint64(), un)
		}
	}
	return int(hi)
}

// rng seeds one decision's stream from the seed and the seat's knowledge.
func (r Random) rng(v *engine.View) *decisionRNG {
	var buf [64]byte
	msg := append(buf[:0], "openroom/random/v2\x00"...)
	msg = append(msg, r.Seed...)
	msg = append(msg, 0, byte(v.Seat))
	msg = binary.BigEndian.AppendUint64(msg, uint64(v.Number))
	msg = binary.BigEndian.AppendUint64(msg, uint64(v.Hand))
	msg = binary.BigEndian.AppendUint32(msg, uint32(v.Auction.Len()))
	msg = binary.BigEndian.AppendUint32(msg, uint32(v.Play.Len()))
	d := &decisionRNG{}
	d.src.Seed(sha256.Sum256(msg))
	return d
}
