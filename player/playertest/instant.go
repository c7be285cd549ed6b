package playertest

import (
	"context"
	"errors"

	"github.com/openroom/openroom/engine"
)

// Instant is a player that acts at once with the first legal action of a
// fixed plan: the first seat to call opens 1C and everybody else passes, so
// every board is played in 1C by the dealer (4 calls and 52 cards), and each
// card is the lowest legal one in clubs-first order. It exists for
// benchmarks and harness tests, where the player's own time must be nil.
type Instant struct{}

// Call opens 1C when nobody has bid yet and passes otherwise.
func (Instant) Call(_ context.Context, v *engine.View) (engine.Call, string, error) {
	if v.Auction.Len() == 0 {
		return engine.Bid(1, engine.StrainClubs), "", nil
	}
	return engine.Pass, "", nil
}

// Card returns the lowest legal card.
func (Instant) Card(_ context.Context, v *engine.View) (engine.Card, error) {
	legal, ok := v.LegalCards()
	if !ok || legal == 0 {
		return 0, errors.New("instant player: no legal card in its view")
	}
	c, _ := legal.Lowest()
	return c, nil
}
