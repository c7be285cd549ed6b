// Command decide prints the reference bot's card decisions at a fixed set
// of positions, every level, one line each: the card and what the search
// counted (worlds, nodes). Its test runs it compiled to WebAssembly under
// node and requires the same lines as natively: a seeded game plays the
// same in the browser.
package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/refbot"
	"github.com/openroom/openroom/refbot/bidding"
	"github.com/openroom/openroom/refbot/cardplay"
)

func main() {
	if err := decide(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "decide:", err)
		os.Exit(1)
	}
}

// boards are the seeded boards played, and cards the points of the play
// at which each level decides: the opening lead, trick 2, trick 4
// and an ending enumerated exactly.
var (
	boards = []int{2}
	cards  = []int{0, 5, 13, 41}
)

// decide plays each board's auction with the bidding system and its cards
// with the heuristic, and at each point asks a bot of every level for the
// card of the seat to play, writing one line a decision.
func decide(w io.Writer) error {
	sys := bidding.NewSystem()
	for _, n := range boards {
		b := engine.NewBoard(n, engine.NewDealSource("decide").Deal(n))
		for b.Phase() == engine.PhaseAuction {
			actor, _ := b.Actor()
			v := b.View(actor)
			c, _, _ := sys.Bid(&v)
			if err := b.Call(actor, c); err != nil {
				return fmt.Errorf("board %d: %w", n, err)
			}
		}
		if b.Phase() != engine.PhasePlay {
			continue // passed out
		}
		for _, at := range cards {
			for b.Play().Len() < at {
				actor, _ := b.Actor()
				turn, _ := b.Turn()
				v := b.View(actor)
				c, err := cardplay.Heuristic(&v)
				if err != nil {
					return fmt.Errorf("board %d: %w", n, err)
				}
				if err := b.PlayCard(turn, c); err != nil {
					return fmt.Errorf("board %d: %w", n, err)
				}
			}
			actor, _ := b.Actor()
			v := b.View(actor)
			for l := refbot.Easy; l <= refbot.Expert; l++ {
				p := l.Params()
				// The counts alone: this is a test of what they decide,
				// and the machine running it may be slow.
				p.ClockCap, p.LeadClockCap = 0, 0
				var d refbot.Decision
				bot := refbot.New(l, 7, refbot.WithSystem(sys), refbot.WithParams(p), refbot.WithDecisionHook(func(x refbot.Decision) { d = x }))
				c, err := bot.Card(context.Background(), &v)
				if err != nil {
					return fmt.Errorf("board %d card %d %s: %w", n, at, l, err)
				}
				fmt.Fprintf(w, "board %d card %d %s %s: %s %s worlds %d of %d nodes %d exact %v capped %v\n", n, at, v.Play.Turn().Name(), l, c,
					d.Policy, d.Stats.Worlds, d.Stats.Drawn, d.Stats.Nodes, d.Stats.Exact, d.ClockCapped)
			}
		}
	}
	return nil
}
