package refbot

import (
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot/cardplay"
)

// withSolver sets how the bot makes its double-dummy solvers (one per
// concurrent search), in place of defaultSolver: tests give it a solver
// that is cheap, fails or runs slow.
func withSolver(f func() cardplay.CardSolver) Option { return func(b *Bot) { b.newSolver = f } }

// withBidder sets the bidder: the call and its alert text ("" if none),
// in place of the SAYC-lite System's.
func withBidder(f func(v *engine.View) (engine.Call, string)) Option {
	return func(b *Bot) {
		b.bidSet = func(v *engine.View) (engine.Call, string, string) {
			c, alert := f(v)
			return c, alert, ""
		}
	}
}
