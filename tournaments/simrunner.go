package tournaments

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/rand/v2"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
)

// Policy is an in-process bot's decision maker for SimRunner. It is given
// its seat's engine.View only, never the deal, so it cannot see more than
// a bot at the end of a wire would.
type Policy interface {
	// NewBoard starts a board; team is the name the seat plays under.
	NewBoard(team string, v *engine.View)
	// Call chooses a legal call for the seat on turn.
	Call(v *engine.View) engine.Call
	// Card chooses a card from legal, the cards the seat (or, for declarer,
	// dummy) may play now.
	Card(v *engine.View, legal engine.Hand) engine.Card
}

// SimRunner plays tables in-process, straight through engine.Board with
// no wire protocol: each built-in bot is a Policy that gets its seat's
// View. It seats builtin:random only. It is the deterministic, instant
// runner that tests and benchmarks use, and the fallback for built-in
// bots when no protocol host is wired.
type SimRunner struct{}

// RunTable plays the job's boards; see TableRunner.
func (SimRunner) RunTable(ctx context.Context, job TableJob, onBoard func(results.Record) error) error {
	var pol [engine.NumSeats]Policy
	for s := engine.North; s < engine.NumSeats; s++ {
		b := job.Seats[s]
		if b.Kind != BotBuiltin || b.Builtin != BuiltinRandom {
			return fmt.Errorf("in-process table: cannot seat %q at %s: only builtin:random plays without the protocol host", b.Name, s.Name())
		}
		pol[s] = &RandomPolicy{}
	}
	var board engine.Board
	for _, bd := range job.Boards {
		if err := ctx.Err(); err != nil {
			return err
		}
		board.Reset(bd.Number, bd.Dealer, bd.Vul, bd.Deal)
		for s := engine.North; s < engine.NumSeats; s++ {
			v := board.View(s)
			pol[s].NewBoard(job.Team(s), &v)
		}
		if err := playBoard(&board, &pol); err != nil {
			return fmt.Errorf("board %d: %w", bd.Number, err)
		}
		if err := onBoard(results.FromBoard(&board, nil)); err != nil {
			return err
		}
	}
	return nil
}

// playBoard plays a board to its end, asking each actor's policy with the
// actor's own view.
func playBoard(b *engine.Board, pol *[engine.NumSeats]Policy) error {
	for {
		actor, ok := b.Actor()
		if !ok {
			return nil
		}
		v := b.View(actor)
		if b.Phase() == engine.PhaseAuction {
			if err := b.Call(actor, pol[actor].Call(&v)); err != nil {
				return err
			}
			continue
		}
		turn, _ := b.Turn()
		if err := b.PlayCard(turn, pol[actor].Card(&v, b.LegalCards())); err != nil {
			return err
		}
	}
}

// RandomPolicy is the random bot: it passes often, bids low, doubles now
// and then and plays a random legal card. Its choices are seeded from what
// its seat knows at the start of the board (team name, seat, board number,
// its own cards), so it is reproducible whatever the concurrency and two
// teams of random bots play differently on the same cards.
type RandomPolicy struct {
	rng   *rand.Rand
	calls []engine.Call
}

// NewBoard seeds the policy for a board.
func (p *RandomPolicy) NewBoard(team string, v *engine.View) {
	var msg []byte
	msg = append(msg, "openroom/random/v1\x00"...)
	msg = append(msg, team...)
	msg = append(msg, 0, byte(v.Seat))
	msg = binary.BigEndian.AppendUint64(msg, uint64(v.Number))
	msg = binary.BigEndian.AppendUint64(msg, uint64(v.Hand))
	p.rng = rand.New(rand.NewChaCha8(sha256.Sum256(msg)))
}

// Call passes 60% of the time, doubles or redoubles (when legal) 5% of the
// time, and otherwise makes one of the four cheapest legal bids.
func (p *RandomPolicy) Call(v *engine.View) engine.Call {
	p.calls = v.Auction.LegalCalls(p.calls[:0])
	x := p.rng.IntN(100)
	var bids []engine.Call
	var dbl engine.Call = engine.Pass
	for _, c := range p.calls {
		switch {
		case c.IsBid():
			bids = append(bids, c)
		case c != engine.Pass:
			dbl = c
		}
	}
	switch {
	case x < 60 || len(bids) == 0 && dbl == engine.Pass:
		return engine.Pass
	case x < 65 && dbl != engine.Pass:
		return dbl
	case len(bids) == 0:
		return engine.Pass
	}
	return bids[p.rng.IntN(min(4, len(bids)))]
}

// Card plays a random legal card.
func (p *RandomPolicy) Card(v *engine.View, legal engine.Hand) engine.Card {
	return legal.Nth(p.rng.IntN(legal.Len()))
}
