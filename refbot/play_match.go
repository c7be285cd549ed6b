package refbot

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/openroom/openroom/engine"
)

// Player is what a seat needs to take part in a board: the protocol
// client's Bot interface, which *Bot implements.
type Player interface {
	Call(ctx context.Context, v *engine.View) (engine.Call, string, error)
	Card(ctx context.Context, v *engine.View) (engine.Card, error)
}

// PlayBoard plays a board to the end with four players, each asked only
// with its own View from the engine (for dummy's cards, declarer's view),
// which is exactly what the protocol would give it. It is for local
// matches, measurement and tests; it stops at the first illegal action.
func PlayBoard(ctx context.Context, b *engine.Board, players [4]Player) error {
	for b.Phase() == engine.PhaseAuction {
		seat, _ := b.Actor()
		v := b.View(seat)
		c, _, err := players[seat].Call(ctx, &v)
		if err != nil {
			return fmt.Errorf("board %d: %s's call: %w", b.Number(), seat.Name(), err)
		}
		if err := b.Call(seat, c); err != nil {
			return fmt.Errorf("board %d: %w", b.Number(), err)
		}
	}
	return PlayCards(ctx, b, players)
}

// PlayCards plays the remaining cards of a board whose auction is over.
func PlayCards(ctx context.Context, b *engine.Board, players [4]Player) error {
	for b.Phase() == engine.PhasePlay {
		actor, _ := b.Actor()
		turn, _ := b.Turn()
		v := b.View(actor)
		c, err := players[actor].Card(ctx, &v)
		if err != nil {
			return fmt.Errorf("board %d: %s's card: %w", b.Number(), actor.Name(), err)
		}
		if err := b.PlayCard(turn, c); err != nil {
			return fmt.Errorf("board %d: %w", b.Number(), err)
		}
	}
	return nil
}

// RandomPlayer makes random legal calls (mostly passes) and plays random
// legal cards from its own seeded stream: the baseline opponent.
type RandomPlayer struct {
	rng *rand.Rand
}

// NewRandomPlayer returns a random player seeded with seed.
func NewRandomPlayer(seed uint64) *RandomPlayer {
	return &RandomPlayer{rng: rand.New(rand.NewPCG(seed, 0x5eed))}
}

// Call passes three times in four, else makes a random legal call.
func (r *RandomPlayer) Call(_ context.Context, v *engine.View) (engine.Call, string, error) {
	if r.rng.IntN(4) != 0 {
		return engine.Pass, "", nil
	}
	calls := v.Auction.LegalCalls(nil)
	if len(calls) == 0 {
		return engine.Pass, "", fmt.Errorf("refbot: board %d: no legal call", v.Number)
	}
	return calls[r.rng.IntN(len(calls))], "", nil
}

// Card plays a random legal card.
func (r *RandomPlayer) Card(_ context.Context, v *engine.View) (engine.Card, error) {
	legal, ok := v.LegalCards()
	if !ok || legal == 0 {
		return 0, fmt.Errorf("refbot: board %d: no legal card", v.Number)
	}
	return legal.Nth(r.rng.IntN(legal.Len())), nil
}
