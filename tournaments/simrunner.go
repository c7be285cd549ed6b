package tournaments

import (
	"context"
	"fmt"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/player"
	"github.com/openroom/openroom/results"
	"github.com/openroom/openroom/tournaments/bots"
)

// SimRunner plays tables of built-in bots in-process through the referee
// (player.Referee), with no wire protocol: each bot is asked with its own
// seat's engine.View, which holds exactly what the protocol would have
// told it. It is instant and deterministic, so tests and benchmarks use
// it; the event command uses ProtocolRunner, which seats the same bots
// over the wire protocol. A bot that fails or chooses an illegal action
// stops the board with a fault of its seat (A+/A-).
type SimRunner struct {
	// NewPlayer seats a built-in bot; nil means bots.NewBuiltin.
	NewPlayer bots.PlayerFactory
}

// RunTable plays the job's boards; see TableRunner.
func (r SimRunner) RunTable(ctx context.Context, job TableJob, onBoard func(results.Record) error) error {
	ref := player.Referee{OnAction: job.OnAction}
	var caps bots.ClockCaps
	for s := engine.North; s < engine.NumSeats; s++ {
		spec := job.Seats[s]
		if spec.Kind != bots.KindBuiltin {
			return fmt.Errorf("in-process table: cannot seat %q at %s: only built-in bots play without the protocol host", spec.Name, s.Name())
		}
		b, err := r.NewPlayer.Make(spec, job.Team(s))
		if err != nil {
			return err
		}
		ref.Players[s] = b
		caps.Seat(s, b)
	}
	var board engine.Board
	for _, bd := range job.Boards {
		if err := ctx.Err(); err != nil {
			return err
		}
		board.Reset(bd)
		o, err := ref.Play(ctx, &board)
		if err != nil {
			return err
		}
		rec := job.Record(&board, ref.Alerts(), o)
		caps.Stamp(&rec)
		if err := onBoard(rec); err != nil {
			return err
		}
	}
	return nil
}
