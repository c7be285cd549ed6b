package player

import (
	"context"

	"github.com/openroom/openroom/engine"
)

// Player decides one seat's calls and cards. It is asked only when its seat
// must act, with the seat's view: its own hand, the board's number, dealer
// and vulnerability, every call and card so far, and dummy's cards once
// they are shown.
//
// Card is asked for the seat's own card and, when the seat is declarer, for
// dummy's card: v.Play.Turn() says whose card it is (v.LegalCards gives the
// choices). The view belongs to the caller and is valid only during the
// call; a player must not keep or change it.
//
// A player must return a legal action; whoever asks checks it with the
// engine. An error stops the board (or the seat's session) as the player's
// fault. A player that thinks long should watch ctx.
type Player interface {
	// Call chooses the seat's call, with an optional alert text (an
	// explanation for the opponents; empty for none).
	Call(ctx context.Context, v *engine.View) (call engine.Call, alert string, err error)
	// Card chooses the seat's card, or dummy's when the seat is declarer
	// and dummy is to play.
	Card(ctx context.Context, v *engine.View) (engine.Card, error)
}
