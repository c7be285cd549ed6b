// Package played gives a board's play as the pages show it: each card with
// its seat and each complete trick's winner, as the engine decided them.
// It is apart from package web (the servers' HTTP parts) so that the
// practice table compiled to WebAssembly can use it without net/http.
package played

import "github.com/openroom/openroom/engine"

// Card is one card on the table with the seat that played it: the
// one shape in which both pages get a board's play.
type Card struct {
	Seat string `json:"seat"` // "N" … "W"
	Card string `json:"card"` // e.g. "SA"
}

// Cards returns a play so far as the pages replay it: every card with the
// seat that played it, and the winner of each completed trick, both as the
// engine decided them (so the browser never applies a rule of its own). A
// trick still in progress has no winner: winners has one seat for each
// complete trick. Both are empty (not nil) before the opening lead.
func Cards(p *engine.Play) (cards []Card, winners []string) {
	cards = make([]Card, 0, p.Len())
	for i, c := range p.Cards() {
		cards = append(cards, Card{Seat: p.SeatOf(i).String(), Card: c.String()})
	}
	winners = make([]string, 0, p.TrickIndex())
	for i := range p.TrickIndex() {
		winners = append(winners, p.Winner(i).String())
	}
	return cards, winners
}
