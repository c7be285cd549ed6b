package web

import "github.com/openroom/openroom/engine"

// PlayedCard is one card on the table with the seat that played it: the
// one shape in which both pages get a board's play.
type PlayedCard struct {
	Seat string `json:"seat"` // "N" … "W"
	Card string `json:"card"` // e.g. "SA"
}

// Played returns a play so far as the pages replay it: every card with the
// seat that played it, and the winner of each completed trick, both as the
// engine decided them (so the browser never applies a rule of its own). A
// trick still in progress has no winner: winners has one seat for each
// complete trick. Both are empty (not nil) before the opening lead.
func Played(p *engine.Play) (cards []PlayedCard, winners []string) {
	cards = make([]PlayedCard, 0, p.Len())
	for i, c := range p.Cards() {
		cards = append(cards, PlayedCard{Seat: p.SeatOf(i).String(), Card: c.String()})
	}
	winners = make([]string, 0, p.TrickIndex())
	for i := range p.TrickIndex() {
		winners = append(winners, p.Winner(i).String())
	}
	return cards, winners
}
