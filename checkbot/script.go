package checkbot

import (
	"context"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
)

// The bot's three companions at the table are check-bot's own scripted
// players. They are test fixtures, not players: a script may know the
// whole deal (to lead a suit in which the bot holds one card), since what
// it learns is never shown to the bot.

// callScript chooses a scripted seat's call: ok false lets the seat pass.
type callScript func(v *engine.View) (call engine.Call, alert string, ok bool)

// scripted is one of check-bot's seats: it calls by its script (or
// passes) and plays by lead (or, when lead has nothing to say, its lowest
// legal card).
type scripted struct {
	call callScript
	lead func(v *engine.View, legal engine.Hand) (engine.Card, bool)
}

// Call returns the script's call when it is legal, else a pass.
func (s scripted) Call(_ context.Context, v *engine.View) (engine.Call, string, error) {
	if s.call != nil {
		if c, alert, ok := s.call(v); ok && v.Auction.Legal(c) {
			return c, alert, nil
		}
	}
	return engine.Pass, "", nil
}

// Card returns the lead script's card when it is legal, else the lowest
// legal card.
func (s scripted) Card(_ context.Context, v *engine.View) (engine.Card, error) {
	legal, _ := v.LegalCards()
	if s.lead != nil {
		if c, ok := s.lead(v, legal); ok && legal.Has(c) {
			return c, nil
		}
	}
	c, _ := legal.Lowest()
	return c, nil
}

// callsAt is a call script that makes the given calls at the given
// positions of the auction (0 is the dealer's first call).
func callsAt(calls map[int]engine.Call, alert string) callScript {
	return func(v *engine.View) (engine.Call, string, bool) {
		c, ok := calls[v.Auction.Len()]
		return c, alert, ok
	}
}

// redoubleIfDoubled redoubles when it may, and otherwise makes the given
// calls.
func redoubleIfDoubled(then callScript) callScript {
	return func(v *engine.View) (engine.Call, string, bool) {
		if v.Auction.Legal(engine.Redouble) {
			return engine.Redouble, "", true
		}
		if then != nil {
			return then(v)
		}
		return 0, "", false
	}
}

// leadSingletons leads, when the seat is on lead, a suit in which the
// bot holds exactly one card, so that the bot has one legal card.
func leadSingletons(deal engine.Deal, bot engine.Seat) func(v *engine.View, legal engine.Hand) (engine.Card, bool) {
	return func(v *engine.View, legal engine.Hand) (engine.Card, bool) {
		if v.Play.Len()%4 != 0 {
			return 0, false
		}
		left := deal[bot] &^ v.Play.Played()
		for _, s := range []engine.Suit{engine.Spades, engine.Hearts, engine.Diamonds} {
			if left.SuitLen(s) == 1 {
				if c, ok := legal.SuitCards(s).Lowest(); ok {
					return c, true
				}
			}
		}
		return 0, false
	}
}

// random is check-bot's seat for the scenarios where any auction will
// do: the project's seeded random bot.
func random() player.Player { return player.Random{Seed: "check-bot"} }
