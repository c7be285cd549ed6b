package tournaments

import (
	"context"
	"fmt"

	"github.com/openroom/openroom/engine"
	"github.com/openroom/openroom/results"
)

// SimRunner plays tables of built-in bots in-process, straight through
// engine.Board with no wire protocol: each bot is asked with its own
// seat's engine.View (Board.View), which holds exactly what the protocol
// would have told it. It is instant and deterministic, so tests and
// benchmarks use it; the event command uses ProtocolRunner, which seats
// the same bots over the wire protocol. A bot that fails or chooses an
// illegal action stops the board with a fault of its seat (A+/A-).
type SimRunner struct{}

// RunTable plays the job's boards; see TableRunner.
func (SimRunner) RunTable(ctx context.Context, job TableJob, onBoard func(results.Record) error) error {
	var bots [engine.NumSeats]Bot
	for s := engine.North; s < engine.NumSeats; s++ {
		spec := job.Seats[s]
		if spec.Kind != BotBuiltin {
			return fmt.Errorf("in-process table: cannot seat %q at %s: only built-in bots play without the protocol host", spec.Name, s.Name())
		}
		b, err := NewBuiltinBot(spec, job.Team(s))
		if err != nil {
			return err
		}
		bots[s] = b
	}
	var board engine.Board
	for _, bd := range job.Boards {
		if err := ctx.Err(); err != nil {
			return err
		}
		board.Reset(bd.Number, bd.Dealer, bd.Vul, bd.Deal)
		rec, err := playBoard(ctx, &board, &bots)
		if err != nil {
			return err
		}
		if err := onBoard(rec); err != nil {
			return err
		}
	}
	return nil
}

// playBoard plays a board to its end, asking each actor's bot with the
// actor's own view, and returns its record; a bot's error or illegal
// choice ends the board with a fault of that seat.
func playBoard(ctx context.Context, b *engine.Board, bots *[engine.NumSeats]Bot) (results.Record, error) {
	var alerts []string
	for {
		actor, ok := b.Actor()
		if !ok {
			return results.FromBoard(b, alerts), nil
		}
		v := b.View(actor)
		if b.Phase() == engine.PhaseAuction {
			c, alert, err := bots[actor].Call(ctx, &v)
			if err == nil {
				err = b.Call(actor, c)
			}
			if err != nil {
				if ctx.Err() != nil {
					return results.Record{}, ctx.Err()
				}
				return boardFault(b, alerts, actor, err), nil
			}
			alerts = append(alerts, alert)
			continue
		}
		turn, _ := b.Turn()
		c, err := bots[actor].Card(ctx, &v)
		if err == nil {
			err = b.PlayCard(turn, c)
		}
		if err != nil {
			if ctx.Err() != nil {
				return results.Record{}, ctx.Err()
			}
			return boardFault(b, alerts, actor, err), nil
		}
	}
}

// boardFault records a board stopped by a seat's bad action: the board so
// far, no score, A- to the seat's side.
func boardFault(b *engine.Board, alerts []string, seat engine.Seat, err error) results.Record {
	r := results.FromBoard(b, alerts)
	r.ScoreNS, r.Tricks = nil, nil
	r.Termination = results.Termination{Kind: results.KindIllegal, Seat: seat.String(), Detail: err.Error()}
	r.Adjusted = &results.Adjusted{NS: "A+", EW: "A-"}
	if seat.Side() == engine.NS {
		r.Adjusted = &results.Adjusted{NS: "A-", EW: "A+"}
	}
	return r
}
