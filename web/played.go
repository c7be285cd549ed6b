package web

import (
	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/web/played"
)

// PlayedCard is one card on the table with the seat that played it: the
// one shape in which both pages get a board's play (package played).
type PlayedCard = played.Card

// Played returns a play so far as the pages replay it (played.Cards).
func Played(p *engine.Play) (cards []PlayedCard, winners []string) { return played.Cards(p) }
