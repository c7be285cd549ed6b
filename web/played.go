package web

import "github.com/openroom/openroom/engine"

// PlayedCard is one card on the table with the seat that played it: the
// one shape in which both pages get a board's play.
type PlayedCard struct {
	Seat string `json:"seat"` // "N" … "W"
	Card string `json:"card"` // e.g. "SA"
}

// TrickCards lays out a trick's cards, in play order, with the seats that
// played them, from the seat that led it.
func TrickCards(cards []engine.Card, leader engine.Seat) []PlayedCard {
	out := make([]PlayedCard, 0, len(cards))
	seat := leader
	for _, c := range cards {
		out = append(out, PlayedCard{Seat: seat.String(), Card: c.String()})
		seat = seat.Next()
	}
	return out
}

// Played returns a play so far as the pages replay it: every card with its
// seat, and the winner of each completed trick, both as the engine decided
// them (so the browser never applies a rule of its own). A trick still in
// progress has no winner: winners has one seat for each complete trick.
// Both are empty (not nil) before the opening lead.
func Played(p *engine.Play) (cards []PlayedCard, winners []string) {
	cards = make([]PlayedCard, 0, p.Len())
	complete := p.TrickIndex()
	winners = make([]string, 0, complete)
	for i := range complete {
		tc, leader := p.Trick(i)
		cards = append(cards, TrickCards(tc, leader)...)
		winners = append(winners, p.Winner(i).String())
	}
	if !p.Done() {
		cards = append(cards, TrickCards(p.CurrentTrick(), p.Leader())...)
	}
	return cards, winners
}
