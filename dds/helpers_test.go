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

// randomPlay plays n random legal cards of deal d, with the given trump and
// opening leader, through engine's play record (so the rules stay engine's),
// and returns the remaining hands and the record.
func randomPlay(d engine.Deal, trump engine.Strain, leader engine.Seat, rng *rand.Rand, n int) (engine.Deal, *engine.Play) {
	p := engine.NewPlay(engine.Contract{Level: 1, Strain: trump, Declarer: leader.RHO()})
	hands := d
	for i := 0; i < n; i++ {
		seat := p.Turn()
		legal := p.LegalCards(hands[seat])
		c := legal.Nth(rng.IntN(legal.Len()))
		if err := p.Add(hands[seat], c); err != nil {
			panic(fmt.Sprintf("randomPlay: %v", err))
		}
		hands[seat] = hands[seat].Without(c)
	}
	return hands, &p
}

// randomPosition plays cards cards at random (legally) from a deal with a
// random trump and opening leader, and returns the position reached.
func randomPosition(d engine.Deal, rng *rand.Rand, cards int) Position {
	trump := engine.Strain(rng.IntN(5))
	leader := engine.Seat(rng.IntN(4))
	hands, play := randomPlay(d, trump, leader, rng, cards)
	p, err := NewPosition(hands, trump, play.Leader(), play.CurrentTrick()...)
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
