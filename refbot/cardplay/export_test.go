package cardplay

import "github.com/openroom/openroom/engine"

// The internals the external tests (package cardplay_test) check.
var (
	SearchCardAt = searchCard
	SuitLeads    = suitLeads
	SideScore    = sideScore
)

// The internal tests' helpers, which the external tests share.
var (
	PlayCards     = playCards
	HeartBoard    = heartBoard
	PlayHeuristic = playHeuristic
	ReadingOthers = readingOthers
)

// DDSSolver is the solver NewDDSSolver returns.
type DDSSolver = ddsSolver

// StandardCard is the heuristic's card from suit s for seat me holding
// hand, as if led alone from that suit.
func StandardCard(v *engine.View, me engine.Seat, hand engine.Hand, s engine.Suit) engine.Card {
	h := heur{v: v, me: me, trump: v.Play.Trump(), hand: hand}
	return h.standardCard(s)
}
