package tournaments

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot"
)

// Bot is a built-in bot: it decides from its seat's engine.View and
// nothing else. Its method set is protocol.Bot's, so the same value is
// seated in-process (SimRunner) or through the wire protocol over a pipe
// (ProtocolRunner).
type Bot interface {
	// Call chooses the seat's call.
	Call(ctx context.Context, v *engine.View) (call engine.Call, alert string, err error)
	// Card chooses the seat's card, or dummy's when the seat is declarer
	// and dummy is to play (v.Play.Turn() says whose).
	Card(ctx context.Context, v *engine.View) (engine.Card, error)
}

// NewBuiltinBot returns the built-in bot of a spec for a seat playing
// under a team name. A bot's seed comes only from what its seat is told at
// the table (the team name), never from the event's deal seed.
func NewBuiltinBot(spec BotSpec, team string) (Bot, error) {
	if spec.Kind != BotBuiltin {
		return nil, fmt.Errorf("bot %q is not a built-in bot", spec.Name)
	}
	switch spec.Builtin {
	case BuiltinRandom:
		return RandomBot{Team: team}, nil
	case BuiltinRefbot:
		b, err := refbot.NewBuiltin(spec.Level, teamSeed(team))
		if err != nil {
			return nil, fmt.Errorf("bot %q: %w", spec.Name, err)
		}
		return b, nil
	}
	return nil, fmt.Errorf("bot %q: unknown built-in bot %q", spec.Name, spec.Builtin)
}

// teamSeed derives a bot seed from a team name.
func teamSeed(team string) uint64 {
	h := sha256.Sum256([]byte("openroom/bot-seed/v1\x00" + team))
	return binary.BigEndian.Uint64(h[:8])
}

// RandomBot is the random bot: it passes often, bids low, doubles now and
// then and plays a random legal card. Each decision is drawn from a stream
// seeded with what the seat knows (team name, seat, board number, own
// cards, and how many calls and cards have been made), so it keeps no
// state, is reproducible whatever the concurrency or the runner, and two
// teams of random bots play differently on the same cards.
type RandomBot struct {
	Team string
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

func (b RandomBot) rng(v *engine.View) *decisionRNG {
	var buf [64]byte
	msg := append(buf[:0], "openroom/random/v2\x00"...)
	msg = append(msg, b.Team...)
	msg = append(msg, 0, byte(v.Seat))
	msg = binary.BigEndian.AppendUint64(msg, uint64(v.Number))
	msg = binary.BigEndian.AppendUint64(msg, uint64(v.Hand))
	msg = binary.BigEndian.AppendUint32(msg, uint32(v.Auction.Len()))
	msg = binary.BigEndian.AppendUint32(msg, uint32(v.Play.Len()))
	r := &decisionRNG{}
	r.src.Seed(sha256.Sum256(msg))
	return r
}

// Call passes 60% of the time, doubles or redoubles (when legal) 5% of the
// time, and otherwise makes one of the four cheapest legal bids.
func (b RandomBot) Call(_ context.Context, v *engine.View) (engine.Call, string, error) {
	var buf [engine.NumCalls]engine.Call
	calls := v.Auction.LegalCalls(buf[:0])
	rng := b.rng(v)
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
	case x < 60:
		return engine.Pass, "", nil
	case x < 65 && dbl != engine.Pass:
		return dbl, "", nil
	case first < 0:
		return engine.Pass, "", nil
	}
	n := min(4, len(calls)-first)
	return calls[first+rng.intN(n)], "", nil
}

// Card plays a random legal card.
func (b RandomBot) Card(_ context.Context, v *engine.View) (engine.Card, error) {
	legal, ok := v.LegalCards()
	if !ok || legal == 0 {
		return 0, errors.New("random bot: no legal card in its view")
	}
	return legal.Nth(b.rng(v).intN(legal.Len())), nil
}
