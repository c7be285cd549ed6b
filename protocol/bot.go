package protocol

import (
	"context"
	"errors"

	"github.com/openroom/openroom/engine"
)

// Bot decides one seat's calls and cards. The Client calls it only when the
// seat must act, with the seat's view built from the lines the seat
// received: its own hand, the board's number, dealer and vulnerability,
// every call and card so far, and dummy's cards once they were shown.
//
// Card is asked for the seat's own card and, when the seat is declarer, for
// dummy's card: v.Play.Turn() says whose card it is (use v.LegalCards for
// the choices). The view belongs to the Client and is valid only during the
// call; a bot must not keep or change it.
//
// A bot must return a legal action: the Client checks it with engine and
// stops with an error wrapping ErrIllegalAction rather than send an illegal
// call or card. An error from the bot stops the client too. The context is
// the one given to Client.Run; a bot that thinks long should watch it.
type Bot interface {
	Call(ctx context.Context, v *engine.View) (call engine.Call, alert string, err error)
	Card(ctx context.Context, v *engine.View) (engine.Card, error)
}

// Observer is an optional interface for a Bot that wants every message its
// seat receives, before the Client acts on it: team names, alert texts of
// the opponents' calls, signals, timing lines. Observe is called from the
// Client's goroutine, in arrival order.
type Observer interface {
	Observe(m Message)
}

// ErrIllegalAction is wrapped by the error a Client returns when its bot
// chose an illegal call or card.
var ErrIllegalAction = errors.New("bot chose an illegal action")

// Instant is a bot that acts at once with the first legal action of a
// fixed plan: the first seat to call opens 1C and everybody else passes, so
// every board is played in 1C by the dealer (4 calls and 52 cards), and each
// card is the lowest legal one in clubs-first order. It exists for
// benchmarks and harness tests, where the bot's own time must be nil.
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
		return 0, errors.New("instant bot: no legal card in its view")
	}
	c, _ := legal.Lowest()
	return c, nil
}
