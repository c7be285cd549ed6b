package dds

import (
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/openroom/openroom/engine"
)

// randomDeals returns n reproducible random deals.
func randomDeals(n int, seed string) []engine.Deal {
	src := engine.NewDealSource(seed)
	out := make([]engine.Deal, n)
	for i := range out {
		out[i] = src.Deal(i + 1)
	}
	return out
}

// randomPosition plays cards cards at random (legally) from a deal with a
// random trump and opening leader, and returns the position reached.
func randomPosition(d engine.Deal, rng *rand.Rand, cards int) Position {
	trump := engine.Strain(rng.IntN(5))
	leader := engine.Seat(rng.IntN(4))
	hands := d
	var trick []engine.Card
	for n := 0; n < cards; n++ {
		seat := (leader + engine.Seat(len(trick))) & 3
		legal := hands[seat]
		if len(trick) > 0 {
			if f := hands[seat].SuitCards(trick[0].Suit()); f != 0 {
				legal = f
			}
		}
		c := legal.Nth(rng.IntN(legal.Len()))
		hands[seat] = hands[seat].Without(c)
		trick = append(trick, c)
		if len(trick) == 4 {
			var t [4]engine.Card
			copy(t[:], trick)
			leader = engine.TrickWinner(t, leader, trump)
			trick = trick[:0]
		}
	}
	p, err := NewPosition(hands, trump, leader, trick...)
	if err != nil {
		panic(fmt.Sprintf("randomPosition: %v", err))
	}
	return p
}

// handsString formats the remaining hands of a position for messages.
func handsString(p *Position) string {
	var d engine.Deal
	for s := 0; s < 4; s++ {
		d[s] = p.Hand(engine.Seat(s))
	}
	played := ""
	for i := 0; i < p.NPlayed; i++ {
		played += " " + p.Played[i].String()
	}
	n := 0
	for s := 0; s < 4; s++ {
		n += bits.OnesCount64(uint64(d[s]))
	}
	return fmt.Sprintf("%s trump %s leader %s played[%s] (%d cards)", d.Format(engine.North), p.Trump, p.Leader, played, n)
}
