package engine_test

import (
	"fmt"

	"github.com/openroom/openroom/engine"
)

// A rubber of three deals: NS win a game, EW are one down doubled, NS win
// the second game and the rubber.
func ExampleRubber() {
	r := engine.NewRubber(engine.RubberBridge, engine.North)
	for _, d := range []struct {
		contract string
		declarer engine.Seat
		tricks   int
	}{
		{"4S", engine.North, 11},
		{"3NTX", engine.East, 8},
		{"5D", engine.South, 11},
	} {
		fmt.Printf("deal %d: %s deals, vulnerable %s\n", r.Deals()+1, r.NextDealer(), r.NextVulnerability())
		c, _ := engine.ParseContract(d.contract)
		c.Declarer = d.declarer
		if _, err := r.AddWithHonours(c, d.tricks, engine.Honours{}); err != nil {
			fmt.Println(err)
			return
		}
	}
	s := r.Sheet()
	for _, it := range s.NS.Above {
		fmt.Printf("NS above: %4d  %s\n", it.Points, it.Label)
	}
	fmt.Printf("NS %d (%d below), EW %d; over %v, winner %s\n", s.NS.Total, s.NS.BelowTotal, s.EW.Total, s.Over, s.Winner)
	// Output:
	// deal 1: N deals, vulnerable None
	// deal 2: E deals, vulnerable NS
	// deal 3: S deals, vulnerable NS
	// NS above:   30  1 overtrick, 4S by N
	// NS above:  100  1 undertrick, 3NTX by E
	// NS above:  700  rubber, 2 games to 0
	// NS 1050 (220 below), EW 0; over true, winner NS
}
